"""Schnapp den Sack (Amigo, Wolfgang Kramer): its pure rules engine and exact replay contract.

The rules are in :mod:`.rules`, the script format in :mod:`.replay`, the words of each language in
:mod:`.words`; the host that deals, flips, hears the first call and judges it is in :mod:`.host`
(with the bots' demo).
"""

from __future__ import annotations

from voice_host.games.entry import DemoRequest, GameEntry, replay_contract
from voice_host.games.schnapp_den_sack.replay import replay as replay_script
from voice_host.games.schnapp_den_sack.rules import MAX_PLAYERS, MIN_PLAYERS, SchnappError


def demo(request: DemoRequest) -> str:
    """``voice-host demo --game schnapp-den-sack``: bots play a whole game through the real ear
    (the demo, its voices and the ear load only when it is played)."""
    from voice_host.games.schnapp_den_sack.host.demo import run_demo

    return run_demo(request)


ENTRY = GameEntry(
    id="schnapp-den-sack",
    title="Schnapp den Sack",
    players=(MIN_PLAYERS, MAX_PLAYERS),
    languages=("de", "en"),
    replay=replay_contract(replay_script, SchnappError),
    table_command="schnapp-den-sack",
    demo=demo,
)
"""Schnapp den Sack's entry in the games registry."""
