"""Turtle Soup's demo end to end: bots' answers synthesized, heard by the real ear, judged by the
host; the log's events are the engine's for the cards turned up and the takers paid."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from voice_host.games.entry import DemoError, DemoRequest
from voice_host.games.registry import game
from voice_host.games.turtle_soup.host.demo import demo_voices
from voice_host.games.turtle_soup.replay import replay

CONTRACT = {"dinner", "revealed", "round", "spoiled", "dinner_over", "game_over"}


def _voices_here() -> bool:
    try:
        return bool(demo_voices("it"))
    except DemoError:
        return False


@pytest.mark.skipif(not _voices_here(), reason="needs one of the demo's Italian voices")
def test_a_short_demo_logs_heard_answers_and_the_engine_s_events(tmp_path: Path) -> None:
    log = io.StringIO()
    wav = tmp_path / "soup.wav"
    entry = game("turtle-soup")
    assert entry.demo is not None
    summary = entry.demo(DemoRequest(seed=4, lang="it", players=None, log=log, wav=wav,
                                     speakers=False, transcript=lambda line: None, max_turns=1))
    assert summary.startswith("1 rounds")
    records = [json.loads(line) for line in log.getvalue().splitlines()]
    assert any(r["event"] == "heard" and r.get("words") for r in records)
    logged = [r for r in records if r["event"] in CONTRACT]
    first = logged[:next((i for i, r in enumerate(logged) if r == {"event": "dinner",
                                                                    "number": 2}), len(logged))]
    script = {"players": ["Anna", "Bruno", "Carla", "Davide"], "dinners": [{
        "cards": [r["card"] for r in first if r["event"] == "revealed"],
        "takers": [r["takers"] for r in first if r["event"] == "round"]}]}
    assert replay(json.dumps(script))[:len(first)] == first
    assert wav.stat().st_size > 16_000 * 2
