"""Press-your-luck players for Turtle Soup: each decides, from what the table shows, whether to
take a share now or wait. Pure: the table's randomness comes in as a ``random.Random``.

The strategies run from "always wait" (never served) to one that weighs the share now against
what waiting one more card is worth once the chance of spoiling is counted.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from types import MappingProxyType

from voice_host.games.turtle_soup.cards import SUITS
from voice_host.games.turtle_soup.rules import State, ingredients

Strategy = Callable[[State, str, random.Random], bool]
"""Whether ``player`` takes a share now (True) or waits, seeing the table as it stands."""


def share_points(state: State) -> int:
    """What one taker's share is worth now."""
    return state.rules.value(state.pot.share(len(state.waiting)))


def waiter(state: State, player: str, rng: random.Random) -> bool:
    """Always waits: the soup will be richer (and is never served)."""
    return False


def eager(state: State, player: str, rng: random.Random) -> bool:
    """Takes at the first chance, whatever the share."""
    return True


def coin(state: State, player: str, rng: random.Random) -> bool:
    """Takes or waits at random, one time in two."""
    return rng.random() < 0.5


def threshold(points: int) -> Strategy:
    """Takes once a share is worth at least ``points``."""

    def decide(state: State, player: str, rng: random.Random) -> bool:
        return share_points(state) >= points

    decide.__doc__ = f"Takes once a share is worth at least {points} points."
    return decide


def weigher(state: State, player: str, rng: random.Random) -> bool:
    """Takes when the share now is worth at least what waiting one card is expected to bring:
    the cards that do not spoil the soup, each adding its ingredients, the share then divided
    among those who wait now (a little optimistic: some of them will take)."""
    now = share_points(state)
    if not state.deck:
        return True
    value = 0.0
    for card in state.deck:
        if len(state.suits | set(card.suits)) == len(SUITS):
            continue
        pot = state.pot + ingredients(card, state.rules)
        value += state.rules.value(pot.share(len(state.waiting)))
    return now >= value / len(state.deck)


STRATEGIES: Mapping[str, Strategy] = MappingProxyType({
    "waiter": waiter,
    "eager": eager,
    "coin": coin,
    "threshold-6": threshold(6),
    "threshold-12": threshold(12),
    "weigher": weigher,
})
"""The bots by name, from the most patient to the one that weighs the odds."""


def decisions(state: State, strategies: Mapping[str, Strategy],
              rng: random.Random) -> tuple[str, ...]:
    """Who takes this round: each waiting player's own strategy, decided at once (fists)."""
    return tuple(p for p in state.waiting if strategies[p](state, p, rng))

