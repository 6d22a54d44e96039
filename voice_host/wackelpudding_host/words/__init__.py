"""Kapitän Wackelpudding's words, one file per language: German (the game's home) and English."""

from __future__ import annotations

from voice_host.wackelpudding_host.lines import Words
from voice_host.wackelpudding_host.words import de, en

WORDS: dict[str, Words] = {"de": de.WORDS, "en": en.WORDS}
"""The languages the host speaks, by code, the game's home first."""


class UnknownLanguageError(ValueError):
    """A language the host has no words for; the message names the ones it has."""


def words(lang: str) -> Words:
    """The words of ``lang``; raises :class:`UnknownLanguageError`."""
    found = WORDS.get(lang)
    if found is None:
        raise UnknownLanguageError(f"no words for language {lang!r}; choose one of: "
                                   f"{', '.join(WORDS)}")
    return found
