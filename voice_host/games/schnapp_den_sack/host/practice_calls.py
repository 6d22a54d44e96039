"""Where a practising person's calls come from, each on its own clock
(:class:`~voice_host.games.schnapp_den_sack.host.practice.CallSource`): the keyboard (an empty
line is a call, or with buzzer keys the person's key), a stream of audio cut into calls for the
real ear (a recording on its own time, or the microphone on the capture time of its chunks), or
a script on a stand-in clock (tests).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from typing import TextIO

from voice_host.audio.chunks import AudioChunk
from voice_host.audio.endpoint import Endpointer
from voice_host.games.schnapp_den_sack.host.keypresses import KeyPresses, TimedInput
from voice_host.games.schnapp_den_sack.host.practice import HumanCall


class KeyboardCalls:
    """Typed lines as they come, each timed when it arrives."""

    def __init__(self, lines: TextIO, clock: Callable[[], float] = time.monotonic) -> None:
        self._lines = TimedInput(iter(lines), clock)

    @property
    def done(self) -> bool:
        """Whether the keyboard was closed (end of input)."""
        return self._lines.done

    def now(self) -> float:
        """The time now."""
        return self._lines.now()

    def next(self, since: float, deadline: float | None) -> HumanCall | None:
        """The next line typed at or after ``since`` (earlier ones were meant for a card already
        settled) before ``deadline``."""
        while (typed := self._lines.next(deadline)) is not None:
            if typed.at >= since:
                return HumanCall(typed.at, line=typed.key)
        return None


class KeyCalls:
    """The person's buzzer key, each press a call timed when it arrives (no Enter); other keys
    are ignored. The keys are read from when the clock is first asked: when the host has said
    the first card."""

    def __init__(self, keys: TextIO, key: str) -> None:
        self.keys = keys
        """Where the keys come from."""
        self.key = key
        """The person's key."""
        self._presses: KeyPresses | None = None

    @property
    def done(self) -> bool:
        """Whether the keys ended (a pipe or a file ran out)."""
        return self._presses is not None and self._presses.done

    def now(self) -> float:
        """The time now (the keys begin to be read the first time it is asked)."""
        if self._presses is None:
            self._presses = KeyPresses(self.keys)
            return self._presses.started
        return self._presses.now()

    def next(self, since: float, deadline: float | None) -> HumanCall | None:
        """The person's next key pressed at or after ``since`` (earlier ones were meant for a
        card already settled) before ``deadline``."""
        self.now()
        assert self._presses is not None
        while (press := self._presses.next(deadline)) is not None:
            if press.at >= since and press.key.casefold() == self.key:
                return HumanCall(press.at, line="")
        return None


class StreamCalls:
    """Calls cut from a stream of audio. A recording's clock is its own time (the host's lines
    take none of it); a live stream's is the capture time of its chunks."""

    def __init__(self, chunks: Iterator[AudioChunk | None], endpointer: Endpointer, *,
                 live: bool = False, clock: Callable[[], float] = time.monotonic) -> None:
        self.chunks = chunks
        """The stream (None: no chunk ready yet, a live source's timeout)."""
        self.endpointer = endpointer
        """Cuts the calls."""
        self.live = live
        """Whether the stream is a microphone's (timed by its chunks' capture times)."""
        self.clock = clock
        """The live clock."""
        self.stream_s = 0.0
        """The stream's own time so far."""
        self._origin: float | None = None
        self._done = False

    @property
    def done(self) -> bool:
        """Whether the stream ended."""
        return self._done

    def now(self) -> float:
        """The time now: the wall clock of a live stream, else the stream's own."""
        return self.clock() if self.live else self.stream_s

    def at(self, stream_s: float) -> float:
        """A stream time on the source's clock."""
        return (self._origin or 0.0) + stream_s

    def next(self, since: float, deadline: float | None) -> HumanCall | None:
        """The next call starting at or after ``since``, before ``deadline``."""
        while not self._done:
            try:
                chunk = next(self.chunks)
            except StopIteration:
                self._done = True
                last = self.endpointer.flush()
                if last is not None and self.at(last.start_s) >= since:
                    return HumanCall(self.at(last.start_s), samples=last.samples)
                return None
            if chunk is not None:
                if self._origin is None:
                    self._origin = chunk.timestamp if self.live and chunk.timestamp else 0.0
                self.stream_s += chunk.seconds
                for utterance in self.endpointer.process(chunk):
                    start = self.at(utterance.start_s)
                    if start >= since and (deadline is None or start < deadline):
                        return HumanCall(start, samples=utterance.samples)
            if deadline is not None and not self.endpointer.in_speech and (
                    self.now() >= deadline):
                return None
        return None


class ScriptedCalls:
    """A person who follows a script, on a stand-in clock: the i-th wait gets the i-th entry,
    ``(delay_s, line)`` after the card was said (``None``: silence); an entry that comes after
    the deadline is too late and is not made. The clock moves only while a card waits."""

    def __init__(self, script: Sequence[tuple[float | None, str]]) -> None:
        self.script = list(script)
        """What is left to do."""
        self.clock = 0.0
        """The time now."""

    @property
    def done(self) -> bool:
        """Whether the script ran out."""
        return not self.script

    def now(self) -> float:
        """The time now."""
        return self.clock

    def next(self, since: float, deadline: float | None) -> HumanCall | None:
        """The next entry, if it comes before ``deadline``."""
        if not self.script:
            if deadline is not None:
                self.clock = max(self.clock, deadline)
            return None
        delay, line = self.script.pop(0)
        start = max(self.clock, since)
        if delay is None or (deadline is not None and start + delay >= deadline):
            self.clock = max(start, deadline or start)
            return None
        self.clock = start + delay
        return HumanCall(self.clock, line=line)
