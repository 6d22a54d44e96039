"""The referee's ear on real speech (espeak-ng, made here) through the real recognizer: early
recognition leaves the log as it was, and a card-first phrase cut at a long comma pause is judged
as one phrase."""

from __future__ import annotations

import contextlib
import io
import json
import queue
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from tests.clocks import ticking_clock
from tests.speech import silence, trimmed
from voice_host.audio import Endpointer, TentativeEnd, samples_to_chunks
from voice_host.audio.chunks import AudioChunk
from voice_host.ear.backends import load_recognizer
from voice_host.ear.early import EarlyEar, Heard
from voice_host.ear.inputs import LiveStream
from voice_host.games.cowabunga.host import Session
from voice_host.host.runner import Runner
from voice_host.recognition import SAMPLE_RATE, Expectation, Hearing, Recognizer, Samples
from voice_host.voice import synthesize

from .games import SHORT_GAME, VOICE
from .helpers import table_setup

_UNDO = SHORT_GAME.index("take it back") + 1
LIVE_GAME = (*SHORT_GAME[:2], "yes", *SHORT_GAME[2:_UNDO], "yes", *SHORT_GAME[_UNDO:])
"""The short game with Maria's mistake and the undo confirmed by a yes: live, the referee asks
first (a total said instead of the yes or no asked for is asked about too)."""

SHORT_GAME_SETUP = {
    "Emily": (18, 25, 10, 11, 13, 15, 16),
    "Maria": (12, 20, 17, 19, 21, 22, 23),
    "Hendrik": (14, 29, 24, 26, 27, 28),
}


@pytest.fixture(scope="module")
def ear() -> Recognizer:
    return load_recognizer("ear")


def _game_session() -> Session:
    from voice_host.games.cowabunga.host import Setup

    return Session(Setup(("Emily", "Maria", "Hendrik"), 4, SHORT_GAME_SETUP))


class _Exhausted(Exception):
    pass


class _Recording:
    """A microphone stand-in playing chunks of a recording; a line is typed after chosen chunks."""

    def __init__(self, audio: Samples, typed: queue.Queue[str | None], at: dict[int, str]) -> None:
        self.chunks = list(samples_to_chunks(audio))
        self.typed = typed
        self.at = at
        self.i = 0

    def read(self, timeout: float | None = None) -> AudioChunk | None:
        if self.i >= len(self.chunks):
            raise _Exhausted
        chunk = self.chunks[self.i]
        if self.i in self.at:
            self.typed.put(self.at[self.i])
        self.i += 1
        return chunk


def _log_of(
    session: Session, inputs: Iterator[Samples | str], ear: Recognizer
) -> list[dict[str, Any]]:
    log = io.StringIO()
    ref = Runner(session, log=log)
    ref.handle(session.start())
    with contextlib.suppress(_Exhausted):
        ref.drive(inputs, ear, lambda: session.stopped or session.view.is_over)
    return [json.loads(line) for line in log.getvalue().splitlines()]


def test_the_live_path_with_early_recognition_gives_the_same_log(ear: Recognizer) -> None:
    """The short game spoken into the live path, with a total typed while one utterance is being
    recognized early (between its tentative end and its close): the log is the one the plain path
    (recognition after the close, the typed line first) gives."""
    pause = silence(1.0)
    parts = [pause]
    for line in LIVE_GAME:
        parts += [synthesize(line, voice=VOICE, rate=175), pause]
    audio = np.concatenate(parts)
    chunks = list(samples_to_chunks(audio))
    # Where the spoken "twenty-six" (Hendrik's, the fifth utterance) reaches its tentative end.
    endpointer, tentative_ends = Endpointer(), []
    for i, chunk in enumerate(chunks):
        if any(isinstance(e, TentativeEnd) for e in endpointer.events(chunk)):
            tentative_ends.append(i)
    assert len(tentative_ends) == len(LIVE_GAME)
    typed_at = tentative_ends[4]

    plain_inputs: list[Samples | str] = []
    for n, utt in enumerate(Endpointer().utterances(iter(chunks))):
        if n == 4:
            plain_inputs.append("26")
        plain_inputs.append(utt.samples)
    plain = _log_of(_game_session(), iter(plain_inputs), ear)

    typed: queue.Queue[str | None] = queue.Queue()
    stream = LiveStream(_Recording(audio, typed, {typed_at: "26"}), Endpointer(), typed)
    try:
        live = _log_of(_game_session(), stream, ear)
    finally:
        stream.close()
    assert stream.ear is not None
    assert stream.ear.loop.used >= len(LIVE_GAME) - 1  # the early results were used
    assert stream.ear.again == 1  # the utterance under way when "26" was typed: heard again
    # Early recognition hears the hangover's rest as the trailing non-speech repeated: the same
    # log, the confidence at most a hair apart.
    assert _without_confidence(live) == _without_confidence(plain)
    for a, b in zip(live, plain, strict=True):
        assert a.get("confidence", 0.0) == pytest.approx(b.get("confidence", 0.0), abs=0.02)
    assert any(r.get("typed") for r in live)


def _without_confidence(records: list[dict[str, object]]) -> list[dict[str, object]]:
    return [{k: v for k, v in r.items() if k != "confidence"} for r in records]


DOWN_AT_SIXTEEN = ("11", "20", "29", "33", "16", "24", "16")
"""Typed turns that leave the count going down at sixteen."""


@pytest.mark.parametrize(
    ("voice", "typed", "card", "total", "said"),
    [
        (VOICE, ("11", "20", "26"), "five", "thirty-one", 31),
        ("en-us", ("11", "20"), "six", "twenty-six", 26),
        ("en-us", (), "seven", "eleven", 11),
        ("en-us", DOWN_AT_SIXTEEN, "minus five", "eleven", 11),
        (VOICE, DOWN_AT_SIXTEEN, "minus five", "eleven", 11),
    ],
    ids=["five-thirty-one", "six-twenty-six", "seven-eleven-where-seven-is-a-total",
         "minus-five-eleven", "minus-five-eleven-other-voice"],
)
def test_a_card_first_phrase_cut_at_a_long_comma_pause_is_judged_as_one_phrase(
    ear: Recognizer, voice: str, typed: tuple[str, ...], card: str, total: str, said: int
) -> None:
    """ "five, ... thirty-one" with a long pause: the endpointer cuts it in two, and the referee
    judges the two pieces as one phrase, not the card word as a total of its own. A cut
    "minus five," is heard as "minus five, five", a mistake from sixteen: it waits for its rest
    too, though a sign and a card take longer to say than a card word alone."""
    audio = np.concatenate([
        silence(0.5),
        synthesize(card, voice=voice, rate=175),
        silence(0.15),  # on top of espeak-ng's own: a pause of about 0.45 s
        synthesize(total, voice=voice, rate=175),
        silence(1.0),
    ])
    pieces = list(Endpointer().utterances(samples_to_chunks(audio)))
    assert len(pieces) == 2  # the comma pause is longer than the endpointer's hangover

    session = Session(table_setup())
    for line in typed:
        session.type(line)
    turns = len(session.turns)
    ref = Runner(session)
    heard: list[Hearing] = []
    with EarlyEar(ear, session.expectation, fragment=session.may_be_cut,
                  whole=session.is_whole) as listening:
        for chunk in samples_to_chunks(audio):
            for h in listening.process(chunk):
                heard.append(listening.hearing(h))
                ref.hear(heard[-1])
        for h in listening.flush():
            heard.append(listening.hearing(h))
            ref.hear(heard[-1])
    assert listening.joined == 1
    assert len(heard) == 1 and heard[0].numbers[-1:] == (said,), heard
    assert [t.total for t in session.turns[turns:]] == [said]
    assert session.question is None


def _listen(ear: Recognizer, session: Session, audio: Samples) -> tuple[list[Heard], EarlyEar]:
    """What the referee's ear (early close on, each recognition timed at 60 ms) hands on from
    ``audio``, each utterance judged by ``session`` as it comes."""
    heard: list[Heard] = []
    with EarlyEar(ear, session.expectation, fragment=session.may_be_cut,
                  whole=session.is_whole, clock=ticking_clock(0.06)) as listening:
        for chunk in samples_to_chunks(audio):
            for h in listening.process(chunk):
                heard.append(h)
                session.hear(listening.hearing(h))
        for h in listening.flush():
            heard.append(h)
            session.hear(listening.hearing(h))
    return heard, listening


def test_a_sure_total_above_nine_is_judged_before_the_hangover(ear: Recognizer) -> None:
    """ "eleven" from four: no card-first phrase starts with it, so the utterance closes when its
    early hearing is ready, a tentative end and a recognition after the speech, not the
    endpointer's 300-ms hangover after it."""
    from voice_host.audio import EndpointerConfig

    session = Session(table_setup())
    audio = np.concatenate([silence(0.5), trimmed("eleven", "en-us"), silence(1.0)])
    (h,), listening = _listen(ear, session, audio)
    assert listening.closed_early == 1 and h.hearing.numbers == (11,)
    assert h.after_speech_ms < EndpointerConfig().hangover_ms - 30
    assert [t.total for t in session.turns] == [11]


@pytest.mark.parametrize("pause_s", [0.23, 0.4], ids=["within-the-hangover", "past-it"])
def test_a_card_word_and_a_comma_pause_still_wait_for_the_rest(
    ear: Recognizer, pause_s: float
) -> None:
    """ "seven," then "eleven" from four (seven is a total too): the early hearing of "seven" is
    no whole utterance, so it is neither closed early nor judged on its own; the phrase, heard as
    one, is whole and closes early."""
    session = Session(table_setup())
    audio = np.concatenate([silence(0.5), trimmed("seven", VOICE), silence(pause_s),
                            trimmed("eleven", VOICE), silence(1.0)])
    heard, listening = _listen(ear, session, audio)
    assert [h.hearing.numbers for h in heard] == [(7, 11)]
    assert listening.closed_early == 1
    assert listening.joined == (1 if pause_s > 0.3 else 0)
    assert [t.total for t in session.turns] == [11] and session.question is None


def test_a_withheld_phrase_is_taken_when_its_pieces_each_said_it_for_sure() -> None:
    """ "seven" and "eleven", each heard for sure, joined into a phrase the ear withheld at 0.9
    with "seven, eleven" likeliest: three hearings agree, so the phrase counts as heard. Any
    other likeliest reading, or an unsure piece, leaves it withheld."""
    from voice_host.ear.early import agreed
    from voice_host.recognition import Alternative

    seven = Hearing("seven", (7,), confidence=0.99)
    eleven = Hearing("eleven", (11,), confidence=0.99)
    joined = Hearing("", (), confidence=0.9, alternatives=(
        Alternative("seven, eleven", (7, 11), None, 0.9),
        Alternative("seven, seven", (7, 7), None, 0.06)))
    taken = agreed(seven, eleven, joined)
    assert taken.numbers == (7, 11) and taken.text == "seven, eleven"
    assert taken.confidence == 0.9 and [a.numbers for a in taken.alternatives] == [(7, 7)]
    assert agreed(Hearing("", (), confidence=0.6), eleven, joined) == joined
    assert agreed(seven, Hearing("twelve", (12,), confidence=0.99), joined) == joined
    assert agreed(Hearing("seventeen", (17,), confidence=0.99), eleven, joined) == joined
    sure = Hearing("eleven", (11,), confidence=0.95)
    assert agreed(seven, eleven, sure) == sure


def test_join_pieces_keeps_the_stream_as_it_was() -> None:
    """Two pieces cut from one stream come back as that stretch of it: overlapping samples once,
    a gap filled with the first piece's trailing non-speech."""
    from voice_host.audio import Utterance
    from voice_host.ear.early import join_pieces

    stream = np.arange(3 * SAMPLE_RATE, dtype=np.int16)

    def piece(a_s: float, b_s: float, end_s: float) -> Utterance:
        return Utterance(stream[int(a_s * SAMPLE_RATE) : int(b_s * SAMPLE_RATE)], a_s, end_s, b_s)

    first, second = piece(0.0, 1.2, 0.9), piece(1.0, 2.0, 1.7)
    assert np.array_equal(join_pieces(first, second), stream[: 2 * SAMPLE_RATE])
    first, second = piece(0.0, 1.0, 0.7), piece(1.5, 2.0, 1.9)
    joined = join_pieces(first, second)
    one, half = SAMPLE_RATE, SAMPLE_RATE // 2
    assert len(joined) == 2 * one
    assert np.array_equal(joined[:one], stream[:one])
    assert np.array_equal(joined[-half:], stream[one + half : 2 * one])
    assert set(joined[one : one + half]) <= set(stream[int(0.7 * one) : one])


class _Counting:
    """The real recognizer, counting its calls."""

    def __init__(self, inner: Recognizer) -> None:
        self.inner, self.name, self.lang, self.calls = inner, inner.name, inner.lang, 0

    def recognize(self, samples: Samples, expect: Expectation | None = None) -> Hearing:
        self.calls += 1
        return self.inner.recognize(samples, expect)


def test_a_word_whose_start_the_endpointer_missed_is_heard_with_it() -> None:
    """In babble the endpointer can start after a weak first syllable: "veinticuatro" cut to
    "cuatro". Heard again with the audio before the utterance, it is "veinticuatro"; a "cuatro"
    said alone stays four, and English (whose compounds are separate words, "twenty-four") is
    never heard twice."""
    ear = _Counting(load_recognizer("ear", "es"))
    listening = EarlyEar(ear, lambda: Expectation())
    expect = Expectation()
    word, cut = trimmed("veinticuatro", "es"), int(0.25 * SAMPLE_RATE)
    lead = np.concatenate([silence(0.2), word[:cut]])
    rest = np.concatenate([word[cut:], silence(0.3)])
    short = ear.recognize(rest, expect)
    assert short.numbers == (4,) or (not short.numbers and short.alternatives[0].numbers == (4,))
    assert listening.with_onset(short, lead, rest, expect).numbers == (24,)
    assert listening.onsets == 1
    alone = np.concatenate([trimmed("cuatro", "es"), silence(0.3)])
    heard = ear.recognize(alone, expect)
    assert heard.numbers == (4,)
    assert listening.with_onset(heard, silence(0.36), alone, expect).numbers == (4,)
    assert listening.onsets == 1
    english = _Counting(load_recognizer("ear", "en"))
    nine = np.concatenate([trimmed("nine", "en"), silence(0.3)])
    heard = english.recognize(nine, expect)
    again = EarlyEar(english, lambda: expect).with_onset(heard, silence(0.36), nine, expect)
    assert again == heard
    assert english.calls == 1


def test_a_held_piece_is_heard_with_the_end_of_its_word_that_came_after() -> None:
    """In babble the end of a word can stay under the endpointer's threshold: "dreiundzwanzig"
    closed as "drei" and held for the rest of a cut phrase that never comes. Heard again with
    the audio that came after it, it is "dreiundzwanzig"; a "drei" said alone stays three."""
    from voice_host.audio import Utterance
    from voice_host.ear.early import Heard

    ear = load_recognizer("ear", "de")
    listening = EarlyEar(ear, lambda: Expectation())
    expect = Expectation()

    def held(samples: Samples) -> Heard:
        return Heard(Utterance(samples, 0.3, 0.6, 0.9), ear.recognize(samples, expect), expect, 0.0)

    word, cut = trimmed("dreiundzwanzig", "de"), int(0.32 * SAMPLE_RATE)
    piece = held(np.concatenate([silence(0.3), word[:cut]]))
    assert piece.hearing.numbers == (3,)
    after = np.concatenate([word[cut:], silence(0.3)])
    assert listening.with_rest(piece, after).hearing.numbers == (23,)
    assert listening.rests == 1
    alone = held(np.concatenate([silence(0.3), trimmed("drei", "de"), silence(0.3)]))
    assert alone.hearing.numbers == (3,)
    assert listening.with_rest(alone, silence(0.3)).hearing.numbers == (3,)
    assert listening.rests == 1
