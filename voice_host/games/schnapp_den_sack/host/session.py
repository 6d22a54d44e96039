"""A game of Schnapp den Sack on the host's dialogue: :class:`SchnappSession`.

Pure: no audio, no clock, no files. The driver (a demo, a live table) feeds each utterance's
:class:`~voice_host.recognition.Hearing` or typed line, tells the session when the wait for a call
ran out (:meth:`SchnappSession.time_up`), and carries out the returned steps.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from voice_host.games.cowabunga.host.lines import HostLines, host_lines
from voice_host.games.schnapp_den_sack import rules
from voice_host.games.schnapp_den_sack.host.buzzers import Buzzers
from voice_host.games.schnapp_den_sack.host.game import WAIT_S, Call, SchnappGame
from voice_host.games.schnapp_den_sack.words import words
from voice_host.host.dialogue import Dialogue
from voice_host.host.seam import Policy
from voice_host.host.step import Step


class SchnappSession(Dialogue[Call]):
    """The host of one game of Schnapp den Sack."""

    def __init__(self, state: rules.State, *, lang: str = "de",
                 calls: Mapping[str, str] | None = None, wait_s: float = WAIT_S,
                 can_answer: bool = True, policy: Policy | None = None) -> None:
        say = host_lines(lang)
        self.table = SchnappGame(state, words(lang), say.table, calls, wait_s)
        """The game: the engine's state, the verdicts, the words."""
        super().__init__(self.table, say, can_answer=can_answer, policy=policy)
        self.say: HostLines = say
        """The host's own lines (say again, paused, stop...) in the table's language."""
        self.table.bind(self)

    @property
    def state(self) -> rules.State:
        """The engine's state now."""
        return self.table.state

    @property
    def wait_s(self) -> float:
        """How long to wait for a call after a flip is said."""
        return self.table.wait_s

    def start(self) -> Step:
        """The opening line, then the first flip."""
        step = Step()
        self.say_line(step, self.table.start_line(), remember=False)
        self.table.flip(step)
        return step

    def use_buzzers(self, buzzers: Buzzers) -> None:
        """Calls by buzzer key from now on (:meth:`buzz`); a spoken call word is no call."""
        self.table.buzzers = buzzers

    def buzz(self, player: str) -> Step:
        """``player`` pressed their buzzer key: their call on the waiting card (nothing while a
        question, a pause or a stop holds the game, or no card waits)."""
        step = Step()
        buzzers = self.table.buzzers
        if buzzers is None or player not in buzzers.keys or self.waiting_for() is None:
            return step
        self.awaiting_yes = None
        step.records.append({"event": "buzzer", "player": player, "key": buzzers.keys[player]})
        self.table.settle(step, player)
        return step

    def time_up(self) -> Step:
        """The wait for a call ran out (ignored while a question, a pause or a stop holds the
        game)."""
        step = Step()
        if self.waiting_for() is not None:
            self.table.time_up(step)
        return step


def seeded_session(players: Sequence[str], seed: int, *, lang: str = "de",
                   plates: rules.Plates | None = None, wait_s: float = WAIT_S,
                   calls: Mapping[str, str] | None = None,
                   can_answer: bool = True) -> SchnappSession:
    """A session on a deal made repeatable by ``seed``."""
    state = rules.deal(players, random.Random(seed), plates=plates)
    return SchnappSession(state, lang=lang, calls=calls, wait_s=wait_s, can_answer=can_answer)
