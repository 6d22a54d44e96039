"""How fast the Cowabunga engine plays, on one core.

Prints simulated plays per second with the random bot and with the careful bot (the rollout
kernel, dealing included), the full immutable engine for comparison, and the time of a
1,000-rollout Monte Carlo hint from a mid-game position. The goal: at least 200,000 plays/s
with the random bot, so a 1,000-rollout hint fits in 100 ms.

Run: ``.venv/bin/python bench/engine_speed.py [--seconds S] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from cowabunga import CarefulBot, GameState, Play, apply, deal, mc_hint, observe
from cowabunga.kernel import CAREFUL, RANDOM, Kernel

GOAL_PLAYS_PER_S = 200_000
"""Random-bot plays per second the issue asks for."""

GOAL_HINT_MS = 100.0
"""Time budget of a 1,000-rollout hint."""


def kernel_rate(policy: int, players: int, seconds: float, seed: int = 1) -> float:
    """Plays per second of whole kernel games (deal included) with one policy at every seat."""
    rng = random.Random(seed)
    policies = [policy] * players
    plays = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        for _ in range(20):
            kernel = Kernel.dealt(players, rng)
            kernel.run(policies, rng.random)
            plays += kernel.plays
    return plays / (time.perf_counter() - start)


def engine_rate(players: int, seconds: float, seed: int = 1) -> float:
    """Plays per second of the immutable engine (``apply``) with random play."""
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(players)]
    plays = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        state = deal(names, rng)
        while state.outcome is None:
            state, _ = apply(state, Play(rng.choice(state.hands[state.to_play])))
            plays += 1
    return plays / (time.perf_counter() - start)


def mid_game(players: int = 3, seed: int = 3, plays: int = 12) -> GameState:
    """A position after ``plays`` careful plays (game still running)."""
    state = deal([f"P{i}" for i in range(players)], random.Random(seed))
    bot = CarefulBot()
    for _ in range(plays):
        state, _ = apply(state, Play(bot.choose(observe(state, state.to_play))))
    assert state.outcome is None
    return state


def hint_ms(state: GameState, rollouts: int = 1000, repeats: int = 5) -> list[float]:
    """Milliseconds per hint, one per repeat."""
    obs = observe(state, state.to_play)
    times = []
    for i in range(repeats):
        start = time.perf_counter()
        mc_hint(obs, random.Random(i), rollouts)
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    rates = {
        label: {n: round(kernel_rate(policy, n, args.seconds / 2)) for n in (3, 5)}
        for label, policy in (("random", RANDOM), ("careful", CAREFUL))
    }
    engine = round(engine_rate(3, args.seconds / 2))
    state = mid_game()
    times = hint_ms(state)
    median = statistics.median(times)
    figure = rates["random"][3]
    if args.json:
        print(
            json.dumps(
                {
                    "random_plays_per_s": rates["random"],
                    "careful_plays_per_s": rates["careful"],
                    "engine_random_plays_per_s": engine,
                    "goal_plays_per_s": GOAL_PLAYS_PER_S,
                    "goal_met": figure >= GOAL_PLAYS_PER_S,
                    "mc_hint_1000_ms": round(median, 1),
                    "goal_hint_ms": GOAL_HINT_MS,
                    "hint_goal_met": median <= GOAL_HINT_MS,
                }
            )
        )
        return
    print("Cowabunga engine speed (one core)")
    for label, by_players in rates.items():
        for n, rate in by_players.items():
            print(f"  {label:<8} bot, {n} players: {rate:>10,} plays/s (rollout kernel)")
    print(f"  random   bot, 3 players: {engine:>10,} plays/s (immutable engine, apply)")
    verdict = "meets" if figure >= GOAL_PLAYS_PER_S else "MISSES"
    print(
        f"  random-bot figure {figure:,} plays/s {verdict} the goal of "
        f"{GOAL_PLAYS_PER_S:,} ({figure / GOAL_PLAYS_PER_S:.1f}x)"
    )
    verdict = "within" if median <= GOAL_HINT_MS else "OVER"
    print(
        f"  1,000-rollout MC hint at {state.table.describe()} "
        f"({state.table.island_deck} islands left): median {median:.1f} ms, "
        f"best {min(times):.1f} ms: {verdict} the {GOAL_HINT_MS:.0f} ms budget"
    )


if __name__ == "__main__":
    main()
