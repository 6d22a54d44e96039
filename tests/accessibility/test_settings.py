"""Settings are remembered across processes, checked, and kept where the user expects."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import asdict
from pathlib import Path

import pytest

from voice_host.settings import (
    Settings,
    SettingsError,
    config_dir,
    data_dir,
    load_settings,
    set_setting,
)


def _cli(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "VOICE_HOST_HOME": str(home)}
    return subprocess.run(
        [sys.executable, "-m", "voice_host", "settings", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )


def test_settings_persist_across_processes(home: Path) -> None:
    for name, value in [
        ("rate", "140"),
        ("voice", "gmw/en-gb-scotland"),
        ("volume", "0.6"),
        ("verbosity", "teaching"),
        ("earcons", "off"),
        ("private_device", "headphones"),
    ]:
        run = _cli("set", name, value, home=home)
        assert run.returncode == 0, run.stderr
    shown = _cli("show", "--json", home=home)
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout) == {
        **asdict(Settings()),
        "rate": 140,
        "voice": "gmw/en-gb-scotland",
        "volume": 0.6,
        "verbosity": "teaching",
        "earcons": False,
        "private_device": "headphones",
    }
    assert (home / "config" / "settings.json").exists()
    cleared = _cli("set", "private_device", "default", home=home)
    assert cleared.stdout.strip() == "private_device = default"
    assert "private_device = default" in _cli("show", home=home).stdout


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("rate", "fast", "80 to 400"),
        ("volume", "2", "0.0 to 1.0"),
        ("verbosity", "chatty", "terse, normal, teaching"),
        ("earcons", "maybe", "on or off"),
        ("colour", "red", "settings: lang, voice, rate"),
    ],
)
def test_bad_values_are_one_clear_line(home: Path, name: str, value: str, message: str) -> None:
    run = _cli("set", name, value, home=home)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert run.stderr.startswith("voice-host: ") and message in run.stderr
    assert repr(value) in run.stderr or repr(name) in run.stderr


def test_broken_file_is_named(home: Path) -> None:
    path = home / "config" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text("{not json")
    with pytest.raises(SettingsError, match=r"settings\.json"):
        load_settings()
    path.write_text(json.dumps({"rate": 9999}))
    with pytest.raises(SettingsError, match="rate"):
        load_settings()


def test_folders_follow_the_environment(home: Path) -> None:
    assert config_dir() == home / "config" and data_dir() == home / "data"
    assert set_setting("rate", "200").rate == 200
    assert load_settings().rate == 200
    assert load_settings().verbosity == "normal"
