"""Which falls the host confirms with a yes before booking them: a setting of the table.

A yes per fall is a round trip while the player's hands are on the ship, and in party babble the
yes itself is often lost. With :attr:`ConfirmFalls.UNSURE` a fall the ear is sure of is booked at
once and said back, and the player may object right after ("nein", "falsch", "rückgängig");
with :attr:`ConfirmFalls.ALWAYS` every fall heard waits for a yes.
"""

from __future__ import annotations

import enum


class ConfirmFalls(enum.Enum):
    """Which falls heard are confirmed before they are booked."""

    UNSURE = "unsure"
    """Only an unsure hearing is asked about; a sure one is booked at once, said back, and
    taken back if the player objects right after (a fall that ends the game is confirmed: no
    turn follows to object in)."""
    ALWAYS = "always"
    """Every fall heard is confirmed with a sure yes before it is booked."""


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
