"""Property tests over random playouts of the full game.

Every step checks: cards are conserved across hands, draw pile and discard pile; islands are
unique; the table view a referee builds from the public setup and the observed cards equals the
full game's view; the events agree with the state; the rollout kernel agrees with ``apply``;
and the game ends.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cowabunga import (
    CardExhaustedError,
    CarefulBot,
    EmptyDeck,
    GameOver,
    GameState,
    IslandDrawn,
    Play,
    Played,
    Rules,
    StewPot,
    apply,
    deal,
    legal_actions,
    new_table,
    observe,
    table_turn,
)
from cowabunga.cards import ISLAND_VALUES, MAX_TOTAL
from cowabunga.game import conserved
from cowabunga.kernel import CAREFUL, RANDOM, Kernel

from .helpers import NAMES

MAX_PLAYS = 2000
"""No game may last longer (each island lasts at most ~40 plays)."""


def _kernel_matches(kernel: Kernel, state: GameState) -> None:
    view = state.table
    assert kernel.total == view.total
    assert kernel.up == (view.counting.value == "up")
    assert kernel.stew == list(view.stew_pots)
    assert [sorted(h) for h in kernel.hands] == [sorted(h) for h in state.hands]
    assert kernel.draw[::-1] == list(state.draw_pile)
    assert kernel.discard == list(state.discard_pile)
    assert kernel.islands[::-1] == list(state.island_deck)
    owner = [-1] * (MAX_TOTAL + 1)
    for seat, held in enumerate(view.islands):
        for value in held:
            owner[value] = seat
    assert kernel.owner == owner
    if view.outcome is None:
        assert kernel.seat == view.to_play
        assert kernel.reason == 0
    else:
        assert kernel.end_reason is view.outcome.reason
        assert [view.players[s] for s in kernel.winner_seats()] == list(view.outcome.winners)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 5),
    play_out=st.booleans(),
    careful=st.booleans(),
)
def test_random_playouts(seed: int, players: int, play_out: bool, careful: bool) -> None:
    rng = random.Random(seed)
    rules = Rules(EmptyDeck.PLAY_OUT if play_out else EmptyDeck.RESHUFFLE)
    state = deal(NAMES[:players], rng, rules=rules)
    public = state.table
    view = new_table(
        public.players,
        public.total,
        dict(zip(public.players, public.islands, strict=True)),
        public.island_deck,
        rules=rules,
    )
    assert view == state.table
    kernel = Kernel.from_state(state)
    bot = CarefulBot()
    plays = 0
    while state.outcome is None:
        assert conserved(state)
        seat = state.to_play
        legal = legal_actions(state)
        assert legal == [Play(c) for c in sorted(set(state.hands[seat]))]
        card = bot.choose(observe(state, seat)) if careful else rng.choice(state.hands[seat])
        before = state
        state, events = apply(state, Play(card))
        plays += 1
        assert plays < MAX_PLAYS
        # The input state is untouched.
        assert before.table.plays == plays - 1
        # Cards conserved, islands unique and all accounted for.
        assert conserved(state)
        held = [v for h in state.table.islands for v in h]
        assert sorted([*held, *state.island_deck]) == list(ISLAND_VALUES)
        # Exactly the table's legal plays are accepted.
        for action in legal_actions(view):
            apply(view, action)
        for value in set(range(10)) - set(view.available_cards()):
            with pytest.raises(CardExhaustedError):
                apply(view, Play(value))
        # The table's bookkeeping matches the physical cards.
        t = state.table
        assert t.draw_pile == len(state.draw_pile)
        assert t.hand_sizes == tuple(len(h) for h in state.hands)
        assert t.discard == tuple(Counter(state.discard_pile).get(v, 0) for v in range(10))
        assert t.top_card == state.discard_pile[-1]
        assert t.island_deck == len(state.island_deck)
        # A referee who sees only the cards played and the islands drawn agrees.
        islands = [e.island for e in events if isinstance(e, IslandDrawn)]
        view, seen = table_turn(view, card, islands[0] if islands else None)
        assert view == state.table
        assert seen == events
        # The events tell the same story as the state.
        assert events[0] == Played(t.players[seat], card, t.total)
        pots = [e for e in events if isinstance(e, StewPot)]
        assert len(pots) <= 1
        assert t.stew_pots[seat] == before.table.stew_pots[seat] + len(pots)
        assert isinstance(events[-1], GameOver) == (state.outcome is not None)
        # The rollout kernel agrees.
        kernel.step(card)
        _kernel_matches(kernel, state)
    assert kernel.reason != 0
    assert legal_actions(state) == []


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_kernel_careful_games_equal_engine_games(seed: int, players: int) -> None:
    """The kernel's own loop (not just ``step``) plays careful games exactly like the engine."""
    state = deal(NAMES[:players], random.Random(seed))
    kernel = Kernel.from_state(state)
    kernel.run([CAREFUL] * players, random.Random(0).random)
    bot = CarefulBot()
    while state.outcome is None:
        state, _ = apply(state, Play(bot.choose(observe(state, state.to_play))))
    assert kernel.plays == state.table.plays
    _kernel_matches(kernel, state)


def test_kernel_deals_like_the_engine() -> None:
    for players in range(2, 6):
        dealt = Kernel.dealt(players, random.Random(players))
        state = deal(NAMES[:players], random.Random(players))
        _kernel_matches(dealt, state)


def test_reshuffles_happen_and_keep_everything_consistent() -> None:
    """Long careful two-player games run through the number deck at least once."""
    reshuffled = 0
    for seed in range(20):
        kernel = Kernel.dealt(2, random.Random(seed))
        kernel.run([CAREFUL, CAREFUL], random.Random(seed).random)
        reshuffled += kernel.reshuffles > 0
        cards = len(kernel.draw) + len(kernel.discard) + sum(len(h) for h in kernel.hands)
        assert cards == 58
    assert reshuffled > 0


def test_random_kernel_games_always_end() -> None:
    rng = random.Random(7)
    for players in range(2, 6):
        for play_out in (False, True):
            for _ in range(200):
                kernel = Kernel.dealt(players, rng, play_out=play_out)
                kernel.run([RANDOM] * players, rng.random)
                assert kernel.reason != 0
                assert kernel.plays < MAX_PLAYS
