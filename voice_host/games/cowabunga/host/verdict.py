"""Turn verdicts: what an announced total (with or without its card) means on the table view.

Pure functions of a :class:`~cowabunga.TableView` and a :class:`Reading`; no speech, no state.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from cowabunga import Counting, TableView
from voice_host.recognition import VoicePrint


class Reason(enum.Enum):
    """Why an announcement is a mistake; the value is the log's ``reason``."""

    ARITHMETIC = "arithmetic"
    """The card was given and the total is not total ± card."""

    IMPOSSIBLE_STEP = "impossible_step"
    """No card value 0–9 makes the step (more than 9 away)."""

    WRONG_DIRECTION = "wrong_direction"
    """The step goes against the count (or the sign said contradicts it)."""

    CARD_NOT_AVAILABLE = "card_not_available"
    """Every copy of the card value is already on the discard pile."""


@dataclass(frozen=True)
class Reading:
    """One way of understanding a turn's utterance."""

    total: int
    """The total said."""
    card: int | None = None
    """The card said before the total, if any."""
    sign: int | None = None
    """+1 for "plus", -1 for "minus" when said before the card."""
    confidence: float = 1.0
    """How sure the ear is of this reading, in [0, 1]."""
    voice: VoicePrint | None = field(default=None, compare=False, repr=False)
    """The voice print of the utterance it reads (who said it: a cue, never proof)."""

    def key(self) -> tuple[int | None, int]:
        """(card, total): readings with the same key are the same announcement."""
        return (self.card, self.total)


@dataclass(frozen=True)
class Accept:
    """The announcement is right: ``card`` was played and ``total`` announced."""

    card: int
    """The card played (given, or inferred from the step)."""
    total: int
    """The announced total."""


@dataclass(frozen=True)
class Mistake:
    """The announcement is wrong; the turn does not advance."""

    reason: Reason
    """What is wrong."""
    said: int
    """The total said."""
    card: int | None
    """The card said or implied, if there is one."""
    expected: int | None
    """The right total when the card is known, else None."""


Verdict = Accept | Mistake
"""What a reading means for the turn."""


def judge(view: TableView, reading: Reading) -> Verdict:
    """The verdict on ``reading`` as the announcement of the player to move on ``view``."""
    said = reading.total
    up = view.counting is Counting.UP
    if reading.card is not None:
        card = reading.card
        expected = view.total_after(card)
        against = view.total - card if up else view.total + card
        # The total is the announcement: "plus two, twenty-five" counting down from twenty-seven
        # is right, however the sign slipped (and a question "Two, twenty-five?" confirms the
        # card and the total, not the sign). The sign explains a wrong total; a zero never
        # changes the total, so it has no direction.
        sign_against = reading.sign is not None and (reading.sign > 0) != up
        if said != expected and card != 0 and (sign_against or said == against):
            return Mistake(Reason.WRONG_DIRECTION, said, card, expected)
        if not view.is_available(card):
            return Mistake(Reason.CARD_NOT_AVAILABLE, said, card, None)
        if said != expected:
            return Mistake(Reason.ARITHMETIC, said, card, expected)
        return Accept(card, said)
    step = view.card_for_total(said)
    if step is not None:
        if not view.is_available(step):
            return Mistake(Reason.CARD_NOT_AVAILABLE, said, step, None)
        return Accept(step, said)
    back = view.total - said if up else said - view.total
    if 1 <= back <= 9:
        return Mistake(Reason.WRONG_DIRECTION, said, None, None)
    return Mistake(Reason.IMPOSSIBLE_STEP, said, None, None)


def same_outcome(a: Verdict, b: Verdict) -> bool:
    """Whether two verdicts lead to the same thing happening at the table."""
    if isinstance(a, Accept) and isinstance(b, Accept):
        return a.total == b.total
    if isinstance(a, Mistake) and isinstance(b, Mistake):
        return a.reason == b.reason and a.said == b.said
    return False
