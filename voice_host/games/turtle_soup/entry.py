"""Turtle Soup's entry in the games registry: its replay contract, its languages, its demo and
its table (``voice-host play turtle-soup``). The host's parts load only when they are asked
for."""

from __future__ import annotations

from voice_host.games.entry import DemoRequest, GameEntry, replay_contract
from voice_host.games.turtle_soup.errors import TurtleSoupError
from voice_host.games.turtle_soup.replay import replay as replay_script
from voice_host.games.turtle_soup.rules import MAX_PLAYERS, MIN_PLAYERS


def demo(request: DemoRequest) -> str:
    """``voice-host demo --game turtle-soup``: whole dinners with bots through the real ear."""
    # The voices load only for a demo: hearing at the table never loads them.
    from voice_host.games.turtle_soup.host.demo import run

    return run(request)


ENTRY = GameEntry(
    id="turtle-soup",
    title="Turtle Soup",
    players=(MIN_PLAYERS, MAX_PLAYERS),
    languages=("it", "en"),
    replay=replay_contract(replay_script, TurtleSoupError),
    table_command="turtle-soup",
    demo=demo,
)
"""Turtle Soup's entry in the games registry."""
