"""Kapitän Wackelpudding's fall reports as the host hears them: heard right, booked wrong, and
table talk taken for a report, clean and in party babble.

    .venv/bin/python bench/kapitaen_wackelpudding.py [--lang de] [--falls 6] [--seed 37]

Every clip is synthesized speech of held-out voices (the ``bench`` split's MBROLA, Pico, Kokoro
and a few espeak-ng voices: none of them trained the ear, chose the closed-set scorer's
thresholds or plays in the demo), heard by the real ear (``GameWordEar``) with the phrases the
host declares during a journey: the falls possible aboard (a random cargo), "nothing", "arrived",
"touched land" and the ship query. Each report goes through the host's whole exchange: the host
asks to confirm a fall (the voice answers yes or no, heard by the same ear), asks between two
readings (the voice says it again), or asks for it again, up to three reports. Figures:

* reports heard right at once (goal ≥ 98% clean): the first hearing accepted as the fall said;
  and asked about, heard as nothing, heard wrong;
* booked right, booked wrong (should be none: an unsure hearing is asked about, a sure one
  confirmed), not booked after the whole exchange;
* table talk (the language's distractor sentences and near misses) taken for a report, and
  booked (should be none).

The figures go to ``bench/RESULTS.md`` ("Kapitän Wackelpudding: falls heard").
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.progress import track

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run by path: the repository

from bench.conditions import CONDITIONS, add_share, add_shares, babble_pool, clip, condition_table
from bench.corpus import LANGUAGES
from voice_host.ear.game_words import GameWordEar
from voice_host.games.kapitaen_wackelpudding.host import reports
from voice_host.games.kapitaen_wackelpudding.host.session import WackelpuddingSession
from voice_host.games.kapitaen_wackelpudding.host.table import GAME
from voice_host.games.kapitaen_wackelpudding.rules import GOODS, Cargo, Phase
from voice_host.recognition import Recognizer
from voice_host.recognizers import load_recognizer
from voice_host.speakers import synth

ESPEAK_VOICES = 3
"""espeak-ng voices of the bench split used besides every other engine's bench voices."""
MAX_REPORTS = 3
"""Times a voice says its report (or a donor's name) before the exchange counts as not
booked."""
MAX_ANSWERS = 4
"""Answers to the host's questions in one exchange."""
NEAR = {
    "de": ("Leinen", "wir sind gleich da", "ein Video", "zwei Spiele", "Bonbons gibt es nicht",
           "was ist los", "Land in Sicht", "das Schiff wackelt", "noch nicht angekommen",
           "Vorsicht, der Sarg", "Käsekuchen", "nicht so schnell"),
    "en": ("cast", "we are almost there", "a video", "two games", "no more bonbons",
           "what is going on", "land ahoy", "the ship is wobbling", "not arrived yet",
           "careful with the coffin", "cheesecake", "not so fast"),
}
"""Table talk close to the host's phrases, which must not be taken for a report."""


def bench_voices(lang: str) -> list[synth.Voice]:
    """The held-out voices: every non-espeak bench voice and a few espeak-ng ones."""
    pool = synth.voices(lang, "bench")
    return [v for v in pool if v.engine != "espeak"] + [v for v in pool
                                                        if v.engine == "espeak"][:ESPEAK_VOICES]


class Journey:
    """A journey under way with a random cargo, in a fresh session."""

    def __init__(self, lang: str, rng: random.Random) -> None:
        self.session = WackelpuddingSession(["Anna", "Ben"], lang=lang, seed=rng.randrange(10**6))
        self.session.start()
        self.session.type(self.session.expectation().words[0][0])  # the roll word
        counts = [rng.choice((0, 0, 1, 1, 2, 3)) for _ in GOODS]
        if not any(counts):
            counts[rng.randrange(len(GOODS))] = 1
        ship = Cargo(tuple(counts))
        state = self.session.table.state
        lands = state.lands.add(state.ship).take(ship)
        self.session.table.state = replace(state, ship=ship, lands=lands, phase=Phase.SAIL)


class Ear:
    """One voice in one condition, through the real ear."""

    def __init__(self, ear: Recognizer, voice: synth.Voice, condition: str,
                 noise: np.random.Generator, babble_pool: list[np.ndarray],
                 rng: random.Random) -> None:
        self.ear, self.voice, self.condition = ear, voice, condition
        self.noise, self.pool, self.rng = noise, babble_pool, rng

    def clip(self, text: str) -> np.ndarray:
        """``text`` said by the voice, a little faster or slower, in the condition's noise."""
        return clip(self.voice, text, self.condition, self.noise, self.pool, self.rng)


def play_exchange(session: WackelpuddingSession, ear: Ear, phrase: str, truth: str,
                  booked: Callable[[], str | None]) -> tuple[str, str]:
    """``phrase`` meaning ``truth`` said, the host's questions answered as the voice would (yes or
    no to "did you mean", the phrase again otherwise), and said again up to
    :data:`MAX_REPORTS` times while nothing was booked: (the first hearing: right, wrong, asked or
    none; the end: ``booked()`` once it says booked right or booked wrong, else not booked)."""
    yes, no = (session.table.phrases.commands[c][0] for c in ("yes", "no"))
    first = ""
    answers = 0
    for _ in range(MAX_REPORTS):
        heard = ear.ear.recognize(ear.clip(phrase), session.expectation())
        if not first:
            first = ("right" if heard.words == (truth,) else "wrong" if heard.words
                     else "asked" if heard.alternatives else "none")
        session.hear(heard)
        while session.question is not None and answers < MAX_ANSWERS:
            answers += 1
            q = session.question
            said = (yes if q.confirm.meaning == truth else no) if q.confirm is not None else phrase
            session.hear(ear.ear.recognize(ear.clip(said), session.expectation()))
        end = booked()
        if end is not None:
            return first, end
        session.question = None
    return first, "not booked"


def exchange(table: Journey, ear: Ear, truth: str) -> tuple[str, str]:
    """The report ``truth`` said and the host's exchange about it played out
    (:func:`play_exchange`)."""
    session = table.session

    def booked() -> str | None:
        fell = [m for m in session.table.acted if m.startswith(reports.FELL)]
        if not fell:
            return None
        return "booked right" if fell[-1] == truth else "booked wrong"

    return play_exchange(session, ear, reports.as_said(truth, session.table.words), truth,
                         booked)


def talk(table: Journey, ear: Ear, sentence: str) -> tuple[bool, bool]:
    """Table talk heard while the ship sails: (taken for a report, a fall booked)."""
    session = table.session
    heard = ear.ear.recognize(ear.clip(sentence), session.expectation())
    session.hear(heard)
    taken = bool(heard.words)
    return taken, any(m.startswith(reports.FELL) for m in session.table.acted)


def run(lang: str, falls: int, seed: int, console: Console, *, max_voices: int | None = None,
        max_talk: int | None = None, phrase_head: bool = True) -> dict[str, Counter[str]]:
    """Every voice's reports and the table talk, in both conditions; the tallies by condition."""
    rng = random.Random(seed)
    noise = np.random.default_rng(seed)
    pool = babble_pool(lang, rng)
    ear = GameWordEar(load_recognizer("ear", lang), game=GAME if phrase_head else None)
    voices = bench_voices(lang)[:max_voices]
    tallies: dict[str, Counter[str]] = {c: Counter() for c in CONDITIONS}
    jobs = [(v, c) for v in voices for c in CONDITIONS]
    for voice, condition in track(jobs, description=f"{lang}: fall reports", console=console):
        say = Ear(ear, voice, condition, noise, pool, rng)
        for _ in range(falls):
            table = Journey(lang, rng)
            falls_aboard = reports.possible_falls(table.session.table.state.ship)
            truth = reports.fall_meaning(
                rng.choices(falls_aboard, [1.0 / c.total ** 2 for c in falls_aboard])[0])
            try:
                first, end = exchange(table, say, truth)
            except synth.SynthesisError as err:
                console.print(f"  skipped: {err}")
                continue
            tally = tallies[condition]
            tally["reports"] += 1
            tally[f"first {first}"] += 1
            tally[end] += 1
            tally[f"{voice.engine} reports"] += 1
            tally[f"{voice.engine} first {first}"] += 1
    sentences = (*LANGUAGES[lang], *NEAR[lang])[:max_talk]
    for condition in CONDITIONS:
        for sentence in track(sentences, description=f"{lang}: table talk, {condition}",
                              console=console):
            voice = voices[rng.randrange(len(voices))]
            taken, booked = talk(Journey(lang, rng), Ear(ear, voice, condition, noise, pool, rng),
                                 sentence)
            tallies[condition]["talk"] += 1
            tallies[condition]["talk taken"] += taken
            tallies[condition]["talk booked"] += booked
    return tallies


def report(lang: str, tallies: dict[str, Counter[str]], console: Console) -> None:
    """The figures as a table."""
    table = condition_table(f"Kapitän Wackelpudding ({lang}): falls heard, held-out voices")
    rows = [("heard right at once", "first right", "reports"),
            ("asked about at once", "first asked", "reports"),
            ("heard as nothing at once", "first none", "reports"),
            ("heard wrong at once", "first wrong", "reports"),
            ("booked right (whole exchange)", "booked right", "reports"),
            ("booked wrong", "booked wrong", "reports"),
            ("not booked", "not booked", "reports"),
            ("table talk taken for a report", "talk taken", "talk"),
            ("table talk booked as a fall", "talk booked", "talk")]
    add_shares(table, tallies, rows)
    engines = sorted({k.split()[0] for t in tallies.values() for k in t
                      if k.endswith(" reports") and k != "reports"})
    for engine in engines:
        add_share(table, f"  {engine}: heard right at once", tallies, f"{engine} first right",
                  f"{engine} reports")
    console.print(table)


def main() -> None:
    """Run the bench for each language asked."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", choices=("de", "en", "both"), default="both")
    parser.add_argument("--falls", type=int, default=6, help="Reports per voice and condition.")
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--voices", type=int, default=None, help="Only the first N voices.")
    parser.add_argument("--talk", type=int, default=None, help="Only the first N talk clips.")
    parser.add_argument("--no-phrase-head", action="store_true",
                        help="The closed-set scorer alone, without the game's phrase head.")
    args = parser.parse_args()
    console = Console()
    for lang in (("de", "en") if args.lang == "both" else (args.lang,)):
        tallies = run(lang, args.falls, args.seed, console, max_voices=args.voices,
                      max_talk=args.talk, phrase_head=not args.no_phrase_head)
        report(lang, tallies, console)


if __name__ == "__main__":
    main()
