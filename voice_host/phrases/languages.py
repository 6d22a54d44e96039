"""The per-language word lists behind the phrase tables.

Everything a language needs beyond what num2words gives: command phrasings, the plus/minus words,
spoken alternatives for some numbers, and the filler sounds a parser may skip. The words
themselves are each language file's ``[phrases]`` (:mod:`voice_host.languages`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from voice_host.languages import build, codes

COMMAND_NAMES = (
    "undo",
    "repeat",
    "status",
    "score",
    "whose_turn",
    "islands",
    "pause",
    "resume",
    "stop",
    "yes",
    "no",
    "my_cards",
    "my_islands",
    "stew_pots",
    "island_cards",
    "last_plays",
    "hint",
)
"""Every command a phrase table knows, in a stable order.

The last six are the accessibility queries of training and practice (issue 5): the learner's
hand, their islands, everyone's stew pots, island cards left, the last plays, and a hint.
"""


@dataclass(frozen=True)
class LanguageData:
    """The hand-written part of one language's phrase table."""

    lang: str
    """Language code, also the num2words language."""
    commands: Mapping[str, tuple[str, ...]]
    """Command name → natural phrasings, the first one canonical."""
    plus: tuple[str, ...]
    """Words for "plus" before a card, the first one canonical."""
    minus: tuple[str, ...]
    """Words for "minus" before a card, the first one canonical."""
    spoken_extra: Mapping[int, tuple[str, ...]]
    """Spoken alternatives to num2words' form of a number (``oh`` for 0, ``zwo`` for 2)."""
    written_extra: Mapping[int, tuple[str, ...]]
    """Written-only variants a transcript may contain (``vier und zwanzig``)."""
    fillers: tuple[str, ...]
    """Hesitation sounds the parser skips."""
    play: tuple[str, ...] = ()
    """Words a player may say before a card in a practice game ("play seven, twenty-four"); the
    parser skips them like fillers, the first one canonical."""


DATA: Mapping[str, LanguageData] = MappingProxyType(
    {lang: build(LanguageData, lang, "phrases") for lang in codes()}
)
"""Language code → its hand-written data (each language file's ``[phrases]``), English first."""

EN, DE, ES, FR, IT = (DATA[lang] for lang in ("en", "de", "es", "fr", "it"))
"""Each language's data by the names it had as a table of this module."""
