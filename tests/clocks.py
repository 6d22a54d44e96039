"""A stand-in clock for timing-dependent audio loops, so a test does not depend on the load."""

from __future__ import annotations

import itertools
from collections.abc import Callable


def ticking_clock(step_s: float) -> Callable[[], float]:
    """A clock that moves ``step_s`` at each reading: every recognition timed by it takes
    ``step_s``."""
    ticks = itertools.accumulate(itertools.repeat(step_s), initial=0.0)
    return lambda: next(ticks)
