"""Announcements that go stale are dropped, not queued: the host never lags behind the table."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from voice_host.audio.gate import Clock
from voice_host.voice.host import Voice

DEFAULT_MAX_AGE_S = 3.0
"""An announcement not started within this many seconds is no longer worth saying."""


@dataclass(frozen=True)
class Announcement:
    """A line waiting to be spoken."""

    text: str
    """What to say."""
    made_at: float
    """Clock time the announcement was made."""
    max_age_s: float
    """It is dropped if it cannot start within this many seconds."""


class Announcer:
    """Speaks announcements on a worker thread, keeping only the newest waiting one.

    A new announcement replaces one that has not started yet, and one that has waited longer
    than its ``max_age_s`` is dropped. What was said and dropped is recorded for the caller.
    """

    def __init__(
        self, voice: Voice, max_age_s: float = DEFAULT_MAX_AGE_S, clock: Clock = time.monotonic
    ) -> None:
        self.voice = voice
        """Where lines are spoken."""
        self.max_age_s = max_age_s
        """Default staleness limit."""
        self.spoken: list[str] = []
        """Lines spoken, in order."""
        self.dropped: list[str] = []
        """Lines dropped as stale or superseded, in order."""
        self._clock = clock
        self._cond = threading.Condition()
        self._pending: Announcement | None = None
        self._busy = False
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="announcer", daemon=True)
        self._thread.start()

    def announce(self, text: str, max_age_s: float | None = None) -> None:
        """Queue ``text``, replacing any announcement that has not started yet."""
        age = self.max_age_s if max_age_s is None else max_age_s
        with self._cond:
            if self._pending is not None:
                self.dropped.append(self._pending.text)
            self._pending = Announcement(text, self._clock(), age)
            self._cond.notify_all()

    def wait_idle(self, timeout: float = 30.0) -> bool:
        """Block until nothing is waiting or playing; False on timeout."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._pending is not None or self._busy:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True

    def close(self) -> None:
        """Finish the line being spoken, drop the rest, stop the worker."""
        with self._cond:
            self._closed = True
            if self._pending is not None:
                self.dropped.append(self._pending.text)
                self._pending = None
            self._cond.notify_all()
        self._thread.join(timeout=30)

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._pending is None and not self._closed:
                    self._cond.wait()
                if self._closed:
                    return
                item, self._pending = self._pending, None
                assert item is not None
                if self._clock() - item.made_at > item.max_age_s:
                    self.dropped.append(item.text)
                    self._cond.notify_all()
                    continue
                self._busy = True
            try:
                self.voice.speak(item.text)
                self.spoken.append(item.text)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
