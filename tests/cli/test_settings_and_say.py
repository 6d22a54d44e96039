"""Settings that would be silently ignored are refused with the valid choices; ``say`` and
``settings`` agree on the speech rate; ``say ""`` is a usage error; WAVs are readable by others."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from voice_host.audio.mic import DeviceInfo
from voice_host.settings import MAX_RATE, MIN_RATE

from .helpers import one_line_error, voice_host

SPEAKER = DeviceInfo(3, "Kitchen speaker", "ALSA", 0, 2, 48000.0, False, True)
MIC = DeviceInfo(4, "USB microphone", "ALSA", 1, 0, 48000.0, True, False)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VOICE_HOST_HOME", str(tmp_path / "home"))
    import voice_host.audio.mic as mic

    monkeypatch.setattr(mic, "list_devices", lambda: [SPEAKER, MIC])
    return tmp_path / "home"


def _stored(home: Path) -> str:
    path = home / "config" / "settings.json"
    return path.read_text() if path.exists() else ""


def test_a_negative_rate_says_the_range(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    ran = voice_host(["settings", "set", "rate", "-5"], capsys, monkeypatch)
    one_line_error(ran, "-5", f"{MIN_RATE} to {MAX_RATE}")
    assert "No such option" not in ran.err
    assert _stored(home) == ""


def test_an_unknown_voice_is_refused_with_the_choices(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    ran = voice_host(["settings", "set", "voice", "xx-nonexistent"], capsys, monkeypatch)
    one_line_error(ran, "xx-nonexistent", "gmw/en-us")
    assert _stored(home) == ""
    ok = voice_host(["settings", "set", "voice", "gmw/de"], capsys, monkeypatch)
    assert ok.code == 0 and "voice = gmw/de" in ok.out, ok


@pytest.mark.parametrize(
    ("name", "value", "valid"),
    [
        ("output_device", "99", "3 Kitchen speaker"),
        ("private_device", "headphones", "3 Kitchen speaker"),
        ("output_device", "4", "3 Kitchen speaker"),  # a microphone is no speaker
        ("input_device", "99", "4 USB microphone"),
    ],
)
def test_a_device_that_is_not_there_is_refused_with_the_choices(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    name: str, value: str, valid: str,
) -> None:
    ran = voice_host(["settings", "set", name, value], capsys, monkeypatch)
    one_line_error(ran, value, valid)
    assert _stored(home) == ""


def test_devices_that_are_there_are_kept(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, value in (("output_device", "3"), ("output_device", "kitchen"),
                        ("input_device", "USB"), ("output_device", "default")):
        ran = voice_host(["settings", "set", name, value], capsys, monkeypatch)
        assert ran.code == 0, ran


@pytest.mark.parametrize("rate", [str(MIN_RATE - 1), str(MAX_RATE + 1)])
def test_say_and_settings_agree_on_the_rate(
    rate: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    said = voice_host(["say", "hello", "--rate", rate, "--speak-to", "x.wav"], capsys, monkeypatch)
    one_line_error(said, f"{MIN_RATE} to {MAX_RATE}")
    stored = voice_host(["settings", "set", "rate", rate], capsys, monkeypatch)
    one_line_error(stored, f"{MIN_RATE} to {MAX_RATE}")


@pytest.mark.parametrize("text", ["", "   "])
def test_say_nothing_is_a_usage_error(
    tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    out = tmp_path / "out.wav"
    ran = voice_host(["say", text, "--speak-to", str(out)], capsys, monkeypatch)
    one_line_error(ran, "empty")
    assert not out.exists()


def test_a_wav_is_written_with_ordinary_permissions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    old = os.umask(0o022)
    try:
        out = tmp_path / "out.wav"
        ran = voice_host(["say", "forty two", "--speak-to", str(out)], capsys, monkeypatch)
    finally:
        os.umask(old)
    assert ran.code == 0, ran
    assert stat.S_IMODE(out.stat().st_mode) == 0o644
