"""Turtle Soup (P.D. Magnus, for the Decktet): a press-your-luck soup for 4-6 players.

``decktet`` is the real deck as data, ``rules`` the pure engine, ``replay`` the exact replay
contract (``voice-host replay turtle-soup SCRIPT.json``). Only this module knows the command line's
registry; the engine imports nothing else from voice_host.
"""

from __future__ import annotations

from voice_host.games.entry import GameEntry, replay_contract
from voice_host.games.turtle_soup.errors import TurtleSoupError
from voice_host.games.turtle_soup.replay import replay as replay_script
from voice_host.games.turtle_soup.rules import MAX_PLAYERS, MIN_PLAYERS

ENTRY = GameEntry(
    id="turtle-soup",
    title="Turtle Soup",
    players=(MIN_PLAYERS, MAX_PLAYERS),
    languages=("it", "en"),
    replay=replay_contract(replay_script, TurtleSoupError),
    table_command=None,
    has_demo=False,
)
"""Turtle Soup's entry in the games registry: its rules and replay contract, no host yet."""
