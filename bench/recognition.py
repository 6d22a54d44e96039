"""Recognition bench: every engine side by side on one held-out corpus.

    .venv/bin/python bench/recognition.py [--engines pocketsphinx,ear] [--lang en] [--quick]
        [--json]

Per engine × voice family × noise condition: exact-number accuracy, wrong-number rate,
rejection rate, distractors accepted; per engine: latency from end of speech to result (the
whole utterance is handed over when speech ends, so this is the recognize() time), real-time
factor and peak RSS. Each engine runs in its own subprocess so its RSS is its own.

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

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from corpus import (
    CACHE,
    CONDITIONS,
    HUMANS,
    LANGUAGES,
    Corpus,
    build,
    clips,
    corpus_path,
    read_clip,
)

GOALS = {
    "exact_clean": 0.98,
    "exact_10db": 0.95,
    "wrong": 0.01,
    "distractors": 0.02,
    "latency_p95_ms": 300.0,
    "rss_mb": 200.0,
}
"""The goals of the ear issue, printed next to the figures."""

FAMILIES = ("espeak", "mbrola", "festival", "flite", "pico", "rhvoice", "kokoro", "piper",
            "human")


def run_engine(engine: str, corpus_path: Path, out: Path, lang: str = "en") -> None:
    """Worker: load ``engine``, recognize every case, write raw results as JSON."""
    from voice_host.recognizers import load_recognizer

    where = clips(corpus_path)
    t0 = time.perf_counter()
    rec = load_recognizer(engine, lang)
    load_s = time.perf_counter() - t0
    rec.recognize(read_clip(corpus_path, *where[0]))  # warm-up, as a live session would have
    rows = []
    for offset, length in where:
        audio = read_clip(corpus_path, offset, length)
        t = time.perf_counter()
        hearing = rec.recognize(audio)
        ms = (time.perf_counter() - t) * 1000.0
        rows.append({"numbers": list(hearing.numbers), "ms": ms, "sec": len(audio) / 16000,
                     "alts": len(hearing.alternatives)})
    rss_mb = peak_rss_mb()
    out.write_text(json.dumps({"engine": engine, "load_s": load_s, "rss_mb": rss_mb,
                               "rows": rows}))


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
    """Figures of one engine from its raw results."""
    rows = raw["rows"]
    assert isinstance(rows, list)
    groups: dict[tuple[str, str], list[str]] = defaultdict(list)
    for case, row in zip(corpus.cases, rows, strict=True):
        got = tuple(row["numbers"])
        if case.family == "distractor":
            verdict = "accepted" if got else "rejected"
        elif not got:
            verdict = "rejected"
        else:
            verdict = "exact" if got == case.numbers else "wrong"
        groups[(case.family, case.condition)].append(verdict)
        groups[("all numbers" if case.family != "distractor" else "distractor",
                case.condition)].append(verdict)
    table = {}
    for (family, cond), verdicts in groups.items():
        n = len(verdicts)
        table[f"{family}|{cond}"] = {
            "n": n, **{k: verdicts.count(k) / n for k in ("exact", "wrong", "rejected",
                                                           "accepted")}}
    ms = np.array([r["ms"] for r in rows])
    sec = np.array([r["sec"] for r in rows])
    return {"engine": raw["engine"], "load_s": raw["load_s"], "rss_mb": raw["rss_mb"],
            "latency_p50_ms": float(np.percentile(ms, 50)),
            "latency_p95_ms": float(np.percentile(ms, 95)),
            "rtf": float(ms.sum() / 1000.0 / sec.sum()), "table": table}


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
    s = Table(title="Speed and memory")
    s.add_column("engine")
    for col in ("load s", "latency p50 ms", "latency p95 ms (≤300)", "RTF", "peak RSS MB (≤200)"):
        s.add_column(col, justify="right")
    for r in results:
        s.add_row(str(r["engine"]), f"{r['load_s']:.2f}", f"{r['latency_p50_ms']:.0f}",
                  f"{r['latency_p95_ms']:.0f}", f"{r['rtf']:.3f}", f"{r['rss_mb']:.0f}")
    console.print(s)


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
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--corpus", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    lang = args.lang
    if args.worker:
        run_engine(args.worker, args.corpus, args.out, lang)
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
        if args.reuse and out.exists() and out.stat().st_mtime > path.stat().st_mtime:
            print(f"{engine}: reusing {out}", file=sys.stderr)
            results.append(summarize(corpus, json.loads(out.read_text())))
            continue
        t = time.perf_counter()
        proc = subprocess.run([sys.executable, __file__, "--worker", engine, "--lang", lang,
                               "--corpus", str(path), "--out", str(out)], check=False)
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
