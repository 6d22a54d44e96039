"""Setup by voice for any game on the host's table app: a sequence of questions, each answered by
a number in a range or by one of the game's declared phrases, said back and confirmed with a yes.

A game gives a *plan*: from the answers so far, the next :class:`SetupQuestion` (None when its
setup is known). :class:`SpokenSetup` asks it, a :class:`~voice_host.host.table.SetupJudge` the
runner drives like a game: hearings and typed lines in, :class:`Step` out, pure.

- A spoken answer is said back ("Three. Is that right?") and taken on a yes; a no asks the
  question again, and the answer denied is left out of the next hearing. A typed answer is
  taken as it stands.
- On a recording nobody answers "is that right?": an answer the ear is sure of (a number its
  heads heard with confidence, a phrase the closed-set scorer accepted) is taken without being
  said back; an unsure one is logged as the question the host would ask and not taken, and the
  question waits for the next utterance (a "yes" said on the recording then answers nothing and
  is let go). Nothing is set up on a guess.
- "Repeat" says the last line again; "stop" abandons the setup (nothing was started): said
  aloud at a live table, once a yes confirms it ("Stop the game? Say yes to stop."), as during a
  game; typed, or on a recording, at once.
- The shared lines (is that right, player names, a number of players refused) are the table
  language's (``voice_host/languages/<lang>.toml``); a question's own text is the game's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from voice_host.host.step import Step
from voice_host.recognition import COMMANDS_ONLY, Expectation, Hearing, typed_words

if TYPE_CHECKING:
    from voice_host.games.cowabunga.host.lines import HostLines

Answer = int | str
"""An answer to a setup question: a number, or the meaning of a declared phrase."""

ANSWER_CONFIDENCE = 0.6
"""A yes or no read from the transcript at least this sure answers "is that right?" (as the
host's :class:`~voice_host.host.seam.Policy` takes it during a game)."""


@dataclass(frozen=True)
class Choice:
    """One phrase-answer a question takes."""

    meaning: str
    """What it means (kept as the answer)."""
    phrases: tuple[str, ...]
    """How it may be said, the first said back."""


@dataclass(frozen=True)
class SetupQuestion:
    """One question of a setup."""

    key: str
    """What it asks for (the answer is kept under it)."""
    text: str
    """The question as spoken."""
    numbers: tuple[int, ...] = ()
    """The numbers that answer it (none: only a phrase does)."""
    choices: tuple[Choice, ...] = ()
    """The phrases that answer it."""
    refuse: Callable[[int], str] | None = None
    """The line for a number that does not answer it (None: the question is asked again)."""
    number_said: Callable[[int], str] | None = None
    """How a number answer is said back ("three seconds"); None: the number alone."""

    def expectation(self) -> Expectation:
        """What may be said in answer: its numbers, its phrases, or a command."""
        return Expectation(numbers=frozenset(self.numbers), number_pairs=False, commands=True,
                           words=tuple((p, c.meaning) for c in self.choices for p in c.phrases))


Plan = Callable[[Mapping[str, Answer]], SetupQuestion | None]
"""A game's setup: the next question from the answers so far, None when nothing is left."""


class SpokenSetup:
    """Asks a game's setup question by question, one confirmed answer at a time (a
    :class:`~voice_host.host.table.SetupJudge`)."""

    def __init__(self, plan: Plan, say: HostLines, *, can_answer: bool = True,
                 answers: Mapping[str, Answer] | None = None) -> None:
        self.plan = plan
        """The game's questions."""
        self.say = say
        """The host's shared lines in the table's language (yes, no, is that right...)."""
        self.can_answer = can_answer
        """Whether anyone answers "is that right?" (False for a recording)."""
        self.answers: dict[str, Answer] = dict(answers or {})
        """The answers taken so far, by question key."""
        self.stopped = False
        """Whether the setup was abandoned with "stop"."""
        self._pending: Answer | None = None
        self._denied: Answer | None = None
        self._stopping = ""
        self._typing = False
        self._last = ""

    # --- state ---------------------------------------------------------------------------------
    @property
    def question(self) -> SetupQuestion | None:
        """The question asked now (None when everything is known)."""
        return self.plan(self.answers)

    @property
    def pending(self) -> Answer | None:
        """The answer said back and waiting for its yes (None: none waits)."""
        return self._pending

    @property
    def stopping(self) -> bool:
        """Whether "Stop?" was asked and waits for its yes."""
        return bool(self._stopping)

    @property
    def done(self) -> bool:
        """Whether everything is known."""
        return self.question is None

    def expectation(self) -> Expectation:
        """The question's answers; while an answer waits for its yes, a yes, a no or a command
        and nothing else (a "yes" would otherwise be heard as an answer said back)."""
        q = self.question
        if self._pending is not None or self._stopping or q is None:
            return COMMANDS_ONLY
        heard = q.expectation()
        if self._denied is None:
            return heard
        # The answer just denied is left out of the next hearing: said again, what the ear
        # misheard as it is heard as the next likeliest (and once only, should the no have
        # been a yes misheard).
        return replace(heard, numbers=(heard.numbers or frozenset()) - {self._denied},
                       words=tuple(w for w in heard.words if w[1] != self._denied))

    # --- talking -------------------------------------------------------------------------------
    def begin(self) -> Step:
        """The first question (nothing when nothing is left to ask)."""
        step = Step()
        q = self.question
        if q is not None:
            self._host(step, q.text)
        return step

    def type(self, line: str) -> Step:
        """A typed answer, taken as it stands: a number, a phrase (or its meaning), yes, no or a
        command."""
        text = line.strip()
        if not text:
            return Step()
        parsed = self.say.table.parse(text)
        q = self.question
        words = typed_words(text, q.expectation().words) if q is not None else ()
        if parsed is None and not words:
            return Step(message=self.say.unknown_setup_input(text))
        numbers = parsed.numbers if parsed is not None and not words else ()
        command = parsed.command if parsed is not None and not words else None
        self._typing = True
        try:
            step = self.hear(Hearing(text, numbers, command, 1.0, words=words))
        finally:
            self._typing = False
        step.records[0]["typed"] = True
        return step

    def hear(self, hearing: Hearing) -> Step:
        """One answer as the ear heard it."""
        step = Step()
        step.records.append(hearing.heard_event())
        q = self.question
        if q is None or self.stopped:
            return step
        command = hearing.command or self._yes_no(hearing)
        if self._stopping:
            # "Stop?" waits for its yes once; anything else goes back to where the setup was.
            if command is not None:
                step.records.append({"event": "command", "name": command})
            if command == "yes":
                self.stopped = True
            else:
                self._host(step, self._stopping)
            self._stopping = ""
            return step
        if command is not None:
            step.records.append({"event": "command", "name": command})
            self._command(step, q, command)
            return step
        if self._pending is not None:
            if hearing.text:  # neither yes nor no: the question said back, asked again
                self._host(step, self._last)
            return step
        answer, sure = self._answer(q, hearing)
        if answer is None and q.numbers:
            parsed = self.say.table.parse(hearing.text) if hearing.text else None
            if parsed is not None and len(parsed.numbers) == 1:
                answer = parsed.numbers[0]  # read from the transcript: unsure
        denied, self._denied = self._denied, None
        if answer is not None and answer == denied and hearing.confidence < 1.0:
            answer = None
        if answer is None:
            if hearing.text:
                self._host(step, q.text)
            return step
        if isinstance(answer, int) and answer not in q.numbers:
            self._host(step, f"{q.refuse(answer)} {q.text}" if q.refuse else q.text)
            return step
        if hearing.confidence >= 1.0:  # typed
            self._take(step, q, answer)
        elif self.can_answer:
            self._pending = answer
            self._host(step, self._said_back(q, answer))
        elif sure:
            self._take(step, q, answer)
        else:
            step.records.append({"event": "ask", "question": self._said_back(q, answer),
                                 "alternatives": [{"answer": answer}]})
        return step

    # --- inside --------------------------------------------------------------------------------
    def _yes_no(self, hearing: Hearing) -> str | None:
        """A yes or no read from a transcript the ear did not vouch for, when sure enough."""
        if not hearing.text or hearing.confidence < ANSWER_CONFIDENCE:
            return None
        parsed = self.say.table.parse(hearing.text)
        if parsed is not None and parsed.command in ("yes", "no"):
            return parsed.command
        return None

    @staticmethod
    def _answer(q: SetupQuestion, hearing: Hearing) -> tuple[Answer | None, bool]:
        """The answer in ``hearing`` and whether the ear was sure of it: a number its heads
        heard, a phrase the scorer accepted; else the best reading it hesitated over."""
        meanings = {c.meaning for c in q.choices}
        if len(hearing.numbers) == 1:
            return hearing.numbers[0], True
        sure = [w for w in hearing.words if w in meanings]
        if len(sure) == 1:
            return sure[0], True
        for alt in hearing.alternatives:
            if len(alt.numbers) == 1 and not alt.words:
                return alt.numbers[0], False
            found = [w for w in alt.words if w in meanings]
            if len(found) == 1:
                return found[0], False
        return None, False

    def _command(self, step: Step, q: SetupQuestion, name: str) -> None:
        if name == "yes" and self._pending is not None:
            answer, self._pending = self._pending, None
            self._take(step, q, answer)
        elif name == "no" and self._pending is not None:
            self._denied, self._pending = self._pending, None
            self._host(step, q.text)
        elif name == "repeat":
            self._host(step, self._last or q.text)
        elif name == "stop" and self.can_answer and not self._typing:
            # Said aloud, "stop" is confirmed first: table talk, or a "sì", can sound like it.
            self._stopping = self._last or q.text
            self._host(step, self.say.confirm_stop())
        elif name == "stop":
            self._pending = None
            self.stopped = True

    def _take(self, step: Step, q: SetupQuestion, answer: Answer) -> None:
        self.answers[q.key] = answer
        step.records.append({"event": "setup", "question": q.key, "answer": answer})
        following = self.question
        if following is not None:
            self._host(step, following.text)

    def _said_back(self, q: SetupQuestion, answer: Answer) -> str:
        if isinstance(answer, int):
            said = q.number_said(answer) if q.number_said else self.say.n(answer)
        else:
            said = next(c.phrases[0] for c in q.choices if c.meaning == answer)
        return self.say.fill(self.say.wording.setup_confirm, value=said)

    def _host(self, step: Step, text: str) -> None:
        step.records.append({"event": "host", "text": text})
        self._last = text


def players_question(say: HostLines, low: int, high: int, text: str | None = None
                     ) -> SetupQuestion:
    """"How many players?" answered by ``low`` to ``high`` (``text``: the game's own wording of
    it, else the language's)."""
    return SetupQuestion(
        "players", text or say.setup_players(), numbers=tuple(range(low, high + 1)),
        refuse=lambda value: say.setup_bad_count(value, low, high))


def default_names(say: HostLines, count: int) -> tuple[str, ...]:
    """The names of ``count`` players set up by voice: "Player 1", "Player 2"... in the table's
    language (the ear knows numbers, not names)."""
    return tuple(say.player_name(i) for i in range(1, count + 1))
