"""What the command line knows of a hosted game: :class:`GameEntry`, and its errors."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

JSONObject = dict[str, object]


class ReplayError(ValueError):
    """A replay script that does not describe a game; the message says what and where."""


class UnknownGameError(ValueError):
    """A game id that is not registered; the message lists the ids that are."""


class DemoError(ValueError):
    """A demo that cannot be played as asked (bad players for the game, a voice missing); the
    message says what and what would do."""


@dataclass(frozen=True)
class DemoRequest:
    """What ``voice-host demo --game GAME`` asks of a game's demo."""

    seed: int
    """Seed of the deal, the bots and their voices."""
    lang: str
    """The table's language (one of the entry's)."""
    players: tuple[str, ...] | None
    """The bots' names in turn order, or None for the game's own."""
    log: TextIO | None
    """Where the game's events and every ``heard`` go, one JSON object per line."""
    wav: Path | None
    """Where the whole game's sound goes (None: nowhere, or the speakers)."""
    speakers: bool
    """Whether to play the game's sound on the speakers."""
    transcript: Callable[[str], None]
    """Prints one line of what is said and done."""
    max_turns: int | None = None
    """Stop after this many turns (flips, reveals, rolls); None plays to the end."""
    confirm_falls: str | None = None
    """Kapitän Wackelpudding: which falls heard wait for a yes (``unsure``, ``always``; checked
    by the command); None: the game's default."""


@dataclass(frozen=True)
class HeadPhrases:
    """What a game's phrase head (:mod:`voice_host.ear.phrase_head`) learns in one language."""

    phrases: tuple[str, ...]
    """Every fixed phrase its players say, as the host declares it."""
    near_misses: tuple[str, ...]
    """Talk close to those phrases, to be heard as none of them."""
    said_at_once: tuple[str, ...] = ()
    """Phrases two players may say at once (calls in a race), the earlier one to be heard."""


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
    """Whether ``voice-host demo --game`` plays it with simulated players (Cowabunga's demo,
    which the command line runs itself)."""
    demo: Callable[[DemoRequest], str] | None = None
    """The game's demo: plays a whole game with bots through the real ear and returns the line
    that sums it up; raises :class:`DemoError`."""

    head_phrases: Callable[[str], HeadPhrases] | None = None
    """The fixed phrases and near misses of a language, for the game's phrase head (``voice-host
    ear train-phrases``); None while the game hears its words with the closed-set scorer only."""

    def line(self) -> str:
        """One line for ``voice-host games``: id, name, players, languages, what it offers."""
        low, high = self.players
        offers = ["replay"]
        if self.table_command is not None:
            offers.insert(0, "play")
        if self.has_demo or self.demo is not None:
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
