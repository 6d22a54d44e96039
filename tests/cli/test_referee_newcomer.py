"""The referee's rough edges a newcomer hits: counts in words, islands for some players only, the
end of a recording, and who tries again after a mistake."""

from __future__ import annotations

from pathlib import Path

import pytest

from voice_host.games.cowabunga.host import SetupFlagError
from voice_host.games.cowabunga.host.lines import host_lines
from voice_host.games.cowabunga.host.setup import parse_islands, parse_players
from voice_host.games.cowabunga.words import WORDINGS

from .helpers import one_line_error, utterances, voice_host

PLAYERS = ("Emily", "Maria", "Hendrik")


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VOICE_HOST_HOME", str(tmp_path / "home"))


def test_one_player_is_not_one_players() -> None:
    with pytest.raises(SetupFlagError) as err:
        parse_players("Emily")
    assert "1 players" not in str(err.value) and "one player" in str(err.value)


def test_islands_for_some_players_only_are_refused_naming_the_others() -> None:
    with pytest.raises(SetupFlagError) as err:
        parse_islands("Emily=18:25", PLAYERS)
    message = str(err.value)
    assert "Maria" in message and "Hendrik" in message and "\n" not in message
    # A player dealt no island says so.
    assert parse_islands("Emily=18:25,Maria=,Hendrik=14", PLAYERS) == {
        "Emily": (18, 25), "Maria": (), "Hendrik": (14,)}


def test_islands_for_some_players_from_the_command_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    ran = voice_host(["referee", "--players", "Emily,Maria,Hendrik", "--start", "4",
                      "--islands", "Emily=18:25", "--mute", "--no-display"], capsys,
                     monkeypatch, heard=[])
    one_line_error(ran, "Maria", "Hendrik")


def test_a_recording_ends_with_a_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    ran = voice_host(["referee", "--players", "Emily,Maria,Hendrik", "--start", "4",
                      "--islands", "Emily=18:25,Maria=12:20,Hendrik=14:29", "--mute",
                      "--no-display", "--input", str(utterances(tmp_path / "a.wav", 3))],
                     capsys, monkeypatch, heard=["eleven", "twenty", "twenty-one"])
    assert ran.code == 0, ran
    last = ran.out.strip().splitlines()[-1]
    assert "a.wav" in last and "3 turns" in last and "Emily to play" in last, ran.out


@pytest.mark.parametrize("lang", sorted(WORDINGS))
def test_after_a_mistake_the_host_says_who_tries_again(lang: str) -> None:
    lines = host_lines(lang)
    said = lines.try_again("Sixteen minus five is eleven, not twelve.", "Emily")
    assert said.startswith("Sixteen minus five is eleven, not twelve. ")
    assert "Emily" in said[len("Sixteen minus five is eleven, not twelve."):]
