"""``voice-host play schnapp-den-sack --buzzers``: each player calls by a key of their own, timed
when it arrives; the first player key settles the card, a key of nobody is ignored, a spoken call
word is no call, and the terminal's mode is put back however the table ends."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import termios
import time
from pathlib import Path

import numpy as np
import pytest
from rich.console import Console

from voice_host.audio.chunks import AudioChunk, samples_to_chunks
from voice_host.ear.backends import load_recognizer
from voice_host.ear.early import table_endpointer
from voice_host.ear.game_words import GameWordEar
from voice_host.games.schnapp_den_sack.host.buzzers import (
    BuzzerError,
    assign_keys,
    parse_keys,
)
from voice_host.games.schnapp_den_sack.host.key_calls import hear_with_keys
from voice_host.games.schnapp_den_sack.host.listen import StreamTable
from voice_host.games.schnapp_den_sack.host.session import seeded_session
from voice_host.host.step import Step
from voice_host.speakers import synth

TABLE = ("play", "schnapp-den-sack", "--players", "Anna,Ben", "--seed", "1", "--mute",
         "--keyboard", "--no-display", "--buzzers")
"""Seed 1 deals Anna's Frecher Sack 1 first (it reaches nothing), then Ben's Dudelsack 4; flip
5, Ben's Dudelsack 3, is the first that makes a plate."""


def voice_host(*args: str, stdin: str = "", cwd: Path | None = None,
               ) -> subprocess.CompletedProcess[str]:
    """Run the command line as a user would."""
    return subprocess.run([sys.executable, "-m", "voice_host", *args], input=stdin, cwd=cwd,
                          capture_output=True, text=True, timeout=120, check=False)


def records(log: Path) -> list[dict[str, object]]:
    """The log's records, without the host's lines."""
    return [r for r in map(json.loads, log.read_text().splitlines()) if r["event"] != "host"]


def test_keys_go_to_each_name_s_first_letter_else_a_free_key() -> None:
    keys = assign_keys(["Anna", "Anton", "Quentin", "Zoë", "9lives"]).keys
    assert keys == {"Anna": "a", "Anton": "p", "Quentin": "q", "Zoë": "z", "9lives": "m"}
    assert assign_keys(["Anna", "Ben"], parse_keys("L, 1")).keys == {"Anna": "l", "Ben": "1"}
    assert assign_keys(["Anna", "Ben"]).player("B") == "Ben"
    assert assign_keys(["Anna", "Ben"]).player("x") is None


@pytest.mark.parametrize(("keys", "players", "says"), [
    ("a,a", 2, "--keys 'a,a': key a is given twice; each player needs a key of their own"),
    ("a,bc", 2, "--keys 'a,bc': 'bc' is not one key (a letter a-z or a digit)"),
    ("a,", 2, "--keys 'a,': '' is not one key (a letter a-z or a digit)"),
    ("a,b", 3, "--keys: 2 keys for 3 players (P0, P1, P2); give one per player in turn order"),
])
def test_keys_that_cannot_work_say_why(keys: str, players: int, says: str) -> None:
    with pytest.raises(BuzzerError) as err:
        assign_keys([f"P{i}" for i in range(players)], parse_keys(keys))
    assert str(err.value) == says


def test_the_first_player_key_settles_the_card_and_a_key_of_nobody_is_ignored(
        tmp_path: Path) -> None:
    done = voice_host(*TABLE, "--journal", "j.jsonl", "--log", "l.jsonl", stdin="xBa",
                      cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "drückt A, Ben drückt B." in done.stdout
    found = records(tmp_path / "l.jsonl")
    # x is nobody's; Anna's a came before the next card was said: no call on it; then the keys
    # ended
    assert found[1:3] == [{"event": "buzzer", "player": "Ben", "key": "b"},
                          {"event": "false_grab", "player": "Ben", "returned": False}]
    assert [r["event"] for r in found] == ["flipped", "buzzer", "false_grab", "laid", "flipped"]
    actions = [json.loads(line) for line in (tmp_path / "j.jsonl").read_text().splitlines()[1:]]
    assert actions == [{"action": "flip"}, {"action": "settle", "caller": "Ben"},
                       {"action": "flip"}]


def test_keys_after_a_typed_setup_are_not_lost(tmp_path: Path) -> None:
    done = voice_host("play", "schnapp-den-sack", "--plates", "6", "--wait", "3", "--seed", "1",
                      "--mute", "--keyboard", "--no-display", "--buzzers", "--log", "l.jsonl",
                      "--journal", "j.jsonl", stdin="zwei\nxk", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    # the players are named by their call words, and keyed by them
    assert "Ananas drückt A, Krokodil drückt K." in done.stdout
    assert {"event": "buzzer", "player": "Krokodil", "key": "k"} in records(
        tmp_path / "l.jsonl")


def test_a_buzzed_game_resumes_by_key(tmp_path: Path) -> None:
    first = voice_host(*TABLE, "--journal", "j.jsonl", "--log", "l.jsonl", stdin="a",
                       cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    again = voice_host("play", "schnapp-den-sack", "--resume", "--journal", "j.jsonl", "--log",
                       "l.jsonl", "--mute", "--keyboard", "--no-display", "--buzzers",
                       "--keys", "k,l", stdin="kl", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    found = records(tmp_path / "l.jsonl")
    assert found[-4:] == [{"event": "buzzer", "player": "Anna", "key": "k"},
                          {"event": "false_grab", "player": "Anna", "returned": False},
                          {"event": "laid", "row": "dudel", "on": None},
                          {"event": "flipped", "flip": 2, "player": "Anna", "kind": "traenen",
                           "sacks": 5}]


class Table:
    """The command running, with keys pressed while it plays and its lines read as they come."""

    def __init__(self, *args: str, cwd: Path, stdin: int | None = None) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "voice_host", *args], cwd=cwd, text=True,
            stdin=subprocess.PIPE if stdin is None else stdin, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, env={**os.environ, "PYTHONFAULTHANDLER": "1"},
            # A suite started in the background inherits an ignored SIGINT; a player's shell
            # does not, and Ctrl-C is what the test presses.
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        self.seen: list[str] = []

    def wait_for(self, text: str, timeout: float = 60.0) -> None:
        """Read the transcript until a line holds ``text``."""
        assert self.proc.stdout is not None
        end = time.monotonic() + timeout
        while not any(text in line for line in self.seen):
            left = end - time.monotonic()
            ready, _, _ = select.select([self.proc.stdout], [], [], max(0.0, left))
            assert ready, f"no {text!r} in {self.seen}"
            line = self.proc.stdout.readline()
            assert line, f"the table ended without {text!r}: {self.seen}"
            self.seen.append(line)

    def exit_status(self, timeout: float) -> int:
        """The command's exit status; if it has not ended within ``timeout`` seconds, the test
        fails with where each of its threads was (the command runs with faulthandler on)."""
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.send_signal(signal.SIGABRT)
            _, stderr = self.proc.communicate(timeout=30)
            pytest.fail(f"still running after {timeout} s; its threads:\n{stderr[-4000:]}")

    def press(self, keys: str, after: float = 0.3) -> None:
        """Press ``keys`` ``after`` seconds from now."""
        assert self.proc.stdin is not None
        time.sleep(after)
        self.proc.stdin.write(keys)
        self.proc.stdin.flush()


def test_keys_pressed_while_cards_wait_call_them_and_the_wait_runs_out_between(
        tmp_path: Path) -> None:
    table = Table(*TABLE, "--wait", "1", "--log", "l.jsonl", "--journal", "j.jsonl",
                  cwd=tmp_path)
    table.wait_for("Anna: Frecher Sack, eins.")
    table.press("xb")
    # Anna's key 0.1 s after Ben's is the slower hand of the same race, though the muted host
    # shows the next card at once: no call on it
    table.press("a", after=0.1)
    table.wait_for("Ben: falsch geschnappt!")
    table.wait_for("Ben: Dudelsack, drei.")  # flips 1-4 reach nothing: each wait runs out
    table.press("b")
    table.wait_for("Ben schnappt!")
    assert table.proc.stdin is not None
    table.proc.stdin.close()
    assert table.exit_status(timeout=60) == 0
    callers = [(r["event"], r["player"]) for r in records(tmp_path / "l.jsonl")
               if r["event"] in ("buzzer", "grabbed", "false_grab")]
    assert callers == [("buzzer", "Ben"), ("false_grab", "Ben"), ("buzzer", "Ben"),
                       ("grabbed", "Ben")]


def test_the_terminal_takes_single_keys_while_the_table_runs_and_is_restored_on_ctrl_c(
        tmp_path: Path) -> None:
    leader, follower = os.openpty()
    try:
        before = termios.tcgetattr(follower)
        table = Table(*TABLE, "--wait", "8", cwd=tmp_path, stdin=follower)
        table.wait_for("Anna: Frecher Sack, eins.")
        time.sleep(0.3)
        during = termios.tcgetattr(follower)
        assert not during[3] & (termios.ICANON | termios.ECHO)  # keys one by one, unechoed
        assert during[3] & termios.ISIG  # Ctrl-C still interrupts
        table.proc.send_signal(signal.SIGINT)
        assert table.exit_status(timeout=60) == 130
        assert termios.tcgetattr(follower) == before
    finally:
        os.close(leader)
        os.close(follower)


@pytest.mark.parametrize(("args", "says"), [
    (("--buzzers", "--input", "game.wav"), "--buzzers: a recording has no keys; leave out "
                                           "--input or --buzzers"),
    (("--keys", "a,b", "--players", "Anna,Ben"), "--keys gives the buzzer keys: add --buzzers"),
    (("--buzzers", "--keys", "a,a", "--players", "Anna,Ben"),
     "--keys 'a,a': key a is given twice; each player needs a key of their own"),
    (("--buzzers", "--keys", "a,b"), "--keys needs --players (one key per player in turn "
                                     "order); without it, the keys follow the names the table "
                                     "is set up with"),
])
def test_buzzer_flags_that_do_not_fit_are_one_line_and_exit_2(
        tmp_path: Path, args: tuple[str, ...], says: str) -> None:
    done = voice_host("play", "schnapp-den-sack", "--mute", "--keyboard", *args, cwd=tmp_path)
    assert (done.returncode, done.stdout, done.stderr.strip()) == (2, "", f"voice-host: {says}")
    assert list(tmp_path.iterdir()) == []


def test_practice_by_buzzer_key_calls_with_the_person_s_key(tmp_path: Path) -> None:
    done = voice_host("train", "schnapp", "--buzzers", "--bots", "1", "--level", "1", "--seed",
                      "4", "--no-store", "--mute", "--log", "p.jsonl", stdin="xd", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "press D to call" in done.stdout
    # seed 4: Du's Frecher Sack 2 reaches nothing; x is no call, D is Du's (wrong) call
    assert records(tmp_path / "p.jsonl")[:3] == [
        {"event": "flipped", "flip": 0, "player": "Du", "kind": "frech", "sacks": 2},
        {"event": "heard", "text": "Du", "numbers": [], "confidence": 1.0, "words": ["Du"],
         "typed": True},
        {"event": "false_grab", "player": "Du", "returned": False}]
    assert "1 wrong calls" in done.stdout
    both = voice_host("train", "schnapp", "--buzzers", "--keyboard", cwd=tmp_path)
    assert (both.returncode, both.stderr.strip()) == (
        2, "voice-host: --buzzers and --keyboard: choose one way to call")


def test_with_buzzers_a_spoken_call_word_is_no_call_and_questions_are_answered() -> None:
    session = seeded_session(("Anna", "Ben"), 1, lang="en")
    session.use_buzzers(assign_keys(session.state.players))
    assert session.start().lines[0] == "Grab the Sack! Target: six. Anna presses A, Ben presses B."
    assert session.type("crocodile").lines == []
    assert session.state.flips == 1
    assert session.type("rows").lines[0].startswith("bagpipe sacks: one.")
    step = session.buzz("Ben")
    assert {"event": "false_grab", "player": "Ben", "returned": False} in step.records
    assert session.type("undo").lines[0].startswith("Taken back.")
    assert session.state.flips == 1 and session.state.flipped is not None


def test_the_live_view_shows_each_player_s_key_in_large_print() -> None:
    session = seeded_session(("Anna", "Ben"), 1)
    session.use_buzzers(assign_keys(session.state.players, parse_keys("k,l")))
    session.start()
    console = Console(width=100, record=True)
    console.print(session.table.render(True, []))
    shown = console.export_text()
    assert "Taste" in shown and "ruft" not in shown
    assert any("Anna" in line and " K " in line for line in shown.splitlines())


class Microphone:
    """A scripted stand-in for the microphone (there is none on a test machine): the chunks of
    ``speech``, then Ben's key pressed and the keys closed when they run out."""

    def __init__(self, speech: np.ndarray, keys: int) -> None:
        self.chunks = list(samples_to_chunks(speech))
        self.keys = keys

    def read(self, timeout: float | None = None) -> AudioChunk | None:
        if self.chunks:
            return self.chunks.pop(0)
        if self.keys >= 0:
            os.write(self.keys, b"b")
            os.close(self.keys)
            self.keys = -1
        return None


def test_beside_the_microphone_a_key_calls_and_the_ear_answers_questions() -> None:
    voice = synth.Voice("mbrola", "mb-de1", "train")
    quiet = np.zeros(16000, np.int16)
    speech = np.concatenate([quiet, synth.synthesize(voice, "Krokodil"), quiet,
                             synth.synthesize(voice, "Reihen"), quiet])
    session = seeded_session(("Anna", "Ben"), 1, wait_s=8.0)
    keys = assign_keys(session.state.players)
    session.use_buzzers(keys)
    records: list[dict[str, object]] = []

    def handle(step: Step) -> float:
        records.extend(r for r in step.records if r["event"] != "host")
        return 0.0

    table = StreamTable(session, GameWordEar(load_recognizer("ear", "de")), table_endpointer(),
                        handle)
    read, write = os.pipe()
    with os.fdopen(read, encoding="utf-8") as pressed:
        hear_with_keys(table, Microphone(speech, write), pressed, keys, session.start())
    # the call word is heard (as Ben's) but is no call; "Reihen" is answered; Ben's key calls
    heard = [r for r in records if r["event"] == "heard"]
    assert [h["words"] for h in heard] == [["Ben"], ["rows"]]
    assert [r["event"] for r in records if r["event"] != "heard"] == [
        "flipped", "buzzer", "false_grab", "laid", "flipped"]
