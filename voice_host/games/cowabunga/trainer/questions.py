"""Quiz questions drawn from real game situations, at five levels of difficulty.

A situation is a position from a game the engine deals and plays with careful bots: the total,
the direction, the islands the other players hold, and the mover's hand. Three kinds of question
are asked about it:

* ``count``: "Counting down from twenty-three. A six." → ``17``;
* ``direction``: "Counting up from twenty-six. A seven. Will the direction change?" → ``"yes"``;
* ``island``: "Counting up from eighteen. Islands twenty-one and twenty-four. You hold three,
  six and seven. Which card avoids every island?" → ``7`` (exactly one card does). The total,
  direction and islands are the game's; the hand is one safe card and two that land on an
  island. Level 4 names only the islands the hand can reach, level 5 every island within reach
  of the total.

Zero is never the card of a count or direction question (too easy).

Determinism: :func:`make_question` is a pure function of ``(seed, index, level)``. A session's
questions therefore depend only on the seed and the level each slot is asked at; how the levels
are chosen (a fixed ramp, or adaptation to the answers) is up to
:mod:`voice_host.games.cowabunga.trainer.plan`.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from cowabunga import Counting, Play, TableView, apply, deal, observe
from cowabunga.bots import CarefulBot
from voice_host.phrases import phrase_table

Kind = Literal["count", "direction", "island"]
"""The three kinds of quiz question."""

Answer = int | str
"""A right answer: a number, or ``"yes"``/``"no"``."""

LEVELS = range(1, 6)
"""Difficulty levels, easiest first."""

TARGET_MS: dict[str, int] = {"count": 3000, "direction": 3000, "island": 6000}
"""Answer time (from the end of the question to the start of the answer) counted as fast."""

_KIND_WEIGHTS: dict[int, tuple[tuple[Kind, int], ...]] = {
    1: (("count", 1),),
    2: (("count", 1),),
    3: (("count", 3), ("direction", 2)),
    4: (("count", 2), ("direction", 1), ("island", 2)),
    5: (("count", 1), ("direction", 1), ("island", 2)),
}

_PLAYERS = ("You", "Ada", "Ben")


@dataclass(frozen=True)
class Question:
    """One quiz question with its right answer."""

    kind: Kind
    """``count``, ``direction`` or ``island``."""
    text: str
    """What the host says (and the contract prints), in English words."""
    answer: Answer
    """The right answer: the new total, ``"yes"``/``"no"``, or the safe card."""
    level: int
    """The difficulty level it was made for (1-5)."""
    total: int
    """The total before the card."""
    card: int | None
    """The card played in a count or direction question; None for an island question."""

    @property
    def expects_number(self) -> bool:
        """Whether the answer is a number (else yes or no)."""
        return isinstance(self.answer, int)

    def to_json(self) -> dict[str, object]:
        """The ``--print-questions`` line: question and answer."""
        return {"question": self.text, "answer": self.answer}


def words(n: int) -> str:
    """A number as the host says it ("twenty-three")."""
    return phrase_table("en").number_words(n)


def cap(text: str) -> str:
    """``text`` with its first letter in upper case (the rest untouched, unlike ``capitalize``)."""
    return text[:1].upper() + text[1:]


def _article(card: int) -> str:
    return "An" if card == 8 else "A"


def _listing(values: list[int]) -> str:
    said = [words(v) for v in values]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def _direction(view: TableView) -> str:
    return "up" if view.counting is Counting.UP else "down"


def situations(rng: random.Random) -> Iterator[tuple[TableView, tuple[int, ...]]]:
    """Positions of real games (three careful bots), with the mover's hand, endlessly."""
    bot = CarefulBot()
    while True:
        state = deal(_PLAYERS, rng)
        while state.outcome is None:
            obs = observe(state, state.to_play)
            yield state.table, obs.hand
            state, _ = apply(state, Play(bot.choose(obs)))


def _count(
    view: TableView, hand: tuple[int, ...], level: int, rng: random.Random
) -> Question | None:
    cards = sorted(c for c in set(hand) if c > 0)
    if level == 1:
        cards = [c for c in cards if 1 <= c <= 5 and view.counting is Counting.UP]
    if level <= 2:
        cards = [c for c in cards if not view.reverses(c)]
    elif level >= 3 and rng.random() < 0.4:
        cards = [c for c in cards if view.reverses(c)] or cards
    if not cards:
        return None
    card = rng.choice(cards)
    text = f"Counting {_direction(view)} from {words(view.total)}. {_article(card)} {words(card)}."
    return Question("count", text, view.total_after(card), level, view.total, card)


def _turns(
    view: TableView, hand: tuple[int, ...], level: int, rng: random.Random
) -> Question | None:
    near = view.total >= 21 if view.counting is Counting.UP else view.total <= 18
    if not near:
        return None
    want = rng.random() < 0.5
    cards = [c for c in sorted(set(hand)) if c > 0 and view.reverses(c) == want]
    if not cards:
        return None
    card = rng.choice(cards)
    text = (
        f"Counting {_direction(view)} from {words(view.total)}. {_article(card)} {words(card)}. "
        "Will the direction change?"
    )
    return Question("direction", text, "yes" if want else "no", level, view.total, card)


def _island(view: TableView, level: int, rng: random.Random) -> Question | None:
    me = view.to_play
    others = sorted(v for seat, held in enumerate(view.islands) if seat != me for v in held)
    hits = [c for c in view.available_cards() if view.total_after(c) in others]
    safe = [
        c
        for c in view.available_cards()
        if view.total_after(c) not in others and not view.reverses(c)
    ]
    if len(hits) < 2 or not safe:
        return None
    hand = [rng.choice(safe), *rng.sample(hits, 2)]
    answer = hand[0]
    hand.sort()
    if level >= 5:
        islands = [v for v in others if abs(v - view.total) <= 9]
    else:
        islands = sorted({view.total_after(c) for c in hand if c != answer})
    text = (
        f"Counting {_direction(view)} from {words(view.total)}. Islands {_listing(islands)}. "
        f"You hold {_listing(hand)}. Which card avoids every island?"
    )
    return Question("island", text, answer, level, view.total, None)


def make_question(seed: int, index: int, level: int) -> Question:
    """Question number ``index`` of the session seeded ``seed``, at ``level``: a pure function."""
    if level not in LEVELS:
        raise ValueError(f"level {level}: levels go from {LEVELS[0]} to {LEVELS[-1]}")
    rng = random.Random(f"quiz:{seed}:{index}:{level}")
    kinds, weights = zip(*_KIND_WEIGHTS[level], strict=True)
    kind: Kind = rng.choices(kinds, weights)[0]
    skip = rng.randrange(40)
    for n, (view, hand) in enumerate(situations(rng)):
        if n < skip:
            continue
        if kind == "count":
            q = _count(view, hand, level, rng)
        elif kind == "direction":
            q = _turns(view, hand, level, rng)
        else:
            q = _island(view, level, rng)
        if q is not None:
            return q
    raise AssertionError("situations() never ends")  # pragma: no cover
