"""The rollout kernel: the rules again, as one mutable state over plain ints and lists.

Simulation and Monte Carlo search play millions of turns; building a frozen state per turn is
too slow for that. :class:`Kernel` follows exactly the rules of :mod:`cowabunga.table` and
:mod:`cowabunga.game` (the property tests hold them together), with bot policies inlined.
It is an internal tool: it does not validate its input.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from cowabunga.cards import (
    FULL_DECK,
    HAND_SIZE,
    ISLAND_VALUES,
    LOWER_LIMIT,
    MAX_TOTAL,
    STEW_POT_LIMIT,
    UPPER_LIMIT,
    islands_per_player,
    shuffled,
)
from cowabunga.events import Counting, EndReason
from cowabunga.game import GameState, reshuffle_order
from cowabunga.table import EmptyDeck

RANDOM: Final = 0
"""Policy code: play a uniformly random card from hand."""

CAREFUL: Final = 1
"""Policy code: :func:`careful_pick`."""

SAFE: Final = 2
"""Policy code: a random card among those that take no stew pot (cheap rollout policy)."""

RUNNING: Final = 0
"""``Kernel.reason`` while the game runs."""

REASONS: Final[tuple[EndReason, ...]] = (
    EndReason.FOURTH_STEW_POT,
    EndReason.ISLAND_DECK_EMPTY,
    EndReason.HANDS_EMPTY,
)
"""``Kernel.reason - 1`` indexes this once the game is over."""


def careful_scores(
    hand: list[int],
    total: int,
    up: bool,
    seat: int,
    owner: list[int],
    stew: list[int],
    islands_left: int,
) -> dict[int, float]:
    """How much the ``careful`` bot likes each distinct card in ``hand`` (higher is better),
    following the strategy notes of the digest.

    Landing on another player's island is a stew pot (avoid it at almost any price); landing on
    your own island is safe; reversing the count hands the right neighbour an island, which
    makes the table more dangerous for you (worse when that neighbour is ahead of you), except
    that drawing the last island ends the game, which is good exactly when you are among the
    leaders; a 0 is kept for emergencies; and a total that leaves the next player many values
    to fall on is preferred.
    """
    n = len(stew)
    mine = stew[seat]
    leading = mine == min(stew)
    right = seat - 1 if seat else n - 1
    nxt = seat + 1 if seat + 1 < n else 0
    scores: dict[int, float] = {}
    for card in hand:
        t = total + card if up else total - card
        score = 0.0
        holder = owner[t]
        if holder >= 0:
            if holder != seat:
                score -= 1000.0 if mine + 1 >= STEW_POT_LIMIT else 100.0
            else:
                score += 1.0
        flips = t > UPPER_LIMIT if up else t < LOWER_LIMIT
        new_up = up != flips
        if flips:
            if islands_left <= 1:
                score += 50.0 if leading else -50.0
            else:
                score -= 3.0 if stew[right] <= mine else 2.0
        if card == 0:
            score -= 1.5
        # Totals the next player can announce (t .. t±9) that are someone else's island.
        ahead = owner[t : t + 10] if new_up else owner[t - 9 : t + 1]
        danger = 10 - ahead.count(-1) - ahead.count(nxt)
        scores[card] = score + 0.4 * danger
    return scores


def careful_pick(
    hand: list[int],
    total: int,
    up: bool,
    seat: int,
    owner: list[int],
    stew: list[int],
    islands_left: int,
) -> int:
    """The card the ``careful`` bot plays: the best by :func:`careful_scores`, the lowest of
    equally good ones."""
    scores = careful_scores(hand, total, up, seat, owner, stew, islands_left)
    return max(scores, key=lambda card: (scores[card], -card))


class Kernel:
    """A mutable game in plain ints and lists. ``run`` plays it to the end in place."""

    __slots__ = (
        "discard",
        "draw",
        "hands",
        "islands",
        "owner",
        "play_out",
        "plays",
        "reason",
        "reshuffles",
        "seat",
        "seed",
        "stew",
        "total",
        "up",
    )

    def __init__(
        self,
        *,
        total: int,
        up: bool,
        seat: int,
        hands: list[list[int]],
        draw: list[int],
        discard: list[int],
        owner: list[int],
        stew: list[int],
        islands: list[int],
        seed: int,
        reshuffles: int = 0,
        play_out: bool = False,
    ) -> None:
        self.total = total
        """The last announced total."""
        self.up = up
        """Counting up?"""
        self.seat = seat
        """Seat to move."""
        self.hands = hands
        """Number cards per seat."""
        self.draw = draw
        """Number draw pile, top LAST (``pop()`` draws)."""
        self.discard = discard
        """Discard pile, top last."""
        self.owner = owner
        """For each total 0–39: the seat holding that island, or -1."""
        self.stew = stew
        """Stew pots per seat."""
        self.islands = islands
        """Island deck, top LAST."""
        self.seed = seed
        """Shuffle seed for reshuffles (see :func:`~cowabunga.game.reshuffle_order`)."""
        self.reshuffles = reshuffles
        """Reshuffles so far."""
        self.play_out = play_out
        """``EmptyDeck.PLAY_OUT`` in force?"""
        self.plays = 0
        """Plays made by this kernel."""
        self.reason = RUNNING
        """0 while running, else 1 + index into ``REASONS``."""

    @classmethod
    def from_state(cls, state: GameState) -> Kernel:
        """A kernel holding exactly the position of a full game."""
        view = state.table
        owner = [-1] * (MAX_TOTAL + 1)
        for seat, held in enumerate(view.islands):
            for value in held:
                owner[value] = seat
        kernel = cls(
            total=view.total,
            up=view.counting is Counting.UP,
            seat=view.to_play,
            hands=[list(h) for h in state.hands],
            draw=list(reversed(state.draw_pile)),
            discard=list(state.discard_pile),
            owner=owner,
            stew=list(view.stew_pots),
            islands=list(reversed(state.island_deck)),
            seed=state.shuffle_seed,
            reshuffles=state.reshuffles,
            play_out=view.rules.empty_deck is EmptyDeck.PLAY_OUT,
        )
        if view.outcome is not None:
            kernel.reason = 1 + REASONS.index(view.outcome.reason)
        return kernel

    @classmethod
    def dealt(cls, players: int, rng: random.Random, *, play_out: bool = False) -> Kernel:
        """A freshly dealt game, shuffled exactly as :func:`~cowabunga.game.deal` shuffles with
        the same ``rng`` (so ``Kernel.dealt(n, Random(s))`` is ``deal(names, Random(s))``)."""
        numbers = shuffled(FULL_DECK, rng.random)
        order = shuffled(ISLAND_VALUES, rng.random)
        seed = rng.getrandbits(48)
        per = islands_per_player(players)
        owner = [-1] * (MAX_TOTAL + 1)
        for i in range(per * players):
            owner[order[i]] = i // per
        dealt = HAND_SIZE * players
        return cls(
            total=numbers[dealt],
            up=True,
            seat=0,
            hands=[numbers[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(players)],
            draw=numbers[:dealt:-1],
            discard=[numbers[dealt]],
            owner=owner,
            stew=[0] * players,
            islands=order[: per * players - 1 : -1],
            seed=seed,
            play_out=play_out,
        )

    def copy(self) -> Kernel:
        """An independent copy."""
        k = Kernel.__new__(Kernel)
        k.total = self.total
        k.up = self.up
        k.seat = self.seat
        k.hands = [h[:] for h in self.hands]
        k.draw = self.draw[:]
        k.discard = self.discard[:]
        k.owner = self.owner[:]
        k.stew = self.stew[:]
        k.islands = self.islands[:]
        k.seed = self.seed
        k.reshuffles = self.reshuffles
        k.play_out = self.play_out
        k.plays = self.plays
        k.reason = self.reason
        return k

    @property
    def end_reason(self) -> EndReason | None:
        """Why the game ended, or ``None`` while it runs."""
        return REASONS[self.reason - 1] if self.reason else None

    def winner_seats(self) -> list[int]:
        """Seats with the fewest stew pots."""
        fewest = min(self.stew)
        return [seat for seat, n in enumerate(self.stew) if n == fewest]

    def step(self, card: int) -> bool:
        """The mover plays ``card`` (which they must hold); returns whether the game is over."""
        self.run([-1 - card] * len(self.hands), random.random, 1)
        return self.reason != RUNNING

    def run(self, policies: list[int], rand: Callable[[], float], limit: int = 1 << 30) -> None:
        """Play until the game ends (or ``limit`` plays). ``policies`` has a code per seat;
        a negative code ``-1 - c`` plays card ``c``. ``rand`` is a ``random()`` function."""
        rnd = rand
        n = len(self.hands)
        hands = self.hands
        draw = self.draw
        discard = self.discard
        owner = self.owner
        stew = self.stew
        islands = self.islands
        total = self.total
        up = self.up
        seat = self.seat
        plays = 0
        reason = self.reason
        while not reason and plays < limit:
            hand = hands[seat]
            policy = policies[seat]
            if policy == RANDOM:
                i = int(rnd() * len(hand))
            elif policy == SAFE:
                i = int(rnd() * len(hand))
                c = hand[i]
                h = owner[total + c if up else total - c]
                if h >= 0 and h != seat:
                    for j in range(len(hand)):
                        c = hand[j]
                        h = owner[total + c if up else total - c]
                        if h < 0 or h == seat:
                            i = j
                            break
            elif policy == CAREFUL:
                i = hand.index(careful_pick(hand, total, up, seat, owner, stew, len(islands)))
            else:
                i = hand.index(-1 - policy)
            card = hand[i]
            discard.append(card)
            plays += 1
            if up:
                total += card
            else:
                total -= card
            h = owner[total]
            if h >= 0 and h != seat:
                stew[seat] += 1
                if stew[seat] >= STEW_POT_LIMIT:
                    del hand[i]
                    reason = 1
                    break
            if total > UPPER_LIMIT if up else total < LOWER_LIMIT:
                up = not up
                owner[islands.pop()] = seat - 1 if seat else n - 1
                if not islands:
                    del hand[i]
                    reason = 2
                    break
            if draw:
                hand[i] = draw.pop()
            elif not self.play_out and len(discard) > 1:
                pile = reshuffle_order(self.seed, self.reshuffles, discard[:-1])
                self.reshuffles += 1
                pile.reverse()
                draw[:] = pile
                del discard[:-1]
                hand[i] = draw.pop()
            else:
                del hand[i]
            seat = seat + 1 if seat + 1 < n else 0
            if not hands[seat]:
                reason = 3
                break
        self.total = total
        self.up = up
        self.seat = seat
        self.plays += plays
        self.reason = reason
