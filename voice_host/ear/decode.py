"""From the head's four probability vectors to readings: a closed grammar over the slots.

A reading is a number (an optional card, then a total made of a head word and a unit word), a
command, or nothing. The grammar only joins slots that form a real total ("twenty" + "four";
never "thirteen" + "four"), and the game context may narrow the totals, the card shapes and the
commands to what is possible this turn; probabilities are then renormalized over what is left
(a command that would do nothing now counts as talk).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from voice_host.ear.vocab import CARDS, HEADS, INTENTS, UNITS, join_total
from voice_host.recognition import Expectation

Probs = npt.NDArray[np.float32]

JOINED = np.array([[-1 if (t := join_total(h, u)) is None else t for u in UNITS]
                   for h in HEADS], dtype=np.int64)
"""The total each (head word, unit word) pair of class indices makes; -1 where they cannot go
together."""


@dataclass(frozen=True)
class Reading:
    """One way to read an utterance, with its probability."""

    kind: str
    """``number``, ``command`` or ``reject``."""
    probability: float
    """Calibrated probability of this reading."""
    total: int | None = None
    """The total, for a number."""
    card: str = "none"
    """The card class (``plus7``...), for a number."""
    command: str | None = None
    """The command name, for a command."""
    index: tuple[int, int, int, int] = (-1, -1, -1, -1)
    """The reading as head class indices (intent, head, unit, card)."""


def readings(probs: Sequence[Probs], expect: Expectation | None = None, top: int = 6,
             intents: Sequence[str] = INTENTS) -> list[Reading]:
    """The best readings of one utterance, most probable first (reject included).

    ``intents`` names the intent head's classes (``number``, the commands, ``reject`` last), as
    the head was trained with them.
    """
    reject = len(intents) - 1
    intent, head, unit, card = (np.asarray(p, dtype=np.float64).ravel() for p in probs)
    intent = intent.copy()
    card = card.copy()
    joint = head[:, None] * unit[None, :]
    joint[JOINED < 0] = 0.0
    if expect is not None:
        if expect.numbers is not None:
            allowed = np.isin(JOINED, np.array(sorted(expect.numbers), dtype=np.int64))
            joint[~allowed] = 0.0
            if not allowed.any():
                intent[0] = 0.0
        if not expect.number_pairs:
            card[1:] = 0.0
        if not expect.commands:
            intent[1:reject] = 0.0
        # A command that would do nothing now is talk: its probability is the reject's.
        for i in (k for k, name in enumerate(intents) if name in expect.idle):
            intent[reject] += intent[i]
            intent[i] = 0.0
        intent /= intent.sum() or 1.0
    joint /= joint.sum() or 1.0
    card /= card.sum() or 1.0
    out: list[Reading] = []
    best_card = int(np.argmax(card))
    flat = np.argsort(joint, axis=None)[::-1][:top]
    for k in flat:
        h, u = np.unravel_index(int(k), joint.shape)
        p = float(intent[0] * joint[h, u] * card[best_card])
        if p > 0:
            out.append(Reading("number", p, int(JOINED[h, u]), CARDS[best_card],
                               index=(0, int(h), int(u), best_card)))
    # The same total with the runner-up card, when the card is in doubt.
    second = int(np.argsort(card)[-2])
    if out and card[second] > 0.05:
        r = out[0]
        out.append(Reading("number", float(intent[0] * (r.probability / max(
            intent[0] * card[best_card], 1e-12)) * card[second]), r.total, CARDS[second],
            index=(0, r.index[1], r.index[2], second)))
    for i in range(1, reject):
        if intent[i] > 0:
            out.append(Reading("command", float(intent[i]), command=intents[i],
                               index=(i, -1, -1, -1)))
    out.append(Reading("reject", float(intent[reject]), index=(reject, -1, -1, -1)))
    out.sort(key=lambda r: -r.probability)
    return out


def best_joint(probs: Sequence[Probs]) -> tuple[tuple[int, int, int, int], float]:
    """The single best reading as head indices, and its probability."""
    r = readings(probs, top=1)[0]
    return r.index, r.probability
