"""The referee's failure modes, one class each under one root."""

from __future__ import annotations

from voice_host.host.journal import JournalError as HostJournalError


class RefereeError(ValueError):
    """Root of the referee's errors; messages are one line a user can act on."""


class SetupFlagError(RefereeError):
    """A setup flag (players, start card, islands) is not a table the rules allow."""


class JournalError(RefereeError, HostJournalError):
    """A journal cannot be read or continued; it is left untouched."""
