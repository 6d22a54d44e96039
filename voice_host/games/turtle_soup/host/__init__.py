"""Turtle Soup's host: the game (``voice_host.games.turtle_soup``) on the host's seam.

``game`` is the :class:`~voice_host.host.seam.HostedGame` (the deal, the pot, the answers heard,
the payouts), ``lines`` what the host says, ``session`` the game on the shared dialogue,
``table`` bots at a table heard through the real ear, ``demo`` the command line's demo,
``table_app`` a real table on the host's table app. The
game's own package stands alone (rules, deck, bots, words), so its host lives here.
"""

from __future__ import annotations

from dataclasses import replace

from voice_host.games.entry import DemoRequest
from voice_host.games.turtle_soup import ENTRY as RULES_ENTRY


def demo(request: DemoRequest) -> str:
    """``voice-host demo --game turtle-soup``: whole dinners with bots through the real ear."""
    # The voices load only for a demo: hearing at the table never loads them.
    from voice_host.games.turtle_soup.host.demo import run

    return run(request)


ENTRY = replace(RULES_ENTRY, demo=demo, table_command="turtle-soup")
"""Turtle Soup's entry in the games registry: its replay contract, its demo and its table
(``voice-host play turtle-soup``)."""
