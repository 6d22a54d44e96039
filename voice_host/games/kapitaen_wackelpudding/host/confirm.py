"""Which falls the host confirms with a yes before booking them: a setting of the table.

A yes per fall is a round trip while the player's hands are on the ship, and in party babble the
yes itself is often lost. With :attr:`ConfirmFalls.UNSURE` a fall the ear is sure of is booked at
once and said back, and the player may object right after ("nein", "falsch", "rückgängig"),
unless it was heard in noise and only just sure (in babble the objection is mostly lost too);
with :attr:`ConfirmFalls.ALWAYS` every fall heard waits for a yes.
"""

from __future__ import annotations

import enum


class ConfirmFalls(enum.Enum):
    """Which falls heard are confirmed before they are booked."""

    UNSURE = "unsure"
    """Only an unsure hearing is asked about; a sure one is booked at once, said back, and
    taken back if the player objects right after (a fall that ends the game is confirmed: no
    turn follows to object in; so is one heard in noise without :data:`SURE_IN_NOISE`)."""
    ALWAYS = "always"
    """Every fall heard is confirmed with a sure yes before it is booked."""


QUIET_SNR_DB = 35.0
"""An utterance at least this far above its noise (the ear's apparent SNR) was said in a quiet
room: under ``unsure`` a fall heard for sure there is booked at once."""
SURE_IN_NOISE = 0.8
"""In noise, the ear's confidence a fall needs to be booked at once under ``unsure``; a sure
hearing under it is confirmed with a yes first: there the objection that would take a wrong
fall back is itself mostly lost."""


def books_at_once_in(confidence: float, snr_db: float | None) -> bool:
    """Whether a fall heard for sure at ``confidence``, ``snr_db`` above its noise (None: not
    measured), is sure enough to book at once under ``unsure``."""
    return snr_db is None or snr_db >= QUIET_SNR_DB or confidence >= SURE_IN_NOISE


DEFAULT_CONFIRM_FALLS = ConfirmFalls.UNSURE
"""The table's setting unless told otherwise (chosen from ``bench/kapitaen_wackelpudding.py``'s
figures)."""


class ConfirmFallsError(ValueError):
    """A setting that is none of :class:`ConfirmFalls`; the message names the ones there are."""


def parse_confirm_falls(text: str) -> ConfirmFalls:
    """The setting named ``text`` (``unsure``, ``always``); raises :class:`ConfirmFallsError`."""
    for setting in ConfirmFalls:
        if text.strip().lower() == setting.value:
            return setting
    choices = ", ".join(s.value for s in ConfirmFalls)
    raise ConfirmFallsError(f"--confirm-falls {text!r}: choose one of {choices}")
