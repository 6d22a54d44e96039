"""The practice game's own sentences, per language; everything else the host says in practice is
the referee's (:mod:`voice_host.games.cowabunga.words`), so a learner hears one host in one
language.

Templates take fields in braces; a field capitalised in the template (``{Total}``) is filled
capitalised, as in the referee's wording. The sentences themselves are each language file's
``[practice]`` (:mod:`voice_host.languages`).
"""

from __future__ import annotations

from dataclasses import dataclass

from voice_host.languages import build, codes


@dataclass(frozen=True)
class PracticeWords:
    """What only the practice game says, in one language."""

    lang: str
    """The language's code."""
    you: str
    """The learner's name when none was given ("You")."""
    start: str
    """The opening. Fields: others (the bots' names), total, islands (the learner's)."""
    your_turn: str
    """The learner is to play. Fields: status (total and direction)."""
    your_turn_terse: str
    """The same, in a word or two."""
    status: str
    """Total and direction. Fields: total, way."""
    bot_play: str
    """A bot announces its play. Fields: player, card, total."""
    your_cards: str
    """The learner's hand (said privately). Fields: cards."""
    not_in_hand: str
    """A play the learner's cards cannot make. Fields: total, card."""
    direction: str
    """A total turned the count (the app draws the island card). Fields: total, way."""
    you_draw: str
    """The learner draws an island card. Fields: island."""
    draws: str
    """Another player draws an island card. Fields: player, island."""
    you_play: str
    """Whose turn: the learner's."""
    hint: str
    """The hint's advice. Fields: card, total."""
    right: str
    """A right announcement, in teaching verbosity."""
    review_head: str
    """The review's first line. Fields: mistakes, risky (counts as words)."""
    review_clean: str
    """The review when there is nothing to say."""
    review_turn: str
    """One reviewed turn. Fields: turn (its number as a word), total, what."""
    risky: str
    """A play a safer card would have avoided. Fields: card, safer."""
    no_total: str
    """A reviewed mistake that named no total the cards make. Fields: said."""
    reshuffled: str
    """The draw pile ran out (said in teaching verbosity)."""
    recording_ended: str
    """The recording ran out before the game ended."""
    stopped: str
    """The learner stopped the game."""


PRACTICE_WORDS: dict[str, PracticeWords] = {
    lang: build(PracticeWords, lang, "practice") for lang in codes()
}
"""The practice game's sentences by language (each language file's ``[practice]``)."""

EN, DE, ES, FR, IT = (PRACTICE_WORDS[lang] for lang in ("en", "de", "es", "fr", "it"))
"""Each language's sentences by the names they had as tables of this module."""
