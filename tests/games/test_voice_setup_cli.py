"""``voice-host play GAME`` without ``--players`` sets the table up by voice: on a recording the
real ear hears the answers (synthesized speech) and the game starts with the players it heard."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from voice_host.audio.chunks import write_wav

pytestmark = pytest.mark.skipif(shutil.which("pico2wave") is None, reason="needs pico2wave")


def _recording(path: Path, voice: str, *texts: str) -> Path:
    from voice_host.speakers import synth

    speaker = synth.Voice("pico", voice, "bench")
    quiet = np.zeros(24000, np.int16)
    said = [quiet]
    for text in texts:
        said += [synth.synthesize(speaker, text), quiet]
    write_wav(path, np.concatenate(said))
    return path


def _play(game: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "voice_host", "play", game, "--mute",
                           "--no-display", "--log", str(cwd / "log.jsonl"), *args],
                          capture_output=True, text=True, timeout=300, cwd=cwd, check=False)


def _log(folder: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in (folder / "log.jsonl").open(encoding="utf-8")]


def test_kapitaen_without_players_asks_how_many_on_a_recording(tmp_path: Path) -> None:
    wav = _recording(tmp_path / "table.wav", "de-DE", "drei", "ja", "Leinen los")
    done = _play("kapitaen-wackelpudding", "--input", str(wav), "--journal",
                 str(tmp_path / "j.jsonl"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    log = _log(tmp_path)
    assert log[0] == {"event": "host", "text": "Wie viele spielen mit?"}
    assert {"event": "setup", "question": "players", "answer": 3} in log
    assert any(r["event"] == "rolled" and r["player"] == "Spieler 1" for r in log)
    header = json.loads((tmp_path / "j.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert header["setup"]["players"] == ["Spieler 1", "Spieler 2", "Spieler 3"]


def test_turtle_soup_without_players_asks_how_many_on_a_recording(tmp_path: Path) -> None:
    wav = _recording(tmp_path / "table.wav", "it-IT", "cinque", "sì")
    done = _play("turtle-soup", "--input", str(wav), "--seed", "3", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    log = _log(tmp_path)
    assert log[0] == {"event": "host", "text": "Quanti giocatori?"}
    assert {"event": "setup", "question": "players", "answer": 5} in log
    assert "Cena uno di cinque" in done.stdout and "Giocatore 5 6" in done.stdout


def test_a_setup_the_recording_never_finishes_starts_nothing(tmp_path: Path) -> None:
    wav = _recording(tmp_path / "table.wav", "en-US", "pass the crisps please")
    done = _play("kapitaen-wackelpudding", "--lang", "en", "--input", str(wav), "--journal",
                 str(tmp_path / "j.jsonl"), cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip().endswith("the setup was not finished; nothing was started")
    assert not (tmp_path / "j.jsonl").exists()
