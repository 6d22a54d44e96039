"""Early recognition at the endpointer's tentative end, on real speech and the real ear."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np
import pytest

from tests.clocks import ticking_clock
from tests.speech import silence, trimmed
from voice_host.audio import (
    EarlyRecognizer,
    Endpointer,
    EndpointerConfig,
    Recognized,
    TentativeEnd,
    Utterance,
    samples_to_chunks,
)
from voice_host.audio.noise import mix_at_snr, pink_noise
from voice_host.recognition import (
    SAMPLE_RATE,
    Alternative,
    Hearing,
    Recognizer,
    Samples,
    is_whole,
)
from voice_host.voice import synthesize

TOTALS = ("twenty four", "thirteen", "forty two")
COMMA_PHRASES = ("plus seven, thirty one", "minus five, eleven", "plus nine, seventeen")
VOICES = ("en-us", "en+f3", "en-gb-x-rp")


def _stream(phrases: tuple[str, ...], snr_db: float | None = None) -> Samples:
    parts = [silence(1.0)]
    for i, text in enumerate(phrases):
        parts += [synthesize(text, voice=VOICES[i % len(VOICES)]), silence(1.2)]
    clean = np.concatenate(parts).astype(np.int16)
    if snr_db is None:
        return clean
    return mix_at_snr(clean, pink_noise(len(clean), seed=4), snr_db)


def _resumed() -> Samples:
    """'plus seven' and 'twenty four' with a 230-ms pause: past the tentative end (150 ms),
    short of the hangover (300 ms), so one utterance whose first tentative end does not hold."""
    return np.concatenate(
        [
            silence(1.0),
            trimmed("plus seven", "en-us"),
            silence(0.23),
            trimmed("twenty four", "en-us"),
            silence(1.0),
        ]
    ).astype(np.int16)


def _events(samples: Samples, config: EndpointerConfig | None = None) -> Iterator[object]:
    ep = Endpointer(config)
    for chunk in samples_to_chunks(samples, chunk_ms=20):
        yield from ep.events(chunk)
    last = ep.flush()
    if last is not None:
        yield last


@pytest.fixture(scope="module")
def ear() -> Recognizer:
    from voice_host.ear.backends import load_recognizer

    return load_recognizer("ear", "en")


# --- the endpointer's tentative end --------------------------------------------------------------
def test_each_utterance_gets_a_tentative_end_that_holds() -> None:
    events = list(_events(_stream(TOTALS)))
    utts = [e for e in events if isinstance(e, Utterance)]
    assert len(utts) == len(TOTALS)
    config = EndpointerConfig()
    for k, utt in enumerate(events):
        if not isinstance(utt, Utterance):
            continue
        tentative = [e for e in events[:k] if isinstance(e, TentativeEnd)][-1]
        assert tentative.is_confirmed_by(utt)
        # Decided a tentative (not a full) hangover after the end of speech, within a frame.
        waited = tentative.utterance.emitted_s - utt.end_s
        assert config.tentative_ms - 1 <= waited * 1000 < config.tentative_ms + 30
        # What early recognition hears is as long as the closed utterance, and starts the same.
        assert len(tentative.padded) == len(utt.samples)
        n = len(tentative.utterance.samples)
        assert np.array_equal(tentative.padded[:n], utt.samples[:n])


def test_a_tentative_end_is_not_confirmed_when_speech_resumes() -> None:
    events = list(_events(_resumed()))
    utts = [e for e in events if isinstance(e, Utterance)]
    tentatives = [e for e in events if isinstance(e, TentativeEnd)]
    assert len(utts) == 1, "the 230-ms pause must not split the phrase"
    assert len(tentatives) == 2
    first, last = tentatives
    assert first.utterance.end_s < last.utterance.end_s
    assert not first.is_confirmed_by(utts[0])
    assert last.is_confirmed_by(utts[0])


def test_no_tentative_end_when_turned_off() -> None:
    for tentative_ms in (0, 300, 450):
        config = EndpointerConfig(tentative_ms=tentative_ms)
        events = list(_events(_stream(TOTALS[:1]), config))
        assert events and all(isinstance(e, Utterance) for e in events)


def test_process_still_returns_utterances_only() -> None:
    samples = _stream(TOTALS[:2])
    ep = Endpointer()
    got = [u for c in samples_to_chunks(samples, chunk_ms=20) for u in ep.process(c)]
    assert len(got) == 2 and all(isinstance(u, Utterance) for u in got)


# --- early recognition with the real ear ---------------------------------------------------------
def _heard(r: Recognized[Hearing]) -> tuple[object, ...]:
    return (r.result.text, r.result.numbers, r.result.command)


def _both(
    ear: Recognizer, samples: Samples
) -> tuple[list[Recognized[Hearing]], EarlyRecognizer[Hearing], list[Recognized[Hearing]]]:
    chunks = list(samples_to_chunks(samples, chunk_ms=20))
    plain = list(EarlyRecognizer(ear.recognize, early=False).results(chunks))
    with EarlyRecognizer(ear.recognize) as early:
        fast = list(early.results(chunks))
    return plain, early, fast


@pytest.mark.slow
@pytest.mark.parametrize("snr_db", [None, 20.0])
@pytest.mark.parametrize("phrases", [TOTALS, COMMA_PHRASES], ids=["totals", "comma-phrases"])
def test_early_results_are_the_plain_results(
    ear: Recognizer, phrases: tuple[str, ...], snr_db: float | None
) -> None:
    plain, early, fast = _both(ear, _stream(phrases, snr_db))
    assert len(plain) == len(phrases)
    assert [_heard(r) for r in fast] == [_heard(r) for r in plain]
    assert [(r.utterance.start_s, r.utterance.end_s) for r in fast] == [
        (r.utterance.start_s, r.utterance.end_s) for r in plain
    ]
    # Each utterance's early recognition held: no second pass.
    assert all(r.early for r in fast) and not any(r.early for r in plain)
    # It started a hangover minus a tentative end before the close.
    config = EndpointerConfig()
    head = config.hangover_ms - config.tentative_ms
    assert all(r.head_start_ms == pytest.approx(head, abs=1) for r in fast)
    assert all(r.live_wait_ms == max(0.0, r.recognize_ms - r.head_start_ms) for r in fast)
    assert early.used == len(phrases)
    assert early.started == early.used + early.dropped


@pytest.mark.slow
def test_a_resumed_phrase_drops_the_early_recognition(ear: Recognizer) -> None:
    calls: list[int] = []

    def recognize(samples: Samples) -> Hearing:
        calls.append(len(samples))
        return ear.recognize(samples)

    chunks = list(samples_to_chunks(_resumed(), chunk_ms=20))
    with EarlyRecognizer(recognize) as early:
        (fast,) = list(early.results(chunks))
    (plain,) = list(EarlyRecognizer(ear.recognize, early=False).results(chunks))
    assert (early.started, early.dropped, early.used) == (2, 1, 1)
    # The dropped recognition heard only "plus seven"; the result is of the whole phrase.
    assert len(calls) == 2 and calls[0] < calls[1] == len(fast.utterance.samples)
    assert fast.early
    assert _heard(fast) == _heard(plain)
    assert fast.result.numbers == (7, 24)


def test_timing_fields_without_early_recognition() -> None:
    """The plain loop times a whole recognition after the close (a stand-in recognizer: only
    the timing is under test)."""
    ticks = iter(float(t) for t in range(100))

    def recognize(samples: Samples) -> int:
        return len(samples)

    loop = EarlyRecognizer(recognize, early=False, clock=lambda: next(ticks))
    (r,) = list(loop.results(samples_to_chunks(_stream(TOTALS[:1]), chunk_ms=20)))
    assert r.result == len(r.utterance.samples)
    # clock: 0 = closed, 1 = recognition starts, 2 = done
    assert (r.recognize_ms, r.wait_ms) == (1000.0, 2000.0)
    assert r.after_speech_ms == pytest.approx(
        (r.utterance.emitted_s - r.utterance.end_s) * 1000 + 2000.0
    )


# --- early close: a whole early result closes its utterance at once ------------------------------
def _closing(
    recognize: Callable[[Samples], Hearing],
    samples: Samples,
    close_early: Callable[[Hearing], bool] = is_whole,
    recognize_s: float = 0.06,
) -> tuple[list[Recognized[Hearing]], EarlyRecognizer[Hearing]]:
    """Every result of ``samples`` with early close, each recognition timed at ``recognize_s``
    (so where the close falls does not depend on the machine's load)."""
    chunks = samples_to_chunks(samples, chunk_ms=20)
    with EarlyRecognizer(
        recognize, close_early=close_early, clock=ticking_clock(recognize_s)
    ) as loop:
        return list(loop.results(chunks)), loop


def _pause(first: str, pause_s: float, rest: str) -> Samples:
    return np.concatenate(
        [silence(1.0), trimmed(first, "en-us"), silence(pause_s), trimmed(rest, "en-us"),
         silence(1.0)]
    ).astype(np.int16)


def test_is_whole_tells_a_whole_utterance_from_a_possible_card() -> None:
    def hearing(numbers: tuple[int, ...], command: str | None = None,
                *alts: tuple[tuple[int, ...], float]) -> Hearing:
        return Hearing("x", numbers, command, 0.9,
                       tuple(Alternative("y", n, None, c) for n, c in alts))

    assert is_whole(hearing((24,)))
    assert is_whole(hearing((7, 24)))
    assert not is_whole(hearing((7,)))  # maybe the card of "seven, twenty-four"
    assert not is_whole(hearing((0,)))
    assert not is_whole(hearing((7, 7)))  # how the ear hears a lone "plus seven,"
    assert not is_whole(hearing((), "score"))  # how the ear can hear a lone "plus four,"
    assert not is_whole(hearing(()))  # nothing sure heard
    assert not is_whole(hearing((17,), None, ((7,), 0.35)))  # a rival "seven"
    assert is_whole(hearing((17,), None, ((7,), 0.1), ((40,), 0.4)))


@pytest.mark.slow
def test_a_sure_total_above_nine_closes_when_its_early_result_is_ready(ear: Recognizer) -> None:
    """ "twenty four", "thirteen", "forty two": each utterance closes a tentative end plus a
    recognition (60 ms, rounded up to a frame) after the speech, not a hangover after it, with
    the result the plain loop gives."""
    samples = _stream(TOTALS)
    plain = list(EarlyRecognizer(ear.recognize, early=False).results(
        samples_to_chunks(samples, chunk_ms=20)))
    fast, loop = _closing(ear.recognize, samples)
    assert [_heard(r) for r in fast] == [_heard(r) for r in plain]
    assert loop.closed_early == len(TOTALS) and all(r.closed_early and r.early for r in fast)
    config = EndpointerConfig()
    for r, p in zip(fast, plain, strict=True):
        assert (r.utterance.start_s, r.utterance.end_s) == (p.utterance.start_s, p.utterance.end_s)
        waited_ms = (r.utterance.emitted_s - r.utterance.end_s) * 1000
        assert config.tentative_ms + 60 <= waited_ms + 1 < config.tentative_ms + 60 + 2 * 30
        assert waited_ms < config.hangover_ms - 30
        assert r.live_wait_ms == pytest.approx(0.0, abs=1) and r.head_start_ms >= 60 - 1
    # The closed utterance is the stretch of the stream up to the close, as a hangover's is.
    n = len(fast[0].utterance.samples)
    start = round(fast[0].utterance.emitted_s * SAMPLE_RATE) - n
    assert np.array_equal(fast[0].utterance.samples, samples[start : start + n])


@pytest.mark.slow
@pytest.mark.parametrize(("card", "rest"), [("seven", "twenty four"),
                                            ("plus seven", "twenty four")])
def test_a_card_word_then_a_pause_is_not_cut(ear: Recognizer, card: str, rest: str) -> None:
    """ "seven," and a 230-ms pause (past the tentative end, short of the hangover): the early
    result of "seven" (or "plus seven, seven", as the ear hears a lone "plus seven") is no whole
    utterance, so the hangover runs and the phrase stays one; its own early result, a card and a
    total, then closes it early."""
    judged: list[Hearing] = []

    def whole(h: Hearing) -> bool:
        judged.append(h)
        return is_whole(h)

    (r,), loop = _closing(ear.recognize, _pause(card, 0.23, rest), whole)
    assert r.result.numbers == (7, 24)
    assert len(judged) == 2 and not is_whole(judged[0])
    assert (loop.started, loop.dropped, loop.closed_early) == (2, 1, 1) and r.closed_early


@pytest.mark.slow
def test_speech_resuming_before_the_early_result_is_ready_cancels_the_close(
    ear: Recognizer,
) -> None:
    """Whatever the predicate says, the close waits for the result: "plus seven" taken as
    whole (a stand-in predicate) with a 230-ms pause is cut in two when its result is ready
    before the speech resumes, and stays one phrase, as today, when the speech resumes first."""
    samples = _resumed()
    cut, loop = _closing(ear.recognize, samples, lambda h: True, recognize_s=0.03)
    assert len(cut) == 2 and cut[0].closed_early
    assert loop.closed_early == 2
    (one,), loop = _closing(ear.recognize, samples, lambda h: True, recognize_s=0.12)
    assert one.result.numbers == (7, 24)
    assert (loop.started, loop.dropped, loop.closed_early) == (2, 1, 1)


def test_no_close_early_without_a_tentative_end() -> None:
    """With early recognition off there is no early result, so nothing closes early."""
    loop = EarlyRecognizer(len, early=False, close_early=lambda n: True,
                           clock=ticking_clock(0.01))
    (r,) = list(loop.results(samples_to_chunks(_stream(TOTALS[:1]), chunk_ms=20)))
    waited_ms = (r.utterance.emitted_s - r.utterance.end_s) * 1000
    assert not r.closed_early and loop.closed_early == 0
    assert waited_ms == pytest.approx(EndpointerConfig().hangover_ms, abs=1)
