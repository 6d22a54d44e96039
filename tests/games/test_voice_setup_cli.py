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

needs_pico = pytest.mark.skipif(shutil.which("pico2wave") is None, reason="needs pico2wave")


def _recording(path: Path, voice: str, *texts: str) -> Path:
    from voice_host.speakers import synth

    speaker = synth.Voice("pico", voice, "bench")
    quiet = np.zeros(24000, np.int16)
    said = [quiet]
    for text in texts:
        said += [synth.synthesize(speaker, text), quiet]
    write_wav(path, np.concatenate(said))
    return path


def _play(game: str, *args: str, cwd: Path, typed: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "voice_host", "play", game, "--mute",
                           "--no-display", "--log", str(cwd / "log.jsonl"), *args], input=typed,
                          capture_output=True, text=True, timeout=300, cwd=cwd, check=False)


def _log(folder: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in (folder / "log.jsonl").open(encoding="utf-8")]


@needs_pico
def test_kapitaen_without_players_asks_how_many_on_a_recording(tmp_path: Path) -> None:
    wav = _recording(tmp_path / "table.wav", "de-DE", "drei", "ja", "Leinen los")
    done = _play("kapitaen-wackelpudding", "--input", str(wav), "--journal",
                 str(tmp_path / "j.jsonl"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    log = _log(tmp_path)
    assert log[0] == {"event": "host",
                      "text": "Wie viele spielen mit? Spieler eins ist die oder der Jüngste."}
    assert {"event": "setup", "question": "players", "answer": 3} in log
    assert any(r["event"] == "rolled" and r["player"] == "Spieler 1" for r in log)
    header = json.loads((tmp_path / "j.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert header["setup"]["players"] == ["Spieler 1", "Spieler 2", "Spieler 3"]


@needs_pico
def test_turtle_soup_without_players_asks_how_many_on_a_recording(tmp_path: Path) -> None:
    wav = _recording(tmp_path / "table.wav", "it-IT", "cinque", "sì")
    done = _play("turtle-soup", "--input", str(wav), "--seed", "3", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    log = _log(tmp_path)
    assert log[0] == {"event": "host", "text": "Quanti giocatori?"}
    assert {"event": "setup", "question": "players", "answer": 5} in log
    assert "Cena uno di cinque" in done.stdout and "Giocatore 5 6" in done.stdout


@needs_pico
def test_a_setup_the_recording_never_finishes_starts_nothing(tmp_path: Path) -> None:
    wav = _recording(tmp_path / "table.wav", "en-US", "pass the crisps please")
    done = _play("kapitaen-wackelpudding", "--lang", "en", "--input", str(wav), "--journal",
                 str(tmp_path / "j.jsonl"), cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip().endswith("the setup was not finished; nothing was started")
    assert not (tmp_path / "j.jsonl").exists()


@needs_pico
def test_schnapp_without_players_asks_players_plate_and_pace_on_a_recording(
        tmp_path: Path) -> None:
    wav = _recording(tmp_path / "table.wav", "de-DE", "zwei", "ja", "zwölf", "vier")
    done = _play("schnapp-den-sack", "--input", str(wav), "--journal", str(tmp_path / "j.jsonl"),
                 cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    answers = {r["question"]: r["answer"] for r in _log(tmp_path) if r["event"] == "setup"}
    assert answers == {"players": 2, "plate": 12, "wait": 4}
    assert "Ziel: zwölf. Ananas, Krokodil." in done.stdout
    header = json.loads((tmp_path / "j.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert header["setup"]["deal"]["players"] == ["Ananas", "Krokodil"]
    assert header["setup"]["deal"]["targets"] == [12] and header["setup"]["wait_s"] == 4.0


def test_schnapp_without_players_takes_the_setup_typed(tmp_path: Path) -> None:
    done = _play("schnapp-den-sack", "--keyboard", "--lang", "en", "--plates", "6,12",
                 "--journal", str(tmp_path / "j.jsonl"), cwd=tmp_path,
                 typed="one\nthree\nyes\n9\n2\nstop\n")
    assert done.returncode == 0, done.stderr
    assert "One? A table has two to five players." in done.stdout
    assert "Nine? I wait one to eight seconds." in done.stdout
    assert "Target: six, twelve. pineapple, crocodile, chocolate." in done.stdout
    answers = {r["question"]: r["answer"] for r in _log(tmp_path) if r["event"] == "setup"}
    assert answers == {"players": 3, "wait": 2}
