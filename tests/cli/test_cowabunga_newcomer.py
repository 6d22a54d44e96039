"""``cowabunga`` as a newcomer meets it: version, help, the play wording, bad bot lists, and
simulate's words."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest

from cowabunga.cli import main, parse_card
from cowabunga.events import Counting, DirectionChanged, StewPot


def _run(args: Sequence[str], capsys: pytest.CaptureFixture[str],
         monkeypatch: pytest.MonkeyPatch, stdin: str = "") -> tuple[int, str, str]:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = 0
    try:
        main(list(args))
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else 0
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_version(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = _run(["--version"], capsys, monkeypatch)
    assert code == 0 and re.fullmatch(r"cowabunga \d+\.\d+\.\d+\n", out), out


@pytest.mark.parametrize("command", ["play", "simulate", "replay"])
def test_each_command_says_what_it_does_and_its_defaults(
    command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = _run([command, "--help"], capsys, monkeypatch)
    assert code == 0
    description = out.split("\n\n")[1]
    assert not description.lstrip().startswith(("positional", "options")), out
    if command != "replay":
        assert "default: 3" in out  # --players
        assert "random, careful, mc" in out  # the bot kinds
    assert "default: reshuffle" in out


def test_the_list_of_commands_has_descriptions(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, out, _ = _run(["--help"], capsys, monkeypatch)
    for command in ("play", "simulate", "replay"):
        assert re.search(rf"^\s+{command}\s+\S", out, re.M), out


@pytest.mark.parametrize("bots", ["careful,,mc", "careful,", ",mc"])
def test_an_empty_bot_kind_is_refused(
    bots: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = _run(["simulate", "--games", "1", "--bots", bots], capsys, monkeypatch)
    assert code == 2 and "random, careful, mc" in err and len(err.strip().splitlines()) == 1


def test_simulate_names_the_ends_in_words(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = _run(["simulate", "--games", "30", "--bots", "careful", "--seed", "3"],
                        capsys, monkeypatch)
    assert code == 0
    assert "fourth_stew_pot" not in out and "island_deck_empty" not in out
    assert "a fourth stew pot" in out or "the last island card" in out


def test_a_card_may_be_typed_with_its_sign() -> None:
    assert parse_card("+3") == 3 and parse_card("-7") == 7 and parse_card(" 5 ") == 5
    assert parse_card("+") is None and parse_card("12") is None


def _play(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
          *args: str) -> str:
    lines = "".join(f"+{d}\n" for d in range(10)) * 80
    code, out, err = _run(["play", "--players", "3", "--bots", "careful", "--seed", "11", *args],
                          capsys, monkeypatch, stdin=lines)
    assert code == 0, err
    return out


def test_play_speaks_to_you_as_you(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = _play(capsys, monkeypatch)
    assert "You are You" not in out and "You's" not in out and "of You" not in out
    assert "You start." in out
    assert "Not a card" not in out  # "+3" is a card
    named = _play(capsys, monkeypatch, "--name", "Anna")
    assert "You are Anna and start." in named


def test_play_explains_the_discard_pile_and_keeps_its_columns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = _play(capsys, monkeypatch)
    assert "On the discard pile:" not in out
    assert re.search(r"Played so far \(value ×copies\): ", out), out
    rows = [line for line in out.splitlines()
            if re.match(r"^\s+(You|Emily|Maria)\s", line) and "island " not in line]
    assert any(len(row.split(",")) > 4 for row in rows)  # long island lists were shown
    for table in range(0, len(rows), 3):  # in each table the stew pot column stays in place
        starts = {line.find("●") if "●" in line else line.find("·")
                  for line in rows[table: table + 3]}
        assert len(starts) == 1, rows[table: table + 3]


def test_describe_says_the_limit_and_your_island() -> None:
    from cowabunga.cli import _describe

    past = _describe(DirectionChanged("You", Counting.DOWN), "You")
    assert "past 30" in past and "you" in past
    below = _describe(DirectionChanged("Maria", Counting.UP), "You")
    assert "below 10" in below and "Maria" in below
    pot = _describe(StewPot("Maria", 14, "You", 1), "You")
    assert "your island" in pot and "You's" not in pot
