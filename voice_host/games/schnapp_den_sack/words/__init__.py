"""Schnapp den Sack's words, one file per language: what players call, what the host says, what
the display shows. Pure data (no import of the host), so the ear's phrases, the host's lines and
the display come from one place per language."""

from __future__ import annotations

from voice_host.games.schnapp_den_sack.words import de, en
from voice_host.games.schnapp_den_sack.words.schema import Words

__all__ = ["LANGUAGES", "Words", "words"]

def words(lang: str) -> Words:
    """The words of ``lang`` (German, the game's home, where a language has none)."""
    return {"de": de.WORDS, "en": en.WORDS}.get(lang, de.WORDS)


LANGUAGES = ("de", "en")
"""The languages the game's words exist in, its home first."""
