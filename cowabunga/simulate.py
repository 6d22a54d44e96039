"""Many bot games in a row, with statistics. Pure: no clock, no output; the caller times it and
may pass a progress callback."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from cowabunga.bots import KERNEL_POLICIES, make_bot
from cowabunga.events import EndReason
from cowabunga.game import apply, deal, observe
from cowabunga.kernel import Kernel
from cowabunga.table import EmptyDeck, Play, Rules


@dataclass(frozen=True, slots=True)
class GameResult:
    """One simulated game."""

    kinds: tuple[str, ...]
    """Bot kind per seat."""

    winners: tuple[int, ...]
    """Winning seats (ties all win)."""

    stew_pots: tuple[int, ...]
    """Stew pots per seat."""

    plays: int
    """Cards played."""

    reason: EndReason
    """How the game ended."""


@dataclass
class Tally:
    """Running statistics over games."""

    seats: int
    """Players per game."""

    games: int = 0
    """Games counted."""

    plays: int = 0
    """Cards played in all games."""

    seat_wins: list[int] = field(default_factory=list)
    """Wins per seat."""

    bot_games: dict[str, int] = field(default_factory=dict)
    """Seat-games played per bot kind."""

    bot_wins: dict[str, int] = field(default_factory=dict)
    """Seat-games won per bot kind."""

    reasons: dict[str, int] = field(default_factory=dict)
    """Games per end reason."""

    def __post_init__(self) -> None:
        if not self.seat_wins:
            self.seat_wins = [0] * self.seats

    def add(self, result: GameResult) -> None:
        """Count one game."""
        self.games += 1
        self.plays += result.plays
        self.reasons[result.reason.value] = self.reasons.get(result.reason.value, 0) + 1
        for seat, kind in enumerate(result.kinds):
            won = seat in result.winners
            self.bot_games[kind] = self.bot_games.get(kind, 0) + 1
            self.bot_wins[kind] = self.bot_wins.get(kind, 0) + won
            self.seat_wins[seat] += won


def play_game(
    kinds: Sequence[str], rng: random.Random, rules: Rules, *, rollouts: int = 1000
) -> GameResult:
    """One game between bots of ``kinds`` (seat order), dealt and played with ``rng``. Uses the
    rollout kernel when every bot is one it plays natively, else the full engine."""
    n = len(kinds)
    if all(kind in KERNEL_POLICIES for kind in kinds):
        kernel = Kernel.dealt(n, rng, play_out=rules.empty_deck is EmptyDeck.PLAY_OUT)
        kernel.run([KERNEL_POLICIES[k] for k in kinds], rng.random)
        reason = kernel.end_reason
        assert reason is not None
        return GameResult(
            tuple(kinds), tuple(kernel.winner_seats()), tuple(kernel.stew), kernel.plays, reason
        )
    bots = [make_bot(kind, random.Random(rng.getrandbits(64)), rollouts=rollouts) for kind in kinds]
    names = [f"{kind}{seat + 1}" for seat, kind in enumerate(kinds)]
    state = deal(names, rng, rules=rules)
    while state.outcome is None:
        seat = state.to_play
        state, _ = apply(state, Play(bots[seat].choose(observe(state, seat))))
    outcome = state.outcome
    return GameResult(
        tuple(kinds),
        tuple(names.index(w) for w in outcome.winners),
        state.table.stew_pots,
        state.table.plays,
        outcome.reason,
    )


def simulate(
    games: int,
    kinds: Sequence[str],
    seed: int,
    *,
    rules: Rules | None = None,
    rotate: bool = True,
    rollouts: int = 1000,
    progress: Callable[[int], None] | None = None,
) -> Tally:
    """Play ``games`` games with one bot kind per seat. With ``rotate`` the kinds move one seat
    on each game, so every kind sits in every seat equally often. The same ``seed`` gives the
    same games."""
    master = random.Random(seed)
    tally = Tally(len(kinds))
    in_force = rules if rules is not None else Rules()
    for g in range(games):
        shift = g % len(kinds) if rotate else 0
        seated = [kinds[(s - shift) % len(kinds)] for s in range(len(kinds))]
        rng = random.Random(master.getrandbits(64))
        tally.add(play_game(seated, rng, in_force, rollouts=rollouts))
        if progress is not None:
            progress(g + 1)
    return tally
