"""Bench: the practice game's hint must answer within 100 ms (p95) on our machines.

Positions are taken from real games (careful bots, 2-5 players); at each position where the
player to move holds at least two different cards, the hint is asked for and timed. Prints
p50/p95/max of the hint's wall time and of its playouts, against the goal.

    .venv/bin/python bench/hint.py [--positions 300] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from cowabunga import Play, apply, deal, observe
from cowabunga.bots import CarefulBot
from voice_host.games.cowabunga.trainer.hint import HINT_BUDGET_MS, HINT_ROLLOUTS, quick_hint

GOAL_MS = 100.0
"""The hint's goal: 95% of hints within this many milliseconds."""


def positions(count: int, seed: int) -> list[tuple[object, int]]:
    """``count`` observations of the player to move, from games of 2-5 careful bots."""
    rng = random.Random(seed)
    bot = CarefulBot()
    out: list[tuple[object, int]] = []
    while len(out) < count:
        n = rng.randint(2, 5)
        state = deal([f"p{i}" for i in range(n)], rng)
        while state.outcome is None and len(out) < count:
            obs = observe(state, state.to_play)
            if len(set(obs.hand)) > 1 and rng.random() < 0.3:
                out.append((obs, n))
            state, _ = apply(state, Play(bot.choose(obs)))
    return out


def pct(values: list[float], q: float) -> float:
    """The q-quantile (0-1) of values, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def main() -> None:
    """Run the bench and print the figures against the goal."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    found = positions(args.positions, args.seed)
    rng = random.Random(args.seed)
    quick_hint(found[0][0], rng)  # type: ignore[arg-type]  # warm-up
    times: list[float] = []
    rollouts: list[float] = []
    for obs, _ in found:
        t0 = time.perf_counter()
        hint = quick_hint(obs, rng)  # type: ignore[arg-type]
        times.append((time.perf_counter() - t0) * 1000)
        rollouts.append(hint.rollouts)
    p50, p95 = pct(times, 0.5), pct(times, 0.95)
    print(
        f"hint over {len(times)} positions (2-5 players), budget {HINT_BUDGET_MS:.0f} ms, "
        f"up to {HINT_ROLLOUTS} playouts"
    )
    print(
        f"  time     p50 {p50:6.1f} ms   p95 {p95:6.1f} ms   max {max(times):6.1f} ms   "
        f"goal p95 <= {GOAL_MS:.0f} ms: {'PASS' if p95 <= GOAL_MS else 'FAIL'}"
    )
    print(
        f"  playouts p50 {pct(rollouts, 0.5):6.0f}      p5 {pct(rollouts, 0.05):6.0f}      "
        f"mean {statistics.fmean(rollouts):6.0f}"
    )


if __name__ == "__main__":
    main()
