"""PocketSphinx end to end: real speech (espeak-ng made at test time, the FSDD human digits)
through the real recognizer, with accuracy floors set from measurements with a margin.

The floors come from runs of ``tests/ear/backends/measure.py`` and of these tests, with a margin;
they catch a regression, they are not the goal (issue 3 sets the goals for ``bench/``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from tests.conftest import needs_fsdd
from tests.ear.backends.speech import espeak, fsdd, have_espeak, with_noise
from voice_host.ear.backends import EngineError, load_recognizer
from voice_host.ear.backends.sphinx import PocketSphinxRecognizer, jsgf, prepare
from voice_host.phrases import phrase_table
from voice_host.recognition import Expectation, Hearing, Samples
from voice_host.voice import synthesize

pytestmark = pytest.mark.slow
needs_espeak = pytest.mark.skipif(not have_espeak(), reason="needs espeak-ng")
EN = phrase_table("en")
TOTALS = tuple(range(0, 46, 3))  # 16 totals, every tens and teens shape

# Floors (measured on this machine at min_confidence 0.9: clean en-us 10/16 right, en-gb 8/16,
# both 0 wrong; 10 dB with the turn 6/16, 0 wrong; human digits 5/40 right, 2 wrong; table talk
# 1/12 accepted). The stock model is weak on 8 kHz human digits; "when unsure, reject" keeps
# wrong numbers rare, so the floors guard the wrong counts tightly (the human digits' at what was
# measured, with a recognizer of their own, as a decoder's history moves its results a little)
# and the right counts loosely.
RIGHT_CLEAN, WRONG_CLEAN = 6, 1  # of 16
RIGHT_NOISE, WRONG_NOISE = 3, 1  # of 16
RIGHT_HUMAN, WRONG_HUMAN = 4, 2  # of 40
DISTRACTORS_ACCEPTED = 2  # of 12


@pytest.fixture(scope="module")
def rec() -> PocketSphinxRecognizer:
    return PocketSphinxRecognizer()


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("speech")


def turn(truth: int, card: int) -> Expectation:
    """The ten totals one card can reach this turn, counting up, that include ``truth``."""
    return Expectation(numbers=frozenset(n for n in range(truth - card, truth - card + 10)))


def tally(pairs: Iterator[tuple[Hearing, tuple[int, ...]]]) -> tuple[int, int, int]:
    """(right, wrong, rejected) over (hearing, wanted numbers)."""
    right = wrong = rejected = 0
    for hearing, want in pairs:
        if not hearing.numbers:
            rejected += 1
        elif hearing.numbers == want:
            right += 1
        else:
            wrong += 1
    return right, wrong, rejected


def test_only_english() -> None:
    with pytest.raises(EngineError, match="works for: en") as err:
        load_recognizer("pocketsphinx", "fr")
    assert "\n" not in str(err.value)


def test_grammar_text() -> None:
    text = jsgf(EN, (13, 30), number_pairs=False, commands=False)
    assert "thirteen | thirty" in text and "<card>" not in text and "<command>" not in text
    full = jsgf(EN, tuple(range(46)))
    assert "[[<sign>] <card>] <total> | <command>" in full
    assert "whose turn is it" in full and "forty five" in full and "forty six" not in full
    assert "<play>" not in full
    played = jsgf(EN, (24,), play=True)
    assert "<play> = play | i play;" in played
    assert "[[<play>] [<sign>] <card>] <total> | <command>" in played
    assert "<play>" not in jsgf(EN, (24,), number_pairs=False, play=True)


def test_commands_that_would_do_nothing_are_not_in_the_grammar() -> None:
    full = jsgf(EN, (13,), number_pairs=False)
    assert "| yes |" in full or "= yes |" in full
    quiet = jsgf(EN, (13,), number_pairs=False, idle=frozenset({"yes", "no", "resume"}))
    assert "whose turn is it" in quiet
    assert not {"yes", "no", "resume"} & {w.strip() for w in quiet.split("<command> =")[1]
                                          .split(";")[0].split("|")}
    none = jsgf(EN, (13,), number_pairs=False, idle=frozenset(EN.commands))
    assert "<command>" not in none and "thirteen" in none


def test_front_end_is_deterministic_and_never_silent() -> None:
    silence = np.zeros(8000, dtype=np.int16)
    once = prepare(silence)
    assert once == prepare(silence)
    assert np.any(np.frombuffer(once, dtype="<i2") != 0)
    assert prepare(np.zeros(0, dtype=np.int16)) == b""


def test_silence_and_noise_are_not_numbers(rec: PocketSphinxRecognizer) -> None:
    silence: Samples = np.zeros(16000, dtype=np.int16)
    assert rec.recognize(silence).is_empty
    assert rec.recognize(with_noise(np.full(16000, 1, dtype=np.int16), -20, 1)).numbers == ()


@needs_espeak
@pytest.mark.parametrize("voice", ["en-us", "en-gb"])
def test_totals_clean(rec: PocketSphinxRecognizer, folder: Path, voice: str) -> None:
    pairs = ((rec.recognize(espeak(EN.number_words(n), voice, folder)), (n,)) for n in TOTALS)
    right, wrong, _ = tally(pairs)
    assert right >= RIGHT_CLEAN and wrong <= WRONG_CLEAN, (right, wrong)


@needs_espeak
def test_totals_in_noise_with_the_turn(rec: PocketSphinxRecognizer, folder: Path) -> None:
    rnd = random.Random(3)
    pairs = (
        (
            rec.recognize(
                with_noise(espeak(EN.number_words(n), "en-us", folder), 10, n),
                turn(n, rnd.randrange(10)),
            ),
            (n,),
        )
        for n in TOTALS
    )
    right, wrong, _ = tally(pairs)
    assert right >= RIGHT_NOISE and wrong <= WRONG_NOISE, (right, wrong)


@needs_fsdd
def test_human_digits() -> None:
    rec = PocketSphinxRecognizer()
    clips = [c for c in fsdd("jackson") + fsdd("yweweler") if c.text][::5]  # 40 clips
    rnd = random.Random(5)
    pairs = []
    for clip in clips:
        n = EN.parse(clip.text)
        assert n is not None and n.total is not None
        pairs.append((rec.recognize(clip.samples, turn(n.total, rnd.randrange(10))), (n.total,)))
    right, wrong, _ = tally(iter(pairs))
    assert right >= RIGHT_HUMAN and wrong <= WRONG_HUMAN, (right, wrong)


@needs_espeak
def test_table_talk_is_rejected(rec: PocketSphinxRecognizer, folder: Path) -> None:
    talk = [
        "pass the crisps please",
        "I need another drink",
        "can you shuffle the deck",
        "see you later",
        "my phone is ringing",
        "whose idea was this game",
    ]
    accepted = [
        t for t in talk for v in ("en-us", "en-gb") if rec.recognize(espeak(t, v, folder)).numbers
    ]
    assert len(accepted) <= DISTRACTORS_ACCEPTED, accepted


@needs_espeak
def test_card_first_and_commands() -> None:
    # Phrases and voices this recognizer hears for sure (checked at 150 and 175 words per minute,
    # where it can; "whose turn is it" it transcribes right but never above the confidence floor).
    # A recognizer of its own, as the result depends a little on what it decoded before.
    rec = PocketSphinxRecognizer()
    card = rec.recognize(synthesize("minus five, eleven", "en-gb", rate=150))
    assert (card.text, card.numbers, card.command) == ("minus five eleven", (5, 11), None), card
    command = rec.recognize(synthesize("what was played", "en-us", rate=175))
    assert (command.numbers, command.command) == ((), "last_plays"), command
    undo = rec.recognize(synthesize("take it back", "en-gb", rate=175),
                         Expectation(numbers=frozenset({24})))
    assert (undo.numbers, undo.command) == ((), "undo"), undo


@needs_espeak
def test_play_prefix_end_to_end() -> None:
    # en-gb is chosen because it is heard right here at both 150 and 175 words per minute; en-us
    # and en-gb-x-rp are transcribed right too but fall just under the confidence floor. A
    # recognizer of its own: a decoder's result depends a little on what it decoded before (the
    # very first utterance of a fresh one differs), so the shared one keeps its history.
    rec = PocketSphinxRecognizer()
    samples = synthesize("play seven, twenty four", "en-gb")
    practice = Expectation(numbers=frozenset(range(15, 34)))
    for expect in (None, practice, practice):
        hearing = rec.recognize(samples, expect)
        assert hearing.numbers == (7, 24), hearing
        assert hearing.text == "play seven twenty four"
    searches = len(rec._searches)  # the prefixed grammar is compiled once per expectation
    assert rec.recognize(samples, practice).numbers == (7, 24)
    assert len(rec._searches) == searches


@needs_espeak
def test_alternatives_offer_the_confusable_partner() -> None:
    rec = PocketSphinxRecognizer()  # its own: a decoder's history moves its results a little
    hearing = rec.recognize(synthesize("thirteen", "en-gb"))
    assert hearing.text == "thirteen" and hearing.alternatives, hearing
    alt = hearing.alternatives[0]
    assert alt.numbers == (30,) and alt.numbers != hearing.numbers
    assert 0.0 <= alt.confidence <= 1.0


def test_nothing_allowed_hears_nothing(rec: PocketSphinxRecognizer) -> None:
    quiet: Samples = np.zeros(8000, dtype=np.int16)
    for expect in (
        Expectation(numbers=frozenset(), commands=False),
        Expectation(numbers=frozenset(), commands=True),
        Expectation(numbers=frozenset({5}), number_pairs=False, commands=False),
    ):
        assert rec.recognize(quiet, expect).is_empty


def test_no_audio_is_heard_as_nothing() -> None:
    import numpy as np

    from voice_host.ear.backends import load_recognizer

    hearing = load_recognizer("pocketsphinx").recognize(np.zeros(0, np.int16))
    assert hearing.is_empty and hearing.text == ""
