"""What happens at the table, as small frozen values.

Each event has a stable ``name`` and a ``to_json()`` that produces exactly the object the replay
contract prints. ``Reshuffled`` is the one event outside that contract (a referee may announce
it); ``cowabunga replay`` leaves it out.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar, Final

JSONObject = dict[str, object]
"""One line of replay output, before encoding."""


class Counting(enum.Enum):
    """The direction of the count."""

    UP = "up"
    """Cards are added; a total above 30 reverses the count."""

    DOWN = "down"
    """Cards are subtracted; a total below 10 reverses the count."""

    @property
    def reversed(self) -> Counting:
        """The other direction."""
        return Counting.DOWN if self is Counting.UP else Counting.UP


class EndReason(enum.Enum):
    """Why a game ended; the value is the replay contract's ``reason``."""

    FOURTH_STEW_POT = "fourth_stew_pot"
    """A player took a 4th stew pot; the rest of that turn did not happen."""

    ISLAND_DECK_EMPTY = "island_deck_empty"
    """The last island card was drawn."""

    HANDS_EMPTY = "hands_empty"
    """Only under ``EmptyDeck.PLAY_OUT``: the player to move has no number card left."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game. Fewest stew pots win; all tied players win."""

    reason: EndReason
    """Why the game ended."""

    winners: tuple[str, ...]
    """The players with the fewest stew pots, in turn order."""

    stew_pots: Mapping[str, int] = field(hash=False)
    """Stew pots per player, in turn order."""


@dataclass(frozen=True, slots=True)
class Played:
    """A player put a number card on the discard pile and announced the new total."""

    name: ClassVar[str] = "played"

    player: str
    """Who played."""

    card: int
    """The card's value, 0–9."""

    total: int
    """The total after the card."""

    def to_json(self) -> JSONObject:
        """The replay contract's object."""
        return {"event": self.name, "player": self.player, "card": self.card, "total": self.total}


@dataclass(frozen=True, slots=True)
class StewPot:
    """A player announced a total that another player holds as an island, and took a stew pot."""

    name: ClassVar[str] = "stew_pot"

    player: str
    """Who announced the total and takes the stew pot."""

    island: int
    """The island value that was hit (equal to the total)."""

    holder: str
    """Who holds that island."""

    count: int
    """The announcer's stew pots now, this one included."""

    def to_json(self) -> JSONObject:
        """The replay contract's object."""
        return {
            "event": self.name,
            "player": self.player,
            "island": self.island,
            "holder": self.holder,
            "count": self.count,
        }


@dataclass(frozen=True, slots=True)
class DirectionChanged:
    """A total above 30 (counting up) or below 10 (counting down) reversed the count."""

    name: ClassVar[str] = "direction"

    by: str
    """The player whose play caused it."""

    counting: Counting
    """The new direction."""

    def to_json(self) -> JSONObject:
        """The replay contract's object."""
        return {"event": self.name, "by": self.by, "counting": self.counting.value}


@dataclass(frozen=True, slots=True)
class IslandDrawn:
    """The right neighbour of a direction changer drew the top island card and showed it."""

    name: ClassVar[str] = "island_drawn"

    player: str
    """Who drew it (the player before the changer in turn order)."""

    island: int
    """Its value, 10–30."""

    def to_json(self) -> JSONObject:
        """The replay contract's object."""
        return {"event": self.name, "player": self.player, "island": self.island}


@dataclass(frozen=True, slots=True)
class Reshuffled:
    """The number draw pile was empty: the discard pile except its top card became the new one."""

    name: ClassVar[str] = "reshuffled"

    player: str
    """Who needed to draw."""

    cards: int
    """How many cards went into the new draw pile."""

    def to_json(self) -> JSONObject:
        """An object in the replay style (not part of the replay contract)."""
        return {"event": self.name, "player": self.player, "cards": self.cards}


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game ended."""

    name: ClassVar[str] = "game_over"

    outcome: Outcome
    """Why, who won, and everyone's stew pots."""

    def to_json(self) -> JSONObject:
        """The replay contract's object."""
        return {
            "event": self.name,
            "reason": self.outcome.reason.value,
            "stew_pots": dict(self.outcome.stew_pots),
            "winners": list(self.outcome.winners),
        }


Event = Played | StewPot | DirectionChanged | IslandDrawn | Reshuffled | GameOver
"""Anything ``apply`` reports."""

CONTRACT_EVENTS: Final = frozenset({"played", "stew_pot", "direction", "island_drawn", "game_over"})
"""Event names the replay contract prints."""
