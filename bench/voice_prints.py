"""Who spoke: how often an announcement's voice print sounds most like its own seat's voice.

    .venv/bin/python bench/voice_prints.py [--lang en] [--games 4] [--seed 11] [--turns 30]

The recorded-games bench's tables (``bench/recorded_games.py``: the careful bots' games, the
bench's voice tables, each seat's rate and pitch varied per line) say their lines one by one,
clean and in party babble at 10 dB. Each seat's voice is learned online from its earlier lines
(:class:`~voice_host.ear.voice_print.VoiceBook`, as the referee learns it), and each line is
compared with the voices learned so far: its own seat's the closest (mismatch 0), and clearly
another seat's (mismatch 1, :data:`~voice_host.ear.voice_print.CLEAR` closer), which is what
costs the referee an explanation when it finds the table again. Also the raw cosine of each line
to its own seat's learned voice and to the others' (before the voices' common part is taken
off), and the time a print takes.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.progress import track
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run by path: the repository

from bench.recorded_games import spoken, table_game
from bench.referee import babble_noise, voice_sets
from voice_host.audio.noise import mix_at_snr
from voice_host.ear.voice_print import VoiceBook, voice_print
from voice_host.games.cowabunga.host.demo import Speech
from voice_host.phrases import LANGUAGES
from voice_host.recognition import SAMPLE_RATE, Samples


def said(speech: Speech, text: str, rng: random.Random) -> Samples:
    """``text`` as a recorded game says it (:func:`~bench.recorded_games.spoken`), with a little
    quiet either side (as the endpointer cuts it)."""
    quiet = np.zeros(int(0.25 * SAMPLE_RATE), np.int16)
    return np.concatenate([quiet, spoken(speech, text, rng), quiet])


def main() -> None:
    """Run the bench and print its table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", choices=LANGUAGES, default="en")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--turns", type=int, default=30)
    args = parser.parse_args()
    tables = voice_sets(args.lang)
    table = Table(title=f"Who spoke ({args.lang}): each line against the seats' voices so far")
    for column in ("condition", "lines", "own seat closest", "clearly another seat's",
                   "own margin p5 / p50", "raw cosine: own p50 / others' p95",
                   "ms per print p50 / p95"):
        table.add_column(column, justify="left" if column == "condition" else "right")
    for condition, snr in (("clean", None), ("babble 10 dB", 10.0)):
        gaps: list[float] = []
        raw: dict[bool, list[float]] = {True: [], False: []}
        ms: list[float] = []
        for g in track(range(args.games), description=condition):
            seed = args.seed + g
            game = table_game(seed, args.turns, 2, args.lang)
            speech = [Speech.named(v) for v in tables[g % len(tables)]]
            rng = random.Random(seed)
            noise = babble_noise(60.0, seed)
            book = VoiceBook()
            sums: dict[str, np.ndarray] = {}
            for seat, text in game.lines:
                audio = said(speech[seat % len(speech)], text, rng)
                if snr is not None:
                    at = rng.randrange(len(noise) - len(audio))
                    audio = mix_at_snr(audio, noise[at:at + len(audio)], snr)
                start = time.perf_counter()
                voice = voice_print(audio)
                ms.append(1000 * (time.perf_counter() - start))
                sims = book.similarity(voice)
                name = f"seat {seat}"
                for other, total in sums.items():
                    raw[other == name].append(float(voice @ total) / float(np.linalg.norm(total)))
                if name in sims:
                    gaps.append(max(s for n, s in sims.items() if n != name) - sims[name])
                book.learn(name, voice)
                sums[name] = sums.get(name, np.zeros_like(voice)) + voice
        d = np.array(gaps)
        table.add_row(condition, str(len(d)), f"{100 * np.mean(d <= 0):.1f}%",
                      f"{100 * np.mean(d >= 0.25):.1f}%",
                      f"{np.quantile(-d, 0.05):.2f} / {np.quantile(-d, 0.5):.2f}",
                      f"{np.quantile(raw[True], 0.5):.2f} / {np.quantile(raw[False], 0.95):.2f}",
                      f"{np.quantile(ms, 0.5):.1f} / {np.quantile(ms, 0.95):.1f}")
    Console(width=140).print(table)


if __name__ == "__main__":
    main()
