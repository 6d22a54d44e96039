"""Early recognition: start recognizing at the endpointer's tentative end, answer at the real end.

The endpointer only closes an utterance after ``hangover_ms`` of non-speech (300 ms: shorter
splits "plus seven, twenty-four" at the comma), so recognizing the closed utterance puts the
result at hangover + recognition after the end of speech. :class:`EarlyRecognizer` recognizes the
utterance as it stands at the :class:`~voice_host.audio.endpoint.TentativeEnd` (``tentative_ms``
of non-speech; padded to the closed length with that non-speech) on a worker thread, while the
audio keeps flowing. If the utterance then closes with no speech after that point, the early
result is the result: no second recognition. If speech resumes (a comma pause), the early result
is dropped and the closed utterance is recognized as before.

By default nothing is returned before the utterance is closed, so no answer comes any sooner than
the hangover; the result is simply ready then. With ``close_early``, a caller that can tell a
whole utterance from the start of a longer one (a total of 10 or more cannot be the card word of
"seven, twenty-four") has the utterance closed as soon as its early result is ready, when that
result is whole and no speech came since the tentative end: the answer comes a tentative end plus
a recognition after the speech instead of a hangover after it. Every other result waits for the
hangover as before (:func:`voice_host.recognition.is_whole` is the rule for plain hearings).

One worker thread makes every recognition call, one at a time, so recognizers that are not
thread-safe (PocketSphinx's decoder) are safe behind it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Generic, TypeVar

from voice_host.audio.chunks import AudioChunk
from voice_host.audio.endpoint import Endpointer, TentativeEnd, Utterance
from voice_host.recognition import Samples

R = TypeVar("R")


@dataclass(frozen=True)
class Recognized(Generic[R]):
    """A closed utterance and its recognition result."""

    utterance: Utterance
    """The utterance as the endpointer closed it."""
    result: R
    """What the recognize function returned for it."""
    early: bool
    """True when the result is the early recognition of the tentative end (no second pass)."""
    recognize_ms: float
    """How long the recognition that gave ``result`` took."""
    wait_ms: float
    """From the endpointer closing the utterance to the result being ready (wall clock): 0 when
    the early result was already there, the whole recognition when there was none."""
    head_start_ms: float = 0.0
    """Stream time from the tentative end to the close: how far ahead of the close the early
    recognition started (0 when the result is not early)."""
    closed_early: bool = False
    """True when the utterance was closed before its hangover ran out, because its early result
    was whole (``close_early``)."""

    @property
    def live_wait_ms(self) -> float:
        """The wait a live (real-time) stream would see: the recognition time not covered by the
        head start. For a file or synthesized audio fed faster than real time, where
        ``wait_ms`` cannot show the head start."""
        return max(0.0, self.recognize_ms - self.head_start_ms)

    @property
    def after_speech_ms(self) -> float:
        """From the end of speech (as the endpointer saw it) to the result: hangover + wait.

        Stream time and wall time run at the same pace only for a live (real-time) source."""
        u = self.utterance
        return max(0.0, (u.emitted_s - u.end_s) * 1000.0) + self.wait_ms


@dataclass
class _Timed(Generic[R]):
    result: R
    started: float
    done: float


@dataclass
class _Pending(Generic[R]):
    tentative: TentativeEnd
    future: Future[_Timed[R]]
    close_at_s: float | None = None
    """Stream time at which the utterance closes early, if no speech comes before (None: it
    waits for the hangover)."""


class EarlyRecognizer(Generic[R]):
    """Endpointing plus recognition, started early at each tentative end.

    ``recognize`` maps an utterance's samples to a result (a recognizer's ``recognize``, or a
    closure that adds the current expectation). With ``early=False`` every closed utterance is
    recognized in the caller's thread, as a plain endpointer loop would; no thread is started.
    :meth:`process` and :meth:`flush` block only while a result is not ready yet (with
    ``close_early``, also at each tentative end, until its early result is there). Call
    :meth:`close` (or leave the ``with``) to stop the worker.
    """

    def __init__(
        self,
        recognize: Callable[[Samples], R],
        endpointer: Endpointer | None = None,
        *,
        early: bool = True,
        clock: Callable[[], float] = time.perf_counter,
        bind: Callable[[Utterance], Callable[[Samples], R]] | None = None,
        close_early: Callable[[R], bool] | None = None,
    ) -> None:
        self.recognize = recognize
        """The recognition every utterance goes through."""
        self.bind = bind
        """If given, called in the caller's thread as each recognition is started, with the
        utterance as it stands (a tentative end's, or the closed one); the recognition it returns
        is the one run (so what it depends on, such as the game's expectation, is read then, not
        later on the worker)."""
        self.endpointer = endpointer or Endpointer()
        """The endpointer that cuts the stream (its config sets the tentative point)."""
        self.early = early
        """Whether recognition starts at tentative ends."""
        self.clock = clock
        """Wall clock in seconds for the timing fields."""
        self.close_early = close_early
        """If given, called in the caller's thread with each early result as soon as it is
        ready: True means the result is a whole utterance, so the utterance is closed at once
        (at the stream time of the tentative end plus the recognition) if no speech came since
        the tentative end, instead of after the rest of the hangover. None: every utterance
        waits for its hangover."""
        self.started = 0
        """Early recognitions started."""
        self.used = 0
        """Early results that became the result of their utterance."""
        self.dropped = 0
        """Early results thrown away because speech resumed (or the utterance was abandoned)."""
        self.closed_early = 0
        """Utterances closed before their hangover ran out (``close_early``)."""
        self._worker: ThreadPoolExecutor | None = None
        self._pending: _Pending[R] | None = None

    # --- the stream ----------------------------------------------------------------------------
    def process(self, chunk: AudioChunk) -> list[Recognized[R]]:
        """Take one chunk; return the utterances it closed, recognized (usually none)."""
        out: list[Recognized[R]] = []
        for event in self.endpointer.events(chunk):
            if isinstance(event, TentativeEnd):
                if self.early:
                    self._start(event)
            else:
                out.append(self._resolve(event))
        early = self._close_early()
        if early is not None:
            out.append(early)
        return out

    def flush(self) -> Recognized[R] | None:
        """End of stream: the open utterance, if any, recognized."""
        utt = self.endpointer.flush()
        if utt is None:
            self._drop()
            return None
        return self._resolve(utt)

    def results(self, chunks: Iterable[AudioChunk]) -> Iterator[Recognized[R]]:
        """Every utterance of a chunk stream, recognized, as each closes."""
        for chunk in chunks:
            yield from self.process(chunk)
        last = self.flush()
        if last is not None:
            yield last

    def close(self) -> None:
        """Stop the worker (an early recognition under way is finished and dropped)."""
        self._drop()
        if self._worker is not None:
            self._worker.shutdown(wait=True)
            self._worker = None

    def __enter__(self) -> EarlyRecognizer[R]:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- inside --------------------------------------------------------------------------------
    def _for(self, utt: Utterance) -> Callable[[Samples], R]:
        return self.bind(utt) if self.bind is not None else self.recognize

    def _timed(self, samples: Samples, recognize: Callable[[Samples], R]) -> _Timed[R]:
        t0 = self.clock()
        result = recognize(samples)
        return _Timed(result, t0, self.clock())

    def _submit(self, samples: Samples, utt: Utterance) -> Future[_Timed[R]]:
        if self._worker is None:
            self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="early-recognition")
        return self._worker.submit(self._timed, samples, self._for(utt))

    def _start(self, tentative: TentativeEnd) -> None:
        self._drop()  # speech resumed since the last tentative end
        self.started += 1
        pending = _Pending(tentative, self._submit(tentative.padded, tentative.utterance))
        self._pending = pending
        if self.close_early is not None:
            # The result is waited for here: whether it is whole decides when the utterance
            # closes. A live source's chunks wait in its queue meanwhile.
            timed = pending.future.result()
            if self.close_early(timed.result):
                pending.close_at_s = tentative.utterance.emitted_s + timed.done - timed.started

    def _close_early(self) -> Recognized[R] | None:
        """The utterance of a whole early result, closed once the stream has reached the time
        the result was ready, if no speech came since its tentative end."""
        pending = self._pending
        if (
            pending is None
            or pending.close_at_s is None
            # To the millisecond, as the endpointer's times are.
            or round(self.endpointer.stream_s, 3) < round(pending.close_at_s, 3)
        ):
            return None
        now = self.endpointer.current()
        if now is None or not pending.tentative.is_confirmed_by(now):
            pending.close_at_s = None  # speech resumed: the hangover decides, as before
            return None
        utt = self.endpointer.close_now()
        assert utt is not None  # it was open a moment ago
        self.closed_early += 1
        return self._resolve(utt, early_close=True)

    def _drop(self) -> None:
        if self._pending is not None:
            self.dropped += 1
            self._pending.future.cancel()  # only stops it if it has not started yet
            self._pending = None

    def _resolve(self, utt: Utterance, *, early_close: bool = False) -> Recognized[R]:
        closed = self.clock()
        pending = self._pending
        if pending is not None and pending.tentative.is_confirmed_by(utt):
            self._pending = None
            self.used += 1
            head = (utt.emitted_s - pending.tentative.utterance.emitted_s) * 1000.0
            return self._recognized(utt, pending.future.result(), closed, head, early_close)
        self._drop()
        if self._worker is None:
            timed = self._timed(utt.samples, self._for(utt))
        else:
            # Behind the worker, so calls into the recognizer never overlap.
            timed = self._submit(utt.samples, utt).result()
        return self._recognized(utt, timed, closed, None)

    def _recognized(
        self,
        utt: Utterance,
        timed: _Timed[R],
        closed: float,
        head_start_ms: float | None,
        closed_early: bool = False,
    ) -> Recognized[R]:
        return Recognized(
            utterance=utt,
            result=timed.result,
            early=head_start_ms is not None,
            recognize_ms=(timed.done - timed.started) * 1000.0,
            wait_ms=max(0.0, timed.done - closed) * 1000.0,
            head_start_ms=head_start_ms or 0.0,
            closed_early=closed_early,
        )
