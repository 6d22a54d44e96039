"""Schnapp den Sack (Amigo, Wolfgang Kramer): its pure rules engine and exact replay contract.

The rules are in :mod:`.rules`, the script format in :mod:`.replay`; the host that hears a real
table is still to come (the entry offers ``voice-host replay schnapp-den-sack`` so far).
"""

from __future__ import annotations

from voice_host.games.entry import GameEntry, replay_contract
from voice_host.games.schnapp_den_sack.replay import replay as replay_script
from voice_host.games.schnapp_den_sack.rules import MAX_PLAYERS, MIN_PLAYERS, SchnappError

ENTRY = GameEntry(
    id="schnapp-den-sack",
    title="Schnapp den Sack",
    players=(MIN_PLAYERS, MAX_PLAYERS),
    languages=("de", "en"),
    replay=replay_contract(replay_script, SchnappError),
    table_command=None,
    has_demo=False,
)
"""Schnapp den Sack's entry in the games registry."""
