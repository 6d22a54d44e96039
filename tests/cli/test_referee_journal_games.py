"""``voice-host referee --resume`` reads the game its journal names: a journal written before
journals named their game resumes as Cowabunga, another game's journal is refused in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from voice_host.games.cowabunga.host import Session
from voice_host.games.cowabunga.host.journal import load_journal

from .helpers import one_line_error, utterances, voice_host

QUIET = ["--mute", "--no-display"]
SETUP = {"players": ["Emily", "Maria", "Hendrik"], "start": 4,
         "islands": {"Emily": [18, 25], "Maria": [12, 20], "Hendrik": [14, 29]}}


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder of the test's own."""
    monkeypatch.setenv("VOICE_HOST_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_a_journal_written_before_journals_named_their_game_resumes_as_cowabunga(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    journal = tmp_path / "j.jsonl"
    old = [{"journal": 1, "setup": SETUP, "lang": "en"},  # the header as it was written then
           {"action": "play", "player": "Emily", "card": 7},
           {"action": "play", "player": "Maria", "card": 9}]
    journal.write_text("".join(json.dumps(line) + "\n" for line in old))
    ran = voice_host(["referee", "--resume", *QUIET, "--journal", str(journal),
                      "--input", str(utterances(tmp_path / "b.wav", 1))],
                     capsys, monkeypatch, heard=["twenty-six"])
    assert ran.code == 0, ran
    setup, _, actions = load_journal(journal)
    assert [a.get("card") for a in actions] == [7, 9, 6]
    assert Session.restore(setup, actions).view.total == 26
    assert json.loads(journal.read_text().splitlines()[0]) == old[0]  # the header is kept


def test_a_new_journal_names_cowabunga(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    journal = tmp_path / "j.jsonl"
    ran = voice_host(["referee", "--players", "Emily,Maria,Hendrik", "--start", "4", "--islands",
                      "Emily=18:25,Maria=12:20,Hendrik=14:29", *QUIET, "--journal", str(journal),
                      "--input", str(utterances(tmp_path / "a.wav", 1))],
                     capsys, monkeypatch, heard=["eleven"])
    assert ran.code == 0, ran
    header = json.loads(journal.read_text().splitlines()[0])
    assert header == {"journal": 1, "game": "cowabunga", "setup": SETUP, "lang": "en"}


@pytest.mark.parametrize(
    ("game", "words"),
    [("turtle-soup", ["turtle-soup", "cowabunga"]), (7, ["names no game", "cowabunga"])],
)
def test_another_games_journal_is_refused_in_one_line_and_left_as_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    game: object, words: list[str],
) -> None:
    journal = tmp_path / "j.jsonl"
    text = json.dumps({"journal": 1, "game": game, "setup": {}, "lang": "en"}) + "\n"
    journal.write_text(text)
    ran = voice_host(["referee", "--resume", *QUIET, "--journal", str(journal)], capsys,
                     monkeypatch, heard=[])
    one_line_error(ran, str(journal), *words)
    assert journal.read_text() == text
    assert sorted(tmp_path.iterdir()) == [journal]
