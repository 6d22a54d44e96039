"""Turtle Soup's bots and simulator: strategies that can be told apart, games that end, figures
the seed repeats."""

from __future__ import annotations

import random
from dataclasses import replace

from voice_host.games.turtle_soup import rules
from voice_host.games.turtle_soup.simulate import head_to_head, play, tournament
from voice_host.games.turtle_soup.strategies import STRATEGIES, decisions, weigher


def test_the_waiter_is_never_served_and_scores_its_signal_tokens_only() -> None:
    scores = play(["waiter", "eager", "weigher", "coin"], random.Random(1))
    assert scores["0:waiter"] == 6 and len(scores) == 4


def test_the_weigher_takes_a_rich_pot_and_waits_on_a_thin_one() -> None:
    state = rules.new_game(["A", "B", "C", "D"])
    state, _ = rules.apply(state, rules.deal(state, random.Random(4)))
    rich = replace(state, pot=rules.Tokens(small=40, large=4))
    assert weigher(rich, "A", random.Random(0))
    thin = replace(state, pot=rules.Tokens(small=1))
    assert not weigher(thin, "A", random.Random(0))
    assert decisions(rich, dict.fromkeys(state.players, STRATEGIES["eager"]),
                     random.Random(0)) == state.waiting


def test_the_tournament_is_repeatable_and_weighing_beats_taking_at_once() -> None:
    first = tournament(list(STRATEGIES), 60, seed=3)
    again = tournament(list(STRATEGIES), 60, seed=3)
    assert {n: r.points for n, r in first.records.items()} == {
        n: r.points for n, r in again.records.items()}
    assert sum(r.games for r in first.records.values()) == 60 * 5
    assert head_to_head("weigher", "eager", 80, seed=5) > 0.6
