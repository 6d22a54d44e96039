"""Schnapp den Sack's entry in the games registry: its replay contract, its languages, its demo,
its table (``voice-host play schnapp-den-sack``) and its phrase head's phrases."""


from __future__ import annotations

from voice_host.games.entry import DemoRequest, GameEntry, HeadPhrases, replay_contract
from voice_host.games.schnapp_den_sack.replay import replay as replay_script
from voice_host.games.schnapp_den_sack.rules import MAX_PLAYERS, MIN_PLAYERS, SchnappError
from voice_host.games.schnapp_den_sack.words import words


def demo(request: DemoRequest) -> str:
    """``voice-host demo --game schnapp-den-sack``: bots play a whole game through the real ear
    (the demo, its voices and the ear load only when it is played)."""
    from voice_host.games.schnapp_den_sack.host.demo import run_demo

    return run_demo(request)


def head_phrases(lang: str) -> HeadPhrases:
    """The call words, the rows and the host's questions its phrase head learns, with their
    near misses (the players' names are heard by the closed-set scorer)."""
    said = words(lang)
    fixed = [*said.buzz, *(p for pair in said.rows.values() for p in pair), said.joker,
             *(p for phrases in said.queries.values() for p in phrases)]
    return HeadPhrases(tuple(dict.fromkeys(fixed)), said.near_misses, said.buzz)


ENTRY = GameEntry(
    id="schnapp-den-sack",
    title="Schnapp den Sack",
    players=(MIN_PLAYERS, MAX_PLAYERS),
    languages=("de", "en"),
    replay=replay_contract(replay_script, SchnappError),
    table_command="schnapp-den-sack",
    demo=demo,
    head_phrases=head_phrases,
)
"""Schnapp den Sack's entry in the games registry."""
