"""The games voice-host hosts, by id: what each is, who plays it, and its entry points.

Each game registers one :class:`GameEntry`: its exact replay contract (a script in, one JSON
object per event out), the languages its host speaks, and the commands that host a real table
and play a demo. The command line (``voice-host games``, ``replay``, ``play``, ``demo --game``)
reads only this registry, so a new game is its own package plus one entry here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cowabunga import CowabungaError, Rules
from cowabunga import replay as cowabunga_replay
from cowabunga.cards import MAX_PLAYERS, MIN_PLAYERS
from voice_host.phrases import LANGUAGES

JSONObject = dict[str, object]


class ReplayError(ValueError):
    """A replay script that does not describe a game; the message says what and where."""


class UnknownGameError(ValueError):
    """A game id that is not registered; the message lists the ids that are."""


@dataclass(frozen=True)
class GameEntry:
    """One hosted game."""

    id: str
    """The id on the command line (``voice-host replay cowabunga``)."""
    title: str
    """The game's name as a person knows it."""
    players: tuple[int, int]
    """The fewest and the most players."""
    languages: tuple[str, ...]
    """The languages its host hears and speaks, its home language first."""
    replay: Callable[[str], list[JSONObject]]
    """The exact replay contract: a script's text to its events; raises :class:`ReplayError`."""
    table_command: str
    """The ``voice-host`` command that hosts a real table of it (``play GAME`` runs it)."""
    has_demo: bool = True
    """Whether ``voice-host demo --game`` plays it with simulated players."""

    def line(self) -> str:
        """One line for ``voice-host games``."""
        low, high = self.players
        return (f"{self.id:<24} {self.title:<26} {low}-{high} players   "
                f"{', '.join(self.languages)}")


def _cowabunga() -> GameEntry:
    def replay(text: str) -> list[JSONObject]:
        try:
            return cowabunga_replay(text, Rules())
        except CowabungaError as err:
            raise ReplayError(str(err)) from None

    return GameEntry(
        id="cowabunga",
        title="Cowabunga (Fettnapf)",
        players=(MIN_PLAYERS, MAX_PLAYERS),
        languages=LANGUAGES,
        replay=replay,
        table_command="referee",
    )


GAMES: dict[str, GameEntry] = {entry.id: entry for entry in (_cowabunga(),)}
"""Every hosted game, by id, in the order ``voice-host games`` lists them."""


def game(game_id: str) -> GameEntry:
    """The game registered as ``game_id``; raises :class:`UnknownGameError`."""
    entry = GAMES.get(game_id)
    if entry is None:
        raise UnknownGameError(
            f"no game {game_id!r}: choose one of {', '.join(GAMES)} (see `voice-host games`)"
        )
    return entry
