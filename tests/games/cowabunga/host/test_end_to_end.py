"""Whole games through the real recognizer (the default engine, and PocketSphinx where named): from
WAVs made with espeak-ng, through the PulseAudio virtual microphone, after a kill, and with bad
input."""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

import numpy as np
import pytest

from tests.fixtures_audio import VirtualAudio, wait_for
from voice_host.audio.chunks import read_wav
from voice_host.games.cowabunga.host import Session
from voice_host.games.cowabunga.host.journal import load_journal
from voice_host.voice import synthesize

from .games import REPO, SHORT_GAME, SHORT_GAME_FLAGS, VOICE, VOICE_HOST, read_log, run, speak_game

FIELDS = {
    "heard": {"event", "text", "numbers", "confidence"},
    "played": {"event", "player", "card", "total"},
    "stew_pot": {"event", "player", "island", "holder", "count"},
    "direction": {"event", "by", "counting"},
    "island_drawn": {"event", "player", "island"},
    "game_over": {"event", "reason", "stew_pots", "winners"},
    "mistake": {"event", "player", "said", "reason", "expected"},
    "ask": {"event", "question", "alternatives"},
    "command": {"event", "name"},
    "undone": {"event", "player", "total"},
    "host": {"event", "text"},
}


def check_contract(records: list[dict[str, object]]) -> None:
    """Every record has exactly its contract's fields; a mistake or a penalty follows a confident
    hearing or a logged question."""
    last_heard: dict[str, object] | None = None
    asked = False
    for r in records:
        name = str(r["event"])
        assert set(r) - {"typed"} == FIELDS[name], r
        if name == "heard":
            last_heard, asked = r, False
        elif name == "ask":
            asked = True
        elif name in ("mistake", "stew_pot") and last_heard is not None:
            assert asked or last_heard["numbers"], (r, last_heard)


def game_events(records: list[dict[str, object]]) -> list[tuple[object, ...]]:
    out: list[tuple[object, ...]] = []
    for r in records:
        name = r["event"]
        if name == "played":
            out.append(("played", r["player"], r["total"]))
        elif name == "mistake":
            out.append(("mistake", r["player"], r["reason"], r["said"], r["expected"]))
        elif name in ("command",):
            out.append(("command", r["name"]))
        elif name == "undone":
            out.append(("undone", r["player"], r["total"]))
        elif name == "stew_pot":
            out.append(("stew_pot", r["player"], r["holder"], r["count"]))
        elif name == "direction":
            out.append(("direction", r["by"], r["counting"]))
        elif name == "island_drawn":
            out.append(("island_drawn", r["player"], r["island"]))
        elif name == "game_over":
            out.append(("game_over", r["reason"], tuple(r["winners"])))  # type: ignore[arg-type]
    return out


SHORT_GAME_EVENTS = [
    ("played", "Emily", 11),
    ("mistake", "Maria", "arithmetic", 21, 20),
    ("played", "Maria", 20),
    ("played", "Hendrik", 26),
    ("command", "status"),
    ("mistake", "Emily", "wrong_direction", 22, None),
    ("played", "Emily", 27),
    ("stew_pot", "Emily", "Hendrik", 1),
    ("command", "undo"),
    ("undone", "Emily", 27),
    ("played", "Emily", 27),
    ("stew_pot", "Emily", "Hendrik", 1),
    ("played", "Maria", 34),
    ("direction", "Maria", "down"),
    ("island_drawn", "Emily", 30),
    ("game_over", "island_deck_empty", ("Maria", "Hendrik")),
]


@pytest.mark.slow
@pytest.mark.parametrize("engine", [None, "pocketsphinx"], ids=["default", "pocketsphinx"])
def test_a_recorded_game_end_to_end(tmp_path: Path, engine: str | None) -> None:
    game = speak_game(tmp_path / "game.wav", SHORT_GAME)
    log, journal, host = tmp_path / "events.jsonl", tmp_path / "journal.jsonl", tmp_path / "h.wav"
    chosen = [] if engine is None else ["--engine", engine]
    out = run("referee", *SHORT_GAME_FLAGS, *chosen, "--input", str(game), "--log", str(log),
              "--journal", str(journal), "--speak-to", str(host), "--no-display")
    assert out.returncode == 0, out.stderr
    records = read_log(log)
    check_contract(records)
    assert game_events(records) == SHORT_GAME_EVENTS
    lines = [r["text"] for r in records if r["event"] == "host"]
    assert "Eleven plus nine is twenty, not twenty-one. Maria, try again." in lines
    assert "Stew pot for Emily: Hendrik holds twenty-seven. Emily has one." in lines
    assert "Thirty-four: counting down. Emily, draw an island card and read it out." in lines
    assert lines[-1] == (
        "Emily has thirty. That was the last island card. Game over. "
        "Stew pots: Maria none, Hendrik none, Emily one. Maria and Hendrik win."
    )
    assert sum(r["event"] == "heard" for r in records) == len(SHORT_GAME)
    # The journal replays to the end of the game; the host's lines are in the WAV.
    setup, _, actions = load_journal(journal)
    assert Session.restore(setup, actions).view.is_over
    assert len(read_wav(host)) > 16000 * len(lines)


def test_bad_input_is_one_clear_line_and_loses_nothing(tmp_path: Path) -> None:
    journal = tmp_path / "journal.jsonl"
    out = run("referee", "--no-such-flag")
    assert out.returncode == 2 and "no-such-flag" in out.stderr
    for flags, words in [
        (["--start", "12"], "0 to 9"),
        (["--islands", "Otto=18"], "Otto"),
        (["--islands", "Emily=31"], "10 to 30"),
        (["--players", "Emily"], "2 to 5"),
    ]:
        args = ["--players", "Emily,Maria,Hendrik", "--start", "4", *flags]
        out = run("referee", *args, "--journal", str(journal), "--mute")
        assert out.returncode == 2, out
        assert words in out.stderr and len(out.stderr.strip().splitlines()) == 1, out.stderr
        assert "Traceback" not in out.stderr
    notaudio = tmp_path / "game.wav"
    notaudio.write_text("this is not a recording\n")
    out = run("referee", *SHORT_GAME_FLAGS, "--input", str(notaudio), "--journal", str(journal),
              "--mute", "--no-display")
    assert out.returncode == 2 and "not readable as audio" in out.stderr, out.stderr
    assert "Traceback" not in out.stderr
    assert not journal.exists()  # nothing began: no journal, and no --resume suggested
    assert "--resume" not in out.stderr
    corrupt = tmp_path / "corrupt.jsonl"
    corrupt.write_bytes(b'{"journal": 1, "setup": {"players": ["A", "B"]\n')
    out = run("referee", "--resume", "--journal", str(corrupt), "--mute", "--no-display")
    assert out.returncode == 2 and "corrupt" in out.stderr, out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
    assert corrupt.read_bytes() == b'{"journal": 1, "setup": {"players": ["A", "B"]\n'


def _live(va: VirtualAudio, *args: str) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        [*VOICE_HOST, "referee", *args, "--device", "pulse", "--mute", "--no-display"],
        cwd=REPO,
        env=va.subprocess_env(),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stderr is not None
    for _ in range(5):
        line = proc.stderr.readline()
        if "listening" in line:
            return proc
    proc.kill()
    raise AssertionError(line + proc.stderr.read())


def _type(proc: subprocess.Popen[str], line: str) -> None:
    assert proc.stdin is not None
    proc.stdin.write(line + "\n")
    proc.stdin.flush()


@pytest.mark.needs_audio
def test_resume_after_a_kill_continues_exactly_where_it_stood(
    virtual_audio: VirtualAudio, tmp_path: Path
) -> None:
    journal, log = tmp_path / "journal.jsonl", tmp_path / "events.jsonl"
    proc = _live(virtual_audio, *SHORT_GAME_FLAGS, "--journal", str(journal), "--log", str(log))
    for line in ("11", "+9 21", "20", "26", "27"):
        _type(proc, line)
    wait_for(journal, 4, "play")
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    setup, _, actions = load_journal(journal)
    stood = Session.restore(setup, actions).view
    assert (stood.total, stood.current_player, stood.stew_pots) == (27, "Maria", (1, 0, 0))

    proc = _live(virtual_audio, "--resume", "--journal", str(journal), "--log", str(log))
    for line in ("status", "34", "30"):
        _type(proc, line)
    records = wait_for(log, 1, "game_over")
    _type(proc, "stop")
    proc.wait(timeout=10)
    lines = [r["text"] for r in records if r["event"] == "host"]
    assert "Back to the game. Twenty-seven, counting up. Maria to play." in lines
    assert "Twenty-seven, counting up. Maria to play." in lines
    # The log may lack what the kill cut off after the journal had it; the journal has it all.
    assert [r["total"] for r in records if r["event"] == "played"][-1] == 34
    setup, _, actions = load_journal(journal)
    assert [a.get("card") for a in actions] == [7, 9, 6, 1, 7, None]
    assert actions[-1] == {"action": "island", "island": 30}
    assert Session.restore(setup, actions).view.is_over


@pytest.mark.needs_audio
@pytest.mark.slow
def test_a_game_through_the_virtual_microphone(
    virtual_audio: VirtualAudio, tmp_path: Path
) -> None:
    """The microphone path: each utterance spoken into the virtual microphone is heard once, as
    said (words the ear hears every time: accuracy itself is the recognizer bench's business),
    and typing still works."""
    journal, log = tmp_path / "journal.jsonl", tmp_path / "events.jsonl"
    proc = _live(virtual_audio, *SHORT_GAME_FLAGS, "--journal", str(journal), "--log", str(log))
    said = ("eleven", "twenty", "total")
    lead = np.zeros(8000, dtype=np.int16)
    try:
        for n, text in enumerate(said, start=1):
            speech = synthesize(text, voice=VOICE, rate=175)
            virtual_audio.feed(np.concatenate([lead, speech, lead]), tmp_path)
            wait_for(log, n, "heard")
        _type(proc, "stop")
        proc.wait(timeout=15)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0
    records = read_log(log)
    check_contract(records)
    heard = [r for r in records if r["event"] == "heard"]
    assert len(heard) == len(said) + 1 and heard[-1].get("typed") is True
    assert [r["numbers"] for r in heard] == [[11], [20], [], []], heard
    assert game_events(records) == [("played", "Emily", 11), ("played", "Maria", 20),
                                    ("command", "status"), ("command", "stop")]


@pytest.mark.slow
def test_the_demo_plays_through_the_real_recognizer_into_a_wav(tmp_path: Path) -> None:
    wav, log = tmp_path / "demo.wav", tmp_path / "demo.jsonl"
    out = run("demo", "--game", "cowabunga", "--seed", "3", "--max-turns", "4",
              "--speak-to", str(wav), "--log", str(log), timeout=300)
    assert out.returncode == 0, out.stderr
    assert "HOST: The start card is" in out.stdout and "4 turns" in out.stdout
    records = read_log(log)
    check_contract(records)
    assert sum(r["event"] == "played" for r in records) >= 4
    assert sum(r["event"] == "heard" for r in records) >= 4
    assert len(read_wav(wav)) > 16000 * 4
