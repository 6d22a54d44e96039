"""A table of Schnapp den Sack heard from a stream of audio (a recording, or a microphone's
chunks, with typed lines beside), with the stream's own clock for the wait.

The endpointer cuts the calls; each is heard by the ear under the host's expectation and judged.
The wait for a call runs on the stream's time from when the host has said the card: a call that
starts after the wait ran out comes after the host's "time's up" (and belongs to the next flip),
and a wait that runs out in silence is told to the host as soon as no speech is going on.

Live, a call is heard early (:class:`~voice_host.audio.early.EarlyRecognizer`): from the
endpointer's tentative end on, and a call heard sure is judged as soon as its hearing is ready
instead of after the endpointer's full hangover, since a call word is a whole utterance. A
recording is heard only once each utterance has closed, the same way on every run.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable, Iterable

from voice_host.audio.chunks import AudioChunk
from voice_host.audio.early import EarlyRecognizer, Recognized
from voice_host.audio.endpoint import Endpointer
from voice_host.ear.inputs import ChunkSource
from voice_host.games.schnapp_den_sack.host.session import SchnappSession
from voice_host.host.step import Step
from voice_host.recognition import Expectation, Hearing, Recognizer, Samples

Heard = tuple[Expectation, Hearing]
"""An utterance's hearing, with the expectation it was heard under."""


def is_whole_call(heard: Heard) -> bool:
    """Whether an early hearing may be judged at once: a declared phrase (a call, or a question
    for the host) heard sure, with no rival reading. Anything else waits for the hangover."""
    return bool(heard[1].words) and not heard[1].alternatives


class StreamTable:
    """The host of one game, fed a stream's chunks; ``handle`` carries out each step; ``early``:
    calls heard from the tentative end on and judged as soon as they are sure (live), the
    recognition timed on ``clock``."""

    def __init__(self, session: SchnappSession, ear: Recognizer, endpointer: Endpointer,
                 handle: Callable[[Step], float], *, early: bool = False,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.session = session
        """The host."""
        self.ear = ear
        """The real ear (a :class:`~voice_host.ear.game_words.GameWordEar`)."""
        self.endpointer = endpointer
        """Cuts the calls from the stream."""
        self.handle = handle
        """Carries out a step (journal, log, display, voice) and says how long the host spoke
        meanwhile, in seconds (the stream ran on; 0 for a recording)."""
        self.clock = 0.0
        """The stream's time now (seconds)."""
        self.wait_from = 0.0
        """The stream time the current flip's wait began."""
        self.loop: EarlyRecognizer[Heard] = EarlyRecognizer(
            lambda samples: self._hearing()(samples), endpointer, early=early,
            bind=lambda _utterance: self._hearing(), close_early=is_whole_call if early else None,
            clock=clock)
        """The endpointer, and the ear on each utterance it cuts."""

    def _hearing(self) -> Callable[[Samples], Heard]:
        """The ear under the host's expectation read now, in the stream's thread as recognition
        starts, not later on the early recognition's worker."""
        expect = self.session.expectation()
        return lambda samples: (expect, self.ear.recognize(samples, expect))

    def start(self, opening: Step | None = None) -> None:
        """The opening and the first flip (or ``opening``: where a resumed game stands)."""
        step = opening if opening is not None else self.session.start()
        self.wait_from = self.clock + self.handle(step)

    def type(self, line: str) -> None:
        """A typed line: a call, a command, or an empty line when nobody called in time."""
        self.act(lambda: self.session.time_up() if not line.strip() else self.session.type(line))

    def buzz(self, player: str) -> None:
        """``player`` pressed their buzzer key."""
        self.act(lambda: self.session.buzz(player))

    def act(self, make: Callable[[], Step]) -> None:
        """Carry out the step ``make`` returns; a new card's wait starts once it is said."""
        flips = self.session.state.flips
        spoken = self.handle(make())
        if self.session.state.flips != flips:
            self.wait_from = self.clock + spoken

    def feed(self, chunk: AudioChunk) -> None:
        """One chunk of the stream."""
        self.clock += chunk.seconds
        for recognized in self.loop.process(chunk):
            self.hear(recognized)
        if not self.endpointer.in_speech:
            self.run_out(self.clock)

    def finish(self) -> None:
        """The stream ended: hear its last call, if one was cut short, and stop the ear's
        worker."""
        try:
            last = self.loop.flush()
            if last is not None:
                self.hear(last)
        finally:
            self.close()

    def close(self) -> None:
        """Stop the ear's worker (live tables hear early on a thread of their own)."""
        self.loop.close()

    def run_out(self, until: float) -> None:
        """Every wait that ran out before stream time ``until``."""
        while (self.session.waiting_for() is not None and not self.session.game.over
               and until > self.wait_from + self.session.wait_s):
            self.wait_from += self.session.wait_s
            self.wait_from += self.handle(self.session.time_up())

    def hear(self, recognized: Recognized[Heard]) -> None:
        """A call (or a command, or table talk): the waits that ran out before it began
        first, then it is judged (heard again if the host expects something else by now)."""
        utterance = recognized.utterance
        self.run_out(utterance.start_s)
        flips = self.session.state.flips
        expect, hearing = recognized.result
        now = self.session.expectation()
        if now != expect:
            hearing = self.ear.recognize(utterance.samples, now)
        spoken = self.handle(self.session.hear(hearing))
        if self.session.state.flips != flips:
            self.wait_from = max(utterance.end_s, self.clock) + spoken


def hear_stream(table: StreamTable, chunks: Iterable[AudioChunk],
                opening: Step | None = None) -> None:
    """Host a whole stream: start (with ``opening``, if given), every chunk, then its end."""
    table.start(opening)
    for chunk in chunks:
        if table.session.stopped or table.session.game.over:
            break
        table.feed(chunk)
    table.finish()


def hear_live(table: StreamTable, source: ChunkSource, typed: queue.Queue[str | None],
              opening: Step | None = None) -> None:
    """Host a live table: the microphone's chunks and the typed lines, as they come, until the
    game ends or the host is told to stop (started with ``opening``, if given)."""
    table.start(opening)
    try:
        while not (table.session.stopped or table.session.game.over):
            chunk = source.read(timeout=0.05)
            if chunk is not None:
                table.feed(chunk)
            while True:
                try:
                    line = typed.get_nowait()
                except queue.Empty:
                    break
                if line is not None:
                    table.type(line)
    finally:
        table.close()
