"""Single key presses from standard input, each timed when it arrives: no Enter needed.

On a terminal the keys come in cbreak mode (no line editing, no echo; Ctrl-C still interrupts),
and the terminal's own mode is put back on every way out. Piped input is read character by
character the same way, so a script can press keys.
"""

from __future__ import annotations

import os
import queue
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TextIO


@dataclass(frozen=True)
class KeyPress:
    """One key pressed (or, read by :class:`TimedInput` from lines, one line typed)."""

    at: float
    """When it arrived, on the reader's clock (seconds)."""
    key: str
    """The character (or the line)."""


@contextmanager
def key_mode(fd: int) -> Iterator[None]:
    """Keys one by one on terminal ``fd`` while inside (nothing changes for a pipe or a file);
    the terminal's mode is restored however the block ends."""
    if not os.isatty(fd):
        yield
        return
    import termios
    import tty

    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def _chars(keys: TextIO) -> Iterator[str]:
    """``keys`` one character at a time from the stream itself (not its file descriptor): what a
    line read before left in its buffer comes first."""
    while True:
        try:
            char = keys.read(1)
        except (OSError, ValueError):
            return
        if not char:
            return
        yield char


class TimedInput:
    """Pieces of typed input (keys, or whole lines) read by a thread of their own, each timed
    when it arrives."""

    def __init__(self, pieces: Iterator[str], clock: Callable[[], float] = time.monotonic
                 ) -> None:
        self.clock = clock
        """The clock the pieces are timed on."""
        self._queue: queue.Queue[KeyPress | None] = queue.Queue()
        self._closed = False
        reader = threading.Thread(target=self._read, args=(pieces,), daemon=True)
        # Ctrl-C is the main thread's: delivered to the reader, it would cut short its read and
        # leave the main thread waiting on for a key that never comes. The reader is born with
        # SIGINT blocked (a thread inherits its creator's mask), so no Ctrl-C can reach it even
        # in its first moments.
        held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            reader.start()
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)

    def _read(self, pieces: Iterator[str]) -> None:
        for piece in pieces:
            self._queue.put(KeyPress(self.clock(), piece))
        self._queue.put(None)

    @property
    def done(self) -> bool:
        """Whether the input ended (a pipe or file ran out)."""
        return self._closed

    def now(self) -> float:
        """The time now."""
        return self.clock()

    def next(self, deadline: float | None) -> KeyPress | None:
        """The next piece before ``deadline`` (None: wait as long as it takes); None when the
        deadline passed first or the input ended."""
        if self._closed:
            return None
        left = None if deadline is None else max(0.0, deadline - self.clock())
        try:
            item = self._queue.get(timeout=left)
        except queue.Empty:
            return None
        if item is None:
            self._closed = True
        return item

class KeyPresses(TimedInput):
    """The keys read from ``keys``, as they come, from the moment it is made: keys a terminal
    holds from before are dropped (they were pressed while the host was still speaking)."""

    def __init__(self, keys: TextIO, clock: Callable[[], float] = time.monotonic) -> None:
        self.started = clock()
        """When the keys began to be read (every key is timed at or after it)."""
        if keys.isatty():
            import termios

            termios.tcflush(keys.fileno(), termios.TCIFLUSH)
        super().__init__(_chars(keys), clock)

    def ready(self) -> list[KeyPress]:
        """The keys pressed so far and not yet taken (without waiting)."""
        found: list[KeyPress] = []
        while not self._closed:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                break
            if item is None:
                self._closed = True
            else:
                found.append(item)
        return found
