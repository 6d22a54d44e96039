"""Quiz questions: real situations, right answers, determinism, and the level plans."""

from __future__ import annotations

import re

import pytest

from voice_host.games.cowabunga.trainer.plan import Adapter, QuizPlan, ramp_level, suggest_level
from voice_host.games.cowabunga.trainer.questions import LEVELS, TARGET_MS, make_question
from voice_host.games.cowabunga.trainer.quiz import expectation, feedback, working
from voice_host.phrases import phrase_table

WORDS = {phrase_table("en").number_words(n): n for n in range(60)}


def _number(text: str) -> int:
    return WORDS[text]


@pytest.mark.parametrize("level", LEVELS)
def test_questions_have_the_right_answers(level: int) -> None:
    for i in range(25):
        q = make_question(5, i, level)
        assert q.level == level
        m = re.match(r"Counting (up|down) from ([a-z-]+)\. ", q.text)
        assert m is not None, q.text
        up, start = m.group(1) == "up", _number(m.group(2))
        assert start == q.total
        if q.kind == "count":
            assert q.card is not None and q.card > 0
            assert q.answer == (start + q.card if up else start - q.card)
        elif q.kind == "direction":
            assert q.card is not None
            total = start + q.card if up else start - q.card
            assert q.answer == ("yes" if (total > 30 if up else total < 10) else "no")
        else:
            islands = re.search(r"Islands ([a-z, -]+)\. You hold ([a-z, -]+)\.", q.text)
            assert islands is not None
            held = {_number(w) for w in re.split(r", | and ", islands.group(1))}
            hand = [_number(w) for w in re.split(r", | and ", islands.group(2))]
            safe = [c for c in hand if (start + c if up else start - c) not in held]
            assert len(hand) == 3 and safe == [q.answer], q.text


def test_level_one_is_small_additions() -> None:
    for i in range(20):
        q = make_question(9, i, 1)
        assert q.kind == "count" and "Counting up" in q.text
        assert q.card is not None and 1 <= q.card <= 5 and isinstance(q.answer, int)
        assert q.answer <= 30


def test_questions_are_a_pure_function_of_seed_index_level() -> None:
    assert make_question(3, 4, 4) == make_question(3, 4, 4)
    assert [make_question(1, i, 3).text for i in range(8)] != [
        make_question(2, i, 3).text for i in range(8)
    ]
    with pytest.raises(ValueError, match="levels go from 1 to 5"):
        make_question(1, 0, 6)


def test_seeded_plan_ramps_and_ignores_answers() -> None:
    assert [ramp_level(1, i, 8) for i in range(8)] == [1, 1, 2, 2, 3, 3, 4, 4]
    assert ramp_level(4, 7, 8) == 5
    plan = QuizPlan(7, 6, 2)
    printed = plan.ideal_questions()
    asked = []
    for i in range(6):
        q = plan.question(i)
        plan.record(q, i % 2 == 0, 99_999)
        asked.append(q)
    assert asked == printed


def test_adaptive_plan_follows_accuracy_and_speed() -> None:
    a = Adapter(level=2)
    q = make_question(1, 0, 2)
    a.record(q, True, 500)
    assert a.level == 2
    a.record(q, True, 500)
    assert a.level == 3
    a.record(q, True, TARGET_MS[q.kind] + 1)  # right but slow: stays
    a.record(q, True, 500)
    assert a.level == 3
    a.record(q, False, 500)
    assert a.level == 2 and a.history == [2, 2, 3, 3, 3]
    for _ in range(5):
        a.record(q, False, 100)
    assert a.level == 1


def test_adaptive_plan_is_replayable_from_the_answers() -> None:
    ideal = QuizPlan(4, 8, 1, adaptive=True).ideal_questions()
    assert [q.level for q in ideal] == [1, 1, 2, 2, 3, 3, 4, 4]
    plan = QuizPlan(4, 8, 1, adaptive=True)
    assert [plan.question(0), plan.question(1)] == ideal[:2]


def test_next_session_starts_where_the_last_ended() -> None:
    assert suggest_level(None, None) == 1
    assert suggest_level(4, 0.9) == 4
    assert suggest_level(4, 0.3) == 3
    assert suggest_level(1, 0.0) == 1


def test_expectation_is_the_possible_range_not_the_answer() -> None:
    for i in range(10):
        q = make_question(2, i, 4)
        expect = expectation(q)
        if q.kind == "count":
            assert expect.numbers is not None and len(expect.numbers) >= 10
            assert q.answer in expect.numbers
        elif q.kind == "direction":
            assert expect.numbers == frozenset() and expect.commands
        else:
            assert expect.numbers == frozenset(range(10))


def test_feedback_by_verbosity() -> None:
    q = next(q for i in range(30) if (q := make_question(8, i, 2)).kind == "count")
    said = phrase_table("en").number_words(int(q.answer))
    assert feedback(q, True, "terse") == "Right."
    assert feedback(q, False, "normal") == f"Not quite: {said}."
    teaching = feedback(q, False, "teaching")
    assert working(q) in teaching and teaching.endswith(f"is {said}.")
