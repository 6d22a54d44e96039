"""Schnapp den Sack's solo practice: how well the reaction time of a spoken call is measured.

    .venv/bin/python bench/schnapp_practice.py [--lang de] [--seed 35]

The practice times a call from the end of the flip's announcement to the start of the call as the
endpointer cuts it. Each trial is one card of a practice (``SchnappPractice`` on ``StreamCalls``,
the real ear, bots that never call): a recording with the person's call word spoken by a held-out
voice (the ``bench`` split: MBROLA, Pico and Kokoro) after a known delay, then silence until the
wait runs out. Figures, clean and in party babble at 10 dB SNR: the calls taken as the person's
call, and the measured reaction time against the truth (the delay plus the clip's own lead-in,
found on its energy). The figures go to ``bench/RESULTS.md`` ("Schnapp den Sack: practice").
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.progress import track
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run by path: the repository

from bench.schnapp_den_sack import call_onset, held_out
from voice_host.audio.chunks import AudioChunk, samples_to_chunks
from voice_host.audio.noise import mix_at_snr
from voice_host.ear.backends import load_recognizer
from voice_host.ear.early import table_endpointer
from voice_host.ear.game_words import GameWordEar
from voice_host.games.schnapp_den_sack.host.practice import (
    Level,
    SchnappPractice,
    make_bots,
    practice_session,
)
from voice_host.games.schnapp_den_sack.host.practice_calls import StreamCalls
from voice_host.games.schnapp_den_sack.words import words
from voice_host.recognition import SAMPLE_RATE, Recognizer, Samples
from voice_host.speakers import synth
from voice_host.voice import babble

DELAYS_S = (0.4, 0.7, 1.0, 1.5)
"""When the call starts after the card was said."""
SILENT_BOTS = Level(reaction_s=99.0, miss_rate=1.0, error_rate=0.0)
"""Bots that never call: the card is the person's alone."""
TAIL_S = 3.5
"""Silence after the call: the wait runs out and the practice stops after one card."""


def trial(ear: Recognizer, lang: str, seed: int, audio: Samples) -> int | None:
    """The reaction time the practice measured for the call in ``audio`` (None: no call
    counted)."""
    rng = random.Random(seed)
    bots = make_bots(2, rng, lang)
    name = "Du" if lang == "de" else "You"
    session = practice_session(name, bots, seed, lang=lang, wait_s=3.0)
    chunks: list[AudioChunk | None] = list(samples_to_chunks(audio))
    source = StreamCalls(iter(chunks), table_endpointer())
    practice = SchnappPractice(session, name, bots, SILENT_BOTS, rng, source,
                               lambda step: None, ear=ear)
    tally = practice.play(1)
    return tally.reaction_ms[0] if tally.reaction_ms else None


def main() -> None:
    """Run the trials and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="de", choices=("de", "en"))
    parser.add_argument("--seed", type=int, default=35)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    ear = GameWordEar(load_recognizer("ear", args.lang), game="schnapp-den-sack")
    word = words(args.lang).buzz[0]
    voices = held_out(args.lang, "bench")
    noise = babble(30.0, talkers=4, seed=args.seed)
    console = Console(width=120)
    console.print(f"practice calls '{word}', {args.lang}: voices "
                  f"{', '.join(v.name for v in voices)}; delays {DELAYS_S} s")
    results: dict[str, list[tuple[float, int | None]]] = {"clean": [], "babble 10 dB": []}
    trials = [(v, d) for v in voices for d in DELAYS_S]
    for n, (voice, delay) in enumerate(track(trials, description="practice calls")):
        clip = synth.synthesize(voice, word, rng.uniform(0.9, 1.15))
        truth = delay + call_onset(clip) / SAMPLE_RATE
        audio = np.concatenate([np.zeros(int(delay * SAMPLE_RATE), np.int16), clip,
                                np.zeros(int(TAIL_S * SAMPLE_RATE), np.int16)])
        at = rng.randrange(len(noise) - len(audio))
        noisy = mix_at_snr(audio, noise[at:at + len(audio)], 10.0)
        for condition, heard in (("clean", audio), ("babble 10 dB", noisy)):
            results[condition].append((truth, trial(ear, args.lang, args.seed + n, heard)))
    table = Table(title=f"Schnapp den Sack practice: spoken calls timed ({args.lang})")
    for column in ("condition", "calls", "counted", "error p50 ms", "|error| p95 ms",
                   "measured p50 ms", "true p50 ms"):
        table.add_column(column, justify="left" if column == "condition" else "right")
    for condition, rows in results.items():
        timed = [(t, ms) for t, ms in rows if ms is not None]
        errors = [ms - 1000 * t for t, ms in timed]
        table.add_row(condition, str(len(rows)), f"{len(timed)}/{len(rows)}",
                      f"{np.median(errors):+.0f}" if errors else "-",
                      f"{np.quantile(np.abs(errors), 0.95):.0f}" if errors else "-",
                      f"{np.median([ms for _, ms in timed]):.0f}" if timed else "-",
                      f"{1000 * np.median([t for t, _ in timed]):.0f}" if timed else "-")
    console.print(table)


if __name__ == "__main__":
    main()
