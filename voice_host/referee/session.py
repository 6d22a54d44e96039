"""The referee's session: hearings and typed lines in; log records, host lines and state out.

Pure: no audio, no clock, no files. A runner feeds each utterance's
:class:`~voice_host.recognition.Hearing` (or a typed line) to :meth:`Session.hear` /
:meth:`Session.type`, then makes the returned :class:`Step`'s journal actions durable, writes its
log records and speaks its lines, in that order.

Policy:

* A turn is judged on the table view (:func:`~voice_host.referee.verdict.judge`). A correct total
  is accepted quietly; a mistake is explained and the same player announces again.
* The referee acts only on a **confident** hearing (the recognizer gave numbers) whose rival
  readings (alternatives at least :attr:`Policy.rival_confidence` sure) would not change what
  happens. Otherwise it asks ("Thirteen or thirty?"), never picking the expected total itself.
  An announcement the recognizer withheld is asked about too when its likeliest reading is a
  number at least :attr:`Policy.unsure_floor` sure ("Twelve?").
* Nothing that costs a player is announced on one hearing alone: a mistake (and, by
  :attr:`Policy.confirm_stew_pots`, a stew pot) heard confidently is first confirmed ("Twelve?")
  and announced only after a confident yes. The same reading heard again is no yes (a recognizer
  misreads the same words the same way twice, and "no" sounds like "nine"): the question is
  asked again ("Twelve? Say yes or no."). A no has the player say it again. A typed line is
  trusted as it stands.
* A yes or no is a short word, easily misheard: a number heard where one was asked for is asked
  about, never taken as the turn on that hearing, and only a yes settles that question (the
  same number heard again may be the same answer misheard again). After
  :attr:`Policy.max_unheard` answers heard as nothing the player says the announcement again.
* Without anyone to answer (a recording), the question is logged with its alternatives and the
  best reading is taken.
* The recognizer is narrowed to what can be said now (:meth:`Session.expectation`), never toward
  the expected total: a turn allows every total within :data:`~voice_host.recognition.TURN_WINDOW`
  of the current one, so wrong directions and slips by ten are still heard as said. A choice about
  a turn ("Thirteen or thirty?") keeps the turn's grammar, never only the readings asked about; a
  yes/no question ("Twelve?") is heard as yes, no or a command, never as a number.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Literal

from cowabunga import (
    DirectionChanged,
    Event,
    GameOver,
    IslandDrawn,
    Played,
    StewPot,
    TableView,
    draw_island,
    play_card,
)
from cowabunga.cards import ISLAND_VALUES
from voice_host.phrases import PhraseTable, phrase_table
from voice_host.recognition import (
    COMMANDS_ONLY,
    LARGEST_CARD,
    RIVAL_CONFIDENCE,
    Expectation,
    Hearing,
    is_whole,
    turn_expectation,
)
from voice_host.referee.lines import HostLines, host_lines
from voice_host.referee.setup import Setup
from voice_host.referee.verdict import (
    Accept,
    Mistake,
    Reading,
    Reason,
    Verdict,
    judge,
    same_outcome,
)

JSONObject = dict[str, object]

ConfirmedCommand = Literal["stop", "undo"]
"""A spoken command the host asks about ("Stop the game?") and carries out only on a yes."""

CONTRACT = frozenset(
    {"played", "stew_pot", "direction", "island_drawn", "game_over", "heard", "mistake", "ask",
     "command", "undone", "host"}
)
"""Event names the referee's log contains."""


class Phase(enum.Enum):
    """What the referee is waiting for."""

    TURN = "turn"
    """The current player's announcement."""
    ISLAND = "island"
    """The pending player's island card, read out."""
    QUESTION = "question"
    """The answer to a question."""
    PAUSED = "paused"
    """Nothing but resume (and questions about the game)."""
    OVER = "over"
    """The game is over."""
    STOPPED = "stopped"
    """The referee was told to stop."""


@dataclass(frozen=True)
class Policy:
    """How sure the referee must be."""

    rival_confidence: float = RIVAL_CONFIDENCE
    """An alternative at least this sure, with a different outcome, makes the referee ask."""
    max_asks: int = 4
    """Questions on one announcement before the player is asked to say it again."""
    answer_confidence: float = 0.6
    """A "yes" or "no" in the recognizer's transcript at least this sure answers an open question,
    even under the engine's own bar for a sure hearing (PocketSphinx gives a transcript at any
    confidence): the two words are far apart and the reading asked about was already likely.
    The ear gives no transcript under its threshold, and its likeliest reading of a withheld
    answer is not taken: taken from 0.6, the referee bench (seeds 11-13) accepted more misheard
    totals quietly (es 2 -> 4, de 3 -> 6), a "no" heard as a withheld "yes"."""
    confirm_mistakes: bool = True
    """A mistake heard confidently is confirmed ("Twelve?") before it is announced: a confident
    recognizer can still be wrong, and a false mistake costs the player a turn."""
    confirm_stew_pots: bool = True
    """A correct total that costs a stew pot is confirmed before the stew pot is announced."""
    max_unheard: int = 2
    """Answers heard as nothing before the question is dropped and the player is asked to say
    the announcement again. Every answer said again is another chance for the ear to mishear
    it: in party babble, after six "nein" heard as nothing, the seventh was heard as a sure
    "ja" and announced a stew pot nobody owed. The announcement itself says more than a yes."""
    unsure_floor: float = 0.5
    """An announcement the ear withheld (not sure enough to give numbers) is asked about when its
    likeliest reading is a number at least this sure ("Twelve?"), rather than met with silence
    that leaves the table wondering whether it was heard. On the English bench's held-out
    voices, the withheld number clips whose likeliest reading clears 0.5 had it right 69% of
    the time; no chatter sentence's likeliest reading was a number."""


@dataclass(frozen=True)
class Turn:
    """An accepted turn, with everything it caused (for undo and the display)."""

    before: TableView
    """The view before the card was played."""
    player: str
    """Who played."""
    card: int
    """The card played."""
    total: int
    """The total announced."""
    events: tuple[Event, ...]
    """What it caused, including the island drawn after a direction change."""

    @property
    def stew_pot(self) -> bool:
        """Whether it cost a stew pot."""
        return any(isinstance(e, StewPot) for e in self.events)

    @property
    def reversed(self) -> bool:
        """Whether it changed the direction."""
        return any(isinstance(e, DirectionChanged) for e in self.events)

    @property
    def island(self) -> int | None:
        """The island drawn because of it, if any."""
        return next((e.island for e in self.events if isinstance(e, IslandDrawn)), None)


@dataclass(frozen=True)
class Question:
    """A question the host asked and waits to have answered.

    A question is either a choice ("Thirteen or thirty?") or, when ``confirm`` is set, a yes/no
    question about one reading ("Thirteen?"). An answer that is itself unsure turns a choice into
    yes/no questions about each option in turn (yes and no are told apart far more reliably than
    two numbers).
    """

    kind: Phase
    """What it is about: :attr:`Phase.TURN` or :attr:`Phase.ISLAND`."""
    options: tuple[Reading, ...]
    """The readings asked about, best first."""
    text: str
    """The question as spoken."""
    asked: int = 1
    """How many questions were asked about this announcement so far."""
    confirm: Reading | None = None
    """For a yes/no question: the reading asked about."""
    later: tuple[Reading, ...] = ()
    """Readings to ask about one by one if the answer is no."""
    unheard: int = 0
    """Answers to it heard as nothing so far."""
    yes_only: bool = False
    """Only a yes settles it, not its reading heard again: the reading was heard where a yes or
    no was asked for, so it may be that answer misheard ("nein" heard as "drei", twice)."""

@dataclass
class Step:
    """What one input produced, in the order it must be handled."""

    actions: list[JSONObject] = field(default_factory=list)
    """Journal entries: make them durable before anything is announced."""
    records: list[JSONObject] = field(default_factory=list)
    """Log records in order (``host`` records included)."""
    message: str | None = None
    """A note for the keyboard user (not spoken, not logged), e.g. an unknown typed command."""

    @property
    def lines(self) -> list[str]:
        """The host lines to speak, in order."""
        return [str(r["text"]) for r in self.records if r["event"] == "host"]


class Session:
    """The referee of one game at a physical table."""

    def __init__(
        self,
        setup: Setup,
        *,
        lang: str = "en",
        can_answer: bool = True,
        policy: Policy | None = None,
    ) -> None:
        self.setup = setup
        """How the game started."""
        self.view: TableView = setup.table()
        """The table view now."""
        self.can_answer = can_answer
        """Whether anyone can answer a question (False for a recording)."""
        self.policy = policy or Policy()
        """How sure the referee must be."""
        self.phrases: PhraseTable = phrase_table(lang)
        """The language's phrase table."""
        self.say: HostLines = host_lines(lang)
        """The host's lines."""
        self.turns: list[Turn] = []
        """Accepted turns, oldest first."""
        self.question: Question | None = None
        """The open question, if any."""
        self.paused = False
        """Whether the game is paused."""
        self.stopped = False
        """Whether the referee was told to stop."""
        self.last_line = ""
        """The last line the host said (for "repeat")."""
        self.actions: list[JSONObject] = []
        """Every journal action so far (what :meth:`restore` replays)."""
        self.awaiting_yes: ConfirmedCommand | None = None
        """The spoken command the host asked about and waits for a yes to: "stop" after "Stop the
        game?", "undo" after "Take back Emily's twenty-seven?" (the "undo" said again will do
        too); None when no command waits."""
        self._typed = False
        self._last_mistake: tuple[str, int] | None = None
        self._taken_back: dict[Phase, tuple[str, int]] = {}
        """What the last undo took back, by phase: who announced it, and the total (or the
        island card) heard. Heard again from the same player, it is asked about rather than
        taken quietly (:meth:`_suspect`); forgotten once that phase's announcement is taken."""

    # --- state ---------------------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        """What the referee waits for now."""
        if self.stopped:
            return Phase.STOPPED
        if self.paused:
            return Phase.PAUSED
        if self.question is not None:
            return Phase.QUESTION
        if self.view.is_over:
            return Phase.OVER
        if self.view.pending_island is not None:
            return Phase.ISLAND
        return Phase.TURN

    @property
    def over(self) -> bool:
        """Whether the game is over."""
        return self.view.is_over

    def recent(self, count: int = 5) -> list[Turn]:
        """The last ``count`` accepted turns, oldest first."""
        return self.turns[-count:] if count > 0 else []

    def expectation(self) -> Expectation:
        """What can sensibly be said now (for the recognizer's grammar).

        A choice ("Thirteen or thirty?") is answered by saying the announcement again, which may
        be any announcement of the turn: the grammar stays that of the turn (or of the island
        card). Narrowed to the readings asked about, any number said would be heard as one of
        them. A yes/no question ("Twelve?") is heard as yes, no or a command, no number: in
        party babble the ear heard "oui" as a sure "huit", "non" as "six" and "nein" as "drei",
        each a new question or a turn judged afresh (referee bench, seeds 11-14: the totals
        typed as a last resort fell from 96 to 88 in French, 32 to 27 in German and 29 to 26 in
        Italian; a German question settled wrong is settled right). A player who answers with
        a number is heard as nothing and, after :attr:`Policy.max_unheard` of them, asked to
        say the announcement again, under the turn's grammar.
        """
        phase = self.phase
        if phase is Phase.QUESTION and self.question is not None:
            if self.question.confirm is not None:
                return COMMANDS_ONLY
            phase = self.question.kind
        if phase is Phase.ISLAND:
            return Expectation(numbers=frozenset(ISLAND_VALUES), card_first=False, commands=True)
        if phase is Phase.TURN:
            return turn_expectation(self.view.total)
        return COMMANDS_ONLY

    # --- starting ------------------------------------------------------------------------------
    def start(self) -> Step:
        """The opening line."""
        step = Step()
        self._host(step, self.say.start(self.view))
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
            session._replay(action)
        return session

    def resume_line(self) -> Step:
        """The line said when a restored game continues."""
        step = Step()
        if self.over and self.view.outcome is not None:
            self._host(step, self.say.game_over(self.view.outcome))
        else:
            self._host(step, self.say.resumed(self.view))
        return step

    def _replay(self, action: JSONObject) -> None:
        kind = action.get("action")
        scratch = Step()
        card, island = action.get("card"), action.get("island")
        try:
            if kind == "play" and isinstance(card, int):
                self._play(scratch, card)
            elif kind == "island" and isinstance(island, int):
                self._draw(scratch, island)
            elif kind == "undo":
                self._undo(scratch)
            else:
                raise ValueError(f"unknown journal action {action!r}")
        except ValueError as err:
            raise ValueError(f"journal action {action!r} does not fit the game: {err}") from None

    # --- input ---------------------------------------------------------------------------------
    def type(self, line: str) -> Step:
        """A line typed at the keyboard: a total, a card and a total, or a command."""
        text = line.strip()
        if not text:
            return Step()
        parsed = self.phrases.parse(text)
        if parsed is None:
            return Step(message=self.say.unknown_input(text))
        hearing = Hearing(text=text, numbers=parsed.numbers, command=parsed.command, confidence=1.0)
        self._typed = True
        try:
            step = self.hear(hearing)
        finally:
            self._typed = False
        step.records[0]["typed"] = True
        return step

    def hear(self, hearing: Hearing) -> Step:
        """One utterance as the recognizer heard it."""
        step = Step()
        step.records.append(hearing.heard_event())
        if self.stopped:
            return step
        parsed = self.phrases.parse(hearing.text) if hearing.text else None
        answer = None
        if (
            parsed is not None
            and parsed.command in ("yes", "no")
            and (self.question is not None or self.awaiting_yes is not None)
            and not self.paused
            and hearing.confidence >= self.policy.answer_confidence
            and not any(a.command in ("yes", "no") for a in hearing.alternatives)
        ):
            answer = parsed.command
        # A yes or no to "Stop the game?" or "Take back ...?" is waited for once only.
        awaited, self.awaiting_yes = self.awaiting_yes, None
        said_yes = (hearing.command or answer) == "yes"
        if awaited == "stop" and said_yes:
            step.records.append({"event": "command", "name": "yes"})
            self._stop(step)
            return step
        if awaited == "undo" and (said_yes or (hearing.command == "undo" and self._sure(hearing))):
            step.records.append({"event": "command", "name": hearing.command or "yes"})
            self._take_back(step)
            return step
        if hearing.command is not None:
            self._command(step, hearing.command, sure=self._sure(hearing))
            return step
        if answer is not None:
            self._command(step, answer, sure=False)
            return step
        if parsed is not None and parsed.command is not None:
            # A command heard without confidence: acted on only if said again clearly; an open
            # question is asked again.
            if self.question is not None and not self.paused:
                self._ask_same(step, self.question)
            return step
        readings = self._readings(hearing)
        if not readings and self.phase in (Phase.TURN, Phase.ISLAND):
            readings = self._withheld(hearing)
        if not readings:
            if self.question is not None and not self.paused:
                if hearing.text:
                    self._ask_same(step, self.question)
                else:
                    self._unheard(step, self.question)
            return step
        self._judge_readings(step, self.phase, readings, bool(hearing.numbers),
                             yes_no_awaited=awaited is not None)
        return step

    def may_be_cut(self, hearing: Hearing) -> bool:
        """Whether a short utterance heard now may be only the start of a phrase cut at its
        comma ("five," | "thirty-three"): the referee waits a moment for the rest before judging.

        True at a turn (or a question about one, answered by saying it again) when the utterance
        is no command and either no number was heard in it at all (nothing would be said about it
        anyway; a reading the ear withheld but the host would ask about is asked at once) or one
        of its readings is a bare card-sized number (0-9) that is no total this turn accepts,
        which would be judged instead of the total that follows; or its likeliest reading (or a
        rival at least :attr:`Policy.rival_confidence` sure) is a card phrase whose total is the
        card again that this turn does not accept, how the ear hears a cut "minus eight,"
        (:meth:`_cut_card`), sure or withheld; or its likeliest reading is a bare total no card
        reaches, heard for sure (:meth:`_far`: a cut "two," heard as "twelve"). A possible small
        total heard for sure is held too ("seven," then "eleven" from four must not count as
        two turns) when accepting it is quiet. One the host would announce (it turns the count)
        is not: waiting would put every such announcement half a second later, and a card-first
        phrase cut there is rare (the player can say "undo"). Unsure readings are not held for a
        possible small total, nor for larger totals: their question would only come later.
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
        readings = self._readings(hearing)
        if not readings:
            # A reading the ear withheld is asked about at once: a question held for a rest that
            # seldom comes would come late every time. Unless every reading is a bare card-sized
            # number no total this turn accepts: a card word alone, narrowed by the turn's
            # grammar to its neighbours ("five," at twenty-six heard as "nine" or "eight"),
            # whose rest is most likely on its way.
            withheld = self._withheld(hearing)
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
        """Whether ``reading`` is a bare card-sized number that no total this turn accepts:
        the card word of a phrase cut at its comma, most likely."""
        return (reading.card is None and reading.total <= LARGEST_CARD
                and not isinstance(judge(self.view, reading), Accept))

    def _far(self, reading: Reading) -> bool:
        """Whether ``reading`` is a bare total that no card can reach from this total (a step
        of more than 9): how the ear can hear a card word cut at its comma ("two," heard as
        "twelve", "zero," as "eleven", "five," as "forty"), whose rest is on its way. Such a
        short piece waits for its rest; a real mistake that short ("forty" for "thirty") is
        announced half a second later."""
        if reading.card is not None or self.phase is not Phase.TURN:
            return False
        verdict = judge(self.view, reading)
        return isinstance(verdict, Mistake) and verdict.reason is Reason.IMPOSSIBLE_STEP

    def _cut_card(self, reading: Reading) -> bool:
        """Whether ``reading`` is a card phrase whose total is the card again ("minus eight,
        eight") that this turn does not accept: how the ear's grammar hears a card phrase cut
        at its comma ("minus eight," | "three"), whose rest is most likely on its way."""
        return (reading.card is not None and reading.card == reading.total
                and not isinstance(judge(self.view, reading), Accept))

    def is_whole(self, hearing: Hearing) -> bool:
        """Whether an utterance heard at the endpointer's tentative end may be judged at once,
        before the rest of the hangover, with no rest of a cut phrase to wait for.

        True at a turn (no question open, no yes or no awaited) for a hearing that is surely
        whole (:func:`~voice_host.recognition.is_whole`: a total above 9, or a card and a total
        other than the card), that is no piece the session would hold for its rest
        (:meth:`may_be_cut`), and that the session would accept as it stands, with no question
        and no confirmation. A cut "plus seven," is often heard as a sure phrase that was not
        said ("plus seven, eight", "seventeen"), which the game seldom allows: a mistake or a
        question waits for the hangover, a tenth of a second more, so the rest can still come.
        """
        if (self.phase is not Phase.TURN or self.stopped or self.paused
                or self.awaiting_yes is not None
                or not is_whole(hearing, self.policy.rival_confidence)
                or self.may_be_cut(hearing)):
            return False
        readings = self._readings(hearing)
        verdict = judge(self.view, readings[0])
        return (isinstance(verdict, Accept) and not self._rivals(readings, verdict)
                and not self._costly(verdict))

    def _rivals(self, readings: list[Reading], verdict: Verdict) -> list[Reading]:
        """The readings after the first at least :attr:`Policy.rival_confidence` sure whose
        outcome differs from ``verdict`` (the first one's)."""
        return [
            r
            for r in readings[1:]
            if r.confidence >= self.policy.rival_confidence
            and not same_outcome(judge(self.view, r), verdict)
        ]

    def _sure(self, hearing: Hearing) -> bool:
        """Whether a command the recognizer gave is heard without a likely rival reading."""
        return not any(
            a.confidence >= self.policy.rival_confidence
            and (a.numbers or a.command not in (None, hearing.command))
            for a in hearing.alternatives
        )

    def _readings(self, hearing: Hearing) -> list[Reading]:
        """The top reading (from the transcript, confident or not) and the alternatives."""
        out: list[Reading] = []
        top = self.phrases.parse(hearing.text) if hearing.text else None
        if top is not None and top.total is not None:
            out.append(Reading(top.total, top.card, top.sign, hearing.confidence))
        elif len(hearing.numbers) in (1, 2):
            card = hearing.numbers[0] if len(hearing.numbers) == 2 else None
            out.append(Reading(hearing.numbers[-1], card, None, hearing.confidence))
        else:
            return out  # the best reading is no number: table talk, not an announcement
        for alt in hearing.alternatives:
            parsed = self.phrases.parse(alt.text) if alt.text else None
            if parsed is not None and parsed.total is not None:
                reading = Reading(parsed.total, parsed.card, parsed.sign, alt.confidence)
            elif len(alt.numbers) in (1, 2):
                card = alt.numbers[0] if len(alt.numbers) == 2 else None
                reading = Reading(alt.numbers[-1], card, None, alt.confidence)
            else:
                continue
            if all(r.key() != reading.key() for r in out):
                out.append(reading)
        return out[:1] + sorted(out[1:], key=lambda r: -r.confidence)

    def _withheld(self, hearing: Hearing) -> list[Reading]:
        """The readings of an utterance the ear withheld, if its likeliest is a number at least
        :attr:`Policy.unsure_floor` sure (to be asked about, never acted on); else none."""
        if hearing.text or hearing.numbers or hearing.command or not hearing.alternatives:
            return []
        best, *rest = hearing.alternatives
        readings = self._readings(replace(hearing, text=best.text, numbers=best.numbers,
                                          confidence=best.confidence, alternatives=tuple(rest)))
        if not readings or readings[0].confidence < self.policy.unsure_floor:
            return []
        return readings

    # --- turns ---------------------------------------------------------------------------------
    def _turn(self, step: Step, readings: list[Reading], confident: bool) -> None:
        top = readings[0]
        verdict = judge(self.view, top)
        rivals = self._rivals(readings, verdict)
        repeated = (
            isinstance(verdict, Mistake)
            and top.card is not None
            and self._last_mistake == (self.view.current_player, top.total)
            and isinstance(judge(self.view, Reading(top.total)), Accept)
        )
        if confident and not rivals and not repeated and not self._suspect(Phase.TURN, top):
            if self._costly(verdict):
                # Confident, but it costs the player: ask about the one reading first, and after
                # a no about the others the ear offered ("Forty?" no, "Thirty?").
                self._ask(step, Phase.TURN, (top,),
                          self._later(readings, verdict, (top,), total_alone=False))
                return
            self._verdict(step, verdict)
            return
        # Unsure, or the same total said again after its card was called wrong: the player may
        # be right and the card word misheard, so ask rather than repeat the verdict.
        options = _by_confidence(top, rivals[:2])
        self._ask(step, Phase.TURN, options, self._later(readings, verdict, options))

    def _later(self, readings: list[Reading], verdict: Verdict, options: tuple[Reading, ...],
               *, total_alone: bool = True) -> tuple[Reading, ...]:
        """What to ask about after a no to ``options``: the other readings the ear offered whose
        outcome differs from ``verdict`` (the first reading's), then, with ``total_alone`` and
        when the first reading has a card, its total alone (a short card word is easily heard
        where none was said; not after a confident hearing, whose card was heard for sure)."""
        top = readings[0]
        candidates = list(readings[1:])
        if total_alone and top.card is not None:
            candidates.append(Reading(top.total, None, None, top.confidence / 2))
        return tuple(
            r
            for r in candidates
            if all(r.key() != o.key() for o in options)
            and not same_outcome(judge(self.view, r), verdict)
        )

    def _suspect(self, phase: Phase, reading: Reading) -> bool:
        """Whether ``reading`` is what the last undo took back at ``phase``, announced by the same
        player: the ear that misheard the words once hears them the same way again ("vingt-deux"
        heard as a sure "vingt-neuf" twice running, French referee bench, seed 12), so only a
        yes to "Twenty-nine?" takes it. A player who takes back a turn to say the same total
        again (another card) answers that yes. A typed line is never in doubt."""
        if self._typed:
            return False
        who = self.view.island_drawer if phase is Phase.ISLAND else self.view.current_player
        return self._taken_back.get(phase) == (who, reading.total)

    def _costly(self, verdict: Verdict) -> bool:
        """Whether ``verdict``, heard (not typed), must be confirmed before it is announced."""
        if self._typed:
            return False
        if isinstance(verdict, Mistake):
            return self.policy.confirm_mistakes
        if not self.policy.confirm_stew_pots:
            return False
        _, events = play_card(self.view, verdict.card)
        return any(isinstance(e, StewPot) for e in events)

    def _verdict(self, step: Step, verdict: Verdict) -> None:
        if isinstance(verdict, Accept):
            self._play(step, verdict.card)
            return
        self._mistake(step, verdict)

    def _mistake(self, step: Step, m: Mistake) -> None:
        view = self.view
        self._last_mistake = (view.current_player, m.said)
        step.records.append(
            {
                "event": "mistake",
                "player": view.current_player,
                "said": m.said,
                "reason": m.reason.value,
                "expected": m.expected,
            }
        )
        if m.reason is Reason.ARITHMETIC and m.card is not None:
            line = self.say.arithmetic(view.total, view.counting, m.card, m.said)
        elif m.reason is Reason.WRONG_DIRECTION:
            line = self.say.wrong_direction(view.total, view.counting, m.card, m.said)
        elif m.reason is Reason.CARD_NOT_AVAILABLE and m.card is not None:
            line = self.say.card_not_available(m.card)
        else:
            line = self.say.impossible_step(view.total, m.said)
        self._host(step, line)

    def _play(self, step: Step, card: int) -> None:
        self._last_mistake = None
        self._taken_back.pop(Phase.TURN, None)
        before = self.view
        player = before.current_player
        after, events = play_card(before, card)
        action: JSONObject = {"action": "play", "player": player, "card": card}
        self.actions.append(action)
        step.actions.append(action)
        self.view = after
        self.turns.append(Turn(before, player, card, before.total_after(card), events))
        self._announce(step, events)

    def _announce(self, step: Step, events: Iterable[Event]) -> None:
        lines: list[str] = []
        for event in events:
            if isinstance(event, Played | StewPot | DirectionChanged | IslandDrawn | GameOver):
                step.records.append(event.to_json())
            if isinstance(event, StewPot):
                lines.append(
                    self.say.stew_pot(event.player, event.holder, event.island, event.count)
                )
            elif isinstance(event, DirectionChanged):
                drawer = self.view.players[self.view.pending_island or 0]
                total = self.turns[-1].total
                lines.append(self.say.direction_change(total, event.counting, drawer))
            elif isinstance(event, IslandDrawn):
                lines.append(self.say.island_drawn(event.player, event.island))
                if self.view.island_deck == 0:
                    lines.append(self.say.last_island())
            elif isinstance(event, GameOver):
                lines.append(self.say.game_over(event.outcome))
        if lines:
            self._host(step, " ".join(lines))

    # --- islands -------------------------------------------------------------------------------
    def _island(self, step: Step, readings: list[Reading], confident: bool) -> None:
        top = readings[0]
        rivals = [
            r
            for r in readings[1:]
            if r.confidence >= self.policy.rival_confidence and r.total != top.total
        ]
        if confident and not rivals and not self._suspect(Phase.ISLAND, top):
            self._island_value(step, top.total)
            return
        later = tuple(r for r in readings[1:] if r not in rivals and r.total != top.total)
        self._ask(step, Phase.ISLAND, _by_confidence(top, rivals[:2]), later)

    def _island_value(self, step: Step, value: int) -> None:
        if value not in ISLAND_VALUES:
            self._host(step, self.say.not_an_island(value))
            return
        holder = self.view.island_holder(value)
        if holder is not None:
            self._host(step, self.say.island_taken(value, self.view.players[holder]))
            return
        self._draw(step, value)

    def _draw(self, step: Step, island: int) -> None:
        self._taken_back.pop(Phase.ISLAND, None)
        after, events = draw_island(self.view, island)
        action: JSONObject = {"action": "island", "island": island}
        self.actions.append(action)
        step.actions.append(action)
        self.view = after
        last = self.turns[-1]
        self.turns[-1] = Turn(last.before, last.player, last.card, last.total, last.events + events)
        self._announce(step, events)

    # --- questions -----------------------------------------------------------------------------
    def _ask(
        self,
        step: Step,
        kind: Phase,
        options: tuple[Reading, ...],
        later: tuple[Reading, ...] = (),
        asked: int = 1,
        *,
        yes_or_no: bool = False,
        yes_only: bool = False,
    ) -> None:
        """Ask about ``options`` (a choice, or yes/no for one); a recording takes the best.
        ``yes_or_no`` asks for the answer word outright ("Twelve? Say yes or no.");
        ``yes_only``: see :attr:`Question.yes_only`."""
        confirm = options[0] if len(options) == 1 else None
        if kind is Phase.ISLAND:
            text = self.say.ask_options([(None, o.total) for o in options])
        elif confirm is not None and yes_or_no:
            text = self.say.confirm_yes_no(confirm.card, confirm.total)
        else:
            text = self.say.ask_options([(o.card, o.total) for o in options])
        step.records.append(
            {
                "event": "ask",
                "question": text,
                "alternatives": [
                    {"card": o.card, "total": o.total, "confidence": round(o.confidence, 3)}
                    for o in options
                ],
            }
        )
        if not self.can_answer:
            best = max(options, key=lambda o: o.confidence)
            self._resolve(step, kind, best)
            return
        self.question = Question(kind, options, text, asked, confirm, later, yes_only=yes_only)
        self._host(step, text)

    def _resolve(self, step: Step, kind: Phase, reading: Reading) -> None:
        self.question = None
        if kind is Phase.ISLAND:
            self._island_value(step, reading.total)
        else:
            self._verdict(step, judge(self.view, reading))

    def _answer(self, step: Step, readings: list[Reading], confident: bool) -> None:
        q = self.question
        assert q is not None
        top = readings[0]
        matches = [o for o in q.options if o.key() == top.key()]
        if confident and len(matches) == 1:
            match = matches[0]
            if (q.yes_only or self._suspect(q.kind, match)
                    or (q.kind is Phase.TURN and self._costly(judge(self.view, match)))):
                # The reading that costs the player heard again, or one first heard in place of
                # a yes or no: the ear may mishear the same word twice (and "no" sounds like
                # "nine", "nein" like "drei"), so only a yes settles it.
                self._confirm_again(step, q, match)
                return
            self._resolve(step, q.kind, match)
            return
        if confident and not matches:
            # A new announcement instead of an answer: judge it afresh.
            self.question = None
            self._judge_readings(step, q.kind, readings, True,
                                 yes_no_awaited=q.confirm is not None)
            return
        if q.confirm is None:
            # An unsure answer to a choice: ask yes/no about each option, likeliest first.
            heard = {r.total: r.confidence for r in readings}
            order = sorted(q.options, key=lambda o: -heard.get(o.total, 0.0))
            self._next_question(step, q, tuple(order))
            return
        self._next_question(step, q, (q.confirm, *q.later))

    def _judge_readings(
        self,
        step: Step,
        phase: Phase,
        readings: list[Reading],
        confident: bool,
        *,
        yes_no_awaited: bool,
    ) -> None:
        """Judge ``readings`` as heard in ``phase`` (a question's, a turn's or an island card's).

        ``yes_no_awaited``: they were heard where a yes or no was waited for (a yes/no question, or
        "Stop the game?" / "Take back ...?"), so they may be that short word misheard ("yes" as
        "six", "nein" as "drei"): they are taken as unsure, never accepted quietly, and only a
        yes settles the question they raise (see :attr:`Question.yes_only`).
        """
        confident = confident and not yes_no_awaited
        if phase is Phase.QUESTION:
            self._answer(step, readings, confident)
        elif phase is Phase.TURN:
            self._turn(step, readings, confident)
        elif phase is Phase.ISLAND:
            self._island(step, readings, confident)
        if yes_no_awaited and self.question is not None:
            self.question = replace(self.question, yes_only=True)

    def _next_question(
        self, step: Step, q: Question, queue: tuple[Reading, ...], *, again: bool = False
    ) -> None:
        """Ask yes/no about the first of ``queue`` (or ``q`` again), or have the player say it
        again."""
        self.question = None
        if not queue or q.asked >= self.policy.max_asks:
            self._host(step, self.say.say_again(self._asked_player(q)))
            return
        if again and q.confirm is None:
            self._ask(step, q.kind, q.options, q.later, q.asked + 1, yes_only=q.yes_only)
        else:
            self._ask(step, q.kind, queue[:1], queue[1:], q.asked + 1, yes_only=q.yes_only)

    def _confirm_again(self, step: Step, q: Question, reading: Reading) -> None:
        """Ask yes/no about ``reading`` (which costs the player), asking for the yes or no
        outright when it was asked about before; or have the player say it again."""
        self.question = None
        if q.asked >= self.policy.max_asks:
            self._host(step, self.say.say_again(self._asked_player(q)))
            return
        self._ask(step, q.kind, (reading,), (), q.asked + 1, yes_or_no=q.confirm is not None,
                  yes_only=q.yes_only)

    def _ask_same(self, step: Step, q: Question) -> None:
        """Ask ``q`` again (nothing usable was heard in answer)."""
        queue = (q.confirm, *q.later) if q.confirm is not None else q.options
        self._next_question(step, q, queue, again=True)

    def _unheard(self, step: Step, q: Question) -> None:
        """An answer to ``q`` heard as nothing: wait for it again, or after
        :attr:`Policy.max_unheard` of them have the player say the announcement again."""
        if q.unheard + 1 < self.policy.max_unheard:
            self.question = replace(q, unheard=q.unheard + 1)
            return
        self.question = None
        self._host(step, self.say.say_again(self._asked_player(q)))

    def _asked_player(self, q: Question) -> str:
        view = self.view
        if q.kind is Phase.ISLAND and view.pending_island is not None:
            return view.players[view.pending_island]
        return view.current_player

    # --- commands ------------------------------------------------------------------------------
    def _command(self, step: Step, name: str, *, sure: bool = True) -> None:
        """Carry out command ``name``; ``sure`` is False for a yes or no taken from a hearing
        the recognizer did not vouch for (or with a likely rival reading)."""
        step.records.append({"event": "command", "name": name})
        view = self.view
        q = self.question
        if self.paused and name in ("yes", "no", "undo", "pause"):
            return
        if name in ("yes", "no"):
            if q is None:
                return
            if name == "yes" and q.confirm is not None:
                if not sure and q.kind is Phase.TURN and self._costly(judge(self.view, q.confirm)):
                    # What costs the player is announced on a confident yes only.
                    self._confirm_again(step, q, q.confirm)
                else:
                    self._resolve(step, q.kind, q.confirm)
            elif name == "yes":
                self._next_question(step, q, q.options)
            elif q.confirm is not None:
                self._next_question(step, q, q.later)
            else:
                self.question = None
                self._host(step, self.say.say_again(self._asked_player(q)))
            return
        if name == "repeat":
            self._host(step, self.last_line or self.say.status(view), remember=False)
        elif name == "status":
            self._host(step, self.say.status(view), remember=False)
        elif name == "whose_turn":
            self._host(step, self.say.whose_turn(view), remember=False)
        elif name == "score":
            self._host(step, self.say.score(dict(zip(view.players, view.stew_pots, strict=True))),
                       remember=False)
        elif name == "islands":
            self._host(step, self.say.islands(view), remember=False)
        elif name == "stew_pots":
            self._host(step, self.say.score(dict(zip(view.players, view.stew_pots, strict=True))),
                       remember=False)
        elif name == "island_cards":
            self._host(step, self.say.island_cards(view), remember=False)
        elif name == "my_islands":
            seat = view.pending_island if view.pending_island is not None else view.to_play
            self._host(step, self.say.player_islands(view, seat), remember=False)
        elif name == "last_plays":
            plays = [(t.player, t.total) for t in self.recent(5)]
            self._host(step, self.say.last_plays(plays), remember=False)
        elif name in ("my_cards", "hint"):
            self._host(step, self.say.hidden_cards(), remember=False)
        elif name == "undo":
            self.question = None
            if not self.turns:
                self._host(step, self.say.nothing_to_undo())
            elif self._typed or not self.can_answer:
                self._take_back(step)
            else:
                # Heard in table talk, "undo" would take back a turn nobody wanted taken back:
                # by voice it is confirmed first.
                self.awaiting_yes = "undo"
                last = self.turns[-1]
                self._host(step, self.say.confirm_undo(last.player, last.total))
        elif name == "pause":
            if not self.paused:
                self.paused = True
                self._host(step, self.say.paused())
        elif name == "resume":
            if self.paused:
                self.paused = False
                if q is not None:
                    self._host(step, q.text)
                else:
                    self._host(step, self.say.resumed_after_pause(view))
        elif name == "stop":
            if self._typed or not self.can_answer or view.is_over:
                self._stop(step)
            else:
                # A table is noisy: stopping the referee by voice is confirmed first.
                self.awaiting_yes = "stop"
                self._host(step, self.say.confirm_stop())

    def _stop(self, step: Step) -> None:
        self.stopped = True
        self.question = None
        if not self.view.is_over:
            self._host(step, self.say.stopped())

    def _take_back(self, step: Step) -> None:
        """Take back the last accepted turn, with everything it caused, and say so."""
        action: JSONObject = {"action": "undo"}
        undone = self.turns[-1]
        self._undo(step)
        self._taken_back = {Phase.TURN: (undone.player, undone.total)}
        drawn = next((e for e in undone.events if isinstance(e, IslandDrawn)), None)
        if drawn is not None:
            self._taken_back[Phase.ISLAND] = (drawn.player, drawn.island)
        self.actions.append(action)
        step.actions.append(action)
        step.records.append({"event": "undone", "player": undone.player, "total": undone.total})
        self._host(step, self.say.undone(undone.player, undone.total, self.view))

    def _undo(self, step: Step) -> None:
        if not self.turns:
            raise ValueError("nothing to undo")
        turn = self.turns.pop()
        self.view = turn.before

    def _host(self, step: Step, text: str, *, remember: bool = True) -> None:
        for line in split_line(text):
            step.records.append({"event": "host", "text": line})
        if remember:
            self.last_line = text


def _by_confidence(top: Reading, rivals: list[Reading]) -> tuple[Reading, ...]:
    """The options of a question, the likeliest first (the top reading wins ties)."""
    return tuple(sorted((top, *rivals), key=lambda r: -r.confidence))


MAX_LINE = 140
"""The longest line the host speaks in one go (the voice cuts longer ones)."""


def split_line(text: str, limit: int = MAX_LINE) -> list[str]:
    """``text`` as lines of whole sentences, each at most ``limit`` characters where it can be."""
    sentences = [p + ("" if p.endswith((".", "?", "!")) else ".") for p in text.split(". ") if p]
    if len(text) <= limit or len(sentences) < 2:
        return [text]
    lines: list[str] = []
    for sentence in sentences:
        if lines and len(lines[-1]) + 1 + len(sentence) <= limit:
            lines[-1] += " " + sentence
        else:
            lines.append(sentence)
    return lines
