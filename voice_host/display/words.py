"""The display's words, one table per language.

A :class:`DisplayWords` holds every label the live table view prints, in the game's words of
that language (the host's own: Fettnapf, olla, marmite, pentola). Templates take named fields in
braces; the fields each one gets are named in its docstring. Adding a language is adding one
``DisplayWords`` to :data:`DISPLAY_WORDS`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType


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


EN = DisplayWords(
    lang="en",
    title="Cowabunga",
    up="counting up",
    down="counting down",
    won_one="GAME OVER — {winners} wins",
    won_more="GAME OVER — {winners} win",
    draw_island="{player}: draw an island card",
    to_play="{player} to play",
    island_cards_left="island cards left: {count}",
    player="player",
    islands="islands",
    stew_pots="stew pots",
    last_plays="last plays",
    host="host",
    note_stew_pot="stew pot",
    note_direction="direction change",
    note_island="island {island}",
)
"""English, the view's first language."""

DE = DisplayWords(
    lang="de",
    title="Fettnapf",
    up="aufwärts",
    down="abwärts",
    won_one="SPIELENDE — {winners} gewinnt",
    won_more="SPIELENDE — {winners} gewinnen",
    draw_island="{player}: zieh eine Inselkarte",
    to_play="{player} ist dran",
    island_cards_left="Inselkarten übrig: {count}",
    player="Spieler",
    islands="Inseln",
    stew_pots="Fettnäpfe",
    last_plays="letzte Züge",
    host="Moderator",
    note_stew_pot="Fettnapf",
    note_direction="Richtungswechsel",
    note_island="Insel {island}",
)
"""German, the game's home: Fettnapf, Insel, Inselkarte."""

ES = DisplayWords(
    lang="es",
    title="Cowabunga",
    up="hacia arriba",
    down="hacia abajo",
    won_one="FIN DE LA PARTIDA — gana {winners}",
    won_more="FIN DE LA PARTIDA — ganan {winners}",
    draw_island="{player}: roba una carta de isla",
    to_play="Le toca a {player}",
    island_cards_left="cartas de isla restantes: {count}",
    player="jugador",
    islands="islas",
    stew_pots="ollas",
    last_plays="últimas jugadas",
    host="presentador",
    note_stew_pot="olla",
    note_direction="cambio de sentido",
    note_island="isla {island}",
)
"""Spanish: olla, isla, carta de isla."""

FR = DisplayWords(
    lang="fr",
    title="Cowabunga",
    up="on monte",
    down="on descend",
    won_one="FIN DE LA PARTIE — {winners} gagne",
    won_more="FIN DE LA PARTIE — {winners} gagnent",
    draw_island="{player} : pioche une carte île",
    to_play="À {player} de jouer",
    island_cards_left="cartes île restantes : {count}",
    player="joueur",
    islands="îles",
    stew_pots="marmites",
    last_plays="derniers coups",
    host="animateur",
    note_stew_pot="marmite",
    note_direction="changement de sens",
    note_island="île {island}",
)
"""French: marmite, île, carte île."""

IT = DisplayWords(
    lang="it",
    title="Cowabunga",
    up="si sale",
    down="si scende",
    won_one="FINE DELLA PARTITA — vince {winners}",
    won_more="FINE DELLA PARTITA — vincono {winners}",
    draw_island="{player}: pesca una carta isola",
    to_play="Tocca a {player}",
    island_cards_left="carte isola rimaste: {count}",
    player="giocatore",
    islands="isole",
    stew_pots="pentole",
    last_plays="ultime giocate",
    host="presentatore",
    note_stew_pot="pentola",
    note_direction="cambio di direzione",
    note_island="isola {island}",
)
"""Italian: pentola, isola, carta isola."""

DISPLAY_WORDS: Mapping[str, DisplayWords] = MappingProxyType(
    {w.lang: w for w in (EN, DE, ES, FR, IT)}
)
"""Language code → the view's words."""


def display_words(lang: str) -> DisplayWords:
    """The view's words for ``lang``; a language not in :data:`DISPLAY_WORDS` gets English."""
    return DISPLAY_WORDS.get(lang, EN)
