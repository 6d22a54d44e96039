"""One command line for every game: ``voice-host games``, ``replay GAME``, ``play GAME``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from voice_host.games.entry import UnknownGameError
from voice_host.games.registry import GAMES, game

GOLDEN = Path(__file__).parents[1] / "cowabunga" / "golden"


def voice_host(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "voice_host", *args], input=stdin,
                          capture_output=True, text=True, timeout=120, check=False)


def test_games_lists_one_line_per_game() -> None:
    done = voice_host("games")
    assert done.returncode == 0, done.stderr
    rows = done.stdout.splitlines()
    assert [row.split()[0] for row in rows] == list(GAMES)
    cowabunga = rows[0]
    assert "2-5 players" in cowabunga and "en, de, es, fr, it" in cowabunga


@pytest.mark.parametrize("script", sorted(GOLDEN.glob("*.json")), ids=lambda p: p.stem)
def test_replay_cowabunga_is_cowabunga_replay(script: Path) -> None:
    ours = voice_host("replay", "cowabunga", str(script))
    theirs = subprocess.run([str(Path(sys.executable).with_name("cowabunga")), "replay",
                             str(script)], capture_output=True, text=True, timeout=60, check=False)
    assert ours.returncode == 0 == theirs.returncode, ours.stderr + theirs.stderr
    assert ours.stdout == theirs.stdout
    assert ours.stdout == script.with_suffix(".jsonl").read_text(encoding="utf-8")


def test_replay_reads_stdin() -> None:
    script = sorted(GOLDEN.glob("*.json"))[0]
    done = voice_host("replay", "cowabunga", "-", stdin=script.read_text(encoding="utf-8"))
    assert done.stdout == script.with_suffix(".jsonl").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("args", "stdin", "says"),
    [
        (("replay", "chess", "x.json"), None, "no game 'chess': choose one of cowabunga"),
        (("replay", "cowabunga", "/no/such.json"), None, "cannot read"),
        (("replay", "cowabunga", "-"), '{"players": []}', "replay: -:"),
        (("replay", "cowabunga", "-"), "not json", "replay: -:"),
        (("play", "chess"), None, "no game 'chess'"),
        (("play",), None, "play: name the game, one of cowabunga"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: tuple[str, ...], stdin: str | None,
                                          says: str) -> None:
    done = voice_host(*args, stdin=stdin)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and says in done.stderr
    assert "Traceback" not in done.stderr


def test_play_cowabunga_is_the_referee() -> None:
    done = voice_host("play", "cowabunga", "--help")
    assert done.returncode == 0
    assert "--islands" in done.stdout and "--resume" in done.stdout
    bad = voice_host("play", "cowabunga", "--lang", "xx")
    assert bad.returncode == 2 and "--lang 'xx'" in bad.stderr


def test_unknown_game_names_the_games() -> None:
    with pytest.raises(UnknownGameError, match="cowabunga"):
        game("schach")
    assert game("cowabunga").table_command == "referee"
