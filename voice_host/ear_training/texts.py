"""What the ear is trained on beyond its label space: each utterance's label, and per language
the table talk it must reject (whole sentences, and parts of number phrases; each language file's
``[table_talk]``, :mod:`voice_host.languages`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from voice_host.ear.vocab import CARDS, HEADS, INTENTS, UNITS, split_total
from voice_host.languages import build, codes


@dataclass(frozen=True)
class Label:
    """The target of one training utterance: one class index per head.

    A head that does not apply (the total of a command) holds -1 and is not trained on it.
    """

    intent: int
    """Index into :data:`INTENTS`."""
    head: int = -1
    """Index into :data:`HEADS`."""
    unit: int = -1
    """Index into :data:`UNITS`."""
    card: int = -1
    """Index into :data:`CARDS`."""


def number_label(total: int, card: str = "none") -> Label:
    """The label of a spoken total, with the card announced before it (or ``none``)."""
    head, unit = split_total(total)
    return Label(
        intent=0, head=HEADS.index(head), unit=UNITS.index(unit), card=CARDS.index(card)
    )


def command_label(name: str) -> Label:
    """The label of a command."""
    return Label(intent=INTENTS.index(name))


REJECT = Label(intent=INTENTS.index("reject"))
"""The label of everything else."""


@dataclass(frozen=True)
class TableTalk:
    """What the ear must reject in one language (its language file's ``[table_talk]``)."""

    chatter: tuple[str, ...]
    """Table talk (training set; the bench uses its own sentences); none of it is a total or a
    command phrasing of the language's phrase table."""
    partials: tuple[str, ...]
    """Half words, fillers and laughs."""


TABLE_TALK: Mapping[str, TableTalk] = MappingProxyType(
    {lang: build(TableTalk, lang, "table_talk") for lang in codes()}
)
"""Language code → what the ear must reject in it."""

CHATTER_EN, CHATTER_DE, CHATTER_ES, CHATTER_FR, CHATTER_IT = (
    TABLE_TALK[lang].chatter for lang in ("en", "de", "es", "fr", "it")
)
"""Each language's training chatter by the names it had as a table of this module."""
PARTIALS_EN, PARTIALS_DE, PARTIALS_ES, PARTIALS_FR, PARTIALS_IT = (
    TABLE_TALK[lang].partials for lang in ("en", "de", "es", "fr", "it")
)
"""Each language's half words, fillers and laughs by the names they had here."""


def chatter(lang: str) -> tuple[str, ...]:
    """The training chatter of ``lang`` (empty for a language that has none yet)."""
    talk = TABLE_TALK.get(lang)
    return talk.chatter if talk else ()


def partials(lang: str) -> tuple[str, ...]:
    """The training half words, fillers and laughs of ``lang`` (empty when there are none)."""
    talk = TABLE_TALK.get(lang)
    return talk.partials if talk else ()
