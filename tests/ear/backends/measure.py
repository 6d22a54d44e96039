"""Measure a recognizer on synthetic and human speech, to set its thresholds honestly.

Run ``python -m tests.ear.backends.measure OUT.json [tune|held]``; it prints a table per voice,
noise level and grammar mode and writes every reading to OUT.json. Thresholds are chosen on the
``tune`` voices and reported on the ``held`` voices. This is a quick tool for the recognizer's
owner; the project's full benchmark lives in ``bench/``.
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

from tests.ear.backends.speech import Clip, espeak, festival, fsdd, with_noise
from voice_host.ear.backends.sphinx import PocketSphinxRecognizer, confidence_of
from voice_host.phrases import phrase_table
from voice_host.recognition import Expectation

VOICES = {
    "tune": ["espeak:en-us", "espeak:en-gb", "espeak:en-gb-x-rp+f3", "fsdd:jackson"],
    "held": [
        "espeak:en-gb-scotland",
        "espeak:en-029",
        "espeak:en-us-nyc+m3",
        "espeak:en-gb-x-gbcwmd+f2",
        "festival:kal",
        "fsdd:yweweler",
    ],
}
"""Voices thresholds are tuned on, and voices held out for reporting."""

DISTRACTORS = (
    "pass the crisps please",
    "whose idea was this game",
    "I need another drink",
    "hang on a second I dropped a card",
    "that was a good move",
    "are you sure about that",
    "let me think",
    "nice one",
    "oh come on",
    "I have no idea",
    "what time is it",
    "can you shuffle the deck",
    "it is your go",
    "this is fun",
    "my phone is ringing",
    "see you later",
)
"""Table talk that is not a number or a command."""


def clips(voice: str, folder: Path, rnd: random.Random) -> list[tuple[Clip, str]]:
    """The clips of one voice with their kind (total, card, command, distractor)."""
    en = phrase_table("en")
    family, name = voice.split(":")
    if family == "fsdd":
        return [(c, "total") for c in fsdd(name)]
    texts: list[tuple[str, str]] = [(en.number_words(n), "total") for n in range(46)]
    for _ in range(12):
        card, total = rnd.randrange(10), rnd.randrange(46)
        sign = rnd.choice(["plus ", "minus ", ""])
        texts.append((f"{sign}{en.number_words(card)}, {en.number_words(total)}", "card"))
    for phrases in en.commands.values():
        texts.append((rnd.choice(phrases), "command"))
    texts += [(d, "distractor") for d in DISTRACTORS]
    out = []
    for text, kind in texts:
        samples = festival(text, folder) if family == "festival" else espeak(text, name, folder)
        out.append((Clip(voice, text, samples), kind))
    return out


def turn(truth: int | None, rnd: random.Random) -> Expectation:
    """A turn's expectation: the ten totals one card (0–9) can reach in one direction."""
    if truth is None:
        truth = rnd.randrange(46)
    card = rnd.randrange(10)
    if rnd.random() < 0.5:
        start = truth - card
        totals = {start + c for c in range(10)}
    else:
        start = truth + card
        totals = {start - c for c in range(10)}
    return Expectation(numbers=frozenset(n for n in totals if 0 <= n <= 45))


def main(out: Path, which: str) -> None:
    """Decode every clip in both grammar modes, clean and at 10 dB; print and save."""
    en = phrase_table("en")
    rec = PocketSphinxRecognizer()
    rnd = random.Random(7)
    rows: list[dict[str, object]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for voice in VOICES[which]:
            for i, (clip, kind) in enumerate(clips(voice, Path(tmp), rnd)):
                want = en.parse(clip.text) if kind != "distractor" else None
                for snr in ("clean", "10dB"):
                    audio = clip.samples if snr == "clean" else with_noise(clip.samples, 10, i)
                    for mode in ("open", "turn"):
                        expect = None
                        if mode == "turn":
                            expect = turn(want.total if want else None, rnd)
                        t0 = time.process_time()
                        reading = rec.read(audio, expect)
                        ms = (time.process_time() - t0) * 1000
                        got = en.parse(reading.text) if reading.text else None
                        rows.append(
                            {
                                "voice": voice,
                                "kind": kind,
                                "snr": snr,
                                "mode": mode,
                                "text": clip.text,
                                "heard": reading.text,
                                "want": list(want.numbers) if want else None,
                                "want_cmd": want.command if want else None,
                                "got": list(got.numbers) if got else None,
                                "got_cmd": got.command if got else None,
                                "complete": reading.complete,
                                "confidence": confidence_of(reading),
                                "min_posterior": reading.min_posterior,
                                "margin": reading.margin,
                                "uncovered": reading.uncovered,
                                "frames_per_phone": reading.frames_per_phone,
                                "cpu_ms": ms,
                                "seconds": len(audio) / 16000,
                            }
                        )
            print(voice, len(rows), file=sys.stderr, flush=True)
    out.write_text(json.dumps(rows))
    report(rows, rec.min_confidence)


def report(rows: list[dict[str, object]], threshold: float) -> None:
    """Print right / wrong / rejected per voice, noise and mode at ``threshold``."""
    table: dict[tuple[str, str, str, str], Counter[str]] = defaultdict(Counter)
    for r in rows:
        key = (str(r["voice"]).split(":")[0], str(r["voice"]), str(r["snr"]), str(r["mode"]))
        c = table[key]
        accepted = bool(r["complete"]) and float(str(r["confidence"])) >= threshold
        if r["kind"] == "distractor":
            c["distractors"] += 1
            c["distractor_accepted"] += accepted and r["got"] is not None
        elif r["kind"] == "command":
            c["commands"] += 1
            c["command_right"] += accepted and r["got_cmd"] == r["want_cmd"]
            wrong = r["got"] is not None and r["got_cmd"] != r["want_cmd"]
            c["command_wrong"] += accepted and wrong
        else:
            c["numbers"] += 1
            if not accepted or r["got"] is None or r["got"] == []:
                c["rejected"] += 1
            elif r["got"] == r["want"]:
                c["right"] += 1
            else:
                c["wrong"] += 1
    print(f"threshold {threshold}")
    print("voice                      snr   mode  right wrong rejected | cmds ok/wrong | distr.")
    for key, c in sorted(table.items()):
        n = max(1, c["numbers"])
        print(
            f"{key[1]:26} {key[2]:5} {key[3]:5} {c['right'] / n:5.0%} {c['wrong'] / n:5.1%}"
            f" {c['rejected'] / n:6.0%}   | {c['command_right']:2}/{c['commands']:2} "
            f"{c['command_wrong']:2}    | {c['distractor_accepted']}/{c['distractors']}"
        )


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2] if len(sys.argv) > 2 else "tune")
