"""``voice-host`` as a newcomer meets it: its version, and a help that lists the commands in the
order they are needed, with no type tags."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from voice_host.cli.app import NEWCOMER_ORDER

from .helpers import voice_host


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VOICE_HOST_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("COLUMNS", "100")


def test_version(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    ran = voice_host(["--version"], capsys, monkeypatch)
    assert ran.code == 0 and re.fullmatch(r"voice-host \d+\.\d+\.\d+\n", ran.out), ran


def _commands(help_text: str) -> list[str]:
    return re.findall(r"^│ (\w[\w-]*)\s", help_text.split("Commands")[1], re.M)


def test_help_lists_the_commands_in_a_newcomers_order(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    ran = voice_host(["--help"], capsys, monkeypatch)
    listed = _commands(ran.out)
    assert listed[0] == "demo", listed
    for first, then in (("demo", "referee"), ("referee", "train"), ("train", "hear"),
                        ("hear", "models"), ("hear", "ear")):
        assert listed.index(first) < listed.index(then), listed
    known = [name for name in NEWCOMER_ORDER if name in listed]
    assert listed[: len(known)] == known


def _every_help(args: list[str], capsys: pytest.CaptureFixture[str],
                monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    ran = voice_host([*args, "--help"], capsys, monkeypatch)
    assert ran.code == 0, ran
    found = {" ".join(args): ran.out}
    if "Commands" in ran.out:
        for name in _commands(ran.out):
            found.update(_every_help([*args, name], capsys, monkeypatch))
    return found


def test_no_help_shows_type_tags(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    helps = _every_help([], capsys, monkeypatch)
    assert {"", "referee", "train quiz", "settings set", "hear"} <= set(helps)
    for command, text in helps.items():
        assert not re.search(r"<(bool|str|int|float|path|list\[)", text, re.I), (command, text)
