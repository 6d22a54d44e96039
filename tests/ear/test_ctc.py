"""The second opinion: word tokens, the CTC decoder over the closed grammar, and its veto."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.ear.conftest import needs_espeak
from voice_host.ear import synth
from voice_host.ear.ctc import (
    BLANK,
    MINUS,
    PLUS,
    READINGS,
    TOKENS,
    CtcModel,
    possible,
    score_readings,
    tokens,
)
from voice_host.ear.head import Head
from voice_host.ear.recognizer import EarRecognizer, default_head_path
from voice_host.ear.vocab import CARDS, HEADS, INTENTS, command_label, number_label
from voice_host.recognition import Expectation

SURE = 0.999


def frames(*spelled: int) -> np.ndarray:
    """Per-frame log-probabilities that spell ``spelled`` token by token, almost surely."""
    lp = np.full((len(spelled), TOKENS), np.log((1 - SURE) / (TOKENS - 1)))
    lp[np.arange(len(spelled)), spelled] = np.log(SURE)
    return lp


def test_tokens_of_the_labels() -> None:
    twenty, four, seven = HEADS.index(20), 4, 7
    plus7_24 = number_label(24, "plus7")
    assert tokens([plus7_24.intent, plus7_24.head, plus7_24.unit, plus7_24.card]) == [
        PLUS, seven, twenty, four]
    minus5_11 = number_label(11, "minus5")
    assert tokens([minus5_11.intent, minus5_11.head, minus5_11.unit, minus5_11.card]) == [
        MINUS, 5, 11]
    bare = number_label(7, "bare7")
    assert tokens([bare.intent, bare.head, bare.unit, bare.card]) == [7, 7]
    undo = command_label("undo")
    assert tokens([undo.intent, -1, -1, -1]) != tokens([command_label("stop").intent, -1, -1, -1])
    assert tokens([len(INTENTS) - 1, -1, -1, -1]) == []


def test_the_decoder_reads_a_spelled_phrase_and_keeps_to_the_grammar() -> None:
    lp = frames(BLANK, PLUS, PLUS, BLANK, 7, BLANK, HEADS.index(20), BLANK, 4, BLANK)
    scores = score_readings(lp)
    best = READINGS[int(np.argmax(scores))]
    assert best == (0, HEADS.index(20), 4, CARDS.index("plus7"))
    assert np.exp(scores).sum() <= 1.0 + 1e-9  # readings are disjoint token sequences
    # "seven, seven" needs a blank between the two sevens; run together it is one seven.
    assert READINGS[int(np.argmax(score_readings(frames(7, 7, BLANK))))] == (0, 7, 0, 0)
    two = READINGS[int(np.argmax(score_readings(frames(7, BLANK, 7))))]
    assert two == (0, 7, 0, CARDS.index("bare7"))
    # Nothing spelled: the empty reading, a rejection.
    assert READINGS[int(np.argmax(score_readings(frames(BLANK, BLANK))))][0] == len(INTENTS) - 1


def test_the_expectation_narrows_the_readings() -> None:
    allowed = possible(Expectation(numbers=frozenset({24}), card_first=False, commands=False))
    kept = [READINGS[i] for i in np.flatnonzero(allowed)]
    assert sorted(kept) == sorted([(len(INTENTS) - 1, -1, -1, -1), (0, HEADS.index(20), 4, 0)])
    assert possible(None).all()


def _blank_only(dim: int = 96) -> CtcModel:
    """A second opinion that hears nothing in anything, over ``dim``-wide frames."""
    bias = np.zeros(TOKENS, np.float32)
    bias[BLANK] = 20.0
    return CtcModel(np.zeros(dim, np.float32), np.ones(dim, np.float32), [],
                    (np.zeros((dim, TOKENS), np.float32), bias))


@needs_espeak
def test_a_reading_the_second_opinion_does_not_share_stays_in_doubt(tmp_path: Path) -> None:
    if not default_head_path("en").exists():
        pytest.skip("no shipped English head")
    head = Head.load(default_head_path("en"))
    voice = synth.Voice("espeak", "en-029+m3", "bench")
    audio = synth.synthesize(voice, "twenty-four")
    head.ctc = None
    head.save(tmp_path / "alone.npz")
    assert EarRecognizer("en", tmp_path / "alone.npz").recognize(audio).numbers == (24,)
    assert head.frame_mean is not None
    head.ctc = _blank_only(len(head.frame_mean))
    head.save(tmp_path / "vetoed.npz")
    vetoed = EarRecognizer("en", tmp_path / "vetoed.npz")
    assert vetoed.head.ctc is not None  # saved and loaded with the head
    hearing = vetoed.recognize(audio)
    assert hearing.numbers == () and hearing.text == ""
    assert hearing.alternatives and hearing.alternatives[0].numbers == (24,)


def test_german_says_the_unit_first() -> None:
    """ "vierundzwanzig" is four, twenty: the tokens and the decoder follow the language."""
    label = number_label(24)
    row = [label.intent, label.head, label.unit, label.card]
    twenty = HEADS.index(20)
    assert tokens(row) == [twenty, 4] and tokens(row, unit_first=True) == [4, twenty]
    spelled = frames(BLANK, 4, BLANK, twenty, BLANK)
    assert READINGS[int(np.argmax(score_readings(spelled, unit_first=True)))] == (0, twenty, 4, 0)
    # Read in English order, the same frames are a card four and a total of twenty.
    english = READINGS[int(np.argmax(score_readings(spelled)))]
    assert english == (0, twenty, 0, CARDS.index("bare4"))


def test_agreement_scores_only_possible_rivals_and_says_what_best_says() -> None:
    """ ``agrees`` prunes the readings that cannot beat the one asked about; its answer is the
    full decoder's, with and without an expectation."""
    rng = np.random.default_rng(2)
    model = CtcModel(np.zeros(96, np.float32), np.ones(96, np.float32), [],
                     ((rng.normal(size=(96, TOKENS)) * 0.8).astype(np.float32),
                      np.zeros(TOKENS, np.float32)))
    narrow = Expectation(numbers=frozenset(range(20, 30)))
    for _ in range(40):
        seq = rng.normal(size=(int(rng.integers(3, 14)), 96)).astype(np.float32)
        for expect in (None, narrow):
            best = model.best(seq, expect)
            assert model.agrees(seq, best, expect)
            other = READINGS[int(rng.integers(len(READINGS)))]
            assert model.agrees(seq, other, expect) == (other == best)
