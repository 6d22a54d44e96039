"""The journal after a power cut, its default place, and a journal of a later version."""

from __future__ import annotations

from pathlib import Path

import pytest

from voice_host.games.cowabunga.host import JournalError, Session
from voice_host.games.cowabunga.host.journal import Journal, default_journal_path, load_journal

from .helpers import session


def _journal_with_a_torn_line(path: Path) -> tuple[Session, bytes]:
    s = session()
    journal, _ = Journal.create(path, s.setup, "en")
    for line in ("eleven", "twenty"):
        journal.append(s.type(line).actions)
    whole = path.read_bytes()
    with open(path, "ab") as out:
        out.write(b'{"action": "play", "pl')  # the power went while this was written
    return s, whole


def test_a_torn_last_line_is_dropped_and_the_file_repaired(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    s, whole = _journal_with_a_torn_line(path)
    journal, dropped = Journal.reopen(path)
    assert dropped
    assert path.read_bytes() == whole
    assert sorted(tmp_path.iterdir()) == [path]  # no temporary file left behind
    journal.append(s.type("twenty-seven").actions)
    setup, _, actions = load_journal(path)  # the next --resume reads the whole game
    assert Session.restore(setup, actions).view == s.view
    _, dropped = Journal.reopen(path)
    assert not dropped


def test_an_intact_journal_is_reopened_untouched(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    s = session()
    journal, _ = Journal.create(path, s.setup, "en")
    journal.append(s.type("eleven").actions)
    before = path.stat()
    _, dropped = Journal.reopen(path)
    assert not dropped
    assert path.stat().st_ino == before.st_ino and path.stat().st_mtime_ns == before.st_mtime_ns


def test_a_journal_of_another_version_says_which(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    path.write_bytes(b'{"journal": 99, "game": {"players": 3}}\n')
    with pytest.raises(JournalError) as err:
        load_journal(path)
    message = str(err.value)
    assert "version 99" in message and "version 1" in message
    assert "not a referee journal" not in message
    path.write_bytes(b'{"game": 1}\n')
    with pytest.raises(JournalError, match="not a referee journal"):
        load_journal(path)


def test_the_default_journal_follows_voice_host_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("VOICE_HOST_HOME", str(tmp_path))
    assert default_journal_path() == tmp_path / "data" / "referee-journal.jsonl"
