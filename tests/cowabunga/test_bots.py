"""Bots: they decide from what the player sees only, and they play sensibly."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cowabunga import (
    CarefulBot,
    Counting,
    CowabungaError,
    MonteCarloBot,
    Observation,
    Play,
    RandomBot,
    apply,
    deal,
    make_bot,
    mc_hint,
    new_table,
    observe,
)
from cowabunga.bots import determinize, parse_bots, seat_bots
from cowabunga.cards import CARD_COPIES
from cowabunga.simulate import simulate

from .helpers import NAMES


def _obs(hand: tuple[int, ...], **table: object) -> Observation:
    view = new_table(NAMES[:3], 4, {"Emily": [12], "Maria": [20], "Hendrik": [25]}, 10)
    return Observation(replace(view, **table), 0, hand)  # type: ignore[arg-type]


def test_careful_avoids_a_stew_pot() -> None:
    # Total 17 counting up: 3 lands on Maria's 20, 8 on Hendrik's 25; 5 → 22 is free.
    assert CarefulBot().choose(_obs((3, 8, 5), total=17)) == 5


def test_careful_uses_its_own_island() -> None:
    # Total 10: 2 lands on Emily's own 12, the others land on free values.
    obs = _obs((2, 9, 4), total=10)
    assert CarefulBot().choose(obs) in (2, 4)
    assert CarefulBot().choose(_obs((2, 3), total=17)) == 2  # 3 → Maria's 20


def test_careful_keeps_its_zeros() -> None:
    assert CarefulBot().choose(_obs((0, 4), total=14)) == 4


def test_careful_reverses_on_the_last_island_only_when_leading() -> None:
    leading = _obs((9, 1), total=28, island_deck=1, stew_pots=(0, 2, 1))
    assert CarefulBot().choose(leading) == 9  # 37 ends the game: Emily wins
    trailing = _obs((9, 1), total=28, island_deck=1, stew_pots=(2, 0, 1))
    assert CarefulBot().choose(trailing) == 1


def test_careful_avoids_handing_out_islands() -> None:
    assert CarefulBot().choose(_obs((9, 3), total=27, island_deck=8)) == 3


def test_bots_only_use_what_the_player_sees() -> None:
    """Two games that look the same to the player to move, with different hidden cards, get
    the same decision from a seeded Monte Carlo bot."""
    state = deal(NAMES[:3], random.Random(8))
    for _ in range(10):
        state, _ = apply(state, Play(CarefulBot().choose(observe(state, state.to_play))))
    seat = state.to_play
    others = [c for s, h in enumerate(state.hands) if s != seat for c in h]
    pool = others + list(state.draw_pile)
    random.Random(1).shuffle(pool)
    hands = list(state.hands)
    at = 0
    for s in range(3):
        if s != seat:
            hands[s] = tuple(pool[at : at + 3])
            at += 3
    twin = replace(state, hands=tuple(hands), draw_pile=tuple(pool[at:]))
    assert observe(twin, seat) == observe(state, seat)
    assert twin.hands != state.hands
    a = MonteCarloBot(random.Random(5), rollouts=200).choose(observe(state, seat))
    b = MonteCarloBot(random.Random(5), rollouts=200).choose(observe(twin, seat))
    assert a == b


def test_determinize_is_consistent_with_the_observation() -> None:
    state = deal(NAMES[:4], random.Random(3))
    for _ in range(7):
        state, _ = apply(state, Play(state.hands[state.to_play][0]))
    obs = observe(state, state.to_play)
    k = determinize(obs, random.Random(0))
    assert k.hands[obs.seat] == list(obs.hand)
    assert [len(h) for h in k.hands] == list(state.table.hand_sizes)
    counts = [0] * 10
    for c in [*k.draw, *k.discard, *(c for h in k.hands for c in h)]:
        counts[c] += 1
    assert tuple(counts) == CARD_COPIES
    assert k.discard[-1] == state.table.top_card
    assert sorted(k.islands) == sorted(state.island_deck)


def test_mc_hint_sees_the_obvious() -> None:
    # 3 → Maria's 20 costs a stew pot; 5 → 22 costs nothing.
    hint = mc_hint(_obs((3, 5), total=17), random.Random(0), 200)
    assert set(hint) == {3, 5}
    assert hint[5] > hint[3]
    assert all(0.0 <= p <= 1.0 for p in hint.values())
    assert mc_hint(_obs((4, 4), total=17), random.Random(0), 10) == {4: 1.0}


def test_mc_hint_refuses_out_of_turn() -> None:
    obs = _obs((3, 5), total=17)
    with pytest.raises(CowabungaError, match="not Maria's turn"):
        mc_hint(Observation(obs.table, 1, obs.hand), random.Random(0), 10)


def test_mc_bot_plays_whole_games() -> None:
    tally = simulate(2, ["mc", "random"], seed=1, rollouts=40)
    assert tally.games == 2


def test_careful_beats_random() -> None:
    tally = simulate(300, ["careful", "random", "random"], seed=2)
    assert tally.bot_wins["careful"] / tally.bot_games["careful"] > 0.8
    assert tally.bot_wins["random"] / tally.bot_games["random"] < 0.3


def test_random_bot_plays_from_hand() -> None:
    bot = RandomBot(random.Random(0))
    obs = _obs((3, 5, 7), total=17)
    assert {bot.choose(obs) for _ in range(50)} == {3, 5, 7}


def test_bot_names() -> None:
    assert make_bot("careful", random.Random(0)).name == "careful"
    assert make_bot("mc", random.Random(0)).name == "mc"
    assert make_bot("random", random.Random(0)).name == "random"
    with pytest.raises(CowabungaError, match="unknown bot 'smart'"):
        make_bot("smart", random.Random(0))
    assert parse_bots("careful, mc") == ["careful", "mc"]
    assert parse_bots("careful,smart") is None
    assert parse_bots("") is None
    assert seat_bots(["careful", "mc"], 3) == ["careful", "mc", "careful"]


def test_counting_direction_reaches_the_bots() -> None:
    # Counting down from 24: 4 → 20 (Maria's), 2 → 22 free.
    assert CarefulBot().choose(_obs((4, 2), total=24, counting=Counting.DOWN)) == 2
