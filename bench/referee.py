"""Referee bench: recorded games scored against their true event lists.

    .venv/bin/python bench/referee.py [--games N] [--turns T] [--seed S] [--lang L] [--lead S]
                                      [--neural] [--misses] [--json]

Bots play real games with the full engine; every announcement is spoken by a voice the ear
never trained on (three tables of espeak-ng voices: in English its bench accents and variants,
in another language, ``--lang``, its bench variants of that language's voice; ``--neural`` adds
a fourth table of neural voices, Kokoro's two bench speakers and Piper's joe or the speakers'
blend), clean and with party babble at 10 dB SNR (over the ITU-T P.56 active speech level, as
every bench mixes: ``voice_host.audio.noise``), cut by the endpointer and heard by the default
recognizer; the referee judges it and the bots answer its questions truthfully. A few
announcements per game are deliberate mistakes. Figures, against the goals of the referee
issue:

* false mistakes / false penalties announced on what was said correctly (goal 0), with the
  referee's confirmation of mistakes and stew pots on or off (``--no-confirm-mistakes``,
  ``--no-confirm-stew-pots``);
* deliberate mistakes missed (goal 0);
* announcements accepted at the first utterance without a question (goal ≥ 95%);
* questions whose resolution matched what was said (goal: all);
* what became of the rest (``bench/misses.py``), clean and in babble: rejected (no
  reading sure enough to accept or ask about), asked (and whether the question offered the
  total said), confirmed (a sure reading checked before a mistake or a stew pot), misheard (taken
  for a total not said), a false mistake; ``--misses`` lists each one;
* the host's first word after the end of the player's speech, p95 (goal ≤ 500 ms): the
  endpointer's hangover (or, for an utterance whose early hearing is whole, its tentative end +
  that recognition; or the wait for the rest of a phrase cut at its comma) + the recognition
  not done by then (it starts at the endpointer's tentative end, as it does live) + judgement +
  rendering the first host line. The audio is processed faster than real time, so the recognition
  left at the close is counted, not waited for.

``--lead S`` puts S seconds of the party alone before each announcement in babble. A live
microphone hears the table all along, and the endpointer's noise floor then sits on the babble.
From a cold start (the default, 0) it often still hears the speech apart; after a few seconds of
party it more often takes talk and speech into one long utterance.

``--no-early`` recognizes only after the close; ``--no-join-cut`` judges each piece of a phrase
cut at its comma on its own (as before both existed); ``--no-early-close`` waits for the full
hangover even when the early hearing is whole (as before early close existed).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.misses import WHY, misses_of, tally
from voice_host.audio.noise import mix_at_snr
from voice_host.ear.backends import DEFAULT_ENGINE, ENGINES, EngineError, load_recognizer
from voice_host.games.cowabunga.host.demo import SimTable, Speech, Stats
from voice_host.games.cowabunga.host.session import Policy
from voice_host.phrases import LANGUAGES
from voice_host.recognition import SAMPLE_RATE, Recognizer, Samples

GOALS = {
    "false_announced": 0,
    "missed": 0,
    "first_try": 0.95,
    "questions_right": 1.0,
    "latency_p95_ms": 500.0,
}
"""The referee issue's goals."""

VOICE_SETS = (
    ("en-us+m3", "en-029", "en+f4"),
    ("en-us-nyc", "en+Annie", "en-gb-x-rp+steph2"),
    ("en-us+travis", "en-029+grandma", "en-gb-scotland+Lee"),
)
"""Three English tables of three espeak-ng voices each, all held out of the ear's training (its
bench accents and variants, :data:`voice_host.speakers.synth.BENCH_BASES`, ``BENCH_VARIANTS``)."""

HELD_OUT_SETS = (("+m3", "+f4", "+klatt2"), ("+Annie", "+john", "+steph2"),
                 ("+travis", "+grandma", "+Lee"))
"""For another language: three tables of the ear's bench variants (never trained on) of the
language's espeak-ng voice."""

NEURAL_SETS = {
    "en": ("kokoro:jf_nezumi", "piper:joe", "kokoro:jf_tebukuro"),
    **{lang: (f"kokoro:{lang}:jf_nezumi", f"kokoro:{lang}:jf_nezumi+jf_tebukuro",
              f"kokoro:{lang}:jf_tebukuro") for lang in ("de", "es", "fr", "it")},
}
"""A table of neural voices (``--neural``), never trained on: Kokoro's two bench speakers and, in
English, Piper's joe; in the other languages the two speakers' blend in the middle."""


def voice_sets(lang: str, neural: bool = False) -> tuple[tuple[str, ...], ...]:
    """The tables' voices in ``lang``, with the neural table last if ``neural``."""
    sets: tuple[tuple[str, ...], ...]
    if lang == "en":
        sets = VOICE_SETS
    else:
        sets = tuple(tuple(f"{lang}{variant}" for variant in table) for table in HELD_OUT_SETS)
    return (*sets, NEURAL_SETS[lang]) if neural else sets

PLAYERS = ("Emily", "Maria", "Hendrik")


def babble_noise(seconds: float, seed: int) -> Samples:
    """One long party-babble track to cut noise from."""
    from voice_host.voice import babble

    return babble(seconds, talkers=6, seed=seed)


def not_first_try(rows: list[tuple[tuple[str, ...], str, Stats, float]]) -> str:
    """What became of the correct announcements not accepted at once, clean and in babble."""
    parts = []
    for condition in ("clean", "babble 10 dB"):
        counts = tally(m for _, c, s, _ in rows if c == condition for m in misses_of(s))
        kinds = ", ".join(
            f"{why} {counts[why]}"
            + (f" ({counts[why + ', offered']} offering the total said)"
               if why in ("asked", "confirmed") else "")
            for why in WHY)
        parts.append(f"{condition}: {kinds}")
    return "; ".join(parts)


def render_ms(lines: list[str]) -> list[float]:
    """Time to render each host line with the host's voice (the first audio is ready then)."""
    from voice_host.voice import HostVoice

    voice = HostVoice()
    voice.samples("ready")
    out = []
    for line in lines:
        t0 = time.perf_counter()
        voice.samples(line)
        out.append((time.perf_counter() - t0) * 1000.0)
    return out


def play(
    seed: int,
    voices: tuple[str, ...],
    noise: Samples | None,
    turns: int,
    policy: Policy,
    recognizer: Recognizer,
    *,
    early: bool = True,
    join_cut: bool = True,
    early_close: bool = True,
    lang: str = "en",
    lead_s: float = 0.0,
) -> Stats:
    """One game heard by ``recognizer`` (of ``lang``); returns its score. In babble, each
    announcement comes after ``lead_s`` seconds of the party alone."""
    rng = np.random.default_rng(seed)

    def noisy(audio: Samples) -> Samples:
        assert noise is not None
        audio = np.concatenate([np.zeros(int(lead_s * SAMPLE_RATE), np.int16), audio])
        start = int(rng.integers(0, len(noise) - len(audio) - 1))
        return mix_at_snr(audio, noise[start : start + len(audio)], 10.0)

    table = SimTable(
        PLAYERS,
        seed=seed,
        recognizer=recognizer,
        lang=lang,
        speech=[Speech.named(v) for v in voices],
        noise=noisy if noise is not None else None,
        mistakes=3,
        mumble=False,
        policy=policy,
        early=early,
        join_cut=join_cut,
        early_close=early_close,
    )
    return table.play(max_turns=turns)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=None,
                        help="voice sets used (default: all, the neural table with --neural)")
    parser.add_argument("--neural", action="store_true",
                        help="add a table of neural voices never trained on (Kokoro, Piper)")
    parser.add_argument("--turns", type=int, default=30, help="turns per game")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--misses", action="store_true",
                        help="list every correct announcement not accepted at the first try")
    parser.add_argument("--engine", choices=ENGINES, default=DEFAULT_ENGINE, help="recognizer")
    parser.add_argument("--lang", choices=LANGUAGES, default="en",
                        help="the table's language (the bots', the referee's and the host's)")
    parser.add_argument(
        "--confirm-mistakes", action=argparse.BooleanOptionalAction,
        default=Policy.confirm_mistakes, help="confirm a confidently heard mistake first",
    )
    parser.add_argument(
        "--confirm-stew-pots", action=argparse.BooleanOptionalAction,
        default=Policy.confirm_costly, help="confirm a confidently heard stew pot first",
    )
    parser.add_argument(
        "--early", action=argparse.BooleanOptionalAction, default=True,
        help="recognize from each tentative end on (else after the utterance closes)",
    )
    parser.add_argument(
        "--join-cut", action=argparse.BooleanOptionalAction, default=True,
        help="hold a short piece that may be a phrase cut at its comma and join its rest",
    )
    parser.add_argument(
        "--early-close", action=argparse.BooleanOptionalAction, default=True,
        help="close an utterance whose early hearing is whole (a sure total above 9, or a card "
             "and a total, accepted as it stands) as soon as it is ready, not after the full "
             "hangover",
    )
    parser.add_argument(
        "--lead", type=float, default=0.0, metavar="S",
        help="seconds of party alone before each announcement in babble, so that the "
             "endpointer hears the table as a live microphone would, not from silence "
             "(default 0; at most 20)",
    )
    args = parser.parse_args()
    if not 0.0 <= args.lead <= 20.0:
        parser.error(f"--lead {args.lead}: give seconds from 0 to 20")
    policy = Policy(
        confirm_mistakes=args.confirm_mistakes, confirm_costly=args.confirm_stew_pots
    )
    noise = babble_noise(60.0, args.seed)
    rows = []
    lines: list[str] = []
    try:
        recognizer = load_recognizer(args.engine, args.lang)
    except EngineError as err:
        sys.exit(f"referee bench: {err}")
    for g, voices in enumerate(voice_sets(args.lang, args.neural)[: args.games]):
        for condition in ("clean", "babble 10 dB"):
            t0 = time.perf_counter()
            stats = play(
                args.seed + g,
                voices,
                None if condition == "clean" else noise,
                args.turns,
                policy,
                recognizer,
                early=args.early,
                join_cut=args.join_cut,
                early_close=args.early_close,
                lang=args.lang,
                lead_s=args.lead,
            )
            rows.append((voices, condition, stats, time.perf_counter() - t0))
    sample_lines = [
        "Sixteen minus five is eleven, not twelve.",
        "Stew pot for Maria: Emily holds eighteen. Maria has two.",
        "Thirty-three: counting down. Hendrik, draw an island card and read it out.",
        "Twenty-three or thirty-two?",
        "Hendrik has twenty-four.",
    ]
    lines = sample_lines * 4
    render = sorted(render_ms(lines))
    render_p50 = render[len(render) // 2]
    figures: dict[str, object] = {
        "lang": args.lang,
        "engine": args.engine,
        "early": args.early,
        "join_cut": args.join_cut,
        "early_close": args.early_close,
        "lead_s": args.lead,
        "policy": {
            "confirm_mistakes": policy.confirm_mistakes,
            "confirm_stew_pots": policy.confirm_costly,
        },
        "games": [],
    }
    total = Stats()
    latencies: list[float] = []
    misses = [m for _, _, s, _ in rows for m in misses_of(s)]
    for voices, condition, s, secs in rows:
        latencies += [lat + render_p50 for lat in s.latencies_ms]
        for name in ("turns", "utterances", "planted", "caught", "false_mistakes",
                     "false_accepts", "false_penalties", "missed", "questions",
                     "questions_resolved", "questions_right", "first_try", "announcements",
                     "typed", "phantom_commands", "phantom_undo_asked", "joined", "onsets",
                     "rests", "closed_early"):
            setattr(total, name, getattr(total, name) + getattr(s, name))
        game = {
            "voices": list(voices), "condition": condition, "turns": s.turns,
            "first_try": round(s.first_try / max(1, s.announcements), 3),
            "false_mistakes": s.false_mistakes, "false_penalties": s.false_penalties,
            "false_accepts": s.false_accepts, "missed": s.missed, "caught": s.caught,
            "planted": s.planted, "questions": s.questions,
            "questions_right": s.questions_right,
            "questions_resolved": s.questions_resolved, "typed": s.typed, "joined": s.joined,
            "onsets": s.onsets, "rests": s.rests, "seconds": round(secs, 1),
            "not_first_try": tally(misses_of(s)),
        }
        figures["games"].append(game)  # type: ignore[attr-defined]
    latencies.sort()
    p95 = latencies[int(0.95 * (len(latencies) - 1))] if latencies else float("nan")
    figures["total"] = {
        "false_announced": total.false_mistakes + total.false_penalties,
        "false_accepts": total.false_accepts,
        "missed": total.missed,
        "first_try": round(total.first_try / max(1, total.announcements), 3),
        "questions_right": round(total.questions_right / max(1, total.questions_resolved), 3),
        "questions_resolved": total.questions_resolved,
        "latency_p95_ms": round(p95, 1),
        "render_p50_ms": round(render_p50, 1),
        "typed": total.typed,
        "phantom_commands": total.phantom_commands,
        "phantom_undo_asked": total.phantom_undo_asked,
        "joined": total.joined,
        "onsets": total.onsets,
        "rests": total.rests,
        "closed_early": total.closed_early,
        "utterances": total.utterances,
        "not_first_try": tally(misses),
    }
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    t = figures["total"]
    assert isinstance(t, dict)
    print(f"language: {args.lang}; engine: {args.engine}; early recognition: {args.early}; "
          f"cut phrases joined: {args.join_cut} ({t['joined']} joined); "
          f"heard again with a word's start: {t['onsets']}, with its end: {t['rests']}; "
          f"closed early (whole): "
          + (f"{t['closed_early']} of {t['utterances']} utterances" if args.early_close
             else "off"))
    print(f"confirm mistakes: {policy.confirm_mistakes}; confirm stew pots: "
          f"{policy.confirm_costly}; party alone before each announcement in babble: "
          f"{args.lead:g} s")
    print(f"{'voices':38} {'condition':13} turns first-try false(mis/pen/acc) missed "
          f"asked(right/settled) typed  secs")
    for g in figures["games"]:  # type: ignore[attr-defined]
        print(f"{','.join(g['voices']):38} {g['condition']:13} {g['turns']:5} "
              f"{g['first_try']:9.1%} {g['false_mistakes']:>5}/{g['false_penalties']}/"
              f"{g['false_accepts']:<5} {g['missed']:>6} {g['questions']:>9}"
              f"({g['questions_right']}/{g['questions_resolved']}) {g['typed']:>5} "
              f"{g['seconds']:>5}")
    print()
    print(f"false mistakes/penalties announced: {t['false_announced']} (goal 0); "
          f"false totals accepted quietly: {t['false_accepts']}")
    print(f"planted mistakes missed: {t['missed']} (goal 0); turns taken back by a phantom "
          f"undo: {t['phantom_commands']} (asked about, answered no: {t['phantom_undo_asked']}); "
          f"totals typed as a last resort: {t['typed']}")
    print(f"accepted at the first utterance without a question: {t['first_try']:.1%} (goal 95%)")
    print("not at the first try: " + not_first_try(rows))
    print(f"questions resolved right: {t['questions_right']:.1%} of {t['questions_resolved']} "
          "settled by the answers (goal 100%)")
    print(f"host's first word after end of speech, p95: {t['latency_p95_ms']} ms (goal 500 ms; "
          f"includes {t['render_p50_ms']} ms to render a line)")
    if args.misses:
        for _, condition, s, _ in rows:
            for m in misses_of(s):
                offered = ", the total said offered" if m.offered else ""
                print(f"  {condition:13} {m.voice:22} said {m.said!r:28} heard {m.heard!r} "
                      f"({m.confidence:.2f}): {m.why}{offered}")


if __name__ == "__main__":
    main()
