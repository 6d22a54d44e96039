"""A table of Kapitän Wackelpudding hosted by voice: the host's shared
:class:`~voice_host.host.dialogue.Dialogue` around a :class:`~.game.WackelpuddingGame`.

Pure: no audio, no clock, no files. A runner feeds each utterance's hearing (or a typed line)
to :meth:`hear` / :meth:`type` and carries out the returned step. The host's own lines (say
again, paused, stop) are the referee's wording in the table's language. Right after a fall booked
at once, "no" or "undo" is the player's objection: it takes the fall back without the question an
undo asks ("Zwei Särge zurücknehmen?"), even heard unsure (the ear's likely reading of what it
withheld). Taking back is the cheap direction: a fall taken back wrongly is said again, while a
wrong fall left standing costs the player, and in party babble the yes to that question is often
lost.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from voice_host.games.cowabunga.host.lines import HostLines, host_lines
from voice_host.games.kapitaen_wackelpudding.host.confirm import (
    DEFAULT_CONFIRM_FALLS,
    ConfirmFalls,
)
from voice_host.games.kapitaen_wackelpudding.host.game import Report, WackelpuddingGame
from voice_host.games.kapitaen_wackelpudding.rules import Rules, State
from voice_host.games.kapitaen_wackelpudding.words import words
from voice_host.host.dialogue import Dialogue
from voice_host.host.seam import Policy
from voice_host.host.step import Step
from voice_host.phrases import phrase_table
from voice_host.recognition import Hearing

OBJECTIONS = frozenset({"no", "undo"})
"""The commands that object to a fall booked at once ("nein", "falsch", "rückgängig")."""


class WackelpuddingSession(Dialogue[Report]):
    """The host of one game of Kapitän Wackelpudding at a physical table."""

    def __init__(self, players: Sequence[str], *, lang: str = "de", seed: int | None = None,
                 can_answer: bool = True, policy: Policy | None = None,
                 rules: Rules | None = None,
                 confirm_falls: ConfirmFalls = DEFAULT_CONFIRM_FALLS) -> None:
        say: HostLines = host_lines(lang)
        self.table = WackelpuddingGame(players, words(lang), phrase_table(lang),
                                       random.Random(seed), rules, confirm_falls)
        """The game: the engine's state, the accepted moves, the journal actions."""
        super().__init__(self.table, say, can_answer=can_answer, policy=policy)
        self.table.bind(self)
        self._answering_undo = False

    @property
    def state(self) -> State:
        """The engine's state now."""
        return self.table.state

    @property
    def over(self) -> bool:
        """Whether the game is over."""
        return self.table.over

    def hear(self, hearing: Hearing) -> Step:
        """One utterance as the recognizer heard it; an objection heard unsure right after a
        fall booked at once takes it back too."""
        objection = self._unsure_objection(hearing)
        if objection is None:
            # A "no" to "Zwei Särge zurücknehmen?" keeps the fall: it is no objection.
            self._answering_undo = self.awaiting_yes == "undo"
            try:
                return super().hear(hearing)
            finally:
                self._answering_undo = False
        step = Step()
        step.records.append(hearing.heard_event())
        step.records.append({"event": "command", "name": objection})
        self.table.object_to_fall(step)
        return step

    def _unsure_objection(self, hearing: Hearing) -> str | None:
        """The objection ("no" or "undo") ``hearing`` holds without confidence (in the
        transcript, or as the likely reading of an utterance the ear withheld, at least
        :attr:`~voice_host.host.seam.Policy.answer_confidence` sure) while a fall booked at once
        may be objected to; None otherwise."""
        if (hearing.command is not None or hearing.words or hearing.numbers or self.stopped
                or not self._may_object()):
            return None
        parsed = self.table.phrases.parse(hearing.text) if hearing.text else None
        if parsed is not None and parsed.command in OBJECTIONS:
            return parsed.command
        return next((a.command for a in hearing.alternatives if a.command in OBJECTIONS
                     and a.confidence >= self.policy.answer_confidence), None)

    def idle_commands(self) -> frozenset[str]:
        """As the host's, but right after a fall booked at once "no" and "undo" object to it."""
        idle = super().idle_commands()
        return idle - OBJECTIONS if self._may_object() else idle

    def _may_object(self) -> bool:
        """Whether a fall booked at once may be objected to now: nothing paused, asked or
        awaiting a yes, and the fall the last thing booked."""
        return (not self.paused and self.question is None and self.awaiting_yes is None
                and self.table.objection_open())

    def command(self, step: Step, name: str, *, sure: bool = True) -> None:
        """Carry out command ``name``; a sure "no" or "undo" right after a fall booked at once
        (no question open) takes it back and asks what fell."""
        if name in OBJECTIONS and sure and not self._answering_undo and self._may_object():
            step.records.append({"event": "command", "name": name})
            self.table.object_to_fall(step)
            return
        super().command(step, name, sure=sure)

    def start(self) -> Step:
        """The opening line and the first player's load."""
        step = Step()
        self.table.start(step)
        return step
