"""The journal, setup flags and the display, without audio."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console

from voice_host.games.cowabunga.host import JournalError, Session, SetupFlagError
from voice_host.games.cowabunga.host.display import RecentPlay, big_number, render_table
from voice_host.games.cowabunga.host.journal import Journal, load_journal
from voice_host.games.cowabunga.host.setup import Setup, parse_islands, parse_players, parse_start

from .helpers import PLAYERS, session, table_setup


def test_journal_round_trip_and_a_torn_last_line(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    s = session()
    journal, kept = Journal.create(path, s.setup, "en")
    assert kept is None
    for line in ("eleven", "twenty", "twenty-seven", "thirty-three", "twenty-four"):
        journal.append(s.type(line).actions)
    with open(path, "a") as out:
        out.write('{"action": "pl')  # a crash in the middle of a write: never confirmed
    setup, lang, actions = load_journal(path)
    assert (setup, lang) == (s.setup, "en")
    assert Session.restore(setup, actions).view == s.view


@pytest.mark.parametrize(
    "content",
    [b"", b"not json\n", b'{"journal": 1, "setup": {}}\n', b"\xff\xfe\n", b'[1, 2]\n',
     b'{"journal": 99}\n'],
)
def test_a_corrupt_journal_is_one_clear_error_and_left_untouched(
    tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "j.jsonl"
    path.write_bytes(content)
    with pytest.raises(JournalError) as err:
        load_journal(path)
    assert "\n" not in str(err.value) and str(path) in str(err.value)
    assert path.read_bytes() == content


def test_a_new_game_keeps_the_old_journal(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    path.write_text("old game\n")
    _, kept = Journal.create(path, table_setup(), "en")
    assert kept is not None and kept.read_text() == "old game\n"
    assert json.loads(path.read_text().splitlines()[0])["setup"]["players"] == list(PLAYERS)


def test_setup_flags() -> None:
    assert parse_players("Emily, Maria,Hendrik") == PLAYERS
    assert parse_players("2") == ("Player 1", "Player 2")
    assert parse_players("3", "de") == ("Spieler 1", "Spieler 2", "Spieler 3")
    assert parse_start(0) == 0
    assert parse_islands("emily=18:25,Maria=12,Hendrik=", PLAYERS) == {
        "Emily": (18, 25), "Maria": (12,), "Hendrik": ()}
    assert Setup(PLAYERS, 4, {"Emily": (18, 25)}).island_deck == 19


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: parse_players("Emily"), "2 to 5"),
        (lambda: parse_players("6"), "2 to 5"),
        (lambda: parse_players("Emily,,Maria"), "none empty"),
        (lambda: parse_players("Emily,emily"), "twice"),
        (lambda: parse_start(10), "0 to 9"),
        (lambda: parse_islands("Otto=18", PLAYERS), "one of Emily"),
        (lambda: parse_islands("Emily=31", PLAYERS), "10 to 30"),
        (lambda: parse_islands("Emily=18,Maria=18", PLAYERS), "given to Emily and Maria"),
    ],
)
def test_bad_setup_flags_are_one_line_errors(call: object, message: str) -> None:
    with pytest.raises(SetupFlagError, match=message):
        call()  # type: ignore[operator]


def test_big_digits() -> None:
    assert big_number(7).splitlines() == ["███", "  █", "  █", "  █", "  █"]
    assert len(big_number(24, scale=2).splitlines()) == 10


@pytest.mark.parametrize("large", [False, True])
def test_render_table_shows_everything(large: bool) -> None:
    s = session(typed=("eleven", "twenty", "twenty-seven", "thirty-three"))
    console = Console(width=100, record=True, color_system=None)
    console.print(render_table(s.view, [RecentPlay("Emily", 6, 33, "direction change")], large,
                               ["Thirty-three: counting down."]))
    text = console.export_text()
    name = "HENDRIK" if large else "Hendrik"
    assert "counting down" in text and name in text and "18 25" in text
    assert "island cards left: 15" in text and "Emily: 6 → 33" in text
    assert "draw an island card".upper() in text.upper()
