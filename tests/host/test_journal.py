"""The host's journal for any game: its header names the game, a torn last line is dropped, and
reading refuses a journal of another game (or one naming none) in one line, leaving it as it is."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from voice_host.host.journal import (
    Journal,
    JournalError,
    WrongGameError,
    default_journal_path,
    read_journal,
)
from voice_host.host.step import JSONObject


@dataclass(frozen=True)
class Seats:
    """A game's setup as the journal keeps it."""

    players: tuple[str, ...]

    def to_json(self) -> JSONObject:
        return {"players": list(self.players)}


def test_the_header_names_the_game_and_the_actions_follow(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    journal, kept = Journal.create(path, Seats(("Ann", "Ben")), "de", game="turtle-soup")
    assert kept is None
    journal.append([{"action": "ask", "yes": True}])
    journal.append([])
    assert json.loads(path.read_text().splitlines()[0]) == {
        "journal": 1, "game": "turtle-soup", "setup": {"players": ["Ann", "Ben"]}, "lang": "de"}
    read = read_journal(path, "turtle-soup")
    assert (read.path, read.game, read.setup, read.lang, read.actions) == (
        path, "turtle-soup", {"players": ["Ann", "Ben"]}, "de", [{"action": "ask", "yes": True}])


def test_a_torn_last_line_is_ignored_then_dropped_atomically(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    journal, _ = Journal.create(path, Seats(("Ann",)), "en", game="counting")
    journal.append([{"action": "count", "number": 1}])
    whole = path.read_bytes()
    with open(path, "ab") as out:
        out.write(b'{"action": "cou')
    assert read_journal(path, "counting").actions == [{"action": "count", "number": 1}]
    _, dropped = Journal.reopen(path)
    assert dropped and path.read_bytes() == whole
    assert sorted(tmp_path.iterdir()) == [path]


def test_another_games_journal_is_refused_saying_which_game_is_which(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    Journal.create(path, Seats(("Ann", "Ben")), "en", game="schnapp-den-sack")
    before = path.read_bytes()
    with pytest.raises(WrongGameError) as err:
        read_journal(path, "cowabunga", untagged="cowabunga")
    message = str(err.value)
    assert "\n" not in message and str(path) in message
    assert "schnapp-den-sack" in message and "cowabunga" in message
    assert (err.value.found, err.value.expected) == ("schnapp-den-sack", "cowabunga")
    assert path.read_bytes() == before


@pytest.mark.parametrize("game", [None, 7, "", ["cowabunga"]])
def test_a_header_naming_no_game_it_could_be_is_refused(tmp_path: Path, game: object) -> None:
    path = tmp_path / "j.jsonl"
    header: JSONObject = {"journal": 1, "setup": {}}
    if game is not None:
        header["game"] = game
    path.write_text(json.dumps(header) + "\n")
    with pytest.raises(JournalError) as err:
        read_journal(path, "counting")
    assert "\n" not in str(err.value) and '"game": "counting"' in str(err.value)
    assert not isinstance(err.value, WrongGameError)


def test_a_journal_naming_no_game_is_the_untagged_game(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    path.write_text('{"journal": 1, "setup": {"players": ["Ann"]}, "lang": "en"}\n')
    assert read_journal(path, "cowabunga", untagged="cowabunga").game == "cowabunga"


def test_journals_live_in_the_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VOICE_HOST_HOME", str(tmp_path))
    assert default_journal_path("x.jsonl") == tmp_path / "data" / "x.jsonl"
