"""Recorded games: the referee on a recording of a whole noisy game, with nobody to answer it.

    .venv/bin/python -m bench.recorded_games [--games N] [--turns T] [--seed S] [--snr DB]
                                             [--lang L] [--mistakes M] [--lead S] [--keep DIR]
                                             [--json] [--no-voice] [--only-with] [--clean]

The simulated table's bots (careful bots on the full engine, as in
``voice_host.games.cowabunga.host.demo``)
play a game; each announcement is spoken as a table with a silent host would say it: the total
(a quarter of the time with its card, half of those with plus or minus), the island card read
out after a direction change, and a few wrong totals (arithmetic, direction, a slip by ten), each
said again right by the same player. The bench's voices (``bench.referee``'s tables, never
trained on) speak it into one recording with party babble at ``--snr`` dB (10: over the active
speech level, as every bench mixes), ``--lead`` seconds of the party before the first
announcement. The referee hears it as ``voice-host referee --input`` does (``can_answer=False``:
cut by the referee's endpointer, heard by the default recognizer, a phrase cut at its comma
joined as live, a question logged and its best reading taken) and its log is compared with the
true game's events (the replay contract's five, a turn taken back by an ``undone`` record removed
again), with the referee finding the table again (``resync``) and without it, on the same
recording:

* true events logged (goal: every one after a mishearing's re-anchoring);
* false events: game events logged that did not happen, and mistakes announced on what was said
  right (goal: none after the re-anchoring);
* turns lost per mishearing: the runs of consecutive true turns whose play is not logged
  (goal: at most 2, the misheard turn and the next one);
* wrong totals said (planted) that were logged as mistakes (goal: all).

``--no-voice`` finds the table again without who spoke as a cue (the seats' voices,
:mod:`voice_host.ear.voice_print`); ``--only-with`` skips the run without finding it again.
"""

from __future__ import annotations

import argparse
import difflib
import io
import json
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.referee import PLAYERS, voice_sets
from cowabunga import Counting, IslandDrawn, Play, apply, deal, make_bot, observe
from cowabunga.events import CONTRACT_EVENTS
from voice_host.audio.chunks import write_wav
from voice_host.audio.noise import mix_at_snr
from voice_host.ear.backends import DEFAULT_ENGINE, EngineError, load_recognizer
from voice_host.ear.inputs import recording_inputs
from voice_host.games.cowabunga.host.demo import Speech
from voice_host.games.cowabunga.host.session import JSONObject, Session
from voice_host.games.cowabunga.host.setup import Setup
from voice_host.host.runner import Runner
from voice_host.phrases import LANGUAGES, phrase_table
from voice_host.recognition import SAMPLE_RATE, Recognizer, Samples

GAP_S = 0.9
"""Silence between two announcements (the table's pace)."""

LEAD_S = 10.0
"""The recording starts this long before the first announcement (the party is on already)."""


@dataclass
class TableGame:
    """A game as a table says it, and what truly happened."""

    setup: Setup
    """How it started."""
    lines: list[tuple[int, str]] = field(default_factory=list)
    """(seat, words) of every utterance, in order."""
    truth: list[JSONObject] = field(default_factory=list)
    """The replay contract's events of the true game."""
    planted: list[int] = field(default_factory=list)
    """The wrong totals said."""


def table_game(seed: int, turns: int, mistakes: int, lang: str) -> TableGame:
    """Bots play ``turns`` turns (or to the end) of a game seeded ``seed``, said in ``lang``."""
    rng = random.Random(seed)
    phrases = phrase_table(lang)
    n = phrases.number_words
    state = deal(PLAYERS, rng)
    bots = [make_bot("careful", rng) for _ in PLAYERS]
    view = state.table
    game = TableGame(Setup(view.players, view.total, dict(zip(view.players, view.islands,
                                                                strict=True))))
    wrong_turns = set(rng.sample(range(2, max(3, turns)), min(mistakes, max(0, turns - 2))))
    for turn in range(turns):
        if state.outcome is not None:
            break
        view = state.table
        seat = view.to_play
        card = bots[seat].choose(observe(state, seat))
        after, events = apply(state, Play(card))
        total = view.total_after(card)
        up = view.counting is Counting.UP
        sign_word = phrases.sign_words[+1 if up else -1][0]
        if turn in wrong_turns:
            kind = rng.choice(("arithmetic", "direction", "ten"))
            wrong = view.total - card if up else view.total + card
            if kind == "direction" and card != 0 and 0 <= wrong <= 99:
                game.lines.append((seat, n(wrong)))
            elif kind == "ten":
                wrong = total + 10 if total < 30 else total - 10
                game.lines.append((seat, n(wrong)))
            else:
                wrong = total + 1 if total < 40 else total - 1
                game.lines.append((seat, f"{sign_word} {n(card)}, {n(wrong)}"))
            game.planted.append(wrong)
        if rng.random() < 0.25:
            head = f"{sign_word} " if rng.random() < 0.5 else ""
            game.lines.append((seat, f"{head}{n(card)}, {n(total)}"))
        else:
            game.lines.append((seat, n(total)))
        for event in events:
            if event.name in CONTRACT_EVENTS:
                game.truth.append(event.to_json())
            if isinstance(event, IslandDrawn):
                game.lines.append((view.players.index(event.player), n(event.island)))
        state = after
    return game


def record(game: TableGame, voices: Sequence[str], seed: int, snr_db: float | None,
           path: Path, lead_s: float = LEAD_S) -> float:
    """Speak ``game`` in ``voices`` (one per seat) into the WAV ``path`` with party babble at
    ``snr_db`` (None: clean), ``lead_s`` of the party before the first announcement; returns its
    length in seconds."""
    from voice_host.voice import babble

    rng = random.Random(seed)
    speech = [Speech.named(v) for v in voices]
    gap = np.zeros(int(GAP_S * SAMPLE_RATE), dtype=np.int16)
    parts: list[Samples] = [np.zeros(int(lead_s * SAMPLE_RATE), dtype=np.int16)]
    for seat, text in game.lines:
        parts += [spoken(speech[seat % len(speech)], text, rng), gap]
    track = np.concatenate(parts)
    if snr_db is not None:
        noise = babble(len(track) / SAMPLE_RATE + 1.0, talkers=6, seed=seed)
        track = mix_at_snr(track, noise[: len(track)], snr_db)
    write_wav(path, track)
    return len(track) / SAMPLE_RATE


def spoken(speech: Speech, text: str, rng: random.Random) -> Samples:
    """``text`` in ``speech``'s voice, its rate and pitch varied per line (drawn from ``rng``) as
    a player's are from one announcement to the next."""
    from voice_host.speakers import synth
    from voice_host.voice import synthesize

    rate = speech.rate + rng.randrange(-15, 16)
    pitch = min(99, max(0, speech.pitch + rng.randrange(-8, 9)))
    if speech.engine != "espeak":
        voice = synth.Voice(speech.engine, speech.voice, "bench")
        said = synth.synthesize(voice, text, speed=rate / 175, pitch=pitch)
    else:
        said = synthesize(text, voice=speech.voice, rate=rate, pitch=pitch)
    return said.astype(np.int16)


def referee_log(game: TableGame, path: Path, recognizer: Recognizer, lang: str,
                *, resync: bool, voice_cue: bool = True) -> list[JSONObject]:
    """The log of ``voice-host referee --input PATH`` on ``game``'s setup (the runner's own
    calls), with or without finding the table again, and with or without who spoke as a cue."""
    session = Session(game.setup, lang=lang, can_answer=False)
    session.table.resync = resync
    session.table.voice_cue = voice_cue
    log = io.StringIO()
    runner = Runner(session, log=log, recording=True, wording=session.say.wording)
    runner.handle(session.start())
    runner.drive(recording_inputs(path), recognizer, lambda: session.stopped)
    return [json.loads(line) for line in log.getvalue().splitlines() if line.strip()]


def game_events(records: Sequence[JSONObject]) -> list[JSONObject]:
    """The replay contract's events in a log, a turn taken back (``undone``) removed."""
    out: list[JSONObject] = []
    for r in records:
        if r["event"] == "undone":
            for i in range(len(out) - 1, -1, -1):
                e = out[i]
                if (e["event"] == "played" and e["player"] == r["player"]
                        and e["total"] == r["total"]):
                    del out[i:]
                    break
        elif r["event"] in CONTRACT_EVENTS:
            out.append(r)
    return out


@dataclass
class Score:
    """A log against the true game."""

    true_events: int = 0
    """Events of the true game."""
    logged: int = 0
    """Of those, logged (in order)."""
    false_events: int = 0
    """Game events logged that did not happen."""
    false_mistakes: int = 0
    """Mistakes logged on what was said right."""
    planted: int = 0
    """Wrong totals said."""
    caught: int = 0
    """Of those, logged as mistakes."""
    resyncs: int = 0
    """Times the referee found the table again."""
    lost_runs: list[int] = field(default_factory=list)
    """Lengths of the runs of consecutive true turns whose play is not logged."""
    false_after_resync: int = 0
    """False game events logged after a re-anchoring, before the next turn lost."""

    def add(self, other: Score) -> None:
        """Add ``other``'s counts to these."""
        for name in ("true_events", "logged", "false_events", "false_mistakes", "planted",
                     "caught", "resyncs", "false_after_resync"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.lost_runs += other.lost_runs


def score(game: TableGame, records: Sequence[JSONObject]) -> Score:
    """How the log ``records`` tells ``game``'s true events."""
    truth = [json.dumps(e, sort_keys=True) for e in game.truth]
    logged = game_events(records)
    said = [json.dumps(e, sort_keys=True) for e in logged]
    matcher = difflib.SequenceMatcher(None, truth, said, autojunk=False)
    matched_truth: set[int] = set()
    matched_said: set[int] = set()
    for block in matcher.get_matching_blocks():
        matched_truth.update(range(block.a, block.a + block.size))
        matched_said.update(range(block.b, block.b + block.size))
    s = Score(true_events=len(truth), logged=len(matched_truth),
              false_events=len(said) - len(matched_said), planted=len(game.planted))
    run = 0
    for i, e in enumerate(game.truth):
        if e["event"] != "played":
            continue
        if i in matched_truth:
            if run:
                s.lost_runs.append(run)
            run = 0
        else:
            run += 1
    if run:
        s.lost_runs.append(run)
    planted = list(game.planted)
    for r in records:
        if r["event"] == "mistake":
            if r["said"] in planted:
                planted.remove(r["said"])
                s.caught += 1
            else:
                s.false_mistakes += 1
        elif r["event"] == "resync":
            s.resyncs += 1
    # False events after a re-anchoring: from each resync record on, until the next true turn
    # that is not logged (a new mishearing, which has its own cost).
    resync_at = [i for i, r in enumerate(records) if r["event"] == "resync"]
    if resync_at:
        after = game_events(records[resync_at[0]:])
        first = len(logged) - len(after)
        unmatched = [j for j in range(first, len(said)) if j not in matched_said]
        s.false_after_resync = len(unmatched)
    return s


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2, help="games (one per voice table)")
    parser.add_argument("--turns", type=int, default=30, help="turns per game")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--snr", type=float, default=10.0, help="party babble, dB (default 10)")
    parser.add_argument("--clean", action="store_true", help="no babble")
    parser.add_argument("--lead", type=float, default=LEAD_S,
                        help=f"seconds of party before the first announcement (default {LEAD_S:g})")
    parser.add_argument("--mistakes", type=int, default=2, help="wrong totals said per game")
    parser.add_argument("--lang", choices=LANGUAGES, default="en")
    parser.add_argument("--keep", type=Path, default=None,
                        help="folder to keep the recordings and the logs in")
    parser.add_argument("--no-voice", action="store_true",
                        help="find the table again without who spoke as a cue")
    parser.add_argument("--only-with", action="store_true",
                        help="only the run finding the table again (not the one without)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    try:
        recognizer = load_recognizer(DEFAULT_ENGINE, args.lang)
    except EngineError as err:
        sys.exit(f"recorded games bench: {err}")
    tables = voice_sets(args.lang)
    totals = {"without": Score(), "with": Score()}
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        for g in range(args.games):
            seed = args.seed + g
            voices = tables[g % len(tables)]
            game = table_game(seed, args.turns, args.mistakes, args.lang)
            wav = folder / f"game-{seed}.wav"
            seconds = record(game, voices, seed, None if args.clean else args.snr, wav,
                             args.lead)
            for name, on in (("without", False), ("with", True)):
                if args.only_with and not on:
                    continue
                t0 = time.perf_counter()
                records = referee_log(game, wav, recognizer, args.lang, resync=on,
                                      voice_cue=not args.no_voice)
                if args.keep is not None:
                    (folder / f"game-{seed}-{name}.jsonl").write_text(
                        "".join(json.dumps(r) + "\n" for r in records))
                s = score(game, records)
                totals[name].add(s)
                rows.append({"game": seed, "voices": list(voices), "resync": on,
                             "seconds_of_audio": round(seconds, 1),
                             "seconds": round(time.perf_counter() - t0, 1), **figures(s)})
    result = {"lang": args.lang, "snr_db": None if args.clean else args.snr, "lead_s": args.lead,
              "voice_cue": not args.no_voice,
              "turns": args.turns, "games": rows,
              "total": {name: figures(s) for name, s in totals.items()}}
    if args.json:
        print(json.dumps(result, indent=2))
        return
    condition = "clean" if args.clean else f"babble {args.snr:g} dB"
    cue = "without" if args.no_voice else "with"
    print(f"recorded games: {args.games} x {args.turns} turns, {args.lang}, {condition}; "
          f"{args.lead:g} s of party first; heard as `voice-host referee --input` hears them; "
          f"{cue} who spoke as a cue")
    print(f"{'game':>5} {'resync':6} {'true logged':>12} {'false ev/mis':>13} {'caught':>7} "
          f"{'resyncs':>7} {'runs lost (max)':>16} {'secs':>5}")
    for r in rows:
        print(f"{r['game']:>5} {'on' if r['resync'] else 'off':6} "
              f"{r['true_logged']:>12} {r['false_events']:>7}/{r['false_mistakes']:<5} "
              f"{r['caught']:>7} {r['resyncs']:>7} {r['lost_runs']!s:>16} {r['seconds']:>5}")
    for name in ("with",) if args.only_with else ("without", "with"):
        t = figures(totals[name])
        print(f"{name} finding the table again: true events logged {t['true_logged']}; "
              f"false events {t['false_events']} (after a re-anchoring "
              f"{t['false_after_resync']}), false mistakes {t['false_mistakes']}; planted "
              f"mistakes logged {t['caught']}; turns lost per mishearing: max "
              f"{t['max_lost']}, mean {t['mean_lost']} over {t['mishearings']} mishearings")


def figures(s: Score) -> dict[str, object]:
    """A score as printed and as JSON."""
    return {
        "true_logged": f"{s.logged}/{s.true_events}",
        "false_events": s.false_events,
        "false_after_resync": s.false_after_resync,
        "false_mistakes": s.false_mistakes,
        "caught": f"{s.caught}/{s.planted}",
        "resyncs": s.resyncs,
        "lost_runs": s.lost_runs,
        "mishearings": len(s.lost_runs),
        "max_lost": max(s.lost_runs, default=0),
        "mean_lost": round(sum(s.lost_runs) / len(s.lost_runs), 2) if s.lost_runs else 0.0,
    }


if __name__ == "__main__":
    main()
