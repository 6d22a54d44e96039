"""The quiz: ask, listen, mark, time, adapt; then a spoken and printed summary.

:func:`run_quiz` is the whole session. It asks each question of a
:class:`~voice_host.games.cowabunga.trainer.plan.QuizPlan`, takes the learner's reply from a
:class:`~voice_host.host.channels.Replies` source, marks it (saying the right answer when it
was wrong), times it, and reports every question as a :class:`Marked` record, the log line of
the ``--log`` contract.

Replies: "repeat" asks the question again and "stop" ends the session; both are kept in
``heard``. From a live source, a reply with nothing usable is asked for once more, and an unsure
hearing is confirmed ("Did you say seventeen?"); a recording cannot answer, so its best
hypothesis is marked.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import dataclass, field

from cowabunga.cards import LOWER_LIMIT, UPPER_LIMIT
from voice_host.games.cowabunga.trainer.plan import QuizPlan
from voice_host.games.cowabunga.trainer.questions import Answer, Question, words
from voice_host.host.channels import Output, Replies, Reply
from voice_host.recognition import COMMANDS_ONLY, Expectation
from voice_host.settings import Verbosity

MAX_REPEATS = 3
"""How often a question is repeated on request before it is marked."""


@dataclass(frozen=True)
class Marked:
    """One asked question, as marked: the ``--log`` line."""

    question: Question
    """What was asked."""
    heard: tuple[int | str, ...]
    """Every number and command heard for it, in order."""
    given: Answer | None
    """The answer taken from what was heard (None: no answer)."""
    correct: bool
    """Whether ``given`` is the right answer."""
    ms: int | None
    """Milliseconds from the end of the question to the start of the answer."""

    def to_json(self) -> dict[str, object]:
        """The log contract's line."""
        return {
            "question": self.question.text,
            "answer": self.question.answer,
            "heard": list(self.heard),
            "correct": self.correct,
            "ms": self.ms,
        }


@dataclass
class QuizResult:
    """A finished session."""

    plan: QuizPlan
    """The plan it followed (seed, levels)."""
    marked: list[Marked] = field(default_factory=list)
    """Every question asked, in order."""
    stopped: bool = False
    """Whether the learner said stop (or the input ended) before the last question."""

    def summary(self) -> dict[str, object]:
        """The log's final ``summary`` object."""
        times = [m.ms for m in self.marked if m.ms is not None]
        right = sum(m.correct for m in self.marked)
        kinds: dict[str, dict[str, int]] = {}
        for m in self.marked:
            k = kinds.setdefault(m.question.kind, {"asked": 0, "correct": 0})
            k["asked"] += 1
            k["correct"] += m.correct
        return {
            "questions": self.plan.count,
            "asked": len(self.marked),
            "correct": right,
            "accuracy": round(right / len(self.marked), 3) if self.marked else 0.0,
            "mean_ms": round(statistics.fmean(times)) if times else None,
            "median_ms": round(statistics.median(times)) if times else None,
            "seed": self.plan.seed,
            "adaptive": self.plan.adaptive,
            "start_level": self.plan.start_level,
            "end_level": self.end_level,
            "by_kind": kinds,
            "missed": [m.question.answer for m in self.marked if not m.correct],
            "stopped": self.stopped,
        }

    @property
    def end_level(self) -> int:
        """The level the learner ended at (where the next session starts)."""
        if self.plan.adaptive:
            return self.plan.adapter.level
        return self.marked[-1].question.level if self.marked else self.plan.start_level


def expectation(question: Question) -> Expectation:
    """What may sensibly be said in reply: the possible range, never narrowed to the answer."""
    if question.kind == "direction":
        return COMMANDS_ONLY
    if question.kind == "island":
        return Expectation(numbers=frozenset(range(10)), number_pairs=False)
    low, high = max(0, question.total - 9), question.total + 9
    return Expectation(numbers=frozenset(range(low, high + 1)), number_pairs=False)


def answer_of(question: Question, reply: Reply) -> Answer | None:
    """The answer a reply gives: the last number said (the total of "plus six, seventeen"), or
    yes/no."""
    if question.expects_number:
        return reply.numbers[-1] if reply.numbers else None
    return reply.command if reply.command in ("yes", "no") else None


def say_answer(answer: Answer) -> str:
    """An answer as the host says it."""
    return words(answer) if isinstance(answer, int) else answer


def working(question: Question) -> str:
    """The arithmetic behind the answer, for the teaching verbosity."""
    if question.kind == "island":
        return f"{say_answer(question.answer)} lands where nobody holds an island"
    assert question.card is not None
    up = "Counting up" in question.text
    total = question.total + question.card if up else question.total - question.card
    sign = "plus" if up else "minus"
    line = f"{words(question.total)} {sign} {words(question.card)} is {words(total)}"
    if question.kind == "direction":
        turns = total > UPPER_LIMIT if up else total < LOWER_LIMIT
        limit = f"over {words(UPPER_LIMIT)}" if up else f"under {words(LOWER_LIMIT)}"
        line += f", {limit}, so the count turns" if turns else ", so the count goes on"
    return line


def feedback(question: Question, correct: bool, verbosity: Verbosity) -> str:
    """What the host says after an answer."""
    said = say_answer(question.answer)
    if correct:
        if verbosity == "terse":
            return "Right."
        if verbosity == "normal":
            return f"Right, {said}."
        return f"Right: {working(question)}."
    if verbosity == "terse":
        return f"{said.capitalize()}."
    if verbosity == "normal":
        return f"Not quite: {said}."
    return f"Not quite. {said.capitalize()}: {working(question)}."


def spoken_summary(result: QuizResult) -> str:
    """The summary as the host says it."""
    s = result.summary()
    asked, right = int(str(s["asked"])), int(str(s["correct"]))
    if not asked:
        return "No questions answered."
    line = f"{words(right).capitalize()} of {words(asked)} right"
    mean = s["mean_ms"]
    if isinstance(mean, int):
        line += f", {mean / 1000:.1f} seconds per answer"
    line += "."
    missed = [a for m in result.marked if not m.correct and isinstance(a := m.question.answer, int)]
    if missed:
        top = sorted(set(missed), key=lambda n: (-missed.count(n), n))[:2]
        line += " Practise " + " and ".join(words(n) for n in top) + "."
    return line


def run_quiz(
    plan: QuizPlan,
    replies: Replies,
    out: Output,
    verbosity: Verbosity = "normal",
    on_marked: Callable[[Marked], None] | None = None,
) -> QuizResult:
    """Run a whole quiz session; ``on_marked`` sees every marked question as it happens."""
    result = QuizResult(plan)
    for index in range(plan.count):
        question = plan.question(index)
        out.earcon("question")
        out.say(question.text)
        replies.mark()
        marked, ended = _ask(question, replies, out)
        if marked is None:
            result.stopped = True
            break
        result.marked.append(marked)
        plan.record(question, marked.correct, marked.ms)
        out.earcon("accepted" if marked.correct else "mistake")
        out.say(feedback(question, marked.correct, verbosity))
        if on_marked is not None:
            on_marked(marked)
        if ended:
            result.stopped = index < plan.count - 1
            break
    out.say(spoken_summary(result))
    return result


def _ask(question: Question, replies: Replies, out: Output) -> tuple[Marked | None, bool]:
    """(the marked question or None if the input ended first, whether the session ends)."""
    heard: list[int | str] = []
    expect = expectation(question)
    repeats = retries = 0
    while True:
        reply = replies.next(expect)
        if reply is None:
            if not heard:
                return None, True
            return Marked(question, tuple(heard), None, False, None), True
        heard += reply.heard()
        if reply.command == "stop":
            return Marked(question, tuple(heard), None, False, None), True
        if reply.command == "repeat" and repeats < MAX_REPEATS:
            repeats += 1
            out.say(question.text)
            replies.mark()
            continue
        given = answer_of(question, reply)
        if given is None and replies.interactive and retries < 1:
            retries += 1
            out.say("A number, please." if question.expects_number else "Yes or no?")
            replies.mark()
            continue
        if given is not None and not reply.sure and replies.interactive:
            out.earcon("question")
            out.say(f"Did you say {say_answer(given)}?")
            confirm = replies.next(COMMANDS_ONLY)
            if confirm is None:
                return Marked(
                    question, tuple(heard), given, given == question.answer, reply.ms
                ), True
            heard += confirm.heard()
            if confirm.command != "yes":
                out.say("Then say it again, please.")
                replies.mark()
                continue
        return Marked(question, tuple(heard), given, given == question.answer, reply.ms), False
