"""The closed grammar over the head's slots: joining, narrowing, alternatives."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from voice_host.ear.decode import readings
from voice_host.ear.vocab import CARDS, HEADS, INTENTS, UNITS, join_total, split_total
from voice_host.ear_training.texts import number_label
from voice_host.recognition import Expectation

Vector = npt.NDArray[np.float32]


def _vec(names: tuple[Any, ...], values: dict[Any, float]) -> Vector:
    v = np.full(len(names), 1e-6, np.float32)
    for k, p in values.items():
        v[names.index(k)] = p
    out: Vector = v / v.sum()
    return out


def _probs(intent: dict[str, float], head: dict[int, float], unit: dict[int, float],
           card: dict[str, float]) -> list[Vector]:
    return [_vec(INTENTS, intent), _vec(HEADS, head), _vec(UNITS, unit), _vec(CARDS, card)]


def test_totals_split_and_join_both_ways() -> None:
    for total in range(100):
        head, unit = split_total(total)
        assert join_total(head, unit) == total
    assert join_total(13, 4) is None
    with pytest.raises(ValueError, match="100"):
        split_total(100)
    label = number_label(24, "plus7")
    assert (HEADS[label.head], UNITS[label.unit], CARDS[label.card]) == (20, 4, "plus7")


def test_thirteen_or_thirty_gives_both_readings() -> None:
    probs = _probs({"number": 0.98}, {13: 0.55, 30: 0.45}, {0: 0.99}, {"none": 0.99})
    ranked = readings(probs)
    assert [r.total for r in ranked[:2]] == [13, 30]
    assert ranked[0].probability == pytest.approx(0.55 * 0.98, abs=0.02)


def test_expectation_renormalizes_over_possible_totals_only() -> None:
    probs = _probs({"number": 0.98}, {13: 0.55, 30: 0.45}, {0: 0.99}, {"none": 0.99})
    ranked = readings(probs, Expectation(numbers=frozenset({30, 31, 32})))
    assert ranked[0].total == 30
    assert ranked[0].probability > 0.9
    assert all(r.total in (None, 30, 31, 32) for r in ranked)


def test_impossible_expectation_leaves_no_number() -> None:
    probs = _probs({"number": 0.98}, {13: 0.9}, {0: 0.99}, {"none": 0.99})
    ranked = readings(probs, Expectation(numbers=frozenset()))
    assert all(r.kind != "number" for r in ranked)


def test_card_first_and_commands_can_be_switched_off() -> None:
    probs = _probs({"number": 0.6, "undo": 0.4}, {20: 0.9}, {4: 0.9}, {"plus7": 0.9})
    ranked = readings(probs)
    assert ranked[0].total == 24 and ranked[0].card == "plus7"
    ranked = readings(probs, Expectation(number_pairs=False, commands=False))
    assert ranked[0].card == "none" and ranked[0].total == 24
    assert all(r.kind != "command" for r in ranked)


def test_a_sure_total_with_an_unsure_card_is_heard_as_the_total_alone() -> None:
    from voice_host.ear.decode import Reading
    from voice_host.ear.recognizer import total_first

    split = [Reading("number", 0.47, 11, "none", index=(0, 1, 1, 0)),
             Reading("number", 0.45, 11, "bare7", index=(0, 1, 1, 8)),
             Reading("number", 0.03, 7, "none", index=(0, 7, 0, 0)),
             Reading("reject", 0.05, index=(18, -1, -1, -1))]
    first = total_first(split, 0.9)
    assert (first[0].total, first[0].card) == (11, "none")
    assert first[0].probability == pytest.approx(0.92)
    assert [(r.total, r.card) for r in first[1:3]] == [(11, "bare7"), (7, "none")]
    # Not when the two readings together are still unsure, nor when the best is sure anyway.
    assert total_first(split, 0.95) == split
    sure = [Reading("number", 0.97, 11, "none"), *split[1:]]
    assert total_first(sure, 0.9) == sure
    # Nor when the rivals are different totals.
    apart = [split[0], Reading("number", 0.45, 13, "none"), split[3]]
    assert total_first(apart, 0.9) == apart


def test_a_command_that_would_do_nothing_now_is_talk() -> None:
    # "I know" heard as "no" at a turn where nothing was asked: no command, nor a number in its
    # place; its probability is the reject's
    probs = _probs({"no": 0.9, "number": 0.06, "reject": 0.04}, {5: 0.9}, {0: 0.99},
                   {"none": 0.99})
    assert readings(probs)[0].command == "no"
    turn = Expectation(numbers=frozenset(range(20)), idle=frozenset({"yes", "no"}))
    ranked = readings(probs, turn)
    assert ranked[0].kind == "reject" and ranked[0].probability == pytest.approx(0.94, abs=0.01)
    assert all(r.command != "no" for r in ranked)
    assert readings(_probs({"pause": 0.9}, {5: 0.9}, {0: 0.99}, {"none": 0.99}),
                    turn)[0].command == "pause"
