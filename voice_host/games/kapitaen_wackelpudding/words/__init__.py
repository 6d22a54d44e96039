"""Kapitän Wackelpudding's words, one file per language (``de.toml``, the game's home, and
``en.toml``): the phrases players say, the host's sentences and the display's labels, read into
:class:`~.schema.Words` (the scheme of :mod:`voice_host.languages`). Adding a language is adding
its file here."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from voice_host.games.kapitaen_wackelpudding.words.schema import Words
from voice_host.languages import build, codes

HERE = Path(__file__).resolve().parent
"""The folder of the game's language files."""
HOME = "de"
"""The game's home language."""

WORDS: Mapping[str, Words] = {lang: build(Words, lang, "words", folder=HERE)
                              for lang in (HOME, *(c for c in codes(HERE) if c != HOME))}
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
