"""Schnapp den Sack's calls as the host hears them: who called first, how fast, in babble, and
table talk taken for a call.

    .venv/bin/python bench/schnapp_den_sack.py [--lang de] [--reps 2] [--pairs 40] [--seed 35]
        [--phrase-head PATH]

Every clip is synthesized speech of held-out voices (the ``bench`` split's MBROLA, Pico and
Kokoro voices: none of them trained the ear, chose the closed-set scorer's thresholds or plays
in the demo), heard by the real ear (``GameWordEar``) with the phrases the host declares while it
waits for a call. Figures:

* clean calls: the caller named at once (goal ≥ 98%), asked about, named wrong, not heard: with
  a call word per player (the host's design) and with the players' names;
* two calls starting within 300 ms of each other, the earlier one to be named (goal ≥ 95%): the
  whole overlapping recording heard (the host's way), and only its head from the first call's
  start (:func:`call_head`, tried and not kept: the head's length chosen on the ``val`` voices);
* the time from the end of a call to the verdict (goal ≤ 300 ms p95): the ear's recognition and
  the host's judging of the recording the endpointer hands over (the columns p50 and p95 ms);
  and, on a stream as a live table hears it (:class:`~voice_host.games.schnapp_den_sack.host.
  listen.StreamTable`), from the end of speech as the endpointer saw it to the verdict, the
  endpointer's wait included: heard early (the live table's way) and heard after the full
  hangover;
* calls heard in party babble at 10 dB SNR;
* table talk (the language's distractor sentences and near misses) taken for a call (goal ≤ 1%).

The figures go to ``bench/RESULTS.md`` ("Schnapp den Sack: calls").
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.progress import track
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run by path: the repository

from bench.corpus import LANGUAGES
from bench.phrase_heads import add_head_options, candidate_head
from voice_host.audio.chunks import samples_to_chunks
from voice_host.audio.early import Recognized
from voice_host.audio.noise import mix_at_snr
from voice_host.ear.early import table_endpointer
from voice_host.ear.phrase_head import PhraseHead
from voice_host.games.schnapp_den_sack import rules
from voice_host.games.schnapp_den_sack.host.game import CALL
from voice_host.games.schnapp_den_sack.host.listen import Heard, StreamTable, hear_stream
from voice_host.games.schnapp_den_sack.host.session import SchnappSession
from voice_host.games.schnapp_den_sack.words import words
from voice_host.host.step import Step
from voice_host.recognition import SAMPLE_RATE, Expectation, Recognizer, Samples
from voice_host.speakers import synth
from voice_host.voice import babble

PLAYERS = ("Anna", "Ben", "Cleo", "Dora")
"""The table measured: four players."""
NEAR = {
    "de": ("Ananas ist lecker", "Krokant", "Schokoladenkuchen", "Trampeltier", "Kartoffel",
           "Anne", "Benny", "Klee", "Dora hat recht", "Sack", "schnapp ihn dir", "sechs Säcke",
           "so ein frecher Sack", "wer ist dran", "noch eine Karte"),
    "en": ("pineapples are sweet", "crocodile tears", "hot chocolate", "trampolines",
           "butterflies", "Annie", "Benny", "clean", "Dora is right", "sack", "grab it",
           "six sacks", "cheeky", "whose turn", "one more card"),
}
"""Table talk close to the calls, which must be heard as no call."""
HEADS = (0.4, 0.6)
"""Lengths of the head of an overlapping recording tried on the ``val`` voices."""
WITHIN_S = 0.3
"""Two calls start within this of each other."""
FRAME_S = 0.01
"""The frame the start of a call is found on."""
ABOVE_FLOOR_DB = 15.0
"""How far above the recording's quietest frames a frame must be to count as speech."""
BEFORE_S = 0.05
"""Kept before the start found, so no consonant is cut."""


def call_onset(samples: Samples) -> int:
    """The sample where the first call starts (0 for a recording without a clear start)."""
    frame = int(FRAME_S * SAMPLE_RATE)
    count = len(samples) // frame
    if count < 3:
        return 0
    frames = samples[:count * frame].astype(np.float64).reshape(count, frame)
    level = 10 * np.log10(np.mean(frames ** 2, axis=1) + 1.0)
    floor = float(np.percentile(level, 10))
    loud = np.flatnonzero(level > floor + ABOVE_FLOOR_DB)
    return int(loud[0]) * frame if len(loud) else 0


def call_head(samples: Samples, head_s: float) -> Samples:
    """The recording from just before the first call's start, ``head_s`` long (the ear pads
    what it scores, so a short head is heard as a whole word cut short)."""
    start = max(0, call_onset(samples) - int(BEFORE_S * SAMPLE_RATE))
    return samples[start:start + int((BEFORE_S + head_s) * SAMPLE_RATE)]


CLEAN_GOAL, OVERLAP_GOAL, LATENCY_GOAL_MS, TALK_GOAL = 0.98, 0.95, 300.0, 0.01
"""The issue's goals."""


@dataclass
class Tally:
    """How a set of calls was heard."""

    outcomes: Counter[str] = field(default_factory=Counter)
    """right (named at once), asked, wrong (another player named at once), none."""
    latencies_ms: list[float] = field(default_factory=list)
    """Recognition and judging time of each (wall clock)."""
    cpu_ms: list[float] = field(default_factory=list)
    """The same in this process's CPU time (what a machine to itself would wait, about)."""

    @property
    def total(self) -> int:
        """Calls heard."""
        return sum(self.outcomes.values())

    def share(self, outcome: str) -> str:
        """``outcome``'s share as a percentage."""
        return f"{100 * self.outcomes[outcome] / max(1, self.total):.1f}%"

    def p(self, q: float, cpu: bool = False) -> str:
        """The ``q`` quantile of the latencies (or their CPU time), in ms."""
        times = self.cpu_ms if cpu else self.latencies_ms
        return f"{np.quantile(times, q):.0f}" if times else "-"


def held_out(lang: str, split: str) -> list[synth.Voice]:
    """The MBROLA, Pico and Kokoro voices of ``split`` (no espeak-ng: the scorer hears its
    default voices worst, and no player sounds like them)."""
    return [v for v in synth.voices(lang, split) if v.engine in ("mbrola", "pico", "kokoro")]


class Bench:
    """The ear, the host's phrases and the clips."""

    def __init__(self, lang: str, seed: int, *, phrase_head: bool = True,
                 head: PhraseHead | None = None) -> None:
        """``head``: a candidate phrase head in place of the shipped one."""
        from voice_host.ear.backends import load_recognizer
        from voice_host.ear.game_words import GameWordEar

        self.lang = lang
        self.rng = random.Random(seed)
        self.ear: Recognizer = GameWordEar(
            load_recognizer("ear", lang), game="schnapp-den-sack" if phrase_head else None,
            head=head)
        self.words = words(lang)
        self.babble = babble(30.0, talkers=4, seed=seed)

    def session(self, calls: Sequence[str], *, started: bool = True) -> SchnappSession:
        """A host waiting for a call (``started``; else about to flip the first card), the
        players calling ``calls``."""
        piles = [[rules.Card(rules.Kind.DUDEL, 1)] for _ in PLAYERS]
        session = SchnappSession(rules.new_game(PLAYERS, [1, 1, 1, 1], piles), lang=self.lang,
                                 calls=dict(zip(PLAYERS, calls, strict=True)))
        if started:
            session.start()
        return session

    def expectation(self, session: SchnappSession) -> Expectation:
        """What the host declares while it waits for a call."""
        return session.table.expectation(CALL)

    def say(self, voice: synth.Voice, text: str) -> Samples:
        """``text`` in ``voice``, a little jitter in speed."""
        return synth.synthesize(voice, text, self.rng.uniform(0.9, 1.15))

    def hear(self, calls: Sequence[str], audio: Samples, first: str | None, tally: Tally) -> str:
        """Hear ``audio`` as the host would while waiting for a call; count against ``first``
        (None: table talk, where any call named is wrong); return the outcome."""
        session = self.session(calls)
        start, cpu = time.perf_counter(), time.process_time()
        hearing = self.ear.recognize(audio, self.expectation(session))
        step = session.hear(hearing)
        tally.latencies_ms.append(1000 * (time.perf_counter() - start))
        tally.cpu_ms.append(1000 * (time.process_time() - cpu))
        named = next((r.get("player") for r in step.records
                      if r.get("event") in ("grabbed", "false_grab")), None)
        if named is not None:
            outcome = "right" if named == first else "wrong"
        elif session.question is not None:
            outcome = "asked"
        else:
            outcome = "none"
        tally.outcomes[outcome] += 1
        return outcome

    def noisy(self, audio: Samples) -> Samples:
        """``audio`` in party babble at 10 dB."""
        at = self.rng.randrange(len(self.babble) - len(audio))
        return mix_at_snr(audio, self.babble[at:at + len(audio)], 10.0)


class TimedTable(StreamTable):
    """A stream table that notes how long after the end of its speech a live table would give
    each verdict: the endpointer's wait (to its early close or its hangover), the recognition
    the early start did not cover, and the judging."""

    def __init__(self, session: SchnappSession, ear: Recognizer, *, early: bool) -> None:
        super().__init__(session, ear, table_endpointer(), self.note, early=early)
        self.named: str | None = None
        """The player the verdict named (None: none yet)."""
        self.after_ms = 0.0
        """From the end of the verdict's call (as the endpointer saw it) to the verdict."""
        self._step: list[Step] = []

    def note(self, step: Step) -> float:
        """Keep each step for :meth:`hear` to read."""
        self._step.append(step)
        return 0.0

    def hear(self, recognized: Recognized[Heard]) -> None:
        """Judge as the live table does; note the first verdict and its delay."""
        start = time.perf_counter()
        super().hear(recognized)
        judged_ms = 1000 * (time.perf_counter() - start)
        named = next((r.get("player") for step in self._step for r in step.records
                      if r.get("event") in ("grabbed", "false_grab")), None)
        if named is not None and self.named is None:
            u = recognized.utterance
            self.named = str(named)
            self.after_ms = (1000 * (u.emitted_s - u.end_s) + recognized.live_wait_ms
                             + judged_ms)


def streamed(bench: Bench, voices: list[synth.Voice], calls: Sequence[str], reps: int,
             tallies: dict[bool, Tally]) -> None:
    """Each voice's clean calls in a stream (quiet, the call, quiet), heard by a live table's
    :class:`StreamTable`, early and not: the caller named, and the end of the call to the
    verdict."""
    quiet = np.zeros(int(0.5 * SAMPLE_RATE), np.int16)
    jobs = [(v, i) for v in voices for i in range(len(PLAYERS)) for _ in range(reps)]
    for voice, i in track(jobs, description="calls in a stream"):
        stream = np.concatenate([quiet, bench.say(voice, calls[i]), quiet, quiet])
        for early, tally in tallies.items():
            table = TimedTable(bench.session(calls, started=False), bench.ear, early=early)
            hear_stream(table, samples_to_chunks(stream))
            outcome = ("none" if table.named is None
                       else "right" if table.named == PLAYERS[i] else "wrong")
            tally.outcomes[outcome] += 1
            if table.named is not None:
                tally.latencies_ms.append(table.after_ms)


def pad(audio: Samples) -> Samples:
    """A call as the endpointer hands it over: a little quiet either side."""
    quiet = np.zeros(int(0.25 * SAMPLE_RATE), np.int16)
    return np.concatenate([quiet, audio, quiet])


def overlap(first: Samples, second: Samples, delay_s: float) -> Samples:
    """Two calls, the second starting ``delay_s`` after the first."""
    at = int(delay_s * SAMPLE_RATE)
    mix = np.zeros(max(len(first), at + len(second)), np.float64)
    mix[:len(first)] += first
    mix[at:at + len(second)] += second
    return pad(np.clip(mix, -32768, 32767).astype(np.int16))


def counted(outcomes: Counter[str]) -> str:
    """``outcomes`` as right/asked/wrong/none counts."""
    return "/".join(str(outcomes[o]) for o in ("right", "asked", "wrong", "none"))


def single_calls(bench: Bench, voices: list[synth.Voice], calls: Sequence[str], reps: int,
                 clean: Tally, noisy: Tally, label: str) -> dict[str, tuple[Counter[str],
                                                                             Counter[str]]]:
    """Each voice calls each player's call ``reps`` times, clean and in babble; the outcomes
    by voice (clean, babble)."""
    by_voice = {v.name: (Counter[str](), Counter[str]()) for v in voices}
    jobs = [(v, i) for v in voices for i in range(len(PLAYERS)) for _ in range(reps)]
    for voice, i in track(jobs, description=f"{label}: single calls"):
        audio = pad(bench.say(voice, calls[i]))
        by_voice[voice.name][0][bench.hear(calls, audio, PLAYERS[i], clean)] += 1
        by_voice[voice.name][1][bench.hear(calls, bench.noisy(audio), PLAYERS[i], noisy)] += 1
    return by_voice


def overlapping(bench: Bench, voices: list[synth.Voice], calls: Sequence[str], pairs: int,
                heads: Sequence[float | None], label: str) -> dict[float | None, Tally]:
    """``pairs`` pairs of calls by two players starting within :data:`WITHIN_S`, heard whole
    (None) and cut to each head length."""
    tallies: dict[float | None, Tally] = {h: Tally() for h in heads}
    for _ in track(range(pairs), description=f"{label}: overlapping calls"):
        a, b = bench.rng.sample(range(len(PLAYERS)), 2)
        va, vb = bench.rng.choice(voices), bench.rng.choice(voices)
        audio = overlap(bench.say(va, calls[a]), bench.say(vb, calls[b]),
                        bench.rng.uniform(0.0, WITHIN_S))
        for head in heads:
            heard = audio if head is None else call_head(audio, head)
            bench.hear(calls, pad(heard) if head is not None else heard, PLAYERS[a],
                       tallies[head])
    return tallies


def main() -> None:
    """Run the bench and print its table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="de", choices=("de", "en"))
    parser.add_argument("--reps", type=int, default=2, help="Calls per voice and player.")
    parser.add_argument("--pairs", type=int, default=40, help="Overlapping pairs measured.")
    parser.add_argument("--seed", type=int, default=35)
    add_head_options(parser)
    args = parser.parse_args()
    bench = Bench(args.lang, args.seed, phrase_head=not args.no_phrase_head,
                  head=candidate_head(parser, args))
    voices = held_out(args.lang, "bench")
    val = held_out(args.lang, "val")
    w = bench.words
    call_sets = {"call words": w.buzz[:len(PLAYERS)], "names": PLAYERS}
    console = Console(width=140)
    console.print(f"Schnapp den Sack calls, {args.lang}: bench voices "
                  f"{', '.join(v.name for v in voices)}; val {', '.join(v.name for v in val)}")

    # The head of an overlapping recording: chosen on the val voices.
    tried = overlapping(bench, val, call_sets["call words"], max(6, args.pairs // 4),
                        HEADS, "val")
    head = max(HEADS, key=lambda h: tried[h].outcomes["right"])
    console.print("val, overlapping calls named right: " + ", ".join(
        f"head {h:.1f} s {tried[h].share('right')}" for h in HEADS) + f" -> head {head:.1f} s")

    table = Table(title=f"Schnapp den Sack: calls ({args.lang}, held-out voices)")
    for column in ("calls", "condition", "n", "named right", "asked", "wrong", "none",
                   "p50 ms", "p95 ms", "CPU p95 ms"):
        table.add_column(column, justify="right" if column not in ("calls", "condition")
                         else "left")

    def row(label: str, condition: str, t: Tally) -> None:
        table.add_row(label, condition, str(t.total), t.share("right"), t.share("asked"),
                      t.share("wrong"), t.share("none"), t.p(0.5), t.p(0.95), t.p(0.95, cpu=True))

    by_voice: dict[str, dict[str, tuple[Counter[str], Counter[str]]]] = {}
    for label, calls in call_sets.items():
        clean, noisy = Tally(), Tally()
        by_voice[label] = single_calls(bench, voices, calls, args.reps, clean, noisy, label)
        row(label, "clean", clean)
        row(label, "babble 10 dB", noisy)
    both = overlapping(bench, voices, call_sets["call words"], args.pairs, (None, head),
                       "bench")
    row("call words", f"2 calls within {int(WITHIN_S * 1000)} ms, whole", both[None])
    row("call words", f"2 calls within {int(WITHIN_S * 1000)} ms, head {head:.1f} s",
        both[head])
    talk = Tally()
    sentences = (*LANGUAGES[args.lang][:25], *NEAR[args.lang])
    taken: list[str] = []
    for sentence in track(sentences, description="table talk"):
        voice = bench.rng.choice(voices)
        audio = pad(bench.say(voice, sentence))
        outcome = bench.hear(call_sets["call words"], audio, None, talk)
        if outcome != "none":
            taken.append(f"{sentence!r} ({voice.name}): {outcome}")
    table.add_row("call words", "table talk taken for a call", str(talk.total),
                  "-", talk.share("asked"), talk.share("wrong"), talk.share("none"),
                  talk.p(0.5), talk.p(0.95), talk.p(0.95, cpu=True))
    # Drawn last, so that the rows above are drawn as before these were measured.
    live = {True: Tally(), False: Tally()}
    streamed(bench, voices, call_sets["call words"], args.reps, live)
    for early, label in ((True, "heard early"), (False, "heard at the hangover")):
        t = live[early]
        table.add_row("call words", f"clean, in a stream, {label}: end of call to verdict",
                      str(t.total), t.share("right"), "-", t.share("wrong"), t.share("none"),
                      t.p(0.5), t.p(0.95), "-")
    console.print(table)
    for label, voiced in by_voice.items():
        console.print(f"{label} by voice, right/asked/wrong/none clean | babble 10 dB: "
                      + "; ".join(f"{name} {counted(clean)} | {counted(noisy)}"
                                  for name, (clean, noisy) in voiced.items()))
    for line in taken:
        console.print(f"table talk not heard as nothing: {line}")
    console.print(f"goals: named right >= {CLEAN_GOAL:.0%} clean, >= {OVERLAP_GOAL:.0%} within "
                  f"{int(WITHIN_S * 1000)} ms; call to verdict p95 <= {LATENCY_GOAL_MS:.0f} ms; "
                  f"table talk taken for a call <= {TALK_GOAL:.0%}")


if __name__ == "__main__":
    main()
