"""The referee's journal from the command line: a power cut, recordings, a failed start."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from voice_host.games.cowabunga.host import Session
from voice_host.games.cowabunga.host.journal import Journal, load_journal

from .helpers import one_line_error, utterances, voice_host

PLAYERS = ["--players", "Emily,Maria,Hendrik", "--start", "4",
           "--islands", "Emily=18:25,Maria=12:20,Hendrik=14:29"]
QUIET = ["--mute", "--no-display"]


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder of the test's own."""
    monkeypatch.setenv("VOICE_HOST_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_resume_drops_a_torn_last_line_says_so_and_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    journal = tmp_path / "j.jsonl"
    first = voice_host(["referee", *PLAYERS, *QUIET, "--journal", str(journal),
                        "--input", str(utterances(tmp_path / "a.wav", 2))],
                       capsys, monkeypatch, heard=["eleven", "twenty"])
    assert first.code == 0, first
    with open(journal, "ab") as out:
        out.write(b'{"action": "play", "play')  # a power cut in the middle of a line
    again = voice_host(["referee", "--resume", *QUIET, "--journal", str(journal),
                        "--input", str(utterances(tmp_path / "b.wav", 1))],
                       capsys, monkeypatch, heard=["twenty-six"])
    assert again.code == 0, again
    notes = [line for line in again.err.splitlines() if "cut off" in line]
    assert len(notes) == 1, again.err
    setup, _, actions = load_journal(journal)
    assert journal.read_bytes().endswith(b"\n")
    assert [a.get("card") for a in actions] == [7, 9, 6]
    assert Session.restore(setup, actions).view.total == 26


def test_a_recording_leaves_the_live_journal_alone(
    tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    live = home / "data" / "referee-journal.jsonl"
    live.parent.mkdir(parents=True)
    live.write_text('{"journal": 1, "setup": "the live game"}\n')
    ran = voice_host(["referee", *PLAYERS, *QUIET, "--input",
                      str(utterances(tmp_path / "a.wav", 1))], capsys, monkeypatch,
                     heard=["eleven"])
    assert ran.code == 0, ran
    assert sorted(p.name for p in live.parent.iterdir()) == [live.name]
    assert live.read_text() == '{"journal": 1, "setup": "the live game"}\n'


def test_a_failed_start_makes_no_journal_and_suggests_no_resume(
    tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    journal = tmp_path / "j.jsonl"
    journal.write_text("the previous game\n")
    notaudio = tmp_path / "game.wav"
    notaudio.write_text("not a recording\n")
    ran = voice_host(["referee", *PLAYERS, *QUIET, "--journal", str(journal),
                      "--input", str(notaudio)], capsys, monkeypatch, heard=[])
    one_line_error(ran, "game.wav")
    assert "--resume" not in ran.err
    assert sorted(tmp_path.iterdir()) == [notaudio, journal]
    assert journal.read_text() == "the previous game\n"


def test_a_folder_as_input_is_named_as_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    ran = voice_host(["referee", *PLAYERS, *QUIET, "--input", str(tmp_path)], capsys,
                     monkeypatch, heard=[])
    one_line_error(ran, "folder")
    assert "no such file" not in ran.err


def test_resume_of_a_later_version_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    journal = tmp_path / "j.jsonl"
    journal.write_text(json.dumps({"journal": 99, "setup": {}}) + "\n")
    ran = voice_host(["referee", "--resume", *QUIET, "--journal", str(journal)], capsys,
                     monkeypatch, heard=[])
    one_line_error(ran, "version 99")


def test_journal_create_keeps_nothing_for_a_new_path(tmp_path: Path) -> None:
    from tests.games.cowabunga.host.helpers import table_setup

    _, kept = Journal.create(tmp_path / "new.jsonl", table_setup(), "en")
    assert kept is None
