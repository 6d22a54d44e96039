"""Schnapp den Sack's words, one file per language (``de.toml``, ``en.toml``): what players call,
what the host says, what the display shows, read into :class:`Words` (the scheme of
:mod:`voice_host.languages`). Adding a language is adding its file here."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from voice_host.games.schnapp_den_sack.words.schema import Words
from voice_host.languages import build, codes

__all__ = ["HOME", "LANGUAGES", "Words", "words"]

HERE = Path(__file__).resolve().parent
"""The folder of the game's language files."""
HOME = "de"
"""The game's home language, the one a language without a file falls back to."""
LANGUAGES = (HOME, *(c for c in codes(HERE) if c != HOME))
"""The languages the game's words exist in, its home first."""


@cache
def words(lang: str) -> Words:
    """The words of ``lang`` (German, the game's home, where a language has none)."""
    return build(Words, lang if lang in LANGUAGES else HOME, "words", folder=HERE)
