"""Schnapp den Sack with buzzer keys: two calls close together, named in order.

    .venv/bin/python bench/schnapp_buzzers.py [--pairs 40] [--seed 35]

Runs the real command line (``voice-host play schnapp-den-sack --buzzers --keyboard --mute``, a
table of four) and presses keys into it as players would: after each card is shown, one player's
key 0.4-0.9 s later and another's 0-300 ms after that (the issue's overlapping calls), both drawn
at random. Figures: the earlier key named the caller, the later one named, the later key taken
as a call on the next card, and the time from the first key pressed to the verdict printed (the
pipe, the key reader, the host, the journal written and synced, the log). The figures go to
``bench/RESULTS.md`` ("Schnapp den Sack: buzzer keys").
"""

from __future__ import annotations

import argparse
import json
import queue
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run by path: the repository

from voice_host.games.schnapp_den_sack.words import words

PLAYERS = ("Anna", "Ben", "Cleo", "Dora")
"""The table: keys A, B, C, D."""
GAP_S = (0.0, 0.3)
"""How far apart the two keys of a pair are pressed."""
REACTION_S = (0.4, 0.9)
"""When the first key is pressed after the card is shown."""


class KeyTable:
    """The command running, its transcript read by a thread as it comes, each line timed."""

    def __init__(self, folder: Path, seed: int) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "voice_host", "play", "schnapp-den-sack", "--players",
             ",".join(PLAYERS), "--seed", str(seed), "--wait", "8", "--buzzers", "--keyboard",
             "--mute", "--no-display", "--journal", "j.jsonl", "--log", "log.jsonl"],
            cwd=folder, text=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL)
        self.lines: queue.Queue[tuple[float, str]] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put((time.monotonic(), line))
        self.lines.put((time.monotonic(), ""))

    def line(self, timeout: float = 30.0) -> tuple[float, str]:
        """The next line of the transcript and when it came ('' at its end)."""
        return self.lines.get(timeout=timeout)

    def press(self, key: str) -> float:
        """Press ``key``; when."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(key)
        self.proc.stdin.flush()
        return time.monotonic()


def main() -> None:
    """Play the pairs and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=40)
    parser.add_argument("--seed", type=int, default=35)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    sacks = "|".join(re.escape(s) for s, _ in words("de").rows.values())
    flip = re.compile(rf"^MODERATOR: \w+: ({sacks}|Joker)")
    verdict = re.compile(r"^MODERATOR: (\w+):? (falsch geschnappt|schnappt)!")
    named: list[tuple[str, str, str]] = []  # (earlier, later, named)
    waits: list[float] = []
    with tempfile.TemporaryDirectory() as tmp, Progress() as progress:
        table = KeyTable(Path(tmp), args.seed)
        task = progress.add_task("key pairs", total=args.pairs)
        ended = False
        while len(named) < args.pairs and not ended:
            _, line = table.line()
            ended = not line or "Spielende" in line
            if not flip.match(line):
                continue
            first, second = rng.sample(PLAYERS, 2)
            time.sleep(rng.uniform(*REACTION_S))
            pressed = table.press(first[0].lower())
            time.sleep(rng.uniform(*GAP_S))
            table.press(second[0].lower())
            came, line = table.line()
            while not (found := verdict.match(line)):
                if not line:
                    raise SystemExit("the table ended before its verdict")
                came, line = table.line()
            waits.append(came - pressed)
            named.append((first, second, found.group(1)))
            progress.advance(task)
        assert table.proc.stdin is not None
        table.proc.stdin.close()
        table.proc.wait(timeout=60)
        calls = [json.loads(r) for r in (Path(tmp) / "log.jsonl").read_text().splitlines()]
    buzzes = [c["player"] for c in calls if c["event"] == "buzzer"]
    n = len(named)
    earlier = sum(e == p for e, _, p in named)
    later = sum(x == p for _, x, p in named)
    spilled = len(buzzes) - n  # a later key taken as a call on the next card
    ms = sorted(1000 * w for w in waits)
    show = Table(title="Schnapp den Sack: two buzzer keys 0-300 ms apart")
    for column in ("pairs", "earlier named", "later named", "later key a call on the next card",
                   "key to verdict p50 / p95 ms"):
        show.add_column(column, justify="right")
    show.add_row(str(n), f"{100 * earlier / n:.1f}%", f"{100 * later / n:.1f}%", str(spilled),
                 f"{ms[len(ms) // 2]:.0f} / {ms[int(0.95 * (len(ms) - 1))]:.0f}")
    Console(width=120).print(show)


if __name__ == "__main__":
    main()
