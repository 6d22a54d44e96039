"""What the command line knows of a hosted game: :class:`GameEntry`, and its errors."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

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
    """The languages its host hears and speaks (or will), its home language first."""
    replay: Callable[[str], list[JSONObject]]
    """The exact replay contract: a script's text to its events; raises :class:`ReplayError`."""
    table_command: str | None = None
    """The ``voice-host`` command that hosts a real table of it (``play GAME`` runs it); None
    while the game has its rules and replay only."""
    has_demo: bool = False
    """Whether ``voice-host demo --game`` plays it with simulated players."""

    def line(self) -> str:
        """One line for ``voice-host games``: id, name, players, languages, what it offers."""
        low, high = self.players
        offers = ["replay"]
        if self.table_command is not None:
            offers.insert(0, "play")
        if self.has_demo:
            offers.insert(0, "demo")
        return (f"{self.id:<24} {self.title:<26} {low}-{high} players   "
                f"{', '.join(self.languages):<16}  {' '.join(offers)}")


def replay_contract(
    replay: Callable[[str], list[JSONObject]], errors: type[Exception]
) -> Callable[[str], list[JSONObject]]:
    """A game's replay as the registry calls it: its own ``errors`` become :class:`ReplayError`
    with the engine's one-line message."""

    def contract(text: str) -> list[JSONObject]:
        try:
            return replay(text)
        except errors as err:
            raise ReplayError(str(err)) from None

    contract.__doc__ = replay.__doc__
    return contract
