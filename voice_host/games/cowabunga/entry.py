"""Cowabunga's entry in the games registry: its host is the referee
(``voice_host.games.cowabunga.host``)."""

from __future__ import annotations

from cowabunga import CowabungaError, Rules
from cowabunga import replay as cowabunga_replay
from cowabunga.cards import MAX_PLAYERS, MIN_PLAYERS
from voice_host.games.entry import GameEntry, JSONObject, replay_contract
from voice_host.languages import codes


def replay(text: str) -> list[JSONObject]:
    """``cowabunga replay``'s contract: a table-view game's events, the default rules."""
    return cowabunga_replay(text, Rules())


ENTRY = GameEntry(
    id="cowabunga",
    title="Cowabunga (Fettnapf)",
    players=(MIN_PLAYERS, MAX_PLAYERS),
    languages=codes(),
    replay=replay_contract(replay, CowabungaError),
    table_command="referee",
    has_demo=True,
)
