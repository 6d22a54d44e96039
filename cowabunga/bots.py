"""Bots: players that decide from an :class:`~cowabunga.game.Observation` only (their own hand
and the table view), never from hidden cards.

* ``random`` plays any card from hand.
* ``careful`` follows the digest's strategy notes (see :func:`~cowabunga.kernel.careful_scores`).
* ``mc`` is Monte Carlo search over determinizations: it deals the unseen number cards to the
  other players and the draw pile, orders the unseen islands into the island deck, plays each
  candidate card and continues with a fast rollout policy for up to 30 plays (or to the end),
  and picks the card that most often left it with the fewest stew pots. Where the search
  cannot tell cards apart (within one standard error) the ``careful`` scores decide.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final, Protocol

from cowabunga.cards import CARD_COPIES, CARD_VALUES, MAX_TOTAL, shuffled
from cowabunga.errors import CowabungaError
from cowabunga.events import Counting
from cowabunga.game import Observation
from cowabunga.kernel import CAREFUL, RANDOM, SAFE, Kernel, careful_scores
from cowabunga.table import EmptyDeck, TableView

DEFAULT_HORIZON: Final = 30
"""Plays a Monte Carlo playout looks ahead before judging the position by stew pots."""


class Bot(Protocol):
    """A player that picks a card to play."""

    @property
    def name(self) -> str:
        """The bot's kind, as the command line spells it."""
        ...

    def choose(self, obs: Observation) -> int:
        """The card (from ``obs.hand``) to play now."""
        ...


def _owner(view: TableView) -> list[int]:
    owner = [-1] * (MAX_TOTAL + 1)
    for seat, held in enumerate(view.islands):
        for value in held:
            owner[value] = seat
    return owner


@dataclass
class RandomBot:
    """Plays a uniformly random card from hand."""

    rng: random.Random = field(default_factory=random.Random)
    """Source of randomness (inject a seeded one for reproducible games)."""

    name: str = "random"
    """The bot's kind."""

    def choose(self, obs: Observation) -> int:
        """Any card from hand."""
        return self.rng.choice(obs.hand)


@dataclass
class CarefulBot:
    """Follows the digest's strategy notes; deterministic."""

    name: str = "careful"
    """The bot's kind."""

    def choose(self, obs: Observation) -> int:
        """The best card by :func:`~cowabunga.kernel.careful_pick`."""
        scores = careful_card_scores(obs)
        return max(scores, key=lambda card: (scores[card], -card))


def careful_card_scores(obs: Observation) -> dict[int, float]:
    """The ``careful`` bot's score of each distinct card in hand (higher is better)."""
    view = obs.table
    return careful_scores(
        list(obs.hand),
        view.total,
        view.counting is Counting.UP,
        obs.seat,
        _owner(view),
        list(view.stew_pots),
        view.island_deck,
    )


class Determinizer:
    """Guesses at the hidden cards, consistent with what one player knows.

    The unseen number cards (not on the discard pile, not in the observer's hand) are dealt at
    random to the other hands and the draw pile; the islands nobody holds go at random into
    the island deck. Everything the guesses share is computed once, in the constructor.
    """

    def __init__(self, obs: Observation) -> None:
        view = obs.table
        in_hand = [0] * 10
        for card in obs.hand:
            in_hand[card] += 1
        self.pool = [
            v
            for v in CARD_VALUES
            for _ in range(max(0, CARD_COPIES[v] - view.discard[v] - in_hand[v]))
        ]
        """The unseen number cards."""
        self.cuts: list[tuple[int, int, int]] = []
        """(seat, start, end) of each other hand in a shuffled pool."""
        at = 0
        for seat, size in enumerate(view.hand_sizes):
            if seat != obs.seat:
                self.cuts.append((seat, at, at + size))
                at += size
        self.draw_start = at
        """Where the draw pile starts in a shuffled pool."""
        self.draw_end = at + view.draw_pile
        """Where it ends."""
        self.hand = list(obs.hand)
        """The observer's hand."""
        discard = [v for v in CARD_VALUES for _ in range(view.discard[v])]
        discard.remove(view.top_card)
        discard.append(view.top_card)
        self.discard = discard
        """The discard pile (its order below the top card does not matter)."""
        self.owner = _owner(view)
        """Island holder per total."""
        self.unseen = view.unseen_islands()
        """Islands nobody holds."""
        self.view = view
        """The table."""

    def sample(self, rnd: Callable[[], float]) -> Kernel:
        """One guess, as a kernel ready to play from the current position."""
        view = self.view
        order = shuffled(self.pool, rnd)
        hands = [self.hand[:] for _ in view.players]
        for seat, a, b in self.cuts:
            hands[seat] = order[a:b]
        return Kernel(
            total=view.total,
            up=view.counting is Counting.UP,
            seat=view.to_play,
            hands=hands,
            draw=order[self.draw_start : self.draw_end],
            discard=self.discard[:],
            owner=self.owner[:],
            stew=list(view.stew_pots),
            islands=shuffled(self.unseen, rnd)[: view.island_deck],
            seed=int(rnd() * 4294967296.0),
            play_out=view.rules.empty_deck is EmptyDeck.PLAY_OUT,
        )


def determinize(obs: Observation, rng: random.Random) -> Kernel:
    """One guess at the hidden cards consistent with what the observer knows."""
    return Determinizer(obs).sample(rng.random)


def mc_hint(
    obs: Observation,
    rng: random.Random,
    rollouts: int = 1000,
    *,
    policy: int = SAFE,
    horizon: int | None = DEFAULT_HORIZON,
) -> dict[int, float]:
    """Estimated chance of winning (ties count as wins) for each distinct card in hand.

    ``rollouts`` playouts are shared evenly between the cards; each guess at the hidden cards
    (see :class:`Determinizer`) is played out once per card, so the cards are compared on the
    same deals. A playout stops after ``horizon`` plays (``None``: at the end of the game); a
    stopped game counts as won if the player has the fewest stew pots then.
    """
    view = obs.table
    if view.outcome is not None or view.pending_island is not None or obs.seat != view.to_play:
        raise CowabungaError(f"no hint: it is not {view.players[obs.seat]}'s turn to play")
    cards = sorted(set(obs.hand))
    if len(cards) == 1:
        return {cards[0]: 1.0}
    n = len(view.players)
    me = obs.seat
    limit = horizon if horizon is not None else 1 << 30
    rounds = max(1, rollouts // len(cards))
    rest = [policy] * n
    first = {card: [-1 - card] * n for card in cards}
    wins = dict.fromkeys(cards, 0.0)
    rnd = rng.random
    guesser = Determinizer(obs)
    for _ in range(rounds):
        base = guesser.sample(rnd)
        for card in cards:
            k = base.copy()
            k.run(first[card], rnd, 1)
            if not k.reason:
                k.run(rest, rnd, limit)
            pots = k.stew
            if pots[me] == min(pots):
                wins[card] += 1.0
    return {card: won / rounds for card, won in wins.items()}


@dataclass
class MonteCarloBot:
    """Plays the card with the best :func:`mc_hint`."""

    rng: random.Random = field(default_factory=random.Random)
    """Source of randomness for determinizations and rollouts."""

    rollouts: int = 1000
    """Playouts per decision."""

    horizon: int | None = DEFAULT_HORIZON
    """Plays per playout before it is judged (``None``: play to the end)."""

    policy: int = SAFE
    """Rollout policy code (see :mod:`cowabunga.kernel`)."""

    name: str = "mc"
    """The bot's kind."""

    tolerance: float = 1.0
    """Cards whose win rate is within this many standard errors of the best count as equally
    good; among those the ``careful`` scores decide (search overrides the heuristic only
    when it sees a real difference)."""

    def choose(self, obs: Observation) -> int:
        """The card that won most often in the rollouts, ties broken by ``careful``."""
        hint = mc_hint(obs, self.rng, self.rollouts, policy=self.policy, horizon=self.horizon)
        if len(hint) == 1:
            return next(iter(hint))
        rounds = max(1, self.rollouts // len(hint))
        best = max(hint.values())
        spread = self.tolerance * math.sqrt(max(best * (1 - best), 0.01) / rounds)
        close = [card for card, p in hint.items() if p >= best - spread]
        prior = careful_card_scores(obs)
        return max(close, key=lambda card: (prior[card], hint[card], -card))


BOT_NAMES: Final = ("random", "careful", "mc")
"""The bot kinds the command line knows."""

KERNEL_POLICIES: Final = {"random": RANDOM, "careful": CAREFUL}
"""Bot kinds the rollout kernel plays natively (fast simulation)."""


def make_bot(kind: str, rng: random.Random, *, rollouts: int = 1000) -> Bot:
    """A bot of ``kind`` (one of ``BOT_NAMES``) using ``rng``; raises ``CowabungaError``."""
    if kind == "random":
        return RandomBot(rng)
    if kind == "careful":
        return CarefulBot()
    if kind == "mc":
        return MonteCarloBot(rng, rollouts)
    raise CowabungaError(f"unknown bot {kind!r}: choose from {', '.join(BOT_NAMES)}")


def parse_bots(text: str) -> list[str] | None:
    """Comma-separated bot kinds (``"careful,mc"``) as a list, or ``None`` if any is unknown."""
    kinds = [part.strip() for part in text.split(",") if part.strip()]
    if not kinds or any(kind not in BOT_NAMES for kind in kinds):
        return None
    return kinds


def seat_bots(kinds: Sequence[str], seats: int) -> list[str]:
    """Bot kinds for ``seats`` seats: the list repeated (or cut) to length."""
    return [kinds[i % len(kinds)] for i in range(seats)]
