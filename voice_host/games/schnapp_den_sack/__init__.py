"""Schnapp den Sack (Amigo, Wolfgang Kramer): its pure rules engine and exact replay contract.

The rules are in :mod:`.rules`, the script format in :mod:`.replay`; the host that hears a real
table is still to come (the entry offers ``voice-host replay schnapp-den-sack`` so far).
"""

from __future__ import annotations

from voice_host.games.entry import GameEntry, JSONObject, ReplayError
from voice_host.games.schnapp_den_sack import replay as _replay_module
from voice_host.games.schnapp_den_sack.rules import MAX_PLAYERS, MIN_PLAYERS, SchnappError


def replay(text: str) -> list[JSONObject]:
    """The replay contract: a script's text to its events; raises :class:`ReplayError`."""
    try:
        return _replay_module.replay(text)
    except SchnappError as err:
        raise ReplayError(str(err)) from None


ENTRY = GameEntry(
    id="schnapp-den-sack",
    title="Schnapp den Sack",
    players=(MIN_PLAYERS, MAX_PLAYERS),
    languages=("de", "en"),
    replay=replay,
    table_command=None,
    has_demo=False,
)
"""Schnapp den Sack's entry in the games registry."""
