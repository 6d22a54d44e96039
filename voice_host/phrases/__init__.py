"""Phrase tables: what players say in each language, both ways.

``phrase_table("de").parse("plus sieben, vierundzwanzig")`` gives an :class:`Utterance`;
``phrase_table("en").number_words(24)`` gives ``"twenty-four"``; ``sentences()`` lists every
phrase a recognizer grammar should accept.
"""

from __future__ import annotations

from functools import cache

from voice_host.phrases.languages import COMMAND_NAMES, DATA
from voice_host.phrases.table import (
    CARD_VALUES,
    MAX_NUMBER,
    PhraseTable,
    Utterance,
    normalize,
    spoken_tokens,
)

LANGUAGES: tuple[str, ...] = tuple(DATA)
"""Language codes that have a phrase table: en, de, es, fr, it."""

__all__ = [
    "CARD_VALUES",
    "COMMAND_NAMES",
    "LANGUAGES",
    "MAX_NUMBER",
    "PhraseTable",
    "UnknownLanguageError",
    "Utterance",
    "normalize",
    "phrase_table",
    "spoken_tokens",
]


class UnknownLanguageError(ValueError):
    """No phrase table exists for the language asked for."""


@cache
def phrase_table(lang: str) -> PhraseTable:
    """The phrase table of ``lang``; raises :class:`UnknownLanguageError` naming the valid codes."""
    data = DATA.get(lang)
    if data is None:
        raise UnknownLanguageError(
            f"no phrase table for language {lang!r}; choose one of: {', '.join(LANGUAGES)}"
        )
    return PhraseTable(data)
