"""An output path that is a folder or cannot be written: one line, exit 2, before anything
starts."""

from __future__ import annotations

from pathlib import Path

import pytest

from .helpers import one_line_error, voice_host

PLAYERS = ["--players", "Emily,Maria,Hendrik", "--start", "4",
           "--islands", "Emily=18:25,Maria=12:20,Hendrik=14:29"]


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VOICE_HOST_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _under_a_file(tmp_path: Path) -> Path:
    plain = tmp_path / "notes.txt"
    plain.write_text("a file, not a folder\n")
    return plain / "out.wav"


def _commands(tmp_path: Path, out: Path, flag: str) -> list[list[str]]:
    wav = tmp_path / "in.wav"
    from .helpers import utterances

    utterances(wav, 1)
    return [
        ["referee", *PLAYERS, "--mute", "--no-display", "--input", str(wav), flag, str(out)],
        ["demo", flag, str(out)],
        ["train", "quiz", "--keyboard", "--no-speak", "--questions", "1", flag, str(out)],
        ["train", "practice", "--keyboard", "--no-speak", flag, str(out)],
    ]


@pytest.mark.parametrize("flag", ["--speak-to", "--log"])
@pytest.mark.parametrize("where", ["folder", "under a file"])
def test_an_output_that_cannot_be_written_stops_everything_first(
    tmp_path: Path, flag: str, where: str, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    out = tmp_path if where == "folder" else _under_a_file(tmp_path)
    for args in _commands(tmp_path, out, flag):
        ran = voice_host(args, capsys, monkeypatch, heard=["eleven"])
        one_line_error(ran, flag, str(out))
        assert "folder" in ran.err


def test_say_to_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    ran = voice_host(["say", "hello", "--speak-to", str(tmp_path)], capsys, monkeypatch)
    one_line_error(ran, "--speak-to", "folder")


def test_stats_png_to_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    ran = voice_host(["train", "stats", "--png", str(tmp_path)], capsys, monkeypatch)
    one_line_error(ran, "--png", "folder")
