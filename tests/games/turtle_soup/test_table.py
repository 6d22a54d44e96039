"""Turtle Soup at a real table: a journal replays to the same game (dinners dealt, rounds, an
undo), a bad setup is one line and exit 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from voice_host.games.turtle_soup.host.play import SoupSetup, SoupTableGame
from voice_host.games.turtle_soup.host.session import SoupSession
from voice_host.host.journal import JournalContents

PLAYERS = ("Anna", "Ben", "Cleo", "Dan")


def test_a_journal_replays_to_the_same_game(tmp_path: Path) -> None:
    session = SoupSession(PLAYERS, seed=11, dinners=6)
    session.start()
    for line in ("prendo", "prendo", "prendo", "prendo", "va bene", "prendo", "aspetto",
                 "aspetto", "aspetto", "va bene", "annulla", "aspetto", "prendo", "aspetto",
                 "aspetto", "va bene"):
        session.type(line)
    assert session.table.state.dinner == 2
    setup = SoupSetup(PLAYERS, 6, False, 11)
    journal = JournalContents(tmp_path / "j.jsonl", "turtle-soup", setup.to_json(), "it",
                              list(session.table.actions))
    table = SoupTableGame(None, lang="it", can_answer=True)
    restored = table.restore(journal, can_answer=True)
    assert restored.table.state == session.table.state
    assert restored.table.decks[:2] == session.table.decks[:2]
    opening = table.opening(restored, resumed=True).lines
    assert opening[-1].endswith("prendi o aspetti?")


def test_too_few_players_is_one_line_and_exit_2() -> None:
    done = subprocess.run([sys.executable, "-m", "voice_host", "play", "turtle-soup",
                           "--players", "Anna,Ben", "--mute", "--no-display"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "4-6" in done.stderr
