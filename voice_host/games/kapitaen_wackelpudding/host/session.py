"""A table of Kapitän Wackelpudding hosted by voice: the host's shared
:class:`~voice_host.host.dialogue.Dialogue` around a :class:`~.game.WackelpuddingGame`.

Pure: no audio, no clock, no files. A runner feeds each utterance's hearing (or a typed line)
to :meth:`hear` / :meth:`type` and carries out the returned step. The host's own lines (say
again, paused, stop) are the referee's wording in the table's language.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from voice_host.games.kapitaen_wackelpudding.host.game import Report, WackelpuddingGame
from voice_host.games.kapitaen_wackelpudding.rules import Rules, State
from voice_host.games.kapitaen_wackelpudding.words import words
from voice_host.host.dialogue import Dialogue
from voice_host.host.seam import Policy
from voice_host.host.step import Step
from voice_host.phrases import phrase_table
from voice_host.referee.lines import HostLines, host_lines


class WackelpuddingSession(Dialogue[Report]):
    """The host of one game of Kapitän Wackelpudding at a physical table."""

    def __init__(self, players: Sequence[str], *, lang: str = "de", seed: int | None = None,
                 can_answer: bool = True, policy: Policy | None = None,
                 rules: Rules | None = None) -> None:
        say: HostLines = host_lines(lang)
        self.table = WackelpuddingGame(players, words(lang), phrase_table(lang),
                                       random.Random(seed), rules)
        """The game: the engine's state, the accepted moves, the journal actions."""
        super().__init__(self.table, say, can_answer=can_answer, policy=policy)
        self.table.bind(self)

    @property
    def state(self) -> State:
        """The engine's state now."""
        return self.table.state

    @property
    def over(self) -> bool:
        """Whether the game is over."""
        return self.table.over

    def start(self) -> Step:
        """The opening line and the first player's load."""
        step = Step()
        self.table.start(step)
        return step
