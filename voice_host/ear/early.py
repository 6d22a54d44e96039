"""The host's ear on a chunk stream: utterances cut, recognized early, cut phrases joined.

Utterances are recognized from the endpointer's tentative end on, under the game's expectation of
that moment, so the result is ready when the utterance closes; if a typed line changed the
expectation meanwhile, the utterance is recognized again. An utterance the game takes as whole is
closed as soon as its hearing is ready instead of after the endpointer's full hangover. A short
piece that may be the card word of a phrase cut at its comma ("five," | "thirty-three") waits up to
:data:`JOIN_GAP_S` for its rest and is recognized with it as one phrase. Where a number heard may
be the rest of a word whose start the endpointer missed ("zehn" of "fünfzehn"), the utterance is
heard again with the audio before it (:meth:`EarlyEar.with_onset`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from voice_host.audio.early import EarlyRecognizer, Recognized
from voice_host.audio.endpoint import Endpointer, EndpointerConfig, Utterance
from voice_host.phrases import MAX_NUMBER, phrase_table
from voice_host.recognition import (
    LARGEST_CARD,
    SAMPLE_RATE,
    Expectation,
    Hearing,
    Recognizer,
    Samples,
)

if TYPE_CHECKING:
    from voice_host.audio.chunks import AudioChunk
    from voice_host.audio.gate import SpeakingGate


JOIN_GAP_S = 0.5
"""Longest pause between the cut-off start of a phrase ("five,") and its rest that joins them."""

SHORT_PIECE_S = 0.6
"""Longest speech an utterance may have to be taken for the start of a phrase cut at its comma."""

CARD_PIECE_S = 1.0
"""The same for an utterance heard as a card phrase ("minus five," heard as "minus five, five"):
a sign and a card take longer to say than a card word alone (0.66 s in espeak-ng's en-us)."""

LEAD_MS = 360
"""Audio before an utterance's pre-roll the referee's ear keeps to hear it again with its
possible start (:meth:`EarlyEar.with_onset`)."""


ONSET_CONFIDENCE = 0.95
"""How sure the hearing with the audio before the utterance must be to replace the hearing
without it: babble there can sound like a first syllable ("zehn" heard as "dreizehn")."""


def grows_within(whole: str, part: str, *, in_front: bool) -> bool:
    """Whether ``whole`` is ``part`` with more of the same word in front of it ("fünf" +
    "zehn") or after it ("drei" + "undzwanzig"), not with a word of its own ("twenty-nine",
    "drei, vier")."""
    if not part:
        return False
    if in_front:
        return whole.endswith(part) and whole[: -len(part)][-1:].isalpha()
    return whole.startswith(part) and whole[len(part) :][:1].isalpha()


@lru_cache(maxsize=16)
def growable(lang: str, *, in_front: bool) -> frozenset[str]:
    """Numbers of ``lang`` that another number's word grows within, in front ("zehn" in
    "fünfzehn", "nueve" in "veintinueve"; none in English, whose compounds are separate words)
    or after ("drei" in "dreiundzwanzig", "seven" in "seventeen")."""
    table = phrase_table(lang)
    words = [table.number_words(n) for n in range(MAX_NUMBER + 1)]
    return frozenset(t for t in words
                     if any(grows_within(w, t, in_front=in_front) for w in words))


def likeliest_number(hearing: Hearing) -> str:
    """The words of ``hearing``'s likeliest number reading, sure or not ("" for a command, or
    when no number is among its readings)."""
    if hearing.command is not None:
        return ""
    if hearing.numbers:
        return hearing.text.strip()
    return next((a.text for a in hearing.alternatives if a.numbers), "").strip()


def same_word_grown(longer: Hearing, part: str, *, in_front: bool) -> bool:
    """Whether ``longer`` is a number, at least :data:`ONSET_CONFIDENCE` sure, whose words are
    ``part`` grown within the same word: in front of it ("fünf" + "zehn") or after it ("drei" +
    "undzwanzig")."""
    return (bool(longer.numbers) and longer.confidence >= ONSET_CONFIDENCE
            and grows_within(longer.text.strip(), part, in_front=in_front))


def table_endpointer(gate: SpeakingGate | None = None) -> Endpointer:
    """The endpointer of every table's ear: the default tuning, keeping :data:`LEAD_MS`."""
    return Endpointer(EndpointerConfig(lead_ms=LEAD_MS), gate=gate)


@dataclass(frozen=True)
class Heard:
    """One utterance (or a phrase joined from two pieces), recognized, ready to judge."""

    utterance: Utterance
    """The utterance as cut; for a joined phrase, the first piece's start to the second's end.
    ``emitted_s`` is when it was handed on (a piece held for its rest: when the wait ended)."""
    hearing: Hearing
    """What the recognizer heard."""
    expectation: Expectation
    """The expectation it was recognized under (read when recognition started)."""
    wait_ms: float
    """Recognition time a live stream waits for after ``emitted_s``: 0 when the early result was
    ready (:attr:`~voice_host.audio.early.Recognized.live_wait_ms`)."""
    joined: bool = False
    """Whether two pieces cut at a pause were recognized as one phrase."""

    @property
    def after_speech_ms(self) -> float:
        """From the end of speech to the result, as a live stream would see it."""
        u = self.utterance
        return max(0.0, (u.emitted_s - u.end_s) * 1000.0) + self.wait_ms


@dataclass(frozen=True)
class EarlyHearing:
    expect: Expectation
    hearing: Hearing
    joined: Hearing | None = None
    """The held piece and this utterance heard as one phrase."""
    held: Heard | None = None
    """The held piece it was joined to."""


class EarlyEar:
    """The referee's ear on a chunk stream: utterances cut, recognized from each tentative end
    on (:class:`~voice_host.audio.early.EarlyRecognizer`) under the expectation of that moment,
    and a short piece that may be a phrase cut at its comma ("five," | "thirty-three") held for a
    moment and recognized together with its rest.

    ``expectation`` is read in the caller's thread as each recognition starts (never on the
    worker, while the judge may be changing). ``fragment`` says whether a recognized short
    utterance may be such a piece (:meth:`Dialogue.may_be_cut`); None joins nothing. ``whole``
    says whether an early hearing is a whole utterance (:meth:`Dialogue.is_whole`), which then
    closes as soon as it is ready, without the rest of the hangover; None always waits for the
    hangover. All recognizer calls are serialized.
    """

    def __init__(
        self,
        recognizer: Recognizer,
        expectation: Callable[[], Expectation],
        endpointer: Endpointer | None = None,
        *,
        early: bool = True,
        fragment: Callable[[Hearing], bool] | None = None,
        whole: Callable[[Hearing], bool] | None = None,
        join_gap_s: float = JOIN_GAP_S,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.recognizer = recognizer
        """The recognizer every utterance goes through."""
        self.expectation = expectation
        """What can be said now (the judge's)."""
        self.fragment = fragment
        """Whether a short recognized utterance may be the start of a cut phrase."""
        self.join_gap_s = join_gap_s
        """Longest pause after a held piece that still joins the next utterance to it."""
        self.clock = clock
        """Wall clock in seconds."""
        self.loop: EarlyRecognizer[EarlyHearing] = EarlyRecognizer(
            lambda samples: EarlyHearing(self.expectation(),
                                         self.recognize(samples, self.expectation())),
            endpointer or table_endpointer(),
            early=early,
            clock=clock,
            bind=self._bind,
        )
        """Endpointing and early recognition."""
        self.joined = 0
        """Phrases joined from two pieces."""
        self.held = 0
        """Short pieces held for their rest."""
        self.again = 0
        """Utterances recognized again because the expectation changed after the early start."""
        self.onsets = 0
        """Utterances heard with the start the endpointer left out (:meth:`with_onset`)."""
        self.rests = 0
        """Held pieces heard with the end of their word that came after (:meth:`with_rest`)."""
        self._lock = threading.Lock()
        self._held: Heard | None = None
        self._whole: Callable[[Hearing], bool] | None = None
        self.whole = whole

    @property
    def whole(self) -> Callable[[Hearing], bool] | None:
        """Whether an early hearing is a whole utterance, closed without the rest of the
        hangover (None: every utterance waits for it)."""
        return self._whole

    @whole.setter
    def whole(self, whole: Callable[[Hearing], bool] | None) -> None:
        self._whole = whole
        self.loop.close_early = self._is_whole if whole is not None else None

    @property
    def closed_early(self) -> int:
        """Utterances closed as soon as their whole early hearing was ready."""
        return self.loop.closed_early

    def recognize(self, samples: Samples, expect: Expectation) -> Hearing:
        """One recognition, never overlapping another."""
        with self._lock:
            return self.recognizer.recognize(samples, expect)

    def with_onset(self, hearing: Hearing, lead: Samples, samples: Samples,
                   expect: Expectation) -> Hearing:
        """``hearing``, or the hearing of ``lead`` + ``samples`` when that is a number, at least
        :data:`ONSET_CONFIDENCE` sure, whose last word is ``hearing``'s likeliest number with a
        start in front: the endpointer started after a weak first syllable ("sechzehn" heard as
        "zehn", "veintinueve" as "nueve"), which the audio just before the utterance still
        holds. Only the start of the same word counts: a whole word in front ("twenty" before
        "nine", a card word) is what party babble there is easily heard as. A command is left
        as it is."""
        longer = self._grown(hearing, samples, lead, expect, in_front=True)
        if longer is None:
            return hearing
        self.onsets += 1
        return longer

    def with_rest(self, held: Heard, after: Samples) -> Heard:
        """``held`` (a short piece whose rest never came), or heard again with the audio ``after``
        it when that is a number at least :data:`ONSET_CONFIDENCE` sure whose word is ``held``'s
        likeliest number with more of the same word after it: in babble the end of a word can
        stay under the endpointer's threshold ("dreiundzwanzig" heard as "drei"). A word after
        it ("drei, vier" for "drei, vierzehn", the rest still being said) is not taken."""
        t0 = self.clock()
        longer = self._grown(held.hearing, held.utterance.samples, after, held.expectation,
                             in_front=False)
        if longer is None:
            return held
        self.rests += 1
        wait_ms = held.wait_ms + (self.clock() - t0) * 1000.0
        return replace(held, hearing=longer, wait_ms=wait_ms)

    def _grown(self, hearing: Hearing, samples: Samples, extra: Samples, expect: Expectation,
               *, in_front: bool) -> Hearing | None:
        """The hearing of ``samples`` with ``extra`` in front of them (or after them), if
        ``hearing``'s likeliest number may grow within its word that way and the longer hearing
        is that number grown (:func:`same_word_grown`); else None, with no second hearing."""
        part = likeliest_number(hearing)
        if not len(extra) or part not in growable(self.recognizer.lang, in_front=in_front):
            return None
        pieces = [extra, samples] if in_front else [samples, extra]
        longer = self.recognize(np.concatenate(pieces).astype(np.int16), expect)
        return longer if same_word_grown(longer, part, in_front=in_front) else None

    def _is_whole(self, early: EarlyHearing) -> bool:
        # In the caller's thread, as the early result is ready. What would be judged: the phrase
        # joined with the held piece, if heard as one, else this utterance alone; and only under
        # the expectation it was heard under (a typed line may have moved the game on).
        if self._whole is None or early.expect != self.expectation():
            return False
        if early.joined is not None and not early.joined.is_empty:
            return self._whole(early.joined)
        return self._whole(early.hearing)

    def _bind(self, utt: Utterance) -> Callable[[Samples], EarlyHearing]:
        # In the caller's thread, as recognition starts: the expectation of that moment, and the
        # held piece this utterance would join (recognized together on the worker too).
        expect = self.expectation()
        held = self._held
        if held is not None and utt.start_s - held.utterance.end_s > self.join_gap_s:
            held = None

        def run(samples: Samples) -> EarlyHearing:
            hearing = self.with_onset(self.recognize(samples, expect), utt.lead, samples, expect)
            if held is None:
                return EarlyHearing(expect, hearing)
            grown = (len(samples) - len(utt.samples)) / SAMPLE_RATE
            rest = Utterance(samples, utt.start_s, utt.end_s, utt.emitted_s + grown)
            whole = self.recognize(join_pieces(held.utterance, rest), expect)
            return EarlyHearing(expect, hearing, whole, held)

        return run

    def process(self, chunk: AudioChunk) -> list[Heard]:
        """Take one chunk; return what it completed, recognized (usually nothing)."""
        out: list[Heard] = []
        for r in self.loop.process(chunk):
            out.extend(self._closed(r))
        ep = self.loop.endpointer
        held = self._held
        # An onset at the end of the gap is known a few frames later (the endpointer's start).
        onset_s = ep.config.start_frames * ep.config.frame_ms / 1000
        if (
            held is not None
            and ep.stream_s >= held.utterance.end_s + self.join_gap_s + onset_s
            and not ep.in_speech
        ):
            self._held = None
            out.append(self._release(self.with_rest(held, ep.since_close()), ep.stream_s))
        return out

    def flush(self) -> list[Heard]:
        """End of stream: the held piece and the open utterance, recognized."""
        out: list[Heard] = []
        last = self.loop.flush()
        if last is not None:
            out.extend(self._closed(last))
        if self._held is not None:
            out.append(self._release(self._held, self.loop.endpointer.stream_s))
            self._held = None
        return out

    def hearing(self, heard: Heard) -> Hearing:
        """``heard``'s hearing under the expectation now: recognized again if it changed since
        recognition started (a typed line moved the game on)."""
        now = self.expectation()
        if heard.expectation == now:
            return heard.hearing
        self.again += 1
        return self.recognize(heard.utterance.samples, now)

    def close(self) -> None:
        """Stop the worker."""
        self.loop.close()

    def __enter__(self) -> EarlyEar:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- inside --------------------------------------------------------------------------------
    def _closed(self, r: Recognized[EarlyHearing]) -> list[Heard]:
        e = r.result
        heard = Heard(r.utterance, e.hearing, e.expect, r.live_wait_ms)
        out: list[Heard] = []
        first = self._held
        if first is not None:
            self._held = None
            if heard.utterance.start_s - first.utterance.end_s <= self.join_gap_s:
                if e.held is first and e.joined is not None:
                    whole = self._joined(first, heard, e.joined, e.expect, r.live_wait_ms)
                else:
                    whole = self._join(first, heard)
                whole = replace(whole, hearing=agreed(first.hearing, heard.hearing,
                                                      whole.hearing))
                if not whole.hearing.is_empty:
                    self.joined += 1
                    return [whole]
                # Heard as one, nothing: noise before the speech, most likely. Each on its own.
            out.append(self._release(first, heard.utterance.start_s))
        u = heard.utterance
        span = u.end_s - u.start_s
        short = span <= SHORT_PIECE_S or (span <= CARD_PIECE_S and card_phrase(heard.hearing))
        if self.fragment is not None and short and self.fragment(self.hearing(heard)):
            self.held += 1
            self._held = heard
            return out
        out.append(heard)
        return out

    def _release(self, held: Heard, at_s: float) -> Heard:
        u = held.utterance
        return replace(held, utterance=replace(u, emitted_s=round(max(u.emitted_s, at_s), 3)))

    def _join(self, first: Heard, second: Heard) -> Heard:
        expect = self.expectation()
        t0 = self.clock()
        hearing = self.recognize(join_pieces(first.utterance, second.utterance), expect)
        wait_ms = second.wait_ms + (self.clock() - t0) * 1000.0
        return self._joined(first, second, hearing, expect, wait_ms)

    def _joined(
        self, first: Heard, second: Heard, hearing: Hearing, expect: Expectation, wait_ms: float
    ) -> Heard:
        a, b = first.utterance, second.utterance
        utt = Utterance(join_pieces(a, b), a.start_s, b.end_s, b.emitted_s)
        return Heard(utt, hearing, expect, wait_ms, joined=True)


def card_phrase(hearing: Hearing) -> bool:
    """Whether the likeliest reading of ``hearing`` (sure or withheld) is a card and a total."""
    if hearing.text or hearing.numbers:
        return len(hearing.numbers) == 2
    return bool(hearing.alternatives) and len(hearing.alternatives[0].numbers) == 2


def agreed(first: Hearing, rest: Hearing, joined: Hearing) -> Hearing:
    """``joined``, the phrase heard from two pieces; or, where the ear withheld it, its likeliest
    reading taken as heard when that reading is the two pieces' own sure hearings one after the
    other, a card then a total ("seven" and "eleven" each heard for sure, "seven, eleven" the
    likeliest reading of the phrase at 0.9): three hearings agree."""
    if joined.numbers or joined.command is not None or not joined.alternatives:
        return joined
    best = joined.alternatives[0]
    pieces = first.numbers + rest.numbers
    if (len(first.numbers) == 1 and len(rest.numbers) == 1 and first.numbers[0] <= LARGEST_CARD
            and best.command is None and best.numbers == pieces):
        return replace(joined, text=best.text, numbers=best.numbers,
                       confidence=best.confidence, alternatives=joined.alternatives[1:])
    return joined


def join_pieces(a: Utterance, b: Utterance) -> Samples:
    """The audio of ``a`` then ``b`` as one stretch of the stream: overlapping samples kept once,
    a gap between them filled with ``a``'s trailing non-speech."""
    b_start = b.emitted_s - b.seconds
    overlap = round((a.emitted_s - b_start) * SAMPLE_RATE)
    if overlap >= 0:
        whole: Samples = np.concatenate([a.samples, b.samples[min(overlap, len(b.samples)) :]])
        return whole
    tail_len = max(1, round((a.emitted_s - a.end_s) * SAMPLE_RATE))
    tail = a.samples[-min(tail_len, len(a.samples)) :]
    filler = np.resize(tail, -overlap)
    joined: Samples = np.concatenate([a.samples, filler, b.samples]).astype(np.int16)
    return joined
