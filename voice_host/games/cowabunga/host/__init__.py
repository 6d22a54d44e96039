"""Cowabunga's referee: its game on the host's seam, judging announced totals on the table view.

``game`` is Cowabunga on the seam; ``Session`` is that game on the host's dialogue, pure
(hearings in; log records, host lines and state out), and so is ``VoiceSetup`` (asking for
players, start card and islands); ``verdict`` judges one reading; ``resync`` finds the table
again after a mishearing; ``lines`` and ``wording`` hold every host line; ``journal`` is
Cowabunga's setup and actions in the host's journal; ``app`` reads the setup flags and hands
Cowabunga's parts to the host's table app (:mod:`voice_host.host.table`), which runs a session on
a microphone or a recording; ``demo`` plays a whole game with bots speaking through the real
recognizer.
"""

from voice_host.games.cowabunga.errors import RefereeError, SetupFlagError
from voice_host.games.cowabunga.host.journal import JournalError
from voice_host.games.cowabunga.host.lines import HostLines, host_lines
from voice_host.games.cowabunga.host.session import Phase, Policy, Question, Session, Step, Turn
from voice_host.games.cowabunga.host.setup import Setup, parse_islands, parse_players, parse_start
from voice_host.games.cowabunga.host.verdict import Accept, Mistake, Reading, Reason, Verdict, judge
from voice_host.games.cowabunga.host.voice_setup import VoiceSetup

__all__ = [
    "Accept",
    "HostLines",
    "JournalError",
    "Mistake",
    "Phase",
    "Policy",
    "Question",
    "Reading",
    "Reason",
    "RefereeError",
    "Session",
    "Setup",
    "SetupFlagError",
    "Step",
    "Turn",
    "Verdict",
    "VoiceSetup",
    "host_lines",
    "judge",
    "parse_islands",
    "parse_players",
    "parse_start",
]
