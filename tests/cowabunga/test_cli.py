"""The command line: simulate, play (against piped input), usage errors."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest

from cowabunga.cli import main, parse_card
from tests.cowabunga.helpers import run_cli


def test_simulate_json() -> None:
    done = run_cli(
        "simulate",
        "--games",
        "200",
        "--players",
        "3",
        "--bots",
        "careful,random",
        "--seed",
        "5",
        "--json",
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["games"] == 200
    assert report["seats"] == ["careful", "random", "careful"]
    assert report["bots"]["careful"]["seat_games"] == 400
    assert report["bots"]["random"]["seat_games"] == 200
    assert report["bots"]["careful"]["win_rate"] > report["bots"]["random"]["win_rate"]
    assert len(report["seat_win_rate"]) == 3
    assert sum(report["end_reasons"].values()) == 200
    assert set(report["end_reasons"]) <= {"fourth_stew_pot", "island_deck_empty"}
    assert report["mean_plays"] > 10
    assert report["plays_per_s"] > 0 and report["games_per_s"] > 0
    assert done.stderr == ""


def test_simulate_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    reports = []
    for _ in range(2):
        main(
            [
                "simulate",
                "--games",
                "50",
                "--players",
                "4",
                "--bots",
                "careful,random",
                "--seed",
                "3",
                "--json",
            ]
        )
        report = json.loads(capsys.readouterr().out)
        for key in ("seconds", "plays_per_s", "games_per_s"):
            report.pop(key)
        reports.append(report)
    assert reports[0] == reports[1]


def test_simulate_with_mc_and_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    main(
        [
            "simulate",
            "--games",
            "2",
            "--players",
            "3",
            "--bots",
            "mc,careful,random",
            "--rollouts",
            "30",
            "--seed",
            "1",
        ]
    )
    out = capsys.readouterr().out
    assert "Win rate per bot" in out and "mc" in out and "plays/s" in out


def test_simulate_play_out_rule(capsys: pytest.CaptureFixture[str]) -> None:
    """``--empty-deck play_out`` changes the games: with no more draws, hands run out."""
    reports = {}
    for rule in ("reshuffle", "play_out"):
        main(["simulate", "--games", "50", "--players", "2", "--bots", "careful", "--seed", "1",
              "--empty-deck", rule, "--json"])
        reports[rule] = json.loads(capsys.readouterr().out)
    assert reports["play_out"]["empty_deck"] == "play_out"
    assert "hands_empty" not in reports["reshuffle"]["end_reasons"]
    assert reports["play_out"]["end_reasons"]["hands_empty"] > 25, reports["play_out"]
    assert reports["play_out"]["mean_plays"] < reports["reshuffle"]["mean_plays"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "--games", "0"], "must be at least 1"),
        (["simulate", "--players", "6"], "a table has 2 to 5"),
        (["simulate", "--bots", "careful,genius"], "comma-separated list"),
        (["simulate", "--seed", "x"], "not a whole number"),
        (["play", "--players", "1"], "a table has 2 to 5"),
        (["dance"], "invalid choice"),
        ([], "required"),
    ],
)
def test_usage_errors_are_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(args)
    assert exit_.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("cowabunga: ")
    assert message in err


def test_parse_card() -> None:
    assert parse_card(" 7 ") == 7
    assert parse_card("0") == 0
    for text in ("", "10", "x", "-", "+12", "7.0", "٣"):
        assert parse_card(text) is None


def test_play_handles_bad_input_and_eof() -> None:
    lines = "x\n" + "".join(f"{d}\n" for d in range(10)) * 60
    done = run_cli("play", "--players", "2", "--bots", "careful", "--seed", "11", stdin=lines)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    out = done.stdout
    assert "Not a card: 'x'" in out
    assert "You have no" in out
    assert "Total" in out and "Your hand" in out
    assert "Game over" in out or "Bye." in out


def test_play_quits_on_eof_at_once() -> None:
    done = run_cli("play", "--players", "3", "--bots", "random", "--seed", "2", stdin="")
    assert done.returncode == 0
    assert "Bye." in done.stdout and done.stderr == ""


def test_play_against_mc_to_the_end() -> None:
    lines = "?\n" + "".join(f"{d}\n" for d in range(10)) * 80
    done = run_cli(
        "play",
        "--players",
        "3",
        "--bots",
        "mc,careful",
        "--rollouts",
        "50",
        "--seed",
        "4",
        "--name",
        "Ann",
        stdin=lines,
    )
    assert done.returncode == 0, done.stderr
    assert "Hint (chance to win)" in done.stdout
    assert "Game over" in done.stdout


def _wait_until_blocked(pid: int) -> None:
    """Wait until process ``pid`` sleeps (blocked reading its input), as it is when a player
    presses Ctrl-C. A SIGINT in the microseconds between the prompt and the read is only seen
    by Python after the read returns (CPython checks signals between bytecodes), so a signal
    sent the instant the prompt appears can wait for a line that never comes; under load the
    suite hit that 1 time in 8."""
    import time

    stat = f"/proc/{pid}/stat"
    if not os.path.exists(stat):
        time.sleep(0.5)
        return
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with open(stat) as f:
            if f.read().rsplit(")", 1)[1].split()[0] == "S":
                return
        time.sleep(0.01)


def test_play_exits_cleanly_on_ctrl_c() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "cowabunga.cli", "play", "--seed", "1"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        # A suite started in the background inherits an ignored SIGINT; a player's shell does not.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert proc.stdout is not None
    seen = b""
    while b"Your card:" not in seen:
        chunk = os.read(proc.stdout.fileno(), 4096)
        assert chunk, "the game ended before asking for a card"
        seen += chunk
    _wait_until_blocked(proc.pid)
    proc.send_signal(signal.SIGINT)
    # Wait with stdin still open: closing it first could end the game by end of input instead.
    proc.wait(timeout=30)
    assert proc.stderr is not None
    out, err = seen + proc.stdout.read(), proc.stderr.read()
    assert proc.returncode == 130
    assert b"Bye." in out
    assert err == b""
