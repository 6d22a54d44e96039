"""The ear's head designs side by side: the segment classifier, CTC over word tokens, and both.

    .venv/bin/voice-host ear train --second-opinion --out /tmp/ear-ctc.npz
    .venv/bin/python bench/ear_designs.py --model /tmp/ear-ctc.npz [--lang en] [--json]

The trained-ear issue asks for a segment classifier and CTC over word tokens to be measured and
the better kept. A head trained with ``--second-opinion`` holds both, trained on the same data
with the same augmentation: an ensemble of segment classifiers (:mod:`voice_host.ear.head`) and
a per-frame token model decoded with CTC over the closed grammar (:mod:`voice_host.ear.ctc`).
Columns:

* ``segment``: the ensemble's first member alone (one network, like the CTC model);
* ``ctc``: the CTC model alone; its confidence is the best reading's share of the best two
  readings and the empty one;
* ``ensemble``: the segment classifiers' ensemble alone (what ships);
* ``veto``: the ensemble, accepting only where the CTC model reads the same.

Each design is calibrated on the val voices (the lowest threshold with ≤ 1% wrong there; the
veto keeps the head's own) and measured on the held-out bench corpus (``bench/corpus.py``):
exact / wrong per kind of voice, clean and at 10 dB SNR. Needs the cached val sets under
``data/ear`` (made by ``voice-host ear train``). A few minutes on two cores.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from corpus import LANGUAGES, build, clips, corpus_path, read_clip

from voice_host.ear import train as ear_train
from voice_host.ear.ctc import READINGS, REJECT, CtcModel, Index, score_readings
from voice_host.ear.dataset import Embedded
from voice_host.ear.decode import readings
from voice_host.ear.head import HEAD_NAMES, Head, fit_temperature
from voice_host.ear.recognizer import EarRecognizer, default_head_path
from voice_host.ear.vocab import CARDS, HEADS, INTENTS, UNITS
from voice_host.recognizers import EngineError

Decide = Callable[[npt.NDArray[np.floating]], tuple[Index, float]]
CONDITIONS = ("clean", "pink 10 dB", "babble 10 dB")
"""Bench conditions measured (those of the issue's goals)."""


def segment(head: Head) -> Decide:
    """The segment classifier's best reading and its probability."""
    intents = tuple(str(n) for n in head.meta.get("intents", INTENTS))  # type: ignore[attr-defined]

    def decide(seq: npt.NDArray[np.floating]) -> tuple[Index, float]:
        best = readings([p[0] for p in head.sequence_probs(seq)], None, intents=intents)[0]
        return best.index, best.probability

    return decide


def ctc_alone(model: CtcModel) -> Decide:
    """The CTC model's best reading that says something, and its share of the best two and
    the empty reading."""

    def decide(seq: npt.NDArray[np.floating]) -> tuple[Index, float]:
        scores = score_readings(model.log_probs(seq), model.unit_first)
        best, runner = [int(i) for i in np.argsort(scores)[::-1][:3] if i != 0][:2]
        share = scores[best] - np.logaddexp(np.logaddexp(scores[best], scores[runner]), scores[0])
        return READINGS[best], float(np.exp(share))

    return decide


def vetoed(head: Head, model: CtcModel) -> Decide:
    """The ensemble's reading, its confidence 0 where the CTC model's best reading differs."""
    ensemble = segment(head)

    def decide(seq: npt.NDArray[np.floating]) -> tuple[Index, float]:
        index, p = ensemble(seq)
        return index, p if model.agrees(seq, index) else 0.0

    return decide


def first_member(head: Head, val: Embedded) -> Head:
    """The ensemble's first member alone, its temperatures fitted on the val voices."""
    one = Head(head.mean, head.scale, head.layers, head.outs, convs=head.convs,
               frame_mean=head.frame_mean, frame_scale=head.frame_scale, meta=dict(head.meta))
    per = [one.sequence_logits(s) for s in val.seqs]
    one.temperatures = [fit_temperature(np.concatenate([p[j] for p in per]), val.labels[:, j])
                        for j in range(len(HEAD_NAMES))]
    return one


def right(guess: Index, label: Sequence[int]) -> bool:
    """Whether a reading is the labelled one (a command by its intent alone)."""
    if label[0] != 0:
        return guess[0] == label[0]
    return tuple(guess) == tuple(int(v) for v in label)


def threshold(decided: list[tuple[Index, float]], labels: npt.NDArray[np.int64]) -> float:
    """The lowest confidence with at most 1% wrong acceptances on the val voices."""
    for t in sorted({round(c, 4) for _, c in decided}):
        wrong = sum(1 for (g, c), lab in zip(decided, labels, strict=True)
                    if c >= t and g[0] != REJECT and not right(g, lab))
        if wrong <= 0.01 * len(labels):
            return t
    return 1.0


def numbers(index: Index) -> tuple[int, ...]:
    """The numbers a reading says (card, total), or none."""
    intent, h, u, c = index
    if intent != 0:
        return ()
    total = HEADS[h] + UNITS[u]
    return (total,) if CARDS[c] == "none" else (int(CARDS[c][-1]), total)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--lang", default="en", choices=sorted(LANGUAGES),
                        help="a language the bench has a corpus for")
    parser.add_argument("--model", type=Path, help="a head trained with --second-opinion")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    started = time.monotonic()
    try:
        ear = EarRecognizer(args.lang, args.model)
    except EngineError as err:
        sys.exit(f"ear designs: {err}")
    head = ear.head
    if head.ctc is None:
        path = args.model or default_head_path(args.lang)
        sys.exit(f"the head {path} has no CTC model; train one with: voice-host ear train "
                 f"--lang {args.lang} --second-opinion --out /tmp/ear-ctc.npz, then pass "
                 f"--model /tmp/ear-ctc.npz")
    cache = Path(__file__).resolve().parents[1] / "data" / "ear"
    val = ear_train.build_all(args.lang, "val", False, 0, ear_train.Progress(), 2, cache)
    designs: dict[str, Decide] = {
        "segment": segment(first_member(head, val)),
        "ctc": ctc_alone(head.ctc),
        "ensemble": segment(head),
        "veto": vetoed(head, head.ctc),
    }
    on_val = {name: [d(s) for s in val.seqs] for name, d in designs.items()}
    limits = {name: threshold(d, val.labels) for name, d in on_val.items()}
    limits["veto"] = float(head.meta["threshold"])  # type: ignore[arg-type]
    figures: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0, 0]))
    number = val.labels[:, 0] == 0
    for name, decided in on_val.items():
        row = figures[name]["val voices"]
        for (g, c), lab in zip([d for d, n in zip(decided, number, strict=True) if n],
                               val.labels[number], strict=True):
            accepted = c >= limits[name] and g[0] != REJECT
            row[0] += 1
            row[1] += int(accepted and right(g, lab))
            row[2] += int(accepted and not right(g, lab))
    corpus, path = build(1234, False, args.lang), corpus_path(1234, False, args.lang)
    front = ear.front
    for case, (offset, length) in zip(corpus.cases, clips(path), strict=True):
        if case.condition not in CONDITIONS:
            continue
        seq = front.embed(read_clip(path, offset, length))
        kind = {"distractor": "distractors", "human": "humans"}.get(case.family, "synthetic")
        for name, d in designs.items():
            g, c = d(seq)
            got = numbers(g) if c >= limits[name] else ()
            row = figures[name][f"{kind}, {case.condition}"]
            row[0] += 1
            if kind == "distractors":
                row[1] += int(bool(got))
            else:
                row[1] += int(got == case.numbers)
                row[2] += int(bool(got) and got != case.numbers)
    if args.json:
        print(json.dumps({"thresholds": limits, "figures": figures}, indent=1))
        return
    names = list(designs)
    print(f"{'':26s}" + "".join(f"{n:>17s}" for n in names))
    print(f"{'threshold':26s}" + "".join(f"{limits[n]:>17.3f}" for n in names))
    for key in sorted(figures["ctc"]):
        cells = []
        for n in names:
            count, hits, misses = figures[n][key]
            cells.append(f"{hits / count:>8.1%} / {misses / count:5.1%}" if count else "")
        what = "accepted" if key.startswith("distractors") else "exact / wrong"
        print(f"{key:26s}" + "".join(f"{c:>17s}" for c in cells) + f"   ({what})")
    print(f"({time.monotonic() - started:.0f} s)", file=sys.stderr)


if __name__ == "__main__":
    main()
