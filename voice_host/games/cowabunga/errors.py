"""Cowabunga's failure modes as the host meets them, one class each under one root; the engine's
own errors are :mod:`cowabunga.errors`."""

from __future__ import annotations

from cowabunga.errors import CowabungaError

__all__ = ["CowabungaError", "RefereeError", "SetupFlagError"]


class RefereeError(ValueError):
    """Root of the referee's errors; messages are one line a user can act on."""


class SetupFlagError(RefereeError):
    """A setup flag (players, start card, islands) is not a table the rules allow."""
