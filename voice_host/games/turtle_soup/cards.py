"""A Decktet card as the game sees it: a rank and its suits, nothing else.

The names of the real cards live in :mod:`~voice_host.games.turtle_soup.decktet`; the rules need
only what a card puts in the pot (its rank) and which suits it turns up.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final, Literal, TypeGuard

from voice_host.games.turtle_soup.errors import InvalidRankError, InvalidSuitsError


class Suit(enum.Enum):
    """The Decktet's six suits, in the deck's customary order; the value is the script's word."""

    MOONS = "moons"
    SUNS = "suns"
    WAVES = "waves"
    LEAVES = "leaves"
    WYRMS = "wyrms"
    KNOTS = "knots"


SUITS: Final = tuple(Suit)
"""All six suits, in order."""

Face = Literal["ace", "crown", "pawn", "court", "excuse"]
"""A rank that is not a number."""

Rank = int | Face
"""A card's rank as the script writes it: a face's word, or a number 2-9."""

FACES: Final[tuple[Face, ...]] = ("ace", "crown", "pawn", "court", "excuse")
"""Every rank that is not a number, as the script writes it."""

NUMBERS: Final = range(2, 10)
"""The number ranks."""


def suits_for(rank: Rank) -> int:
    """How many suits a card of ``rank`` has: one for an ace or crown, two for a number, three
    for a pawn or court, none for the Excuse."""
    if isinstance(rank, int):
        return 2
    return {"ace": 1, "crown": 1, "pawn": 3, "court": 3, "excuse": 0}[rank]


@dataclass(frozen=True, slots=True)
class Card:
    """One card turned up from the deck."""

    rank: Rank
    """``"ace"``, ``"crown"``, ``"pawn"``, ``"court"``, ``"excuse"`` or a number 2-9."""

    suits: tuple[Suit, ...]
    """Its suits, in the order given (none, one, two or three, by rank)."""

    def __post_init__(self) -> None:
        if not is_rank(self.rank):
            raise InvalidRankError(f"{self.rank!r} is not a rank ({rank_choices()})")
        if len(self.suits) != suits_for(self.rank) or len(set(self.suits)) != len(self.suits):
            raise InvalidSuitsError(
                f"a {self.rank} has {suits_for(self.rank)} different suits, not "
                f"{[s.value for s in self.suits]}"
            )

    def to_json(self) -> dict[str, object]:
        """The card as the replay contract writes it: ``{"rank": ..., "suits": [...]}``."""
        return {"rank": self.rank, "suits": [suit.value for suit in self.suits]}


def is_rank(value: object) -> TypeGuard[Rank]:
    """Whether ``value`` is a rank as the script writes it (``True`` is not the number 1)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return value in NUMBERS
    return value in FACES


def rank_choices() -> str:
    """The valid ranks, for an error message."""
    return "one of " + ", ".join(f'"{face}"' for face in FACES) + " or a number 2-9"
