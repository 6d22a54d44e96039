"""The full game: hands, decks and the discard pile, for simulation and training.

A :class:`GameState` wraps the :class:`~cowabunga.table.TableView` that everyone sees and adds
the hidden cards. Its ``apply`` runs the very same table rules; the hidden part only supplies
the island drawn (the top of ``island_deck``) and moves the physical cards.

Randomness enters in two places, both without global state: :func:`deal` takes an injected
``random.Random`` (or use :func:`from_deal` with explicit card orders), and a reshuffle of the
discard pile is ordered by :func:`reshuffle_order` from the state's ``shuffle_seed`` and the
number of reshuffles so far, so ``apply`` stays a pure function of its inputs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import overload

from cowabunga.cards import (
    CARD_COPIES,
    FULL_DECK,
    HAND_SIZE,
    ISLAND_VALUES,
    full_deck,
    islands_per_player,
    shuffled,
)
from cowabunga.errors import CardNotInHandError, GameOverError, NoIslandDrawError, SetupError
from cowabunga.events import Event, Outcome
from cowabunga.table import (
    Action,
    EmptyDeck,
    Play,
    Rules,
    TableView,
    apply_table,
    draw_island,
    new_table,
    play_card,
    table_legal_actions,
)


@dataclass(frozen=True, slots=True)
class GameState:
    """A whole game with every card known. Create with :func:`deal` or :func:`from_deal`."""

    table: TableView
    """What everyone at the table sees."""

    hands: tuple[tuple[int, ...], ...]
    """Number cards held per seat."""

    draw_pile: tuple[int, ...]
    """The number draw pile, top first."""

    discard_pile: tuple[int, ...]
    """The discard pile, bottom first (the last is the top card)."""

    island_deck: tuple[int, ...]
    """The island deck, top first."""

    shuffle_seed: int
    """Seed that orders reshuffles of the discard pile (see :func:`reshuffle_order`)."""

    reshuffles: int = 0
    """Reshuffles so far."""

    @property
    def to_play(self) -> int:
        """Seat of the player to move."""
        return self.table.to_play

    @property
    def outcome(self) -> Outcome | None:
        """The result once the game is over, else ``None``."""
        return self.table.outcome


@dataclass(frozen=True, slots=True)
class Observation:
    """What one player knows: the table and their own hand. Bots decide from this only."""

    table: TableView
    """The table view."""

    seat: int
    """The observing player's seat."""

    hand: tuple[int, ...]
    """The observing player's number cards."""


def reshuffle_order(seed: int, index: int, cards: Sequence[int]) -> list[int]:
    """The new draw pile (top first) made from ``cards`` at reshuffle number ``index``."""
    return shuffled(cards, random.Random(seed * 1_000_003 + index).random)


def from_deal(
    players: Sequence[str],
    number_order: Sequence[int],
    island_order: Sequence[int],
    *,
    shuffle_seed: int = 0,
    rules: Rules | None = None,
) -> GameState:
    """A game dealt from explicit card orders (chance as data).

    ``number_order`` is all 58 number cards, top first: each player in turn takes 3 from the
    top, then the next card starts the discard pile. ``island_order`` is all 21 islands, top
    first: each player takes 2 (1 with 4–5 players), the rest is the island deck.
    """
    names = tuple(players)
    if sorted(number_order) != full_deck():
        raise SetupError(f"number order {list(number_order)!r}: must be the 58 number cards")
    if sorted(island_order) != list(ISLAND_VALUES):
        raise SetupError(f"island order {list(island_order)!r}: must be the 21 islands 10-30")
    n = len(names)
    dealt = HAND_SIZE * n
    hands = tuple(tuple(number_order[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(n))
    k = islands_per_player(n)
    held = {names[i]: island_order[i * k : (i + 1) * k] for i in range(n)} if n else {}
    table = new_table(names, number_order[dealt], held, len(island_order) - k * n, rules=rules)
    return GameState(
        table=table,
        hands=hands,
        draw_pile=tuple(number_order[dealt + 1 :]),
        discard_pile=(number_order[dealt],),
        island_deck=tuple(island_order[k * n :]),
        shuffle_seed=shuffle_seed,
    )


def deal(players: Sequence[str], rng: random.Random, *, rules: Rules | None = None) -> GameState:
    """A new game with both decks shuffled by the injected ``rng``."""
    numbers = shuffled(FULL_DECK, rng.random)
    islands = shuffled(ISLAND_VALUES, rng.random)
    return from_deal(players, numbers, islands, shuffle_seed=rng.getrandbits(48), rules=rules)


def observe(state: GameState, seat: int) -> Observation:
    """What the player at ``seat`` knows."""
    return Observation(state.table, seat, state.hands[seat])


def apply_game(state: GameState, action: Play) -> tuple[GameState, tuple[Event, ...]]:
    """The player to move plays ``action.card`` from their hand; the whole turn follows.

    Raises :class:`CardNotInHandError`, :class:`GameOverError`, or any error the table rules
    raise.
    """
    view = state.table
    if view.outcome is not None:
        raise GameOverError(f"card {action.card!r}: the game is over ({view.outcome.reason.value})")
    seat = view.to_play
    hand = state.hands[seat]
    if action.card not in hand:
        raise CardNotInHandError(
            f"card {action.card!r}: {view.players[seat]} holds {', '.join(map(str, hand))} "
            f"({view.describe()})"
        )
    after, events = play_card(view, action.card)
    island_deck = state.island_deck
    if after.pending_island is not None:
        after, more = draw_island(after, island_deck[0])
        events += more
        island_deck = island_deck[1:]
    rest = list(hand)
    rest.remove(action.card)
    discard = (*state.discard_pile, action.card)
    draw_pile = state.draw_pile
    reshuffles = state.reshuffles
    if after.outcome is None:
        if not draw_pile and view.rules.empty_deck is EmptyDeck.RESHUFFLE and len(discard) > 1:
            draw_pile = tuple(reshuffle_order(state.shuffle_seed, reshuffles, discard[:-1]))
            discard = discard[-1:]
            reshuffles += 1
        if draw_pile:
            rest.append(draw_pile[0])
            draw_pile = draw_pile[1:]
    hands = list(state.hands)
    hands[seat] = tuple(rest)
    return (
        GameState(
            table=after,
            hands=tuple(hands),
            draw_pile=draw_pile,
            discard_pile=discard,
            island_deck=island_deck,
            shuffle_seed=state.shuffle_seed,
            reshuffles=reshuffles,
        ),
        events,
    )


def game_legal_actions(state: GameState) -> list[Play]:
    """The distinct cards the player to move holds, ascending; nothing once the game is over."""
    if state.table.outcome is not None:
        return []
    return [Play(card) for card in sorted(set(state.hands[state.table.to_play]))]


@overload
def apply(state: GameState, action: Play) -> tuple[GameState, tuple[Event, ...]]: ...
@overload
def apply(state: TableView, action: Action) -> tuple[TableView, tuple[Event, ...]]: ...
def apply(
    state: GameState | TableView, action: Action
) -> tuple[GameState, tuple[Event, ...]] | tuple[TableView, tuple[Event, ...]]:
    """Apply an action to a full game or to a table view; returns the new state and what
    happened. The input state is never changed."""
    if isinstance(state, GameState):
        if not isinstance(action, Play):
            raise NoIslandDrawError(f"{action!r}: a full game draws its own islands")
        return apply_game(state, action)
    return apply_table(state, action)


@overload
def legal_actions(state: GameState) -> list[Play]: ...
@overload
def legal_actions(state: TableView) -> list[Action]: ...
def legal_actions(state: GameState | TableView) -> list[Play] | list[Action]:
    """The actions allowed now: for a full game the mover's distinct cards; for a table view
    any available card (or, after a direction change, any island nobody holds)."""
    if isinstance(state, GameState):
        return game_legal_actions(state)
    return table_legal_actions(state)


def outcome(state: GameState | TableView) -> Outcome | None:
    """``None`` while the game runs, else who won and why."""
    return state.outcome


def conserved(state: GameState) -> bool:
    """Whether every number card is exactly once in a hand, the draw pile or the discard pile,
    and every island at most once (a check for tests and debugging)."""
    counts = [0] * 10
    for card in (*state.draw_pile, *state.discard_pile, *(c for h in state.hands for c in h)):
        counts[card] += 1
    islands = [*state.island_deck, *(v for h in state.table.islands for v in h)]
    return tuple(counts) == CARD_COPIES and len(islands) == len(set(islands))


def with_rules(state: GameState, rules: Rules) -> GameState:
    """The same position under other house rules."""
    return replace(state, table=replace(state.table, rules=rules))
