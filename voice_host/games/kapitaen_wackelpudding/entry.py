"""Kapitän Wackelpudding's entry in the games registry: its replay contract, its languages, its
demo, its table (``voice-host play kapitaen-wackelpudding``) and its phrase head's phrases. The
host's parts load only when they are asked for."""

from __future__ import annotations

from voice_host.games.entry import DemoRequest, GameEntry, HeadPhrases, replay_contract
from voice_host.games.kapitaen_wackelpudding.replay import replay as replay_script
from voice_host.games.kapitaen_wackelpudding.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    WackelpuddingError,
)


def demo(request: DemoRequest) -> str:
    """``voice-host demo --game kapitaen-wackelpudding``: see :mod:`.host.demo`."""
    # The ear, the synthesizers and the host's voice load only when a demo is asked for.
    from voice_host.games.kapitaen_wackelpudding.host.demo import run_request

    return run_request(request)


def head_phrases(lang: str) -> HeadPhrases:
    """The falls and the turn's words its phrase head learns, with their near misses."""
    from voice_host.games.kapitaen_wackelpudding.host.reports import every_phrase
    from voice_host.games.kapitaen_wackelpudding.words import words

    said = words(lang)
    return HeadPhrases(every_phrase(said), said.near_misses)


ENTRY = GameEntry(
    id="kapitaen-wackelpudding",
    title="Kapitän Wackelpudding",
    players=(MIN_PLAYERS, MAX_PLAYERS),
    languages=("de", "en"),
    replay=replay_contract(replay_script, WackelpuddingError),
    table_command="kapitaen-wackelpudding",
    demo=demo,
    head_phrases=head_phrases,
)
"""The game's entry in :data:`voice_host.games.registry.GAMES`."""
