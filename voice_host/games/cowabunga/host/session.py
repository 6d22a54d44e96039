"""The referee's session: Cowabunga's game on the host's dialogue.

Pure: no audio, no clock, no files. A runner feeds each utterance's
:class:`~voice_host.recognition.Hearing` (or a typed line) to :meth:`Session.hear` /
:meth:`Session.type`, then makes the returned :class:`Step`'s journal actions durable, writes its
log records and speaks its lines, in that order. The conversation (questions, yes and no,
commands) is the host's :class:`~voice_host.host.dialogue.Dialogue`; the judging is the game's
:class:`~voice_host.games.cowabunga.host.game.CowabungaGame`. What is Cowabunga's own here is how
the runner's
early hearing is told whether an utterance may be judged at once or waits for the rest of a
phrase cut at its comma.
"""

from __future__ import annotations

from collections.abc import Iterable

from cowabunga import TableView
from voice_host.games.cowabunga.host.game import CowabungaGame, Phase, Turn
from voice_host.games.cowabunga.host.lines import HostLines, host_lines
from voice_host.games.cowabunga.host.setup import Setup
from voice_host.games.cowabunga.host.verdict import Accept, Mistake, Reading, Reason, judge
from voice_host.host.dialogue import ConfirmedCommand, Dialogue
from voice_host.host.seam import Policy, Question
from voice_host.host.step import JSONObject, Step, split_line
from voice_host.phrases import PhraseTable, phrase_table
from voice_host.recognition import LARGEST_CARD, Hearing, is_whole

__all__ = [
    "CONTRACT",
    "ConfirmedCommand",
    "JSONObject",
    "Phase",
    "Policy",
    "Question",
    "Session",
    "Step",
    "Turn",
    "split_line",
]

CONTRACT = frozenset(
    {"played", "stew_pot", "direction", "island_drawn", "game_over", "heard", "mistake", "ask",
     "command", "undone", "host", "resync"}
)
"""Event names the referee's log contains."""


class Session(Dialogue[Reading]):
    """The referee of one game of Cowabunga at a physical table."""

    def __init__(
        self,
        setup: Setup,
        *,
        lang: str = "en",
        can_answer: bool = True,
        policy: Policy | None = None,
    ) -> None:
        self.phrases: PhraseTable = phrase_table(lang)
        """The language's phrase table."""
        say: HostLines = host_lines(lang)
        self.table = CowabungaGame(setup, self.phrases, say)
        """The game: the table view, the accepted turns, the journal actions."""
        super().__init__(self.table, say, can_answer=can_answer, policy=policy)
        self.say: HostLines = say
        """The host's lines."""
        self.table.bind(self)

    # --- state ---------------------------------------------------------------------------------
    @property
    def setup(self) -> Setup:
        """How the game started."""
        return self.table.setup

    @property
    def view(self) -> TableView:
        """The table view now."""
        return self.table.view

    @view.setter
    def view(self, view: TableView) -> None:
        self.table.view = view

    @property
    def turns(self) -> list[Turn]:
        """Accepted turns, oldest first."""
        return self.table.turns

    @property
    def actions(self) -> list[JSONObject]:
        """Every journal action so far (what :meth:`restore` replays)."""
        return self.table.actions

    @property
    def phase(self) -> Phase:
        """What the referee waits for now."""
        if self.stopped:
            return Phase.STOPPED
        if self.paused:
            return Phase.PAUSED
        if self.question is not None:
            return Phase.QUESTION
        return self.table.waiting_for() or Phase.OVER

    @property
    def over(self) -> bool:
        """Whether the game is over."""
        return self.view.is_over

    def recent(self, count: int = 5) -> list[Turn]:
        """The last ``count`` accepted turns, oldest first."""
        return self.table.recent(count)

    # --- starting ------------------------------------------------------------------------------
    def start(self) -> Step:
        """The opening line."""
        step = Step()
        self.say_line(step, self.table.start_line())
        return step

    @classmethod
    def restore(
        cls,
        setup: Setup,
        actions: Iterable[JSONObject],
        *,
        lang: str = "en",
        can_answer: bool = True,
        policy: Policy | None = None,
    ) -> Session:
        """The session after replaying journal ``actions``; raises ValueError on a bad one."""
        session = cls(setup, lang=lang, can_answer=can_answer, policy=policy)
        for action in actions:
            session.table.replay(action)
        return session

    def resume_line(self) -> Step:
        """The line said when a restored game continues."""
        step = Step()
        self.say_line(step, self.table.resume_line())
        return step

    # --- judging at once, or waiting for the rest ----------------------------------------------
    def may_be_cut(self, hearing: Hearing) -> bool:
        """Whether a short utterance heard now may be only the start of a phrase cut at its
        comma ("five," | "thirty-three"): the referee waits a moment for the rest before judging.

        True at a turn (or a choice about one, answered by saying it again) for an utterance that
        is no command and either no number was heard in it at all, or one of its readings is a
        bare card-sized number that is no total this turn accepts, or its likeliest reading (or a
        likely rival) is a card phrase whose total is the card again that this turn does not
        accept (a cut "minus eight,"), or its likeliest reading is a bare total no card reaches,
        heard for sure (a cut "two," heard as "twelve"). A possible small total heard for sure is
        held too ("seven," then "eleven" from four must not count as two turns) when accepting it
        is quiet; one the host would announce (it turns the count) is not, so that every such
        announcement is not half a second late.
        """
        if (self.stopped or self.paused or self.awaiting_yes is not None
                or hearing.command is not None):
            return False
        q = self.question
        asking = self.phase is Phase.QUESTION and q is not None and q.kind is Phase.TURN
        if self.phase is not Phase.TURN and not (asking and q is not None and q.confirm is None):
            return False
        parsed = self.phrases.parse(hearing.text) if hearing.text else None
        if parsed is not None and parsed.command is not None:
            return False
        readings = self.table.readings(hearing)
        if not readings:
            # A reading the ear withheld is asked about at once, unless every reading is a bare
            # card-sized number no total this turn accepts: a card word alone, whose rest is most
            # likely on its way.
            withheld = self.table.withheld(hearing)
            return (self.phase is not Phase.TURN or not withheld
                    or all(self._lone_card(r) for r in withheld)
                    or self._cut_card(withheld[0]))
        if any(self._lone_card(r) for r in readings) or self._cut_card(readings[0]) or any(
                self._cut_card(r) for r in readings[1:]
                if r.confidence >= self.policy.rival_confidence) or (
                    bool(hearing.numbers) and self._far(readings[0])):
            return True
        top = readings[0]
        if not hearing.numbers or top.card is not None or top.total > 9:
            return False
        verdict = judge(self.view, top)
        return isinstance(verdict, Accept) and not self.view.reverses(verdict.card)

    def _lone_card(self, reading: Reading) -> bool:
        """Whether ``reading`` is a bare card-sized number that no total this turn accepts."""
        return (reading.card is None and reading.total <= LARGEST_CARD
                and not isinstance(judge(self.view, reading), Accept))

    def _far(self, reading: Reading) -> bool:
        """Whether ``reading`` is a bare total no card can reach from this total: how the ear
        can hear a card word cut at its comma ("two," as "twelve"), whose rest is on its way."""
        if reading.card is not None or self.phase is not Phase.TURN:
            return False
        verdict = judge(self.view, reading)
        return isinstance(verdict, Mistake) and verdict.reason is Reason.IMPOSSIBLE_STEP

    def _cut_card(self, reading: Reading) -> bool:
        """Whether ``reading`` is a card phrase whose total is the card again ("minus eight,
        eight") that this turn does not accept: a card phrase cut at its comma."""
        return (reading.card is not None and reading.card == reading.total
                and not isinstance(judge(self.view, reading), Accept))

    def is_whole(self, hearing: Hearing) -> bool:
        """Whether an utterance heard at the endpointer's tentative end may be judged at once.

        True at a turn (no question open, no yes or no awaited) for a hearing that is surely
        whole (:func:`~voice_host.recognition.is_whole`), that is no piece held for its rest
        (:meth:`may_be_cut`), and that would be accepted as it stands, with no question and no
        confirmation: a mistake or a question waits for the hangover, so the rest can still come.
        """
        if (self.phase is not Phase.TURN or self.stopped or self.paused
                or self.awaiting_yes is not None
                or not is_whole(hearing, self.policy.rival_confidence)
                or self.may_be_cut(hearing)):
            return False
        readings = self.table.readings(hearing)
        verdict = judge(self.view, readings[0])
        return (isinstance(verdict, Accept) and not self.table.rivals(readings, verdict)
                and not self.table.costly_verdict(verdict))
