"""The components of Cowabunga: number cards, island cards, stew pots and table limits."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final, TypeVar

T = TypeVar("T")

CARD_VALUES: Final = range(10)
"""The values a number card can show: 0 to 9."""

CARD_COPIES: Final[tuple[int, ...]] = (8, 6, 6, 6, 6, 6, 6, 6, 4, 4)
"""How many number cards of each value the deck has, indexed by value (58 in all)."""

NUMBER_CARDS: Final = sum(CARD_COPIES)
"""The size of the number deck: 58."""

ISLAND_VALUES: Final = range(10, 31)
"""The values of the 21 island cards: 10 to 30, each exactly once."""

STEW_POTS: Final = 17
"""Stew pot cards in the box. A game ends at a player's 4th, so 5 players take at most 16."""

STEW_POT_LIMIT: Final = 4
"""Taking this many stew pots ends the game at once."""

HAND_SIZE: Final = 3
"""Number cards each player holds."""

MIN_PLAYERS: Final = 2
"""Fewest players at a table."""

MAX_PLAYERS: Final = 5
"""Most players at a table."""

UPPER_LIMIT: Final = 30
"""Counting up, a total above this reverses the count."""

LOWER_LIMIT: Final = 10
"""Counting down, a total below this reverses the count."""

MAX_TOTAL: Final = UPPER_LIMIT + 9
"""The highest total a play can produce (30 + 9)."""

CARD_NAMES: Final[tuple[str, ...]] = (
    "zeros",
    "ones",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
)
"""Plural names of the card values, for messages."""


def islands_per_player(players: int) -> int:
    """Island cards dealt to each player at setup: 2 with 2–3 players, 1 with 4–5."""
    return 2 if players <= 3 else 1


FULL_DECK: Final[tuple[int, ...]] = tuple(
    value for value in CARD_VALUES for _ in range(CARD_COPIES[value])
)
"""All 58 number cards, in value order."""


def full_deck() -> list[int]:
    """All 58 number cards, in value order (shuffle before dealing)."""
    return list(FULL_DECK)


def is_card(value: object) -> bool:
    """Whether ``value`` is a number-card value (an ``int`` 0–9, not a ``bool``)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 9


def is_island(value: object) -> bool:
    """Whether ``value`` is an island-card value (an ``int`` 10–30, not a ``bool``)."""
    return isinstance(value, int) and not isinstance(value, bool) and 10 <= value <= 30


def format_values(values: object) -> str:
    """Values as a compact, readable list: ``[0, 1, 2, 5]`` → ``0-2, 5``; empty → ``none``."""
    items = sorted(set(values))  # type: ignore[call-overload]
    if not items:
        return "none"
    parts: list[str] = []
    start = prev = items[0]
    for value in [*items[1:], None]:
        if value is not None and value == prev + 1:
            prev = value
            continue
        parts.append(str(start) if start == prev else f"{start}-{prev}")
        if value is not None:
            start = prev = value
    return ", ".join(parts)


def shuffled(items: Iterable[T], rand: Callable[[], float]) -> list[T]:
    """A uniformly random permutation of ``items``, drawn with ``rand`` (the ``random()``
    method of an injected ``random.Random``). Sorting by random keys is about twice as fast in
    CPython as ``Random.shuffle``, and dealing is a large part of a simulated game."""
    return sorted(items, key=lambda _: rand())
