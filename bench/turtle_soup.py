"""Turtle Soup by voice: decisions heard, payouts on a wrong hearing, and the bots' strategies.

Part one seats bots at the host's table (``voice_host.games.turtle_soup.host.bots``) in held-out
voices (the recognition bench's ``bench`` split: the ear's phrase thresholds were chosen on the
``val`` voices) and plays decision rounds through the real ear, clean and in four-talker babble
at 10 dB. Each round is scored against the bots' true decisions: carried out with the right
takers or not, a payout on a wrong hearing, something typed. Each answer's first utterance is
scored too (taken at once right or wrong, asked about, unheard).

Part two is the simulator: many games on the engine alone, the strategies at a five-seat table
and head to head.

    python bench/turtle_soup.py                  # Italian, 40 rounds per condition
    python bench/turtle_soup.py --lang en --rounds 20
    python bench/turtle_soup.py --sim-only       # the strategies' table only

The figures go to ``bench/RESULTS.md`` ("Turtle Soup by voice").
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rich.progress import Progress

from voice_host.games.turtle_soup.host.bots import SoupTable, Tally, babble_noise
from voice_host.games.turtle_soup.host.demo import PLAYERS
from voice_host.games.turtle_soup.simulate import head_to_head, tournament
from voice_host.games.turtle_soup.strategies import STRATEGIES
from voice_host.recognition import Recognizer
from voice_host.speakers import synth

CONDITIONS = {"clean": None, "babble 10 dB": 10.0}
"""The sound conditions: none added, or babble at this SNR."""


def pct(n: int, of: int) -> str:
    """``n`` of ``of`` as a percentage."""
    return f"{100 * n / of:5.1f}%" if of else "   - "


def heard(recognizer: Recognizer, lang: str, rounds: int, seed: int, snr: float | None,
          progress: Progress, label: str) -> Tally:
    """Play decision rounds through the ear until ``rounds`` are carried out; the tally."""
    pool = synth.voices(lang, "bench")
    rng = random.Random(seed)
    total = Tally()
    task = progress.add_task(label, total=rounds)
    game = 0
    while total.rounds < rounds:
        voices = rng.sample(pool, k=len(PLAYERS[lang]))
        table = SoupTable(PLAYERS[lang], seed=seed * 1000 + game, recognizer=recognizer,
                          voices=voices, lang=lang,
                          noise=babble_noise(snr) if snr is not None else None)
        game += 1
        table.handle(table.session.start())
        while (not table.session.table.over and not table.session.stopped
               and table.tally.rounds < rounds - total.rounds):
            before = table.tally.rounds
            table.turn()
            progress.advance(task, table.tally.rounds - before)
        merge(total, table.tally)
    return total


def merge(into: Tally, part: Tally) -> None:
    """Add ``part``'s counts to ``into``."""
    for name in ("rounds", "rounds_right", "wrong_payouts", "answers", "accepted_right",
                 "accepted_wrong", "asked", "unheard", "commands", "utterances", "typed",
                 "rounds_typed"):
        setattr(into, name, getattr(into, name) + getattr(part, name))
    into.wrong_rounds += part.wrong_rounds
    for family, (said, right) in part.by_family.items():
        counts = into.by_family.setdefault(family, [0, 0])
        counts[0] += said
        counts[1] += right


def report_heard(label: str, t: Tally, seconds: float) -> None:
    """Print one condition's figures."""
    print(f"\n{label}: {t.rounds} rounds, {t.answers} answers, {t.utterances} utterances "
          f"({seconds:.0f} s)")
    print(f"  rounds carried out right      {pct(t.rounds_right, t.rounds)}  "
          f"({t.rounds_right}/{t.rounds}; {t.rounds_typed} with something typed, "
          f"right without typing {pct(t.rounds_right - t.rounds_typed, t.rounds)})")
    print(f"  payouts on a wrong hearing    {t.wrong_payouts}  {t.wrong_rounds}")
    print(f"  answers, first utterance: taken right {pct(t.accepted_right, t.answers)}, "
          f"wrong {pct(t.accepted_wrong, t.answers)}, asked {pct(t.asked, t.answers)}, "
          f"unheard {pct(t.unheard, t.answers)}, as a command {pct(t.commands, t.answers)}")
    print(f"  utterances per round          {t.utterances / max(1, t.rounds):.1f}")
    families = ", ".join(f"{f} {r}/{n}" for f, (n, r) in sorted(t.by_family.items()))
    print(f"  taken right at once by voice family: {families}")


def report_simulator(games: int, seed: int) -> None:
    """Print the strategies' table and their head-to-head results."""
    names = list(STRATEGIES)
    t0 = time.perf_counter()
    table = tournament(names, games, seed)
    print(f"\nsimulator: {games} games of five seats, strategies drawn at random "
          f"({time.perf_counter() - t0:.1f} s)")
    print(f"  {'strategy':14} {'seats':>6} {'mean points':>12} {'wins':>7}")
    for name, record in sorted(table.records.items(), key=lambda kv: -kv[1].mean):
        print(f"  {name:14} {record.games:6d} {record.mean:12.1f} {100 * record.win_rate:6.1f}%")
    pairs = max(50, games // 10)
    print(f"\n  head to head, two against two, {pairs} games each: row's share of wins")
    print("  " + " " * 14 + "".join(f"{n:>14}" for n in names))
    for a in names:
        cells = []
        for b in names:
            cells.append("-" if a == b else f"{100 * head_to_head(a, b, pairs, seed):.0f}%")
        print(f"  {a:14}" + "".join(f"{c:>14}" for c in cells))


def main() -> None:
    """Run the bench and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="it", choices=("it", "en"))
    parser.add_argument("--rounds", type=int, default=40, help="decision rounds per condition")
    parser.add_argument("--seed", type=int, default=36)
    parser.add_argument("--games", type=int, default=2000, help="simulated games")
    parser.add_argument("--sim-only", action="store_true", help="the simulator's table only")
    args = parser.parse_args()
    if not args.sim_only:
        from voice_host.ear.backends import load_recognizer
        from voice_host.ear.game_words import GameWordEar

        ear = GameWordEar(load_recognizer("ear", args.lang))
        pool = synth.voices(args.lang, "bench")
        print(f"Turtle Soup ({args.lang}): bench voices ({len(pool)}): "
              f"{', '.join(v.engine + ':' + v.name for v in pool)}")
        results = []
        with Progress() as progress:
            for label, snr in CONDITIONS.items():
                t0 = time.perf_counter()
                tally = heard(ear, args.lang, args.rounds, args.seed, snr, progress, label)
                results.append((label, tally, time.perf_counter() - t0))
        for label, tally, seconds in results:
            report_heard(label, tally, seconds)
    report_simulator(args.games, args.seed)


if __name__ == "__main__":
    main()
