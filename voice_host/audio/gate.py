"""The self-hearing guard: while the host speaks (and a short tail after), the microphone is deaf.

The voice calls :meth:`SpeakingGate.speaking` around playback; the microphone side asks
:meth:`SpeakingGate.blocks` for each chunk, by the chunk's capture time when it has one, so
chunks recorded during speech are dropped even if they are processed later.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol

DEFAULT_TAIL_S = 0.35
"""How long after playback ends the microphone stays deaf (room echo plus device latency)."""


class Clock(Protocol):
    """A monotonic clock in seconds."""

    def __call__(self) -> float:
        """The current time."""
        ...


class SpeakingGate:
    """Set while the host's voice is playing; the microphone ignores what it hears meanwhile."""

    def __init__(self, tail_s: float = DEFAULT_TAIL_S, clock: Clock = time.monotonic) -> None:
        self.tail_s = tail_s
        """Seconds the gate stays shut after speech ends."""
        self._clock = clock
        self._lock = threading.Lock()
        self._depth = 0
        self._started: float | None = None
        self._spans: deque[tuple[float, float]] = deque(maxlen=16)

    def begin(self) -> None:
        """The host starts speaking (calls nest)."""
        with self._lock:
            if self._depth == 0:
                self._started = self._clock()
            self._depth += 1

    def end(self) -> None:
        """The host stops speaking; the gate stays shut for ``tail_s`` more."""
        with self._lock:
            if self._depth == 0:
                return
            self._depth -= 1
            if self._depth == 0 and self._started is not None:
                self._spans.append((self._started, self._clock()))
                self._started = None

    @contextmanager
    def speaking(self) -> Iterator[None]:
        """Context manager: the gate is shut for the duration of the block (plus the tail)."""
        self.begin()
        try:
            yield
        finally:
            self.end()

    @property
    def is_speaking(self) -> bool:
        """True while playback is in progress (the tail not included)."""
        with self._lock:
            return self._depth > 0

    def blocks(self, at: float | None = None) -> bool:
        """Whether audio captured at time ``at`` (default: now) must be ignored."""
        with self._lock:
            now = self._clock()
            t = now if at is None else at
            if self._depth > 0 and self._started is not None and t >= self._started - 0.05:
                return True
            return any(start - 0.05 <= t <= stop + self.tail_s for start, stop in self._spans)
