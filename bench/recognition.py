"""Recognition bench: every engine side by side on one held-out corpus.

    .venv/bin/python bench/recognition.py [--engines pocketsphinx,ear] [--lang en] [--quick]
        [--json] [--turn]

Per engine × voice family × noise condition: exact-number accuracy, wrong-number rate,
rejection rate, distractors accepted; per engine: latency from end of speech to result (the
whole utterance is handed over when speech ends, so this is the recognize() time), real-time
factor and peak RSS. Each engine runs in its own subprocess so its RSS is its own.

A second table has the share of each group whose likeliest reading, sure or not, was right:
the most any confidence could let the engine accept with nothing wrong, so what it lacks is in
its hearing, not its care. ``--turn`` hears every clip a second time as the referee hears it at
a turn (narrowed to the totals near one a card away from the total said; untimed) and adds that
hearing's exact / wrong / likeliest right.

``--lang de`` runs the German corpus (synthetic voices only: there are no human German
recordings). Only engines that exist for the language run: PocketSphinx is English-only, Vosk
needs a downloaded model, the ear needs a shipped head.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import TYPE_CHECKING, cast

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run by path: the repository

from bench.corpus import (
    CACHE,
    CONDITIONS,
    HUMANS,
    LANGUAGES,
    Corpus,
    build,
    cases,
    clips,
    corpus_path,
    read_clip,
)
from voice_host.recognition import TURN_WINDOW

if TYPE_CHECKING:
    from rich.console import Console

    from voice_host.recognition import Hearing

GOALS = {
    "exact_clean": 0.98,
    "exact_10db": 0.95,
    "wrong": 0.01,
    "distractors": 0.02,
    "latency_p95_ms": 300.0,
    "rss_mb": 200.0,
}
"""The goals of the ear issue, printed next to the figures."""

TURN_SEED = 77
"""Seeds the totals each clip's turn starts from (:func:`turn_current`)."""

FAMILIES = ("espeak", "mbrola", "festival", "flite", "pico", "rhvoice", "kokoro", "piper",
            "human")


def run_engine(engine: str, corpus_path: Path, out: Path, lang: str = "en",
               turn: bool = False) -> None:
    """Worker: load ``engine``, recognize every case, write raw results as JSON.

    Each row keeps the numbers heard and the likeliest number reading, sure or not; with
    ``turn``, also both for the clip heard a second time as the referee hears it at a turn
    (:func:`turn_current`), untimed."""
    from voice_host.ear.backends import load_recognizer
    from voice_host.recognition import turn_expectation

    where = clips(corpus_path)
    truths = [c.numbers for c in cases(corpus_path)] if turn else []
    t0 = time.perf_counter()
    rec = load_recognizer(engine, lang)
    load_s = time.perf_counter() - t0
    rec.recognize(read_clip(corpus_path, *where[0]))  # warm-up, as a live session would have
    rows = []
    for i, (offset, length) in enumerate(where):
        audio = read_clip(corpus_path, offset, length)
        t = time.perf_counter()
        hearing = rec.recognize(audio)
        ms = (time.perf_counter() - t) * 1000.0
        row: dict[str, object] = {"numbers": list(hearing.numbers), "ms": ms,
                                  "sec": len(audio) / 16000, "alts": len(hearing.alternatives),
                                  "likeliest": likeliest(hearing)}
        if turn:
            at_turn = rec.recognize(audio, turn_expectation(turn_current(truths[i], i)))
            row["turn"] = list(at_turn.numbers)
            row["turn_likeliest"] = likeliest(at_turn)
        rows.append(row)
    rss_mb = peak_rss_mb()
    out.write_text(json.dumps({"engine": engine, "load_s": load_s, "rss_mb": rss_mb,
                               "rows": rows}))


def likeliest(hearing: Hearing) -> list[int]:
    """The numbers of the likeliest number reading of ``hearing``, sure or not (its
    alternatives, best first, when nothing was sure enough): how often it is right is the most
    any confidence could let the engine accept."""
    if hearing.numbers:
        return list(hearing.numbers)
    return next((list(a.numbers) for a in hearing.alternatives if a.numbers), [])


def turn_current(numbers: tuple[int, ...], index: int) -> int:
    """The total a turn starts from for the clip ``index`` saying ``numbers``: one card (1-9,
    drawn from the clip's index) below its total or above it, as a table counting up or down
    would have it; any total 0-45 for a clip with no number."""
    rng = np.random.default_rng([TURN_SEED, index])
    if not numbers:
        return int(rng.integers(0, 46))
    step = int(rng.integers(1, 10)) * (1 if rng.random() < 0.5 else -1)
    current = numbers[-1] - step
    return current if 0 <= current <= 99 else numbers[-1] + step


def peak_rss_mb() -> float:
    """This process's peak resident memory in MB.

    Linux's ``ru_maxrss`` survives ``exec``: a worker started by a parent holding the corpus
    would report the parent's size. ``VmHWM`` belongs to the process's own memory map."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def summarize(corpus: Corpus, raw: dict[str, object]) -> dict[str, object]:
    """Figures of one engine from its raw results.

    Per family and condition: the shares exact, wrong and rejected (distractors: accepted);
    ``likeliest``, the share whose likeliest reading was right, sure or not (runs before it
    was recorded have none); with a turn's hearing, ``turn_exact``, ``turn_wrong`` and
    ``turn_likeliest`` (distractors: ``turn_accepted``)."""
    rows = raw["rows"]
    assert isinstance(rows, list)
    groups: dict[tuple[str, str], list[dict[str, object]]] = defaultdict(list)
    for case, row in zip(corpus.cases, rows, strict=True):
        marks: dict[str, object] = {"verdict": _verdict(case.numbers, tuple(row["numbers"]))}
        if "likeliest" in row:
            marks["likeliest"] = tuple(row["likeliest"]) == case.numbers
        if "turn" in row:
            marks["turn"] = _verdict(case.numbers, tuple(row["turn"]))
            marks["turn_likeliest"] = tuple(row["turn_likeliest"]) == case.numbers
        groups[(case.family, case.condition)].append(marks)
        groups[("all numbers" if case.family != "distractor" else "distractor",
                case.condition)].append(marks)
    table = {}
    for (family, cond), group in groups.items():
        n = len(group)
        verdicts = [m["verdict"] for m in group]
        cell: dict[str, float] = {"n": n, **{k: verdicts.count(k) / n for k in (
            "exact", "wrong", "rejected", "accepted")}}
        if family != "distractor" and all("likeliest" in m for m in group):
            cell["likeliest"] = sum(bool(m["likeliest"]) for m in group) / n
        if all("turn" in m for m in group):
            turns = [m["turn"] for m in group]
            if family == "distractor":
                cell["turn_accepted"] = turns.count("accepted") / n
            else:
                cell["turn_exact"] = turns.count("exact") / n
                cell["turn_wrong"] = turns.count("wrong") / n
                cell["turn_likeliest"] = sum(bool(m["turn_likeliest"]) for m in group) / n
        table[f"{family}|{cond}"] = cell
    ms = np.array([r["ms"] for r in rows])
    sec = np.array([r["sec"] for r in rows])
    return {"engine": raw["engine"], "load_s": raw["load_s"], "rss_mb": raw["rss_mb"],
            "latency_p50_ms": float(np.percentile(ms, 50)),
            "latency_p95_ms": float(np.percentile(ms, 95)),
            "rtf": float(ms.sum() / 1000.0 / sec.sum()), "table": table}


def _verdict(truth: tuple[int, ...], got: tuple[int, ...]) -> str:
    if not truth:
        return "accepted" if got else "rejected"
    if not got:
        return "rejected"
    return "exact" if got == truth else "wrong"


def unavailable(engine: str, lang: str) -> str | None:
    """Why ``engine`` cannot run on the ``lang`` corpus here, or None when it can."""
    if engine == "pocketsphinx" and lang != "en":
        return "PocketSphinx is English-only (no model for this language)"
    if engine == "vosk":
        from voice_host.models import installed

        if installed(lang) is None:
            return f"no Vosk model for {lang!r} installed (voice-host models download {lang})"
    if engine == "ear":
        from voice_host.ear.recognizer import default_head_path

        if not default_head_path(lang).exists():
            return f"no ear head shipped for {lang!r} (voice-host ear train --lang {lang})"
    return None


def default_engines(lang: str) -> list[str]:
    """The engines the bench runs when none are named: every one that exists for ``lang``."""
    if lang == "en":
        return ["pocketsphinx", "ear"]
    return [e for e in ("ear", "vosk") if unavailable(e, lang) is None]


def raw_path(engine: str, lang: str) -> Path:
    """Where an engine's raw results on the ``lang`` corpus are kept."""
    return CACHE / (f"raw-{engine}.json" if lang == "en" else f"raw-{lang}-{engine}.json")


def notes(lang: str) -> list[str]:
    """What the reader of the ``lang`` figures must know about the corpus."""
    if lang in HUMANS:
        return []
    return [f"no human {lang!r} recordings exist: the figures are synthetic voices only "
            "(the synthesizers' bench voices, never trained on)"]


def _print(results: list[dict[str, object]], lang: str = "en") -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    engines = [str(r["engine"]) for r in results]
    t = Table(title=f"Numbers ({lang}): exact / wrong / rejected  (goals: exact ≥98% clean, "
                    "≥95% at 10 dB; wrong ≤1%)")
    t.add_column("family")
    t.add_column("condition")
    for e in engines:
        t.add_column(e, justify="right")
    for family in (*FAMILIES, "all numbers"):
        for cond in CONDITIONS:
            cells = []
            for r in results:
                table = r["table"]
                assert isinstance(table, dict)
                g = table.get(f"{family}|{cond}")
                cells.append("-" if g is None else
                             f"{g['exact']:6.1%} {g['wrong']:5.1%} {g['rejected']:5.1%}")
            if any(c != "-" for c in cells):
                t.add_row(family, cond, *cells)
        t.add_section()
    for cond in CONDITIONS:
        cells = []
        for r in results:
            table = r["table"]
            assert isinstance(table, dict)
            g = table.get(f"distractor|{cond}")
            cells.append("-" if g is None else f"accepted {g['accepted']:5.1%}")
        t.add_row("distractors (≤2%)", cond, *cells)
    console.print(t)
    _print_best(console, results, lang)
    s = Table(title="Speed and memory")
    s.add_column("engine")
    for col in ("load s", "latency p50 ms", "latency p95 ms (≤300)", "RTF", "peak RSS MB (≤200)"):
        s.add_column(col, justify="right")
    for r in results:
        s.add_row(str(r["engine"]), f"{r['load_s']:.2f}", f"{r['latency_p50_ms']:.0f}",
                  f"{r['latency_p95_ms']:.0f}", f"{r['rtf']:.3f}", f"{r['rss_mb']:.0f}")
    console.print(s)


def _print_best(console: Console, results: list[dict[str, object]], lang: str) -> None:
    """The likeliest reading's share right (what a perfect confidence would accept, wrong
    none) and, where the run heard each clip at a turn too, the turn's figures."""
    from rich.table import Table

    tables = [cast(dict[str, dict[str, float]], r["table"]) for r in results]
    if not any("likeliest" in g for table in tables for g in table.values()):
        return
    turn = any("turn_exact" in g for table in tables for g in table.values())
    t = Table(title=f"Numbers ({lang}) at best: the likeliest reading right, sure or not"
                    + ("; and at a turn (narrowed to the totals within "
                       f"{TURN_WINDOW} of one a card away): exact / wrong / likeliest right"
                       if turn else ""))
    t.add_column("family")
    t.add_column("condition")
    for r in results:
        t.add_column(f"{r['engine']} open", justify="right")
        if turn:
            t.add_column(f"{r['engine']} at a turn", justify="right")
    for family in (*FAMILIES, "all numbers"):
        for cond in CONDITIONS:
            cells = []
            for table in tables:
                g = table.get(f"{family}|{cond}", {})
                cells.append(f"{g['likeliest']:6.1%}" if "likeliest" in g else "-")
                if turn:
                    cells.append(f"{g['turn_exact']:6.1%} {g['turn_wrong']:5.1%} "
                                 f"{g['turn_likeliest']:6.1%}" if "turn_exact" in g else "-")
            if any(c != "-" for c in cells):
                t.add_row(family, cond, *cells)
        t.add_section()
    if turn:
        for cond in CONDITIONS:
            cells = []
            for table in tables:
                g = table.get(f"distractor|{cond}", {})
                cells += ["", f"accepted {g['turn_accepted']:5.1%}"
                          if "turn_accepted" in g else "-"]
            t.add_row("distractors (≤2%)", cond, *cells)
    console.print(t)


def main() -> None:
    """Build the corpus, run each engine in a subprocess, print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--engines", help="comma-separated (default: every engine that exists for "
                    "the language; pocketsphinx,ear for English)")
    ap.add_argument("--lang", default="en", choices=sorted(LANGUAGES),
                    help="corpus language (default en)")
    ap.add_argument("--quick", action="store_true", help="a small corpus")
    ap.add_argument("--json", action="store_true", help="print JSON instead of tables")
    ap.add_argument("--seed", type=int, default=1234)
    ap.add_argument("--reuse", action="store_true",
                    help="reuse an engine's raw results from an earlier run on this corpus")
    ap.add_argument("--turn", action="store_true",
                    help="hear each clip a second time as at a turn of the game (narrowed to "
                         "the totals near one a card away), untimed")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--corpus", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    lang = args.lang
    if args.worker:
        run_engine(args.worker, args.corpus, args.out, lang, args.turn)
        return
    engines = args.engines.split(",") if args.engines else default_engines(lang)
    runnable = []
    for engine in engines:
        why = unavailable(engine, lang)
        if why:
            print(f"{engine}: skipped: {why}", file=sys.stderr)
        else:
            runnable.append(engine)
    for note in notes(lang):
        print(f"note: {note}", file=sys.stderr)
    t0 = time.perf_counter()
    corpus = build(args.seed, args.quick, lang)
    path = corpus_path(args.seed, args.quick, lang)
    print(f"corpus ({lang}): {len(corpus.cases)} utterances "
          f"({time.perf_counter() - t0:.0f} s)", file=sys.stderr)
    results = []
    for engine in runnable:
        out = raw_path(engine, lang)
        old = (json.loads(out.read_text()) if args.reuse and out.exists()
               and out.stat().st_mtime > path.stat().st_mtime else None)
        if old is not None and (not args.turn or all("turn" in r for r in old["rows"])):
            print(f"{engine}: reusing {out}", file=sys.stderr)
            results.append(summarize(corpus, old))
            continue
        t = time.perf_counter()
        proc = subprocess.run([sys.executable, __file__, "--worker", engine, "--lang", lang,
                               "--corpus", str(path), "--out", str(out),
                               *(["--turn"] if args.turn else [])], check=False)
        if proc.returncode != 0:
            print(f"engine {engine} failed (status {proc.returncode})", file=sys.stderr)
            continue
        print(f"{engine}: {time.perf_counter() - t:.0f} s", file=sys.stderr)
        results.append(summarize(corpus, json.loads(out.read_text())))
    if args.json:
        print(json.dumps({"lang": lang, "notes": notes(lang), "goals": GOALS,
                          "results": results}, indent=1))
    else:
        _print(results, lang)
        for note in notes(lang):
            print(f"Note: {note}.")


if __name__ == "__main__":
    main()
