"""Endpoint latency bench: from the true end of speech to the recognition result, live pace.

    .venv/bin/python bench/endpoint_latency.py [--phrases N] [--tentative-ms MS] [--engine E]
                                               [--conditions clean,20,10] [--json]

Totals and card-first phrases ("plus seven, twenty-four") are spoken by espeak-ng voices into one
stream per condition (clean, pink noise at 20 and 10 dB SNR), with pauses between them. The stream
is fed as 20-ms chunks at the pace a microphone delivers them, through the endpointer and the
recognizer, three times: recognizing each closed utterance (as before), with early recognition at
the endpointer's tentative end (``voice_host.audio.early``), and with early recognition that closes
an utterance as soon as its early result is whole (``close_early`` with
``voice_host.recognition.is_whole``: a sure total above 9, or a card and a total other than the
card; a lone 0-9 waits for the hangover, as it may be the card of a card-first phrase). Figures,
against the speech goal (latency ≤ 300 ms at the 95th percentile from end of speech to result, 2
cores):

* p50/p95 from the true end of speech (known from the synthesized clip) to the result being ready
  in the loop, per condition, without and with early recognition, and with early close (also its
  p95 over the whole phrases alone, and how many utterances it closed early);
* phrases split into more than one utterance (plain and with early close: a comma pause taken
  for the end);
* how often an early recognition was dropped because speech resumed (comma pauses);
* whether the early results equal the plain ones (same utterances, same recognizer) and how many
  phrases were heard exactly;
* how many utterances held more than one phrase (the endpointer merged them across a pause; such
  an utterance is timed from the end of its last phrase).

Without early close, the host answers no sooner than the hangover (300 ms) after the end of
speech, so that is the floor of the plain and early figures.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from voice_host.audio import (
    EarlyRecognizer,
    Endpointer,
    EndpointerConfig,
    Recognized,
    samples_to_chunks,
)
from voice_host.audio.noise import mix_at_snr, pink_noise
from voice_host.ear.backends import load_recognizer
from voice_host.recognition import LARGEST_CARD, SAMPLE_RATE, Hearing, Samples, is_whole

GOAL_P95_MS = 300.0
"""The speech goal: end of speech to result, 95th percentile."""

CHUNK_MS = 20
"""Chunk length fed to the endpointer."""

PHRASES: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("plus seven, twenty-four", (7, 24)),
    ("twenty-four", (24,)),
    ("minus five, eleven", (5, 11)),
    ("thirteen", (13,)),
    ("plus three, thirty-one", (3, 31)),
    ("forty-two", (42,)),
    ("plus nine, seventeen", (9, 17)),
    ("eight", (8,)),
    ("minus two, thirty", (2, 30)),
    ("sixty-five", (65,)),
    ("plus six, nineteen", (6, 19)),
    ("thirty-three", (33,)),
)
"""What is said, and the numbers it holds; card-first phrases and bare totals alternate."""

VOICES = ("en-us", "en+f3", "en-gb-x-rp", "en-us+m3", "en+f2", "en+m1")
"""espeak-ng voices, in turn."""

LEAD_S = 1.0
GAP_S = 1.2


@dataclass(frozen=True)
class Stream:
    """One condition's audio and where each phrase's speech truly is."""

    samples: Samples
    spans: tuple[tuple[float, float], ...]
    """(start_s, end_s) of each phrase's speech, silence trimmed."""
    numbers: tuple[tuple[int, ...], ...]
    """The numbers each phrase holds."""


def _trim(x: Samples) -> tuple[int, int]:
    """First and last sample of the non-silent audio (10-ms frames within 45 dB of the peak)."""
    f = SAMPLE_RATE // 100
    n = len(x) // f
    e = np.mean(x[: n * f].astype(np.float64).reshape(n, f) ** 2, axis=1)
    on = np.flatnonzero(e > e.max() * 10 ** (-45 / 10))
    return int(on[0] * f), int((on[-1] + 1) * f)


def high_pass(x: Samples, hz: float) -> Samples:
    """``x`` without its content below ``hz``, at the same power (as a microphone's high-pass)."""
    spectrum = np.fft.rfft(x.astype(np.float64))
    spectrum[np.fft.rfftfreq(len(x), 1 / SAMPLE_RATE) < hz] = 0
    y = np.fft.irfft(spectrum, len(x))
    y *= np.sqrt(np.mean(x.astype(np.float64) ** 2) / (np.mean(y**2) + 1e-12))
    out: Samples = np.clip(np.round(y), -32768, 32767).astype(np.int16)
    return out


def build_stream(n: int, snr_db: float | None, seed: int, high_pass_hz: float = 0.0) -> Stream:
    """``n`` phrases in turn, ``GAP_S`` apart, with pink noise at ``snr_db`` (None: clean),
    high-passed at ``high_pass_hz`` if above 0."""
    from voice_host.voice import synthesize

    rng = np.random.default_rng(seed)
    parts = [np.zeros(int(LEAD_S * SAMPLE_RATE), dtype=np.int16)]
    pos = len(parts[0])
    spans = []
    numbers = []
    for i in range(n):
        text, nums = PHRASES[i % len(PHRASES)]
        clip = synthesize(text, voice=VOICES[i % len(VOICES)], rate=int(rng.integers(150, 190)))
        a, b = _trim(clip)
        clip = clip[a:b]
        spans.append((pos / SAMPLE_RATE, (pos + len(clip)) / SAMPLE_RATE))
        numbers.append(nums)
        gap = np.zeros(int(GAP_S * SAMPLE_RATE), dtype=np.int16)
        parts += [clip, gap]
        pos += len(clip) + len(gap)
    clean = np.concatenate(parts).astype(np.int16)
    if snr_db is None:
        return Stream(clean, tuple(spans), tuple(numbers))
    noise = pink_noise(len(clean), seed=seed + 1)
    if high_pass_hz > 0:
        noise = high_pass(noise, high_pass_hz)
    noisy = mix_at_snr(clean, noise, snr_db)
    return Stream(noisy, tuple(spans), tuple(numbers))


@dataclass(frozen=True)
class Heard:
    """One closed utterance, timed against the true end of the speech in it."""

    phrases: tuple[int, ...]
    """Indexes of the phrases it overlaps (more than one when the endpointer merged them)."""
    numbers: tuple[int, ...]
    """What was recognized."""
    latency_ms: float
    """True end of its last phrase to the result being ready in the loop (wall clock)."""
    early: bool
    """The early result was used."""
    wait_ms: float
    """From the endpointer closing the utterance to the result being ready."""
    recognize_ms: float
    """The recognition's own time."""
    closed_early: bool = False
    """The utterance was closed as soon as its whole early result was ready."""


def run(
    stream: Stream, recognize: EarlyRecognizer[Hearing]
) -> tuple[list[Heard], tuple[int, int, int]]:
    """Feed ``stream`` at live pace; return what was heard and (started, used, dropped)."""
    chunks = list(samples_to_chunks(stream.samples, chunk_ms=CHUNK_MS))
    heard: list[Heard] = []

    def note(r: Recognized[Hearing], t0: float) -> None:
        ready = time.perf_counter()
        u = r.utterance
        inside = tuple(i for i, (s, e) in enumerate(stream.spans) if u.start_s < e and u.end_s > s)
        if not inside:
            return  # noise heard as speech: no true end to time it from
        latency = (ready - (t0 + stream.spans[inside[-1]][1])) * 1000.0
        heard.append(Heard(inside, r.result.numbers, latency, r.early, r.wait_ms, r.recognize_ms,
                           r.closed_early))

    t0 = time.perf_counter()
    for k, chunk in enumerate(chunks):
        # A microphone hands a chunk over once it has been captured in full.
        delay = t0 + (k + 1) * CHUNK_MS / 1000 - time.perf_counter()
        if delay > 0:
            time.sleep(delay)
        for r in recognize.process(chunk):
            note(r, t0)
    last = recognize.flush()
    if last is not None:
        note(last, t0)
    counts = (recognize.started, recognize.used, recognize.dropped)
    recognize.close()
    return heard, counts


def _exact(heard: list[Heard], stream: Stream) -> int:
    """Utterances of one phrase whose numbers were heard exactly."""
    return sum(len(h.phrases) == 1 and h.numbers == stream.numbers[h.phrases[0]] for h in heard)


def _split(heard: list[Heard]) -> int:
    """Phrases heard in more than one utterance (cut at a pause)."""
    seen = [i for h in heard for i in h.phrases]
    return sum(seen.count(i) > 1 for i in set(seen))


def _is_whole_phrase(numbers: tuple[int, ...]) -> bool:
    """A phrase that cannot be the start of a card-first one: not a lone 0-9."""
    return len(numbers) != 1 or numbers[0] > LARGEST_CARD


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    v = sorted(values)
    return v[min(len(v) - 1, round(q * (len(v) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--phrases", type=int, default=24, help="phrases per condition")
    parser.add_argument("--tentative-ms", type=int, default=EndpointerConfig.tentative_ms)
    parser.add_argument("--engine", default="ear", help="recognizer (ear, pocketsphinx, vosk)")
    parser.add_argument("--conditions", default="clean,20,10", help="clean and/or SNRs in dB")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument(
        "--high-pass-hz", type=float, default=0.0,
        help="high-pass the pink noise (half its power lies below 20 Hz, which holds the "
        "endpointer open in the pauses; a microphone removes most of it)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    recognizer = load_recognizer(args.engine, "en")
    config = EndpointerConfig(tentative_ms=args.tentative_ms)
    # Warm up (first calls load and compile).
    warm = build_stream(1, None, args.seed).samples
    for _ in range(3):
        recognizer.recognize(warm)
    rows = []
    for name in args.conditions.split(","):
        snr = None if name == "clean" else float(name)
        stream = build_stream(args.phrases, snr, args.seed, args.high_pass_hz)
        plain, _ = run(
            stream, EarlyRecognizer(recognizer.recognize, Endpointer(config), early=False)
        )
        early, (started, used, dropped) = run(
            stream, EarlyRecognizer(recognizer.recognize, Endpointer(config), early=True)
        )
        close, _ = run(
            stream,
            EarlyRecognizer(
                recognizer.recognize, Endpointer(config), early=True, close_early=is_whole
            ),
        )
        whole = [h for h in close if _is_whole_phrase(stream.numbers[h.phrases[-1]])]
        plain_by = {h.phrases: h.numbers for h in plain}
        same = sum(plain_by.get(h.phrases) == h.numbers for h in early)

        closed = [h.latency_ms - h.wait_ms for h in plain]
        recog = [h.recognize_ms for h in plain + early + close]
        rows.append({
            "condition": "clean" if snr is None else f"pink {snr:g} dB"
            + (f" >{args.high_pass_hz:g} Hz" if args.high_pass_hz > 0 else ""),
            "phrases": len(stream.spans),
            "utterances": len(plain),
            "merged": sum(len(h.phrases) > 1 for h in plain),
            "plain_p50_ms": round(_pct([h.latency_ms for h in plain], 0.5), 1),
            "plain_p95_ms": round(_pct([h.latency_ms for h in plain], 0.95), 1),
            "early_p50_ms": round(_pct([h.latency_ms for h in early], 0.5), 1),
            "early_p95_ms": round(_pct([h.latency_ms for h in early], 0.95), 1),
            "close_p50_ms": round(_pct([h.latency_ms for h in close], 0.5), 1),
            "close_p95_ms": round(_pct([h.latency_ms for h in close], 0.95), 1),
            "close_whole_p95_ms": round(_pct([h.latency_ms for h in whole], 0.95), 1),
            "closed_early": sum(h.closed_early for h in close),
            "close_utterances": len(close),
            "split_plain": _split(plain),
            "split_close": _split(close),
            "exact_close": _exact(close, stream),
            "closed_p50_ms": round(_pct(closed, 0.5), 1),
            "closed_p95_ms": round(_pct(closed, 0.95), 1),
            "recognize_p50_ms": round(_pct(recog, 0.5), 1),
            "recognize_p95_ms": round(_pct(recog, 0.95), 1),
            "early_started": started,
            "early_used": used,
            "early_dropped": dropped,
            "same_result": same,
            "exact_plain": _exact(plain, stream),
            "exact_early": _exact(early, stream),
        })
    figures = {
        "engine": args.engine,
        "hangover_ms": config.hangover_ms,
        "tentative_ms": config.tentative_ms,
        "chunk_ms": CHUNK_MS,
        "goal_p95_ms": GOAL_P95_MS,
        "conditions": rows,
    }
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    print(f"engine {args.engine}; hangover {config.hangover_ms} ms, tentative end "
          f"{config.tentative_ms} ms; {CHUNK_MS}-ms chunks at live pace")
    print("ms from the true end of speech: closed = the endpointer closes the utterance (the "
          "floor: the host answers no sooner); plain/early = the result is ready (goal p95 ≤ 300)")
    print(f"{'condition':18} {'closed p50/p95':>15} {'recognize':>10} {'plain p50/p95':>14} "
          f"{'early p50/p95':>14} {'early used/started':>19} {'dropped':>8} {'same':>6} "
          f"{'exact plain/early':>18} {'merged':>7}")
    lines = []
    for r in rows:
        plain_s = f"{r['plain_p50_ms']:.0f}/{r['plain_p95_ms']:.0f}"
        early_s = f"{r['early_p50_ms']:.0f}/{r['early_p95_ms']:.0f}"
        closed_s = f"{r['closed_p50_ms']:.0f}/{r['closed_p95_ms']:.0f}"
        recog_s = f"{r['recognize_p50_ms']:.0f}/{r['recognize_p95_ms']:.0f}"
        n = r["utterances"]
        print(f"{r['condition']:18} {closed_s:>15} {recog_s:>10} {plain_s:>14} {early_s:>14} "
              f"{r['early_used']:>9}/{r['early_started']:<9} {r['early_dropped']:>8} "
              f"{r['same_result']:>3}/{n:<2} {r['exact_plain']:>8}/{r['exact_early']:<9} "
              f"{r['merged']:>7}")
        close_s = f"{r['close_p50_ms']:.0f}/{r['close_p95_ms']:.0f}"
        lines.append(
            f"{r['condition']:18} {close_s:>14} {r['close_whole_p95_ms']:>15.0f} "
            f"{r['closed_early']:>6}/{r['close_utterances']:<6} {r['exact_close']:>12} "
            f"{r['split_plain']:>6}/{r['split_close']:<6}"
        )
    print("early close (an utterance whose early result is whole closes when that result is "
          "ready; a lone 0-9 waits for the hangover):")
    print(f"{'condition':18} {'close p50/p95':>14} {'whole-only p95':>15} {'closed early':>13} "
          f"{'exact close':>12} {'split plain/close':>13}")
    for line in lines:
        print(line)


if __name__ == "__main__":
    main()
