"""How the bots' strategies fare against each other: many games on the engine alone, no host,
no ear. Pure and fast: one seeded ``random.Random`` shuffles and drives the bots."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from voice_host.games.turtle_soup.rules import Phase, Rules, apply, deal, decide, new_game, outcome
from voice_host.games.turtle_soup.strategies import STRATEGIES, decisions


@dataclass
class Record:
    """One strategy's results over the games it sat in."""

    games: int = 0
    """Seats it took."""
    points: int = 0
    """Points it scored, summed."""
    wins: float = 0.0
    """Games won, a tie shared among the tied winners."""

    @property
    def mean(self) -> float:
        """Mean points per game."""
        return self.points / self.games if self.games else 0.0

    @property
    def win_rate(self) -> float:
        """Share of its games won."""
        return self.wins / self.games if self.games else 0.0


@dataclass
class Table:
    """The strategies' records after many games."""

    records: dict[str, Record] = field(default_factory=dict)
    """By strategy name."""
    games: int = 0
    """Games played."""


def play(seats: Sequence[str], rng: random.Random, rules: Rules | None = None) -> dict[str, int]:
    """One whole game with bots of ``seats``' strategies; each seat's points, by
    ``"seat:strategy"``."""
    names = [f"{i}:{s}" for i, s in enumerate(seats)]
    state = new_game(names, rules)
    strategies = {n: STRATEGIES[s] for n, s in zip(names, seats, strict=True)}
    while state.phase is not Phase.OVER:
        state, _ = apply(state, deal(state, rng))
        while state.phase is Phase.DECIDING:
            state, _ = decide(state, decisions(state, strategies, rng))
    result = outcome(state)
    assert result is not None
    return dict(result.scores)


def tournament(strategies: Sequence[str], games: int, seed: int, players: int = 5,
               rules: Rules | None = None) -> Table:
    """``games`` games of ``players`` seats, each seat's strategy drawn from ``strategies`` so
    that every strategy sits about equally often, in shuffled seats."""
    rng = random.Random(seed)
    table = Table({s: Record() for s in strategies})
    for _ in range(games):
        seats = [strategies[(i + rng.randrange(len(strategies))) % len(strategies)]
                 for i in range(players)]
        rng.shuffle(seats)
        scores = play(seats, rng, rules)
        best = max(scores.values())
        winners = [n for n, v in scores.items() if v == best]
        for name, points in scores.items():
            record = table.records[name.split(":", 1)[1]]
            record.games += 1
            record.points += points
            if name in winners:
                record.wins += 1 / len(winners)
        table.games += 1
    return table


def head_to_head(a: str, b: str, games: int, seed: int, players: int = 4,
                 rules: Rules | None = None) -> float:
    """The share of games strategy ``a`` wins (ties shared) at a table of half ``a``, half
    ``b`` bots, seats shuffled."""
    rng = random.Random(seed)
    won = 0.0
    for _ in range(games):
        seats = [a] * (players // 2) + [b] * (players - players // 2)
        rng.shuffle(seats)
        scores = play(seats, rng, rules)
        best = max(scores.values())
        winners = [n for n, v in scores.items() if v == best]
        won += sum(1 for n in winners if n.split(":", 1)[1] == a) / len(winners)
    return won / games
