"""The simulated table through the real ear: bots say the roll word, what fell and "arrived" in
synthesized voices, the real recognizer hears them, and the log's rolls and falls, replayed
through the engine, give the events the host logged."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest

from voice_host.games.kapitaen_wackelpudding.replay import replay
from voice_host.games.kapitaen_wackelpudding.rules import CONTRACT_EVENTS

pytestmark = pytest.mark.skipif(
    shutil.which("espeak-ng") is None or not Path("/usr/share/mbrola/de1").is_dir()
    or shutil.which("pico2wave") is None, reason="needs espeak-ng, mbrola-de1 and pico2wave")


def test_a_short_demo_logs_heard_and_events_the_engine_replays_the_same() -> None:
    from voice_host.ear.backends import load_recognizer
    from voice_host.ear.game_words import GameWordEar
    from voice_host.games.kapitaen_wackelpudding.host.demo import SimTable

    log = io.StringIO()
    table = SimTable(["Anna", "Ben"], seed=3, recognizer=GameWordEar(load_recognizer("ear", "de")),
                     lang="de", fall_chance=1.0, touch_chance=0.0,
                     voices=(("pico", "de-DE"), ("mbrola", "mb-de1")), log=log)
    stats = table.play(max_turns=2)
    records = [json.loads(line) for line in log.getvalue().splitlines()]
    heard = [r for r in records if r["event"] == "heard"]
    assert stats.utterances >= 4 and len(heard) >= stats.utterances
    assert stats.booked_wrong == 0 and stats.falls == 2
    assert not any(r["event"] == "undone" for r in records)
    turns: list[dict[str, object]] = []
    for r in records:
        if r["event"] == "rolled":
            turns.append({"roll": r["port"]})
        elif r["event"] == "fell":
            turns[-1]["fell"] = r["goods"]
    logged = [r for r in records if r["event"] in CONTRACT_EVENTS]
    expected = [e for e in replay(json.dumps({"players": ["Anna", "Ben"], "turns": turns}))
                if e["event"] != "state"]
    assert logged[: len(expected)] == expected and len(logged) == len(expected) + 1
    assert all("fell" in t for t in turns)
