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
    for name, value in [("rate", "140"), ("verbosity", "teaching")]:
        run = _cli("set", name, value, home=home)
        assert run.returncode == 0, run.stderr
    for name, value in [
        ("voice", "gmw/en-gb-scotland"),
        ("volume", "0.6"),
        ("earcons", "off"),
        ("private_device", "headphones"),
    ]:
        set_setting(name, value)
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
    assert set_setting("private_device", "default").private_device is None
    assert load_settings().private_device is None


def test_a_bad_value_is_one_clear_line(home: Path) -> None:
    run = _cli("set", "rate", "fast", home=home)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert run.stderr.startswith("voice-host: ") and "'fast'" in run.stderr
    assert "80 to 400" in run.stderr


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("rate", "fast", "80 to 400"),
        ("volume", "2", "0.0 to 1.0"),
        ("verbosity", "chatty", "terse, normal, teaching"),
        ("earcons", "maybe", "on or off"),
        ("lang", "xx", "en, de, es, fr, it"),
        ("colour", "red", "settings: lang, voice, rate"),
    ],
)
def test_bad_values_name_what_is_valid(home: Path, name: str, value: str, message: str) -> None:
    with pytest.raises(SettingsError) as err:
        set_setting(name, value)
    assert message in str(err.value)
    assert repr(value) in str(err.value) or repr(name) in str(err.value)
    assert not (home / "config" / "settings.json").exists()


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
