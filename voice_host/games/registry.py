"""The games voice-host hosts, by id, in the order ``voice-host games`` lists them.

Each game registers one :class:`~voice_host.games.entry.GameEntry`: its exact replay contract (a
script in, one JSON object per event out), the languages its host speaks, and the commands that
host a real table and play a demo. The command line (``voice-host games``, ``replay``, ``play``,
``demo --game``) reads only this registry, so a new game is its own package plus one line here.
"""

from __future__ import annotations

from voice_host.games.cowabunga.entry import ENTRY as COWABUNGA
from voice_host.games.entry import GameEntry, UnknownGameError
from voice_host.games.kapitaen_wackelpudding.entry import ENTRY as KAPITAEN_WACKELPUDDING
from voice_host.games.schnapp_den_sack.entry import ENTRY as SCHNAPP_DEN_SACK
from voice_host.games.turtle_soup.entry import ENTRY as TURTLE_SOUP

GAMES: dict[str, GameEntry] = {entry.id: entry for entry in (
    COWABUNGA,
    KAPITAEN_WACKELPUDDING,
    SCHNAPP_DEN_SACK,
    TURTLE_SOUP,
)}
"""Every hosted game, by id."""


def game(game_id: str) -> GameEntry:
    """The game registered as ``game_id``; raises :class:`UnknownGameError`."""
    entry = GAMES.get(game_id)
    if entry is None:
        raise UnknownGameError(
            f"no game {game_id!r}: choose one of {', '.join(GAMES)} (see `voice-host games`)"
        )
    return entry
