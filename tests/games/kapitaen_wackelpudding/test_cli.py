"""``voice-host play kapitaen-wackelpudding``: bad flags are one line and exit 2; a recorded
game is heard through the real ear, journaled, and resumed from its journal."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from voice_host.audio.chunks import write_wav


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "voice_host", "play", "kapitaen-wackelpudding",
                           *args], capture_output=True, text=True, timeout=300, cwd=cwd,
                          check=False)


@pytest.mark.parametrize(("args", "says"), [
    (("--players", "Anna"), "--players 'Anna': 1 player"),
    (("--players", "Anna,Anna"), "named twice"),
    (("--players", "Anna,Ben", "--lang", "fr"), "--lang 'fr': choose one of de, en"),
])
def test_bad_flags_are_one_line_and_exit_2(args: tuple[str, ...], says: str,
                                           tmp_path: Path) -> None:
    done = _run(*args, "--mute", "--no-display", "--journal", str(tmp_path / "j.jsonl"),
                cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and says in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "j.jsonl").exists()


@pytest.mark.skipif(shutil.which("pico2wave") is None, reason="needs pico2wave")
def test_a_recorded_turn_is_heard_journaled_and_resumed(tmp_path: Path) -> None:
    from voice_host.speakers import synth

    voice = synth.Voice("pico", "de-DE", "bench")
    quiet = np.zeros(32000, np.int16)
    said = [quiet]
    for text in ("Leinen los", "wir sind angekommen"):
        said += [synth.synthesize(voice, text), quiet]
    write_wav(tmp_path / "turn.wav", np.concatenate(said))
    write_wav(tmp_path / "quiet.wav", quiet)
    common = ("--mute", "--no-display", "--journal", str(tmp_path / "j.jsonl"),
              "--log", str(tmp_path / "log.jsonl"))
    first = _run("--players", "Anna,Ben", "--seed", "4", "--input", str(tmp_path / "turn.wav"),
                 *common, cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    events = [json.loads(line)["event"] for line in (tmp_path / "log.jsonl").open()]
    assert events.count("heard") == 2 and "rolled" in events and events.count("loaded") == 2
    assert "Ben to move" in first.stdout
    again = _run("--resume", "--input", str(tmp_path / "quiet.wav"), *common, cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert "Ben ist dran" in again.stdout and "Ben to move" in again.stdout
