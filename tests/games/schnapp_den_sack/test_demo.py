"""Schnapp den Sack's demo through the real ear: bots call with synthesized voices, the real
recognizer hears them, the host judges; the log holds the engine's events and what was heard,
and replaying the verdicts it logged on the same deal gives the same events."""

from __future__ import annotations

import io
import json
import random
import wave
from pathlib import Path

from voice_host.games.entry import DemoRequest
from voice_host.games.schnapp_den_sack import rules
from voice_host.games.schnapp_den_sack.host.demo import PLAYERS, run_demo

ENGINE_EVENTS = ("flipped", "grabbed", "false_grab", "missed", "laid", "game_over")


def test_a_short_demo_logs_the_engines_events_and_what_was_heard(tmp_path: Path) -> None:
    log = io.StringIO()
    said: list[str] = []
    wav = tmp_path / "game.wav"
    summary = run_demo(DemoRequest(seed=3, lang="de", players=None, log=log, wav=wav,
                                   speakers=False, transcript=said.append, max_turns=2))
    assert summary.startswith("2 flips, 1 calls")
    records = [json.loads(line) for line in log.getvalue().splitlines()]
    heard = [r for r in records if r["event"] == "heard"]
    assert heard and heard[0]["words"], "the real ear heard a call word"
    logged = [r for r in records if r["event"] in ENGINE_EVENTS]
    # The same deal, settled with the callers the host named, gives the same events.
    state = rules.deal(PLAYERS, random.Random(3))
    replayed: list[dict[str, object]] = []
    for record in logged:
        if record["event"] == "flipped":
            if state.flipped is not None:
                state, events = rules.apply(state, rules.Settle())
                replayed.extend(e.to_json() for e in events)
            state, events = rules.apply(state, rules.Flip())
            replayed.extend(e.to_json() for e in events)
        elif record["event"] in ("grabbed", "false_grab") and state.flipped is not None:
            state, events = rules.apply(state, rules.Settle(str(record["player"])))
            replayed.extend(e.to_json() for e in events)
    assert replayed == logged[:len(replayed)] and len(replayed) >= len(logged) - 2
    assert any(line.startswith("Anna: ") for line in said)
    with wave.open(str(wav)) as w:
        assert w.getnframes() > 16000
