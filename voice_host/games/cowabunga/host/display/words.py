"""The display's words, one table per language.

A :class:`DisplayWords` holds every label the live table view prints, in the game's words of
that language (the host's own: Fettnapf, olla, marmite, pentola). Templates take named fields in
braces; the fields each one gets are named in its docstring. The words themselves are each
language file's ``[display]`` (:mod:`voice_host.languages`): adding a language is adding its file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from voice_host.languages import build, codes


@dataclass(frozen=True)
class DisplayWords:
    """Every label of the table view in one language."""

    lang: str
    """Language code, the same as the host's wording's."""
    title: str
    """The game's name, the view's title."""
    up: str
    """The count going up (after "▲")."""
    down: str
    """The count going down (after "▼")."""
    won_one: str
    """The game is over, one winner. Fields: winners."""
    won_more: str
    """The game is over, more winners. Fields: winners (comma-separated)."""
    draw_island: str
    """Someone has to draw an island card. Fields: player."""
    to_play: str
    """Whose turn it is. Fields: player."""
    island_cards_left: str
    """Fields: count."""
    player: str
    """The players' column."""
    islands: str
    """The islands' column."""
    stew_pots: str
    """The stew pots' column."""
    last_plays: str
    """The recent plays' panel."""
    host: str
    """The host's transcript panel."""
    note_stew_pot: str
    """A play that cost a stew pot."""
    note_direction: str
    """A play that changed the direction."""
    note_island: str
    """A play after which an island was drawn. Fields: island."""

    def winners(self, names: Sequence[str]) -> str:
        """The game-over line for ``names``, by their number."""
        template = self.won_one if len(names) == 1 else self.won_more
        return template.format(winners=", ".join(names))


DISPLAY_WORDS: Mapping[str, DisplayWords] = MappingProxyType(
    {lang: build(DisplayWords, lang, "display") for lang in codes()}
)
"""Language code → the view's words (each language file's ``[display]``)."""

EN, DE, ES, FR, IT = (DISPLAY_WORDS[lang] for lang in ("en", "de", "es", "fr", "it"))
"""Each language's words by the names they had as tables of this module; :data:`EN` is the
view's first language."""


def display_words(lang: str) -> DisplayWords:
    """The view's words for ``lang``; a language not in :data:`DISPLAY_WORDS` gets English."""
    return DISPLAY_WORDS.get(lang, EN)
