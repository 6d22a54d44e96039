"""What the ear can hear: its label space and the words of each language.

An utterance is one of: a total ("twenty-four"), a card then a total ("plus seven, twenty-four",
"seven, twenty-four", "minus five, eleven"), a command, or anything else (rejected).

A total is read as words: a *head* word (zero to nineteen, or a tens word twenty to ninety) and
an optional *unit* word (one to nine after a tens word). Four heads of the network each predict
one slot, so "thirty-four" and "twenty-four" share what the model learns about "four", and every
total from 0 to 99 is covered without training each combination on its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from voice_host.phrases import phrase_table
from voice_host.phrases.languages import COMMAND_NAMES

MAX_TOTAL = 99
"""The largest total the ear knows."""
CARD_VALUES = tuple(range(10))
"""Number-card values (0 to 9)."""

INTENTS: tuple[str, ...] = ("number", *COMMAND_NAMES, "reject")
"""Classes of the intent head."""
HEADS: tuple[int, ...] = (*range(20), 20, 30, 40, 50, 60, 70, 80, 90)
"""Values of the head-word slot: 0-19, then the tens."""
UNITS: tuple[int, ...] = tuple(range(10))
"""Values of the unit slot (0 means none)."""
CARD_SIGNS = ("plus", "minus", "bare")
"""How a card is announced before the total."""
CARDS: tuple[str, ...] = ("none", *(f"{s}{v}" for s in CARD_SIGNS for v in CARD_VALUES))
"""Classes of the card slot: ``none``, ``plus0``...``plus9``, ``minus0``..., ``bare0``..."""


def split_total(total: int) -> tuple[int, int]:
    """The (head-word value, unit) of a total: 24 → (20, 4), 13 → (13, 0)."""
    if not 0 <= total <= MAX_TOTAL:
        raise ValueError(f"total out of range: {total} (0..{MAX_TOTAL})")
    if total < 20:
        return total, 0
    return total - total % 10, total % 10


def join_total(head: int, unit: int) -> int | None:
    """The total a head word and a unit make, or None when they cannot go together."""
    if unit and head < 20:
        return None
    return head + unit


@dataclass(frozen=True)
class Words:
    """The words of one language that the ear's training text is made of."""

    lang: str
    """Language code."""
    numbers: Mapping[int, str]
    """Total → its usual spoken form."""
    plus: str
    """The word for plus."""
    minus: str
    """The word for minus."""
    commands: Mapping[str, tuple[str, ...]]
    """Command name → phrasings."""


def words(lang: str = "en") -> Words:
    """The words of ``lang``, from the project's phrase table."""
    table = phrase_table(lang)
    return Words(
        lang=lang,
        numbers={n: table.number_words(n) for n in range(MAX_TOTAL + 1)},
        plus=table.sign_words[+1][0],
        minus=table.sign_words[-1][0],
        commands=dict(table.commands),
    )


def card_phrase(w: Words, card: str, total: int) -> str:
    """The text of a card-first utterance: ``plus seven, twenty-four``."""
    sign, value = card[:-1], int(card[-1])
    said = w.numbers[value]
    if sign == "plus":
        said = f"{w.plus} {said}"
    elif sign == "minus":
        said = f"{w.minus} {said}"
    return f"{said}, {w.numbers[total]}"
