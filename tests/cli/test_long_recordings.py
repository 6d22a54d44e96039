"""Recordings of any length: one longer than Whisper's 30-second window is heard in windows, the
files after it are heard too, and hearing writes nothing into the home folder."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from tests.conftest import FSDD, needs_fsdd
from voice_host.audio.chunks import read_wav, write_wav
from voice_host.ear.recognizer import EarRecognizer
from voice_host.ear.whisper import MAX_SAMPLES, cache_dir
from voice_host.recognition import SAMPLE_RATE, turn_expectation

pytestmark = [needs_fsdd, pytest.mark.slow]


def _quiet(seconds: float, seed: int) -> np.ndarray:
    """A room's faint noise floor (about -60 dBFS)."""
    rng = np.random.default_rng(seed)
    return rng.integers(-30, 31, round(seconds * SAMPLE_RATE)).astype(np.int16)


def _long(path: Path, digit: str, before: float, after: float) -> Path:
    """A recording of one human digit from the shared corpus between stretches of quiet."""
    clip = read_wav(FSDD / f"{digit}_jackson_3.wav")
    write_wav(path, np.concatenate([_quiet(before, 1), clip, _quiet(after, 2)]))
    return path


@pytest.fixture(scope="module")
def ear() -> EarRecognizer:
    return EarRecognizer("en")


def test_hear_takes_recordings_past_whispers_window_and_goes_on(tmp_path: Path) -> None:
    long = _long(tmp_path / "long.wav", "7", 20.0, 14.5)  # 35 s
    longer = _long(tmp_path / "longer.wav", "5", 48.0, 25.0)  # 73 s: three pieces
    short = FSDD / "0_jackson_0.wav"
    home = tmp_path / "home"
    home.mkdir()
    # The ear's own cache stays where it is (writing there is allowed); HOME is a new folder.
    env = {**os.environ, "HOME": str(home), "VOICE_HOST_CACHE": str(cache_dir())}
    result = subprocess.run([sys.executable, "-m", "voice_host", "hear", str(long), str(longer),
                             str(short)], capture_output=True, text=True, env=env, timeout=600,
                            check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    assert "Traceback" not in result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line["file"] for line in lines] == [str(long), str(longer), str(short)]
    assert [line["numbers"] for line in lines] == [[7], [5], [0]]
    # onnxruntime's telemetry would leave a device id under ~/.cache/Microsoft.
    assert sorted(p.relative_to(home) for p in home.rglob("*")) == []


def test_a_long_utterance_at_a_turn_is_heard_in_windows(ear: EarRecognizer,
                                                        tmp_path: Path) -> None:
    """The referee and ``listen`` hear what the endpointer cut, however long: a 35-second
    utterance at a turn gives the total said in it, not onnxruntime's error."""
    samples = read_wav(_long(tmp_path / "turn.wav", "7", 20.0, 14.5))
    assert len(samples) > MAX_SAMPLES
    hearing = ear.recognize(samples, turn_expectation(4))
    assert hearing.numbers == (7,)


def test_a_long_utterance_of_quiet_is_heard_as_nothing(ear: EarRecognizer) -> None:
    hearing = ear.recognize(_quiet(40.0, 3))
    assert hearing.is_empty and hearing.command is None
    assert all(a.numbers for a in hearing.alternatives)


def test_the_longest_utterance_whisper_takes_at_once_is_heard_whole(ear: EarRecognizer) -> None:
    clip = read_wav(FSDD / "7_jackson_3.wav")
    quiet = _quiet((MAX_SAMPLES - len(clip)) / SAMPLE_RATE / 2, 4)
    samples = np.concatenate([quiet, clip, quiet])[:MAX_SAMPLES]
    hearing = ear.recognize(samples)
    assert hearing.numbers == (7,)
