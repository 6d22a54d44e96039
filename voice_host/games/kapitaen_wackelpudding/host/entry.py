"""Kapitän Wackelpudding's entry in the games registry with its host: the game's own entry (rules
and replay) plus the demo and the command that hosts a real table
(``voice_host.cli.kapitaen_cmds``). The game's package stands alone, so the host's parts are
joined to its entry here."""

from __future__ import annotations

from dataclasses import replace

from voice_host.games import kapitaen_wackelpudding
from voice_host.games.entry import DemoRequest, HeadPhrases
from voice_host.games.kapitaen_wackelpudding.host.reports import every_phrase
from voice_host.games.kapitaen_wackelpudding.words import words


def demo(request: DemoRequest) -> str:
    """``voice-host demo --game kapitaen-wackelpudding``: see :mod:`.demo`."""
    # The ear, the synthesizers and the host's voice load only when a demo is asked for.
    from voice_host.games.kapitaen_wackelpudding.host.demo import run_request

    return run_request(request)


def head_phrases(lang: str) -> HeadPhrases:
    """The falls and the turn's words its phrase head learns, with their near misses."""
    said = words(lang)
    return HeadPhrases(every_phrase(said), said.near_misses)


ENTRY = replace(kapitaen_wackelpudding.ENTRY, demo=demo, table_command="kapitaen-wackelpudding",
                head_phrases=head_phrases)
"""The game's entry, with its demo and its table (``voice-host play kapitaen-wackelpudding``)."""
