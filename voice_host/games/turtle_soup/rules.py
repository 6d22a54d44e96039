"""Turtle Soup's rules as a pure state machine: ``apply(state, action) -> (state, events)``.

No I/O, no clock, no global random. Chance enters in one place: each dinner starts with
:class:`NewDinner`, which carries that dinner's shuffled deck (top first). A replayed script
gives it; a simulation makes it with :func:`deal` from an injected ``random.Random``; a real
table's host deals it the same way.

A game is a number of dinners. At each, cards are turned up into the pot until at least four
suits are on the table; then decision rounds follow, each with the players still waiting: the
takers get their share (the pot divided by the players waiting, rounded down, each kind of token
on its own) and stop waiting. After a round the dinner ends if nobody waits (``all_served``) or
the deck is empty (``deck_empty``); otherwise the next card is turned up, and if all six suits
are now on the table the soup spoils (``spoiled``). Whatever is left in the pot goes back to the
bank. Every choice the rules leave open is a field of :class:`Rules`.
"""

from __future__ import annotations

import enum
import json
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import ClassVar, Final

from voice_host.games.turtle_soup import decktet
from voice_host.games.turtle_soup.cards import SUITS, Card, Suit
from voice_host.games.turtle_soup.errors import (
    DinnerCountError,
    DuplicateTakerError,
    NotWaitingError,
    PhaseError,
    PlayerCountError,
    PlayerNameError,
    SetupError,
    UnknownPlayerError,
)

MIN_PLAYERS: Final = 4
"""The fewest players the rules allow."""

MAX_PLAYERS: Final = 6
"""The most players the rules allow."""

MIN_DINNERS: Final = 5
"""The fewest dinners a game has by the rules ("almeno cinque cene"); a host's setup holds to it."""

JSONObject = dict[str, object]
"""One line of replay output, before encoding."""


@dataclass(frozen=True, slots=True)
class Tokens:
    """A heap of tokens: in the pot, in a share, with a player or out of the bank."""

    small: int = 0
    """Small tokens (1 point each)."""

    large: int = 0
    """Large tokens (5 points each)."""

    extra: int = 0
    """Extra-large tokens, the extended deck's pawns and courts (10 points each)."""

    def __add__(self, other: Tokens) -> Tokens:
        return Tokens(self.small + other.small, self.large + other.large, self.extra + other.extra)

    def __sub__(self, other: Tokens) -> Tokens:
        return Tokens(self.small - other.small, self.large - other.large, self.extra - other.extra)

    def __neg__(self) -> Tokens:
        return Tokens(-self.small, -self.large, -self.extra)

    def times(self, n: int) -> Tokens:
        """``n`` heaps like this one."""
        return Tokens(self.small * n, self.large * n, self.extra * n)

    def share(self, k: int) -> Tokens:
        """One taker's share when ``k`` players wait: each kind divided by ``k``, rounded down."""
        return Tokens(self.small // k, self.large // k, self.extra // k)

    def to_json(self) -> JSONObject:
        """``{"small": s, "large": l, "extra": x}``, as the replay contract writes a heap."""
        return {"small": self.small, "large": self.large, "extra": self.extra}


class Leftovers(enum.Enum):
    """Where the pot goes when a dinner ends with tokens still in it."""

    BANK = "bank"
    """Back to the bank (the rules, for a spoiled soup; the replay contract, always)."""

    CARRY = "carry"
    """It stays in the pot for the next dinner; after the last dinner it goes to the bank."""


@dataclass(frozen=True, slots=True)
class Rules:
    """The choices the printed rules leave open. The defaults are the replay contract's."""

    dinners: int = MIN_DINNERS
    """How many dinners a game has (the rules: at least five, more if agreed at the start)."""

    opening_suits: int = 4
    """A dinner's first cards are turned up until at least this many suits are on the table."""

    extended: bool = False
    """Deal the extended deck (pawns, courts, the Excuse) rather than the basic 36 cards."""

    pawn: Tokens = Tokens(extra=1)
    """What a pawn puts in the pot: one extra-large token, worth 10."""

    court: Tokens = Tokens(extra=1)
    """What a court puts in the pot: one extra-large token, worth 10."""

    leftovers: Leftovers = Leftovers.BANK
    """Where a pot nobody (or not everybody) took goes when the dinner ends."""

    signal: Tokens = Tokens(small=1, large=1)
    """The two signal tokens each player holds all game and scores at the end (6 points)."""

    points: Tokens = Tokens(small=1, large=5, extra=10)
    """What one token of each kind is worth at the end."""

    def __post_init__(self) -> None:
        if self.dinners < 1:
            raise DinnerCountError(f"dinners: {self.dinners}; a game has at least one dinner")
        if not 1 <= self.opening_suits <= len(SUITS):
            raise SetupError(f"opening_suits: {self.opening_suits} is not 1-6")

    def value(self, tokens: Tokens) -> int:
        """The points ``tokens`` are worth."""
        return (tokens.small * self.points.small + tokens.large * self.points.large
                + tokens.extra * self.points.extra)


def ingredients(card: Card, rules: Rules) -> Tokens:
    """What ``card`` puts into the pot: an ace or crown one large token, a number that many small
    ones, a pawn or court what :class:`Rules` says (one extra-large), the Excuse nothing."""
    if isinstance(card.rank, int):
        return Tokens(small=card.rank)
    return {
        "ace": Tokens(large=1),
        "crown": Tokens(large=1),
        "pawn": rules.pawn,
        "court": rules.court,
        "excuse": Tokens(),
    }[card.rank]


class Phase(enum.Enum):
    """What the game waits for."""

    BETWEEN = "between"
    """The next dinner's deck (:class:`NewDinner`)."""

    DECIDING = "deciding"
    """The waiting players' choice: who takes a share now (:class:`Decide`)."""

    OVER = "over"
    """Nothing: the last dinner has ended."""


class DinnerEnd(enum.Enum):
    """Why a dinner ended; the value is the replay contract's ``reason``."""

    ALL_SERVED = "all_served"
    """Every player took a share."""

    SPOILED = "spoiled"
    """A card turned up after a decision round brought the sixth suit to the table."""

    DECK_EMPTY = "deck_empty"
    """After a decision round, some still waited but no card was left to turn up."""


# --- actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NewDinner:
    """Start the next dinner with this shuffled deck."""

    deck: tuple[Card, ...]
    """The dinner's deck, top first (the chance of the game)."""


@dataclass(frozen=True, slots=True)
class Decide:
    """A decision round: these players take a share now; every other waiting player waits."""

    takers: tuple[str, ...]
    """Who takes, in the order they were named (possibly nobody)."""


Action = NewDinner | Decide
"""Everything that moves a game on."""


# --- events --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DinnerStarted:
    """A dinner begins: the pot is empty (unless carried over) and every player waits."""

    name: ClassVar[str] = "dinner"
    number: int
    """The dinner's number, from 1."""

    def to_json(self) -> JSONObject:
        """The replay contract's object."""
        return {"event": self.name, "number": self.number}


@dataclass(frozen=True, slots=True)
class Revealed:
    """A card was turned up and its ingredients went into the pot."""

    name: ClassVar[str] = "revealed"
    card: Card
    """The card."""
    pot: Tokens
    """The pot after its ingredients went in."""
    suits: int
    """How many of the six suits have been turned up this dinner, this card included."""

    def to_json(self) -> JSONObject:
        """The replay contract's object."""
        return {"event": self.name, "card": self.card.to_json(), "pot": self.pot.to_json(),
                "suits": self.suits}


@dataclass(frozen=True, slots=True)
class RoundPlayed:
    """A decision round: the takers got their share out of the pot and stopped waiting."""

    name: ClassVar[str] = "round"
    takers: tuple[str, ...]
    """Who took, as named."""
    each: Tokens
    """One taker's share: the pot at the round's start divided by ``active``, rounded down."""
    active: int
    """How many players were waiting when the round began."""

    def to_json(self) -> JSONObject:
        """The replay contract's object."""
        return {"event": self.name, "takers": list(self.takers), "each": self.each.to_json(),
                "active": self.active}


@dataclass(frozen=True, slots=True)
class Spoiled:
    """The card just turned up brought the sixth suit: the soup is spoiled."""

    name: ClassVar[str] = "spoiled"

    def to_json(self) -> JSONObject:
        """The replay contract's object."""
        return {"event": self.name}


@dataclass(frozen=True, slots=True)
class DinnerOver:
    """A dinner ended; what was left in the pot went back to the bank."""

    name: ClassVar[str] = "dinner_over"
    reason: DinnerEnd
    """Why it ended."""
    returned: Tokens
    """What went back to the bank (nothing when :attr:`Rules.leftovers` carries it over)."""

    def to_json(self) -> JSONObject:
        """The replay contract's object."""
        return {"event": self.name, "reason": self.reason.value,
                "returned": self.returned.to_json()}


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game: the most points win, all tied players win."""

    scores: Mapping[str, int] = field(hash=False)
    """Each player's points (signal tokens included), in seat order."""
    winners: tuple[str, ...]
    """The players with the most points, in seat order."""


@dataclass(frozen=True, slots=True)
class GameOver:
    """The last dinner ended: the scores and the winners."""

    name: ClassVar[str] = "game_over"
    outcome: Outcome
    """The result."""

    def to_json(self) -> JSONObject:
        """The replay contract's object."""
        return {"event": self.name, "scores": dict(self.outcome.scores),
                "winners": list(self.outcome.winners)}


Event = DinnerStarted | Revealed | RoundPlayed | Spoiled | DinnerOver | GameOver
"""Everything that happens at the table."""


# --- state ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class State:
    """The whole game between two actions."""

    players: tuple[str, ...]
    """The players, in seat order."""
    rules: Rules
    """The rules it is played by."""
    dinners: int
    """How many dinners the game has."""
    dinner: int = 0
    """The current dinner's number (the last one's between dinners; 0 before the first)."""
    phase: Phase = Phase.BETWEEN
    """What the game waits for."""
    deck: tuple[Card, ...] = ()
    """The current dinner's cards not yet turned up, top first."""
    turned: tuple[Card, ...] = ()
    """The cards turned up this dinner, in order."""
    pot: Tokens = Tokens()
    """The pot."""
    waiting: tuple[str, ...] = ()
    """The players still waiting this dinner, in seat order."""
    served: tuple[Tokens, ...] = ()
    """What each player has been served over the game, by seat (signal tokens not included)."""
    bank: Tokens = Tokens()
    """The bank's balance since the start: tokens out of it are negative (its supply is
    unbounded), so ``bank + pot + sum(served)`` stays zero."""
    ended: DinnerEnd | None = None
    """Why the last dinner ended, between dinners."""

    @property
    def suits(self) -> frozenset[Suit]:
        """The suits turned up this dinner."""
        return frozenset(suit for card in self.turned for suit in card.suits)

    def scores(self) -> dict[str, int]:
        """Each player's points now, signal tokens included, in seat order."""
        return {p: self.rules.value(self.rules.signal + s)
                for p, s in zip(self.players, self.served, strict=True)}


def check_players(players: Sequence[object], where: str = "players") -> tuple[str, ...]:
    """``players`` as names, if they are 4-6 different non-empty strings; raises
    :class:`PlayerCountError` or :class:`PlayerNameError` naming ``where`` otherwise."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise PlayerCountError(
            f"{where}: {len(players)} players; Turtle Soup is for {MIN_PLAYERS}-{MAX_PLAYERS}"
        )
    seen: set[str] = set()
    for i, name in enumerate(players):
        if not isinstance(name, str) or not name.strip():
            raise PlayerNameError(f"{where}[{i}]: {show(name)} is not a name (a non-empty string)")
        if name in seen:
            raise PlayerNameError(f"{where}[{i}]: {show(name)} is given twice; names must differ")
        seen.add(name)
    return tuple(str(p) for p in players)


def new_game(players: Sequence[str], rules: Rules | None = None,
             dinners: int | None = None) -> State:
    """A game about to begin its first dinner; ``dinners`` overrides ``rules.dinners``."""
    rules = rules or Rules()
    count = rules.dinners if dinners is None else dinners
    if count < 1:
        raise DinnerCountError(f"{count} dinners; a game has at least one")
    names = check_players(players)
    return State(players=names, rules=rules, dinners=count, served=(Tokens(),) * len(names))


def deal(state: State, rng: random.Random) -> NewDinner:
    """The next dinner's action: the Decktet (extended if the rules say so) shuffled by ``rng``."""
    return NewDinner(decktet.shuffled(rng, state.rules.extended))


def apply(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """The game after ``action``, and what happened; raises a
    :class:`~voice_host.games.turtle_soup.errors.TurtleSoupError` if the action breaks the rules
    (the state is then unchanged)."""
    if isinstance(action, NewDinner):
        return start_dinner(state, action.deck)
    return decide(state, action.takers)


def start_dinner(state: State, deck: Iterable[Card]) -> tuple[State, tuple[Event, ...]]:
    """Begin the next dinner with ``deck`` (top first): every player waits, and cards are turned
    up until at least :attr:`Rules.opening_suits` suits are on the table (or the deck runs out:
    the decision round is then held over what is on the table)."""
    if state.phase is Phase.OVER:
        raise PhaseError(f"the game is over: all {state.dinners} dinners were served")
    if state.phase is Phase.DECIDING:
        raise PhaseError(f"dinner {state.dinner} is still on (waiting: {names(state.waiting)})")
    state = replace(state, dinner=state.dinner + 1, phase=Phase.DECIDING, deck=tuple(deck),
                    turned=(), waiting=state.players, ended=None)
    events: list[Event] = [DinnerStarted(state.dinner)]
    while len(state.suits) < state.rules.opening_suits and state.deck:
        state, revealed = _turn_up(state)
        events.append(revealed)
    return state, tuple(events)


def decide(state: State, takers: Sequence[str]) -> tuple[State, tuple[Event, ...]]:
    """A decision round: ``takers`` get their share and stop waiting; then the dinner ends, or
    the next card is turned up (and may spoil the soup)."""
    if state.phase is not Phase.DECIDING:
        raise PhaseError("no dinner is on: nobody is waiting for soup" if state.phase is
                         Phase.BETWEEN else "the game is over: nobody is waiting for soup")
    check_takers(state, takers)
    active = len(state.waiting)
    each = state.pot.share(active)
    served = tuple(s + each if p in takers else s for p, s in zip(state.players, state.served,
                                                                   strict=True))
    state = replace(state, pot=state.pot - each.times(len(takers)), served=served,
                    waiting=tuple(p for p in state.waiting if p not in takers))
    events: list[Event] = [RoundPlayed(tuple(takers), each, active)]
    if not state.waiting:
        return _end_dinner(state, DinnerEnd.ALL_SERVED, events)
    if not state.deck:
        return _end_dinner(state, DinnerEnd.DECK_EMPTY, events)
    state, revealed = _turn_up(state)
    events.append(revealed)
    if len(state.suits) == len(SUITS):
        events.append(Spoiled())
        return _end_dinner(state, DinnerEnd.SPOILED, events)
    return state, tuple(events)


def check_takers(state: State, takers: Sequence[str]) -> None:
    """Raise unless every taker is a player still waiting, named once."""
    seen: set[str] = set()
    for name in takers:
        if name not in state.players:
            raise UnknownPlayerError(
                f"{show(name)} is not a player (players: {names(state.players)})"
            )
        if name in seen:
            raise DuplicateTakerError(f"{show(name)} is named twice in one round")
        if name not in state.waiting:
            raise NotWaitingError(
                f"{show(name)} is not waiting: already served this dinner "
                f"(waiting: {names(state.waiting)})"
            )
        seen.add(name)


def _turn_up(state: State) -> tuple[State, Revealed]:
    card, *rest = state.deck
    put = ingredients(card, state.rules)
    state = replace(state, deck=tuple(rest), turned=(*state.turned, card), pot=state.pot + put,
                    bank=state.bank - put)
    return state, Revealed(card, state.pot, len(state.suits))


def _end_dinner(state: State, reason: DinnerEnd,
                events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    last = state.dinner == state.dinners
    back = state.pot if state.rules.leftovers is Leftovers.BANK or last else Tokens()
    state = replace(state, phase=Phase.OVER if last else Phase.BETWEEN, waiting=(),
                    pot=state.pot - back, bank=state.bank + back, ended=reason)
    events.append(DinnerOver(reason, back))
    result = outcome(state)
    if result is not None:
        events.append(GameOver(result))
    return state, tuple(events)


def outcome(state: State) -> Outcome | None:
    """The scores and winners once the last dinner has ended; None while the game goes on."""
    if state.phase is not Phase.OVER:
        return None
    scores = state.scores()
    best = max(scores.values())
    return Outcome(scores, tuple(p for p, points in scores.items() if points == best))


def legal_takers(state: State) -> tuple[str, ...]:
    """Who may take a share now (any of them, or none, may): the waiting players."""
    return state.waiting if state.phase is Phase.DECIDING else ()


def spoil_chance(state: State) -> Fraction:
    """The chance that the next card spoils the soup, over the cards not yet turned up this
    dinner (their order unknown to the table); 0 if no card is left or no dinner is on."""
    if state.phase is not Phase.DECIDING or not state.deck:
        return Fraction(0)
    on_table = state.suits
    spoiling = sum(1 for card in state.deck if len(on_table | set(card.suits)) == len(SUITS))
    return Fraction(spoiling, len(state.deck))


def names(players: Iterable[str]) -> str:
    """Players for a message: "Anna, Ben", or "nobody"."""
    shown = [show(p) for p in players]
    return ", ".join(shown) if shown else "nobody"


def show(value: object) -> str:
    """A name or value for a one-line message: as is if printable, else as JSON."""
    if isinstance(value, str) and value.isprintable() and value.strip():
        return value
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."
