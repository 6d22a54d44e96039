"""How a quiz chooses the level of each question: a fixed ramp, or adaptation to the answers.

Determinism and adaptation fit together like this:

* Every question is a pure function of ``(seed, index, level)``
  (:func:`~voice_host.games.cowabunga.trainer.questions.make_question`).
* A **seeded** session (``--seed S``) follows a fixed ramp from its start level (``--level``,
  default 1) up by at most three levels over the session. Its questions depend on the seed, the
  start level and the count only, so ``--print-questions`` and a later ``--input`` run ask the
  very same questions, whatever the answers.
* An **adaptive** session (no ``--seed``, or ``--adapt``) moves the level after every answer:
  two right answers in a row, each within the target time, go up a level; a wrong answer goes
  down one; a right but slow answer keeps the level. Its questions depend on the seed and the
  answers (right or wrong, fast or slow), so it too can be replayed exactly from a recording;
  ``--print-questions --adapt`` prints the path of a learner who answers everything right and
  fast.
* **Across sessions**, the next session without ``--level`` starts where the learner's last
  adaptive session ended (:func:`suggest_level`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from voice_host.games.cowabunga.trainer.questions import LEVELS, TARGET_MS, Question, make_question

RAMP_LEVELS = 3
"""A seeded session climbs at most this many levels above its start."""

UP_STREAK = 2
"""Right, fast answers in a row that raise the level."""


def clamp_level(level: int) -> int:
    """``level`` kept within 1-5."""
    return max(LEVELS[0], min(LEVELS[-1], level))


def ramp_level(start: int, index: int, count: int) -> int:
    """The level of question ``index`` (0-based) of ``count`` in a seeded session."""
    return clamp_level(start + (index * (RAMP_LEVELS + 1)) // max(1, count))


@dataclass
class Adapter:
    """Moves the level after each answer by accuracy and speed."""

    level: int = 1
    """The level the next question is asked at."""
    streak: int = 0
    """Right, fast answers in a row since the last change."""
    history: list[int] = field(default_factory=list)
    """The level of every question asked so far."""

    def record(self, question: Question, correct: bool, ms: int | None) -> None:
        """Take one marked answer into account (``ms`` None: not timed, counts as fast)."""
        self.history.append(self.level)
        fast = ms is None or ms <= TARGET_MS[question.kind]
        if not correct:
            self.level = clamp_level(self.level - 1)
            self.streak = 0
        elif fast:
            self.streak += 1
            if self.streak >= UP_STREAK:
                self.level = clamp_level(self.level + 1)
                self.streak = 0
        else:
            self.streak = 0


@dataclass
class QuizPlan:
    """The questions of one session, one at a time."""

    seed: int
    """Seed of every question."""
    count: int
    """How many questions."""
    start_level: int = 1
    """The level of the first question."""
    adaptive: bool = False
    """Whether the level follows the answers (else the fixed ramp)."""
    adapter: Adapter = field(init=False)

    def __post_init__(self) -> None:
        self.start_level = clamp_level(self.start_level)
        self.adapter = Adapter(level=self.start_level)

    def question(self, index: int) -> Question:
        """Question ``index`` (ask them in order; adaptive plans depend on earlier answers)."""
        if self.adaptive:
            level = self.adapter.level
        else:
            level = ramp_level(self.start_level, index, self.count)
        return make_question(self.seed, index, level)

    def record(self, question: Question, correct: bool, ms: int | None) -> None:
        """Report how question was answered (moves an adaptive plan's level)."""
        self.adapter.record(question, correct, ms)

    @property
    def level(self) -> int:
        """The level the next question would be asked at."""
        return self.adapter.level if self.adaptive else self.start_level

    def ideal_questions(self) -> list[Question]:
        """The whole session for a learner who answers every question right and fast."""
        plan = QuizPlan(self.seed, self.count, self.start_level, self.adaptive)
        out = []
        for i in range(self.count):
            q = plan.question(i)
            plan.record(q, True, 0)
            out.append(q)
        return out


def suggest_level(last_end_level: int | None, last_accuracy: float | None) -> int:
    """Where a new session starts: the last session's end level, one lower after a bad one."""
    if last_end_level is None:
        return LEVELS[0]
    level = last_end_level
    if last_accuracy is not None and last_accuracy < 0.5:
        level -= 1
    return clamp_level(level)
