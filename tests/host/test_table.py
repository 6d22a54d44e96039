"""The table app hosts any game: the seam's tiny counting game, written for the tests, is run
from a recording with its journal, log and summary, resumed from its journal, and refused
another game's journal, by :func:`~voice_host.host.table.run_table` without a line of
Cowabunga."""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from tests.cli.helpers import ScriptedEar, utterances
from tests.host.test_seam import Counting, Said, Words
from voice_host.audio.mic import AudioDeviceError
from voice_host.host.dialogue import Dialogue
from voice_host.host.journal import JournalContents
from voice_host.host.seam import Policy
from voice_host.host.step import JSONObject, Step
from voice_host.host.table import (
    FlagSetup,
    SetupJudge,
    TableError,
    TableGame,
    TableRun,
    run_table,
)
from voice_host.recognition import Expectation, Hearing, Samples

PLAYERS = ("Ann", "Ben")


@dataclass(frozen=True)
class Seats:
    """The counting game's setup: who plays."""

    players: tuple[str, ...]

    def to_json(self) -> JSONObject:
        return {"players": list(self.players)}


def counting_session(players: tuple[str, ...], can_answer: bool) -> Dialogue[Said]:
    game = Counting(players)
    dialogue = Dialogue(game, Words(), can_answer=can_answer, policy=Policy())
    game.host = dialogue
    return dialogue


def counted(session: Dialogue[Said]) -> list[int]:
    game = session.game
    assert isinstance(game, Counting)
    return game.counted


class CountingTable:
    """The counting game's parts of a table."""

    id = "counting"
    untagged = False
    journal_name = "counting-journal.jsonl"

    def __init__(self, can_answer: bool = False) -> None:
        self.can_answer = can_answer

    def ask_setup(self) -> SetupJudge:
        return FlagSetup(Seats(PLAYERS), Words())

    def begin(self, setup: SetupJudge) -> tuple[Seats, Dialogue[Said]]:
        return Seats(PLAYERS), counting_session(PLAYERS, self.can_answer)

    def restore(self, journal: JournalContents, *, can_answer: bool) -> Dialogue[Said]:
        assert isinstance(journal.setup, dict)
        session = counting_session(tuple(journal.setup["players"]), can_answer)
        numbers = counted(session)
        for action in journal.actions:
            if action["action"] == "count":
                numbers.append(int(str(action["number"])))
            elif action["action"] == "undo":
                numbers.pop()
            else:
                raise ValueError(f"unknown action {action!r}")
        return session

    def opening(self, session: Dialogue[Said], *, resumed: bool) -> Step:
        step = Step()
        text = f"Go on from {len(counted(session))}." if resumed else "Count from one."
        session.say_line(step, text)
        return step

    def summary(self, session: Dialogue[Said], recording: Path) -> str:
        return f"end of {recording.name}: counted to {len(counted(session))}"


def a_run(tmp_path: Path, heard: list[str], count: int, name: str) -> TableRun:
    ear = ScriptedEar(heard)
    return TableRun(lang="en", ear=lambda lang: ear, again="count --resume",
                    recording=utterances(tmp_path / f"{name}.wav", count),
                    journal=tmp_path / "j.jsonl", log=tmp_path / "log.jsonl", mute=True,
                    display=False, notes=io.StringIO())


def test_a_game_of_its_own_is_hosted_journaled_and_resumed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game: TableGame[Dialogue[Said]] = CountingTable()  # checked against the protocol here
    marked: list[JSONObject] = []
    first = replace(a_run(tmp_path, ["one", "two"], 2, "a"), earcons=marked.append)
    assert run_table(game, first) == 0
    lines = (tmp_path / "j.jsonl").read_text().splitlines()
    header = json.loads(lines[0])
    assert header == {"journal": 1, "game": "counting", "setup": {"players": ["Ann", "Ben"]},
                      "lang": "en"}
    assert [json.loads(line) for line in lines[1:]] == [
        {"action": "count", "number": 1}, {"action": "count", "number": 2}]
    assert "end of a.wav: counted to 2" in capsys.readouterr().out
    log = [json.loads(line) for line in (tmp_path / "log.jsonl").read_text().splitlines()]
    assert log[0] == {"event": "host", "text": "Count from one."}
    assert marked == log  # every record the game logged is offered to its earcons, in order
    again = replace(a_run(tmp_path, ["three"], 1, "b"), resume=True)
    assert run_table(game, again) == 0
    assert "end of b.wav: counted to 3" in capsys.readouterr().out
    assert len((tmp_path / "j.jsonl").read_text().splitlines()) == 4
    resumed = [json.loads(line) for line in (tmp_path / "log.jsonl").read_text().splitlines()]
    assert resumed[: len(log)] == log  # the log of a resumed game is appended to
    assert {"event": "host", "text": "Go on from 2."} in resumed[len(log):]


def test_another_games_journal_is_refused_in_one_line_and_left_as_it_is(tmp_path: Path) -> None:
    journal = tmp_path / "j.jsonl"
    cowabunga = ('{"journal": 1, "game": "cowabunga", "setup": {}, "lang": "en"}\n'
                 '{"action": "play", "player": "Emily", "card": 7}\n')
    journal.write_text(cowabunga)
    run = replace(a_run(tmp_path, [], 1, "a"), resume=True)
    with pytest.raises(TableError) as err:
        run_table(CountingTable(), run)
    message = str(err.value)
    assert "\n" not in message and "cowabunga" in message and "counting" in message
    assert journal.read_text() == cowabunga
    hinted = replace(run, elsewhere=lambda game: f"play {game} --resume" if game else None)
    with pytest.raises(TableError, match=r"; resume it with play cowabunga --resume$"):
        run_table(CountingTable(), hinted)
    journal.write_text('{"journal": 1, "setup": {"players": ["Ann", "Ben"]}}\n')
    with pytest.raises(TableError, match="names no game"):  # no game id: not this game's
        run_table(CountingTable(), run)


def test_a_recordings_run_without_a_journal_keeps_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("VOICE_HOST_HOME", str(tmp_path / "home"))
    run = replace(a_run(tmp_path, ["one"], 1, "a"), journal=None, log=None)
    assert run_table(CountingTable(), run) == 0
    assert not (tmp_path / "home").exists() and not (tmp_path / "j.jsonl").exists()
    with pytest.raises(TableError, match="--resume with --input needs --journal"):
        run_table(CountingTable(), replace(run, resume=True))


class Interrupted(ScriptedEar):
    """Hears the scripted texts, then meets ``stop`` (Ctrl-C, or a device gone)."""

    def __init__(self, texts: list[str], stop: BaseException) -> None:
        super().__init__(texts)
        self.stop = stop

    def recognize(self, samples: Samples, expect: Expectation | None = None) -> Hearing:
        if not self.texts:
            raise self.stop
        return super().recognize(samples, expect)


def test_a_stop_or_a_crash_says_where_the_game_is_and_how_to_go_on(tmp_path: Path) -> None:
    notes = io.StringIO()
    ctrl_c = Interrupted(["one"], KeyboardInterrupt())
    run = replace(a_run(tmp_path, [], 3, "a"), ear=lambda lang: ctrl_c, notes=notes)
    assert run_table(CountingTable(), run) == 130
    journal = tmp_path / "j.jsonl"
    assert notes.getvalue().endswith(f"stopped; the game is in {journal}: continue with "
                                     "count --resume\n")
    assert len(journal.read_text().splitlines()) == 2  # the count heard before the stop is kept
    gone = Interrupted([], AudioDeviceError("the microphone was unplugged"))
    with pytest.raises(TableError) as err:
        run_table(CountingTable(), replace(run, ear=lambda lang: gone, resume=True))
    assert str(err.value) == (f"the microphone was unplugged (the game is in {journal}; "
                              "continue with count --resume)")
