"""Kapitän Wackelpudding: its pure rules engine (``rules``), its exact replay contract
(``replay``), and its entry in the games registry. The host, which rolls the die, hears what
fell and keeps the books by voice, is still to come."""

from __future__ import annotations

from voice_host.games.entry import GameEntry, replay_contract
from voice_host.games.kapitaen_wackelpudding.replay import replay as replay_script
from voice_host.games.kapitaen_wackelpudding.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    WackelpuddingError,
)

ENTRY = GameEntry(
    id="kapitaen-wackelpudding",
    title="Kapitän Wackelpudding",
    players=(MIN_PLAYERS, MAX_PLAYERS),
    languages=("de", "en"),
    replay=replay_contract(replay_script, WackelpuddingError),
    table_command=None,
    has_demo=False,
)
"""The game's entry in :data:`voice_host.games.registry.GAMES`."""
