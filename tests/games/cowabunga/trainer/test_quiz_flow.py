"""How the quiz treats what it hears: repeat, nothing heard, unsure hearings, stop."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field

from voice_host.games.cowabunga.trainer.plan import QuizPlan
from voice_host.games.cowabunga.trainer.quiz import run_quiz
from voice_host.host.channels import KeyboardReplies, Reply, Transcript
from voice_host.phrases import phrase_table
from voice_host.recognition import Expectation


@dataclass
class Scripted:
    """A stand-in for a live listener (a microphone cannot be scripted here): replies in order."""

    replies: Sequence[Reply]
    interactive: bool = True
    marks: int = 0
    expects: list[Expectation | None] = field(default_factory=list)

    def mark(self) -> None:
        self.marks += 1

    def next(self, expect: Expectation | None = None) -> Reply | None:
        self.expects.append(expect)
        index = len(self.expects) - 1
        return self.replies[index] if index < len(self.replies) else None


def _say(*numbers: int, command: str | None = None, sure: bool = True) -> Reply:
    return Reply("", numbers, command, sure, 700)


def test_repeat_retry_confirm_and_stop() -> None:
    plan = QuizPlan(3, 3, 1)
    first, second = plan.ideal_questions()[:2]
    assert isinstance(first.answer, int) and isinstance(second.answer, int)
    source = Scripted(
        [
            _say(command="repeat"),
            Reply("", (), None, False, None),  # nothing usable: asked once more
            _say(first.answer + 1, sure=False),  # unsure: "Did you say ...?"
            _say(command="no"),
            _say(first.answer),
            _say(second.answer),
            _say(command="stop"),
        ]
    )
    out = Transcript(stream=io.StringIO())
    result = run_quiz(plan, source, out, "normal")
    assert [m.correct for m in result.marked] == [True, True, False]
    assert result.marked[0].heard == ("repeat", first.answer + 1, "no", first.answer)
    assert result.marked[2].heard == ("stop",) and result.stopped is False
    said = out.lines
    assert said.count(first.text) == 2  # asked, then repeated
    assert "A number, please." in said
    assert f"Did you say {phrase_table('en').number_words(first.answer + 1)}?" in said
    summary = result.summary()
    assert summary["asked"] == 3 and summary["correct"] == 2


def test_recording_end_stops_the_session() -> None:
    plan = QuizPlan(4, 5, 1)
    q = plan.ideal_questions()[0]
    source = Scripted([_say(int(q.answer))], interactive=False)
    result = run_quiz(plan, source, Transcript(stream=io.StringIO()), "terse")
    assert len(result.marked) == 1 and result.stopped
    assert result.summary()["questions"] == 5 and result.summary()["asked"] == 1


def test_keyboard_answers_and_adaptation() -> None:
    plan = QuizPlan(8, 6, 1, adaptive=True)
    lines = []
    for i in range(6):
        q = plan.question(i)
        lines.append(str(q.answer))
        plan.record(q, True, 0)
    typed = io.StringIO("\n".join(lines) + "\n")
    live = QuizPlan(8, 6, 1, adaptive=True)
    result = run_quiz(live, KeyboardReplies(phrase_table("en"), typed), Transcript(io.StringIO()))
    assert all(m.correct for m in result.marked)
    assert [m.question.level for m in result.marked] == [1, 1, 2, 2, 3, 3]
    assert result.end_level == 4
