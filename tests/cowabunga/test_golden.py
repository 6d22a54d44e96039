"""Golden transcripts: ``cowabunga replay`` on stored scripts, diffed line by line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .make_golden import GOLDEN, PLAYTHROUGH, playthrough, scripts, transcript

STORED = sorted(p.stem for p in GOLDEN.glob("*.json"))


def test_golden_set_is_complete() -> None:
    assert sorted(scripts()) == STORED


@pytest.mark.parametrize("name", STORED)
def test_transcript(name: str) -> None:
    text = (GOLDEN / f"{name}.json").read_text()
    expected = (GOLDEN / f"{name}.jsonl").read_text().splitlines()
    assert transcript(text).splitlines() == expected


def test_stored_scripts_are_still_what_the_generator_makes() -> None:
    for name, script in scripts().items():
        assert json.loads((GOLDEN / f"{name}.json").read_text()) == script, name


def test_golden_through_the_command() -> None:
    path = GOLDEN / "careful_3p.json"
    done = subprocess.run(
        [sys.executable, "-m", "cowabunga.cli", "replay", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == Path(GOLDEN / "careful_3p.jsonl").read_text()


def test_golden_games_cover_every_ending() -> None:
    endings = set()
    for name in STORED:
        last = json.loads((GOLDEN / f"{name}.jsonl").read_text().splitlines()[-1])
        endings.add(last.get("reason", last["event"]))
    assert endings == {"state", "fourth_stew_pot", "island_deck_empty"}


def test_full_game_playthrough() -> None:
    """Deal, reshuffle order and events of a seeded full game never change by accident."""
    expected = PLAYTHROUGH.read_text().splitlines()
    assert playthrough().splitlines() == expected
    assert any('"reshuffled"' in line for line in expected)
