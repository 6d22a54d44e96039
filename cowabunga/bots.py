"""Bots: players that decide from an :class:`~cowabunga.game.Observation` only (their own hand
and the table view), never from hidden cards.

* ``random`` plays any card from hand.
* ``careful`` follows the digest's strategy notes (see :func:`~cowabunga.kernel.careful_pick`).
* ``mc`` is Monte Carlo search over determinizations: it deals the unseen number cards to the
  other players and the draw pile, orders the unseen islands into the island deck, plays each
  candidate card and finishes the game with a fast rollout policy, and picks the card that won
  most often.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, Protocol

from cowabunga.cards import CARD_COPIES, CARD_VALUES, MAX_TOTAL, shuffled
from cowabunga.errors import CowabungaError
from cowabunga.events import Counting
from cowabunga.game import Observation
from cowabunga.kernel import CAREFUL, RANDOM, SAFE, Kernel, careful_pick
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
        view = obs.table
        return careful_pick(
            list(obs.hand),
            view.total,
            view.counting is Counting.UP,
            obs.seat,
            _owner(view),
            list(view.stew_pots),
            view.island_deck,
        )


def determinize(obs: Observation, rng: random.Random) -> Kernel:
    """One guess at the hidden cards consistent with what the observer knows: the unseen number
    cards (not on the discard pile, not in the observer's hand) dealt at random to the other
    hands and the draw pile; the unheld islands at random into the island deck."""
    view = obs.table
    mine = [0] * 10
    for card in obs.hand:
        mine[card] += 1
    pool = [
        v for v in CARD_VALUES for _ in range(max(0, CARD_COPIES[v] - view.discard[v] - mine[v]))
    ]
    rng.shuffle(pool)
    hands: list[list[int]] = []
    at = 0
    for seat, size in enumerate(view.hand_sizes):
        if seat == obs.seat:
            hands.append(list(obs.hand))
        else:
            hands.append(pool[at : at + size])
            at += size
    draw = pool[at : at + view.draw_pile]
    discard = [v for v in CARD_VALUES for _ in range(view.discard[v])]
    discard.remove(view.top_card)
    discard.append(view.top_card)
    islands = rng.sample(view.unseen_islands(), view.island_deck)
    return Kernel(
        total=view.total,
        up=view.counting is Counting.UP,
        seat=view.to_play,
        hands=hands,
        draw=draw,
        discard=discard,
        owner=_owner(view),
        stew=list(view.stew_pots),
        islands=islands,
        seed=rng.getrandbits(32),
        play_out=view.rules.empty_deck is EmptyDeck.PLAY_OUT,
    )


def mc_hint(
    obs: Observation,
    rng: random.Random,
    rollouts: int = 1000,
    *,
    policy: int = SAFE,
    horizon: int | None = DEFAULT_HORIZON,
    margin: float = 0.0,
) -> dict[int, float]:
    """Estimated chance of winning (ties count as wins) for each distinct card in hand.

    ``rollouts`` playouts are shared evenly between the cards; each determinization (see
    :func:`determinize`) is played out once per card, so the cards are compared on the same
    deals. A playout stops after ``horizon`` plays (``None``: at the end of the game); a
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
    # What every determinization shares, computed once.
    in_hand = [0] * 10
    for card in obs.hand:
        in_hand[card] += 1
    pool = [
        v for v in CARD_VALUES for _ in range(max(0, CARD_COPIES[v] - view.discard[v] - in_hand[v]))
    ]
    cuts = []
    at = 0
    for seat, size in enumerate(view.hand_sizes):
        if seat != me:
            cuts.append((seat, at, at + size))
            at += size
    draw_end = at + view.draw_pile
    hand = list(obs.hand)
    discard = [v for v in CARD_VALUES for _ in range(view.discard[v])]
    discard.remove(view.top_card)
    discard.append(view.top_card)
    owner = _owner(view)
    stew = list(view.stew_pots)
    unseen = view.unseen_islands()
    island_count = view.island_deck
    total = view.total
    up = view.counting is Counting.UP
    play_out = view.rules.empty_deck is EmptyDeck.PLAY_OUT
    for _ in range(rounds):
        order = shuffled(pool, rnd)
        hands = [hand] * n
        for seat, a, b in cuts:
            hands[seat] = order[a:b]
        draw = order[at:draw_end]
        islands = shuffled(unseen, rnd)[:island_count]
        seed = int(rnd() * 4294967296.0)
        for card in cards:
            k = Kernel(
                total=total,
                up=up,
                seat=me,
                hands=[h[:] for h in hands],
                draw=draw[:],
                discard=discard[:],
                owner=owner[:],
                stew=stew[:],
                islands=islands[:],
                seed=seed,
                play_out=play_out,
            )
            k.run(first[card], rnd, 1)
            if not k.reason:
                k.run(rest, rnd, limit)
            pots = k.stew
            mine = pots[me]
            if mine == min(pots):
                wins[card] += 1.0
            if margin:
                wins[card] += margin * (min(pots[:me] + pots[me + 1 :]) - mine)
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

    def choose(self, obs: Observation) -> int:
        """The card that won most often in the rollouts."""
        hint = mc_hint(obs, self.rng, self.rollouts, policy=self.policy, horizon=self.horizon)
        return max(hint, key=lambda card: (hint[card], -card))


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
