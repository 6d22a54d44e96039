"""The host's dialogue, shared by every game: hearings and typed lines in; steps out.

Pure: no audio, no clock, no files. A runner feeds each utterance's
:class:`~voice_host.recognition.Hearing` (or a typed line) to :meth:`Dialogue.hear` /
:meth:`Dialogue.type`, then carries out the returned :class:`~voice_host.host.step.Step`.

What it decides for every game (the game, a :class:`~voice_host.host.seam.HostedGame`, judges the
announcements themselves):

* Only a **confident** hearing is acted on; otherwise the game asks ("Thirteen or thirty?"),
  never picking the expected reading itself.
* A yes or no answers an open question; a reading heard where a yes or no was asked for is asked
  about again, never taken (a short word is easily misheard, and "no" sounds like "nine"). What
  costs a player is settled by a sure yes only. After :attr:`Policy.max_unheard` answers heard as
  nothing the player says the announcement again.
* "Stop" and "undo" said aloud are confirmed first (table talk sounds like them); typed, they act
  at once. Without anyone to answer (a recording), a question is logged and the best reading
  taken.
* Commands are a table: the host's own (yes, no, repeat, status, undo, pause, resume, stop) and
  the game's questions (:meth:`~voice_host.host.seam.HostedGame.queries`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import replace
from typing import Generic, Literal

from voice_host.host.seam import HostedGame, HostWords, Policy, Question, T
from voice_host.host.step import Step, split_line
from voice_host.recognition import COMMANDS_ONLY, Expectation, Hearing, typed_words

ConfirmedCommand = Literal["stop", "undo"]
"""A spoken command the host asks about ("Stop the game?") and carries out only on a yes."""

PAUSED_IGNORES = frozenset({"yes", "no", "undo", "pause"})
"""Commands that mean nothing while the game is paused."""


class Dialogue(Generic[T]):
    """The conversation around one game at a physical table."""

    def __init__(
        self,
        game: HostedGame[T],
        say: HostWords,
        *,
        can_answer: bool = True,
        policy: Policy | None = None,
    ) -> None:
        self.game = game
        """The game hosted."""
        self.say = say
        """The host's lines in the table's language."""
        self.can_answer = can_answer
        """Whether anyone can answer a question (False for a recording)."""
        self.policy = policy or Policy()
        """How sure the host must be."""
        self.question: Question[T] | None = None
        """The open question, if any."""
        self.paused = False
        """Whether the game is paused."""
        self.stopped = False
        """Whether the host was told to stop."""
        self.last_line = ""
        """The last line the host said (for "repeat")."""
        self.awaiting_yes: ConfirmedCommand | None = None
        """The spoken command the host asked about and waits for a yes to ("Stop the game?",
        "Take back ...?"); None when no command waits."""
        self.typed = False
        """Whether the input being handled was typed (trusted as it stands)."""
        self._commands: dict[str, Callable[[Step], None]] = {
            "repeat": self._repeat,
            "status": lambda step: self.say_line(step, self.game.status(), remember=False),
            "undo": self._ask_undo,
            "pause": self._pause,
            "resume": self._resume,
            "stop": self._ask_stop,
        }

    # --- state ---------------------------------------------------------------------------------
    def waiting_for(self) -> Hashable | None:
        """The kind of announcement awaited now; None while a question, a pause or a stop holds
        the game, or when it is over."""
        if self.stopped or self.paused or self.question is not None:
            return None
        return self.game.waiting_for()

    def expectation(self) -> Expectation:
        """What can sensibly be said now (for the recognizer's grammar).

        A choice ("Thirteen or thirty?") is answered by saying the announcement again, so its
        grammar stays the announcement's: narrowed to the readings asked about, anything said would
        be heard as one of them. A yes/no question ("Twelve?") is heard as yes, no or a command,
        never as a reading: in party babble "oui" is heard as "huit" and "nein" as "drei".
        """
        return replace(self._expected(), idle=self.idle_commands())

    def _expected(self) -> Expectation:
        if self.stopped or self.paused:
            return COMMANDS_ONLY
        q = self.question
        if q is not None:
            return COMMANDS_ONLY if q.confirm is not None else self.game.expectation(q.kind)
        kind = self.game.waiting_for()
        return COMMANDS_ONLY if kind is None else self.game.expectation(kind)

    def idle_commands(self) -> frozenset[str]:
        """The commands that would do nothing now, so the ear takes them for table talk: a yes
        or no with nothing asked ("I know" is heard as "no"), resume while playing, and what a
        pause ignores."""
        idle = set(PAUSED_IGNORES) if self.paused else {"resume"}
        if self.awaiting_yes is not None:
            return frozenset(idle - {"yes", "no", self.awaiting_yes})
        if self.question is None:
            idle |= {"yes", "no"}
        return frozenset(idle)

    def may_be_cut(self, hearing: Hearing) -> bool:
        """Whether a short utterance may be the start of a phrase cut at a pause, so the runner
        waits a moment for its rest (a game whose phrases can be cut says when)."""
        return False

    def is_whole(self, hearing: Hearing) -> bool:
        """Whether an utterance heard early may be judged at once, before the endpointer's full
        hangover (a game that can tell says when)."""
        return False

    # --- input ---------------------------------------------------------------------------------
    def type(self, line: str) -> Step:
        """A line typed at the keyboard: an announcement or a command, trusted as it stands."""
        text = line.strip()
        if not text:
            return Step()
        parsed = self.game.phrases.parse(text)
        words = typed_words(text, self.expectation().words) if parsed is None else ()
        if parsed is None and not words:
            return Step(message=self.say.unknown_input(text))
        hearing = Hearing(text=text, numbers=parsed.numbers if parsed else (),
                          command=parsed.command if parsed else None, confidence=1.0,
                          words=words)
        self.typed = True
        try:
            step = self.hear(hearing)
        finally:
            self.typed = False
        step.records[0]["typed"] = True
        return step

    def hear(self, hearing: Hearing) -> Step:
        """One utterance as the recognizer heard it."""
        step = Step()
        step.records.append(hearing.heard_event())
        if self.stopped:
            return step
        parsed = self.game.phrases.parse(hearing.text) if hearing.text else None
        answer = self._answer_word(hearing, parsed.command if parsed else None)
        # A yes or no to "Stop the game?" or "Take back ...?" is waited for once only.
        awaited, self.awaiting_yes = self.awaiting_yes, None
        said_yes = (hearing.command or answer) == "yes"
        if awaited == "stop" and said_yes:
            step.records.append({"event": "command", "name": "yes"})
            self.stop(step)
            return step
        if awaited == "undo" and (said_yes or (hearing.command == "undo" and self.sure(hearing))):
            step.records.append({"event": "command", "name": hearing.command or "yes"})
            self.game.take_back(step)
            return step
        if hearing.command is not None:
            self.command(step, hearing.command, sure=self.sure(hearing))
            return step
        if answer is not None:
            self.command(step, answer, sure=False)
            return step
        if parsed is not None and parsed.command is not None:
            # A command heard without confidence: acted on only if said again clearly; an open
            # question is asked again.
            if self.question is not None and not self.paused:
                self._ask_same(step, self.question)
            return step
        readings = self.game.readings(hearing)
        if not readings and self.waiting_for() is not None:
            readings = self.game.withheld(hearing)
        if not readings:
            if self.question is not None and not self.paused:
                if hearing.text:
                    self._ask_same(step, self.question)
                else:
                    self._unheard(step, self.question)
            return step
        self._judge_readings(step, readings, bool(hearing.numbers or hearing.words),
                             yes_no_awaited=awaited is not None)
        return step

    def _answer_word(self, hearing: Hearing, said: str | None) -> str | None:
        """A "yes" or "no" that answers the open question though the ear was not sure of it
        (:attr:`Policy.answer_confidence`): the transcript's command ``said``, or, when the ear
        gave no transcript, its likeliest reading, with no rival yes or no."""
        if (self.question is None and self.awaiting_yes is None) or self.paused:
            return None
        word: str | None
        if said is not None:  # any yes or no among its readings is a rival
            word, sure, rivals, bar = said, hearing.confidence, hearing.alternatives, 0.0
        elif not hearing.text and hearing.alternatives:
            first, *rest = hearing.alternatives
            word, sure, rivals = first.command, first.confidence, tuple(rest)
            bar = self.policy.rival_confidence
        else:
            return None
        if word not in ("yes", "no") or sure < self.policy.answer_confidence:
            return None
        if any(a.command in ("yes", "no") and a.confidence >= bar for a in rivals):
            return None
        return word

    def sure(self, hearing: Hearing) -> bool:
        """Whether a command the recognizer gave is heard without a likely rival reading."""
        return not any(
            a.confidence >= self.policy.rival_confidence
            and (a.numbers or a.words or a.command not in (None, hearing.command))
            for a in hearing.alternatives
        )

    def _judge_readings(
        self, step: Step, readings: list[T], confident: bool, *, yes_no_awaited: bool
    ) -> None:
        """Judge ``readings`` as an answer to the open question, or as the announcement awaited.

        ``yes_no_awaited``: they were heard where a yes or no was waited for, so they may be that
        short word misheard ("yes" as "six", "nein" as "drei"): taken as unsure, never accepted
        quietly, and only a yes settles the question they raise (:attr:`Question.yes_only`).
        """
        confident = confident and not yes_no_awaited
        if self.paused:
            pass
        elif self.question is not None:
            self._answer(step, readings, confident)
        else:
            kind = self.game.waiting_for()
            if kind is not None:
                self.game.judge(step, kind, readings, confident)
        if yes_no_awaited and self.question is not None:
            self.question = replace(self.question, yes_only=True)

    # --- questions -----------------------------------------------------------------------------
    def ask(
        self,
        step: Step,
        kind: Hashable,
        options: tuple[T, ...],
        later: tuple[T, ...] = (),
        asked: int = 1,
        *,
        yes_or_no: bool = False,
        yes_only: bool = False,
    ) -> None:
        """Ask about ``options`` (a choice, or yes/no for one); a recording takes the best.
        ``yes_or_no`` asks for the answer word outright ("Twelve? Say yes or no.");
        ``yes_only``: see :attr:`Question.yes_only`."""
        confirm = options[0] if len(options) == 1 else None
        text = self.game.ask_text(kind, options, yes_or_no=confirm is not None and yes_or_no)
        step.records.append(
            {
                "event": "ask",
                "question": text,
                "alternatives": [self.game.describe(o) for o in options],
            }
        )
        if not self.can_answer:
            best = max(options, key=lambda o: o.confidence)
            self._resolve(step, kind, best)
            return
        self.question = Question(kind, options, text, asked, confirm, later, yes_only=yes_only)
        self.say_line(step, text)

    def _resolve(self, step: Step, kind: Hashable, option: T) -> None:
        self.question = None
        self.game.resolve(step, kind, option)

    def _answer(self, step: Step, readings: list[T], confident: bool) -> None:
        q = self.question
        assert q is not None
        top = readings[0]
        matches = [o for o in q.options if o.key() == top.key()]
        if confident and len(matches) == 1:
            match = matches[0]
            if q.yes_only or self.game.suspect(q.kind, match) or self.game.costly(q.kind, match):
                # The reading that costs the player heard again, or one first heard in place of
                # a yes or no: the ear may mishear the same word twice, so only a yes settles it.
                self._confirm_again(step, q, match)
                return
            self._resolve(step, q.kind, match)
            return
        if confident and not matches:
            # A new announcement instead of an answer: judge it afresh.
            self.question = None
            self._judge_readings(step, readings, True, yes_no_awaited=q.confirm is not None)
            return
        if q.confirm is None:
            # An unsure answer to a choice: ask yes/no about each option, likeliest first.
            heard = {o.key(): o.confidence for o in readings}
            order = sorted(q.options, key=lambda o: -heard.get(o.key(), 0.0))
            self._next_question(step, q, tuple(order))
            return
        self._next_question(step, q, (q.confirm, *q.later))

    def _next_question(
        self, step: Step, q: Question[T], queue: tuple[T, ...], *, again: bool = False
    ) -> None:
        """Ask yes/no about the first of ``queue`` (or ``q`` again), or have the player say it
        again."""
        self.question = None
        if not queue or q.asked >= self.policy.max_asks:
            self.say_line(step, self.say.say_again(self.game.asked_player(q.kind)))
            return
        if again and q.confirm is None:
            self.ask(step, q.kind, q.options, q.later, q.asked + 1, yes_only=q.yes_only)
        else:
            self.ask(step, q.kind, queue[:1], queue[1:], q.asked + 1, yes_only=q.yes_only)

    def _confirm_again(self, step: Step, q: Question[T], option: T) -> None:
        """Ask yes/no about ``option`` (which costs the player), asking for the yes or no
        outright when it was asked about before; or have the player say it again."""
        self.question = None
        if q.asked >= self.policy.max_asks:
            self.say_line(step, self.say.say_again(self.game.asked_player(q.kind)))
            return
        self.ask(step, q.kind, (option,), (), q.asked + 1, yes_or_no=q.confirm is not None,
                 yes_only=q.yes_only)

    def _ask_same(self, step: Step, q: Question[T]) -> None:
        """Ask ``q`` again (nothing usable was heard in answer)."""
        queue = (q.confirm, *q.later) if q.confirm is not None else q.options
        self._next_question(step, q, queue, again=True)

    def _unheard(self, step: Step, q: Question[T]) -> None:
        """An answer to ``q`` heard as nothing: wait for it again, or after
        :attr:`Policy.max_unheard` of them have the player say the announcement again."""
        if q.unheard + 1 < self.policy.max_unheard:
            self.question = replace(q, unheard=q.unheard + 1)
            return
        self.question = None
        self.say_line(step, self.say.say_again(self.game.asked_player(q.kind)))

    # --- commands ------------------------------------------------------------------------------
    def command(self, step: Step, name: str, *, sure: bool = True) -> None:
        """Carry out command ``name``: the host's own or one of the game's questions. ``sure`` is
        False for a yes or no taken from a hearing the recognizer did not vouch for."""
        step.records.append({"event": "command", "name": name})
        if self.paused and name in PAUSED_IGNORES:
            return
        if name in ("yes", "no"):
            self._yes_no(step, name == "yes", sure=sure)
            return
        own = self._commands.get(name)
        if own is not None:
            own(step)
            return
        query = self.game.queries().get(name)
        if query is not None:
            self.say_line(step, query(), remember=False)

    def _yes_no(self, step: Step, yes: bool, *, sure: bool) -> None:
        q = self.question
        if q is None:
            return
        if yes and q.confirm is not None:
            if not sure and self.game.costly(q.kind, q.confirm):
                # What costs the player is announced on a confident yes only.
                self._confirm_again(step, q, q.confirm)
            else:
                self._resolve(step, q.kind, q.confirm)
        elif yes:
            self._next_question(step, q, q.options)
        elif q.confirm is not None:
            self._next_question(step, q, q.later)
        else:
            self.question = None
            self.say_line(step, self.say.say_again(self.game.asked_player(q.kind)))

    def _repeat(self, step: Step) -> None:
        self.say_line(step, self.last_line or self.game.status(), remember=False)

    def _ask_undo(self, step: Step) -> None:
        self.question = None
        question = self.game.undo_question()
        if question is None:
            self.say_line(step, self.say.nothing_to_undo())
        elif self.typed or not self.can_answer:
            self.game.take_back(step)
        else:
            # Heard in table talk, "undo" would take back what nobody wanted taken back: by voice
            # it is confirmed first.
            self.awaiting_yes = "undo"
            self.say_line(step, question)

    def _pause(self, step: Step) -> None:
        if not self.paused:
            self.paused = True
            self.say_line(step, self.say.paused())

    def _resume(self, step: Step) -> None:
        if self.paused:
            self.paused = False
            if self.question is not None:
                self.say_line(step, self.question.text)
            else:
                self.say_line(step, self.game.resumed_after_pause())

    def _ask_stop(self, step: Step) -> None:
        if self.typed or not self.can_answer or self.game.over:
            self.stop(step)
        else:
            # A table is noisy: stopping the host by voice is confirmed first.
            self.awaiting_yes = "stop"
            self.say_line(step, self.say.confirm_stop())

    def stop(self, step: Step) -> None:
        """Stop hosting (the game is left as it stands)."""
        self.stopped = True
        self.question = None
        if not self.game.over:
            self.say_line(step, self.say.stopped())

    def say_line(self, step: Step, text: str, *, remember: bool = True) -> None:
        """Speak ``text`` as whole-sentence lines (remembered for "repeat" unless told not to)."""
        for line in split_line(text):
            step.records.append({"event": "host", "text": line})
        if remember:
            self.last_line = text

