"""``voice-host play schnapp-den-sack`` through the virtual microphone: a spoken call word is
heard live, judged, journaled and logged."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from tests.fixtures_audio import VirtualAudio, virtual_audio, wait_for
from voice_host.speakers import synth

__all__ = ["virtual_audio"]


@pytest.mark.needs_audio
@pytest.mark.slow
def test_a_call_spoken_into_the_microphone_is_judged(virtual_audio: VirtualAudio,
                                                     tmp_path: Path) -> None:
    log, journal = tmp_path / "game.jsonl", tmp_path / "journal.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-m", "voice_host", "play", "schnapp-den-sack", "--players", "Anna,Ben",
         "--seed", "1", "--wait", "8", "--device", "pulse", "--mute", "--no-display",
         "--log", str(log), "--journal", str(journal)],
        env=virtual_audio.subprocess_env(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True)
    assert proc.stdin is not None and proc.stderr is not None
    try:
        note = proc.stderr.readline()  # written once the microphone is open
        assert "journal" in note, note + proc.stderr.read()
        call = synth.synthesize(synth.Voice("mbrola", "mb-de1", "train"), "Krokodil")
        quiet = np.zeros(8000, np.int16)
        virtual_audio.feed(np.concatenate([quiet, call, quiet]), tmp_path)
        records = wait_for(log, 1, "false_grab", timeout=60.0)
        proc.stdin.write("stopp\n")
        proc.stdin.flush()
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
    # Anna's Frecher Sack 1 reaches nothing: Ben's call is a wrong grab.
    heard = [r for r in records if r["event"] == "heard"]
    assert heard[0]["words"] == ["Ben"]
    assert {"event": "false_grab", "player": "Ben", "returned": False} in records
    actions = [json.loads(x) for x in journal.read_text().splitlines()]
    assert {"action": "settle", "caller": "Ben"} in actions
