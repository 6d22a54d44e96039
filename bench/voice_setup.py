"""Setup by voice as the host hears it: each new game's setup questions answered by held-out
voices through the real ear, clean and in party babble, at a live table (every answer said back
for a yes or a no, heard by the same ear) and on a recording (nothing said back).

    .venv/bin/python bench/voice_setup.py [--answers 3] [--seed 11] [--per-engine 2]

The questions are the games' own (:mod:`voice_host.host.voice_setup`): how many play (Kapitän
Wackelpudding in German and English, Turtle Soup in Italian), and Schnapp den Sack's plate (a
number, "zwei Teller", "jede Reihe") and wait (German and English). The voices are the ``bench``
split's (none trained the ear or chose its thresholds): up to ``--per-engine`` of each engine.
Figures per language and condition:

* live: the first hearing said back right, said back wrong (the voice says no), or heard as
  nothing; then the answer taken right, taken wrong (should be none: only a yes takes it), not
  taken after three tries, or the setup stopped (a "stop" heard and its "Stop?" answered yes);
* recording: taken right at once, taken wrong, not taken (an unsure hearing is never taken).

The figures go to ``bench/RESULTS.md`` ("Setup by voice").
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.progress import track

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run by path: the repository

from bench.conditions import CONDITIONS, add_share, babble_pool, clip, condition_table
from voice_host.ear.backends import load_recognizer
from voice_host.ear.game_words import GameWordEar
from voice_host.games.cowabunga.host.lines import host_lines
from voice_host.games.kapitaen_wackelpudding.host.play import wackelpudding_questions
from voice_host.games.schnapp_den_sack.host.voice_setup import SchnappVoiceSetup, hear_answer
from voice_host.games.turtle_soup.host.play import soup_questions
from voice_host.host.voice_setup import Answer, SpokenSetup
from voice_host.recognition import Recognizer
from voice_host.speakers import synth

TRIES = 3
"""Times a voice gives its answer before it counts as not taken."""
YES = {"it": "va bene"}
"""The yes a voice answers "is that right?" with, where it is not the phrase table's first: the
Italian setup asks "Va bene?"."""

Maker = Callable[[bool], SpokenSetup]
"""A fresh setup at the question benched (``True``: a live table, else a recording)."""


def questions(lang: str) -> dict[str, Maker]:
    """The setup questions benched in ``lang``, each as a fresh setup standing at it."""
    say = host_lines(lang)
    made: dict[str, Maker] = {}
    if lang in ("de", "en"):
        made["players (Kapitän)"] = lambda live: SpokenSetup(
            wackelpudding_questions(lang), say, can_answer=live)

        def plate(live: bool) -> SpokenSetup:
            asked = SchnappVoiceSetup(lang, wait_s=3.0, can_answer=live)
            asked.answers["players"] = 3
            return asked

        def wait(live: bool) -> SpokenSetup:
            asked = SchnappVoiceSetup(lang, plates=((6,),) * 4, can_answer=live)
            asked.answers["players"] = 3
            return asked

        made["plate (Schnapp)"], made["wait (Schnapp)"] = plate, wait
    if lang in ("it", "en"):
        made["players (Turtle Soup)"] = lambda live: SpokenSetup(
            soup_questions(lang), say, can_answer=live)
    return made


def answers(setup: SpokenSetup) -> list[tuple[str, Answer]]:
    """Every answer the setup's question takes, as said and as meant."""
    q = setup.question
    assert q is not None
    return ([(setup.say.n(n), n) for n in q.numbers]
            + [(c.phrases[0], c.meaning) for c in q.choices])


def bench_voices(lang: str, per_engine: int) -> list[synth.Voice]:
    """Up to ``per_engine`` held-out voices of each engine."""
    taken: Counter[str] = Counter()
    chosen = []
    for voice in synth.voices(lang, "bench"):
        if taken[voice.engine] < per_engine:
            taken[voice.engine] += 1
            chosen.append(voice)
    return chosen


class Voice:
    """One voice in one condition, heard by the real ear."""

    def __init__(self, ear: Recognizer, voice: synth.Voice, condition: str,
                 noise: np.random.Generator, pool: list[np.ndarray], rng: random.Random) -> None:
        self.ear, self.voice, self.condition = ear, voice, condition
        self.noise, self.pool, self.rng = noise, pool, rng
        self.lang = ear.lang

    def hear(self, setup: SpokenSetup, text: str) -> None:
        """``text`` said, a little faster or slower, in the condition's noise, and heard."""
        x = clip(self.voice, text, self.condition, self.noise, self.pool, self.rng)
        setup.hear(hear_answer(self.ear, x, setup.expectation()))


def live(make: Maker, voice: Voice, said: str, meant: Answer) -> tuple[str, str]:
    """The answer at a live table: (the first hearing: said back right, said back wrong or
    nothing; the end: taken right, taken wrong or not taken)."""
    setup = make(True)
    key = setup.question.key if setup.question else ""
    yes, no = YES.get(voice.lang, setup.say.word("yes")), setup.say.word("no")
    first = ""
    for _ in range(TRIES):
        voice.hear(setup, said)
        pending = setup.pending
        if not first:
            first = ("nothing" if pending is None and key not in setup.answers
                     else "said back right" if pending == meant else "said back wrong")
        for _ in range(3):
            if setup.stopping:  # an answer heard as "stop": the host asks, the voice says no
                voice.hear(setup, no)
            elif setup.pending is not None:
                voice.hear(setup, yes if setup.pending == meant else no)
            else:
                break
        if setup.stopped:
            return first, "stopped"
        if key in setup.answers:
            return first, "taken right" if setup.answers[key] == meant else "taken wrong"
    return first, "not taken"


def recorded(make: Maker, voice: Voice, said: str, meant: Answer) -> str:
    """The answer on a recording: taken right, taken wrong or not taken."""
    setup = make(False)
    key = setup.question.key if setup.question else ""
    voice.hear(setup, said)
    if key not in setup.answers:
        return "not taken"
    return "taken right" if setup.answers[key] == meant else "taken wrong"


def run(lang: str, per_question: int, per_engine: int, seed: int,
        console: Console) -> dict[str, Counter[str]]:
    """Every voice's answers to every question, live and recorded, in both conditions."""
    rng = random.Random(seed)
    noise = np.random.default_rng(seed)
    pool = babble_pool(lang, rng)
    ear = GameWordEar(load_recognizer("ear", lang))
    tallies: dict[str, Counter[str]] = {c: Counter() for c in CONDITIONS}
    asked = questions(lang)
    jobs = [(v, c) for v in bench_voices(lang, per_engine) for c in CONDITIONS]
    for synth_voice, condition in track(jobs, description=f"{lang}: setup answers",
                                        console=console):
        voice = Voice(ear, synth_voice, condition, noise, pool, rng)
        tally = tallies[condition]
        for name, make in asked.items():
            for said, meant in rng.sample(answers(make(True)), per_question):
                try:
                    first, end = live(make, voice, said, meant)
                    kept = recorded(make, voice, said, meant)
                except synth.SynthesisError as err:
                    console.print(f"  skipped: {err}")
                    continue
                for label in ("", f"{name} "):
                    tally[f"{label}answers"] += 1
                    tally[f"{label}live first {first}"] += 1
                    tally[f"{label}live {end}"] += 1
                    tally[f"{label}recording {kept}"] += 1
    return tallies


def report(lang: str, tallies: dict[str, Counter[str]], console: Console) -> None:
    """The figures as a table."""
    table = condition_table(f"Setup by voice ({lang}): answers heard, held-out voices",
                            justify="right")
    rows = ["live first said back right", "live first said back wrong", "live first nothing",
            "live taken right", "live taken wrong", "live not taken", "live stopped",
            "recording taken right",
            "recording taken wrong", "recording not taken"]
    names = sorted({k[: -len(" answers")] for t in tallies.values() for k in t
                    if k.endswith(" answers")})
    for row in rows:
        add_share(table, row, tallies, row, "answers")
    for name in names:
        for row in ("live taken right", "recording taken right"):
            add_share(table, f"{name}: {row}", tallies, f"{name} {row}", f"{name} answers")
    console.print(table)


def main() -> None:
    """Run the bench for each language and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", action="append", choices=("de", "en", "it"),
                        help="a language (repeatable; default de, en, it)")
    parser.add_argument("--answers", type=int, default=3,
                        help="answers each voice gives to each question")
    parser.add_argument("--per-engine", type=int, default=2, help="voices of each engine")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    console = Console()
    for lang in args.lang or ["de", "en", "it"]:
        report(lang, run(lang, args.answers, args.per_engine, args.seed, console), console)


if __name__ == "__main__":
    main()
