"""Every case of the digest's FAQ, plus the consequences of the real card values."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cowabunga import (
    Counting,
    DirectionChanged,
    DrawIsland,
    DuplicateIslandError,
    EndReason,
    GameOver,
    GameOverError,
    IslandDrawn,
    Play,
    Played,
    StewPot,
    TableView,
    apply,
    new_table,
)
from cowabunga.cards import is_island

from .helpers import run_table, start_view


def _at_27() -> TableView:
    """Start 9; Emily 9 → 18, Maria 9 → 27; Hendrik to play, counting up."""
    view, _ = run_table(start_view(9, {}), [9, 9])
    assert view.current_player == "Hendrik"
    return view


def test_reversing_totals_never_match_an_island_with_real_cards() -> None:
    """Islands are 10–30; a reversing total is above 30 or below 10. So with real cards the
    FAQ's "stew pot and direction change in one play" cannot happen; the engine still orders
    both (see the tests below with hand-built islands)."""
    for counting in Counting:
        for total in range(0, 40):
            view = replace(start_view(0, {}), total=total, counting=counting)
            for card in range(10):
                if view.reverses(card):
                    assert not is_island(view.total_after(card))


def test_stew_pot_and_direction_change_both_apply_stew_pot_first() -> None:
    view = replace(_at_27(), islands=((31,), (), ()))
    view, events = apply(view, Play(4))
    assert events == (
        Played("Hendrik", 4, 31),
        StewPot("Hendrik", 31, "Emily", 1),
        DirectionChanged("Hendrik", Counting.DOWN),
    )
    assert view.pending_island == 1
    view, events = apply(view, DrawIsland(24))
    assert events == (IslandDrawn("Maria", 24),)
    assert view.current_player == "Emily"
    assert view.counting is Counting.DOWN


def test_fourth_stew_pot_on_a_reversing_play_ends_before_the_direction_change() -> None:
    view = replace(_at_27(), islands=((31,), (), ()), stew_pots=(0, 0, 3))
    deck = view.island_deck
    view, events = apply(view, Play(4))
    assert view.outcome is not None
    assert events == (
        Played("Hendrik", 4, 31),
        StewPot("Hendrik", 31, "Emily", 4),
        GameOver(view.outcome),
    )
    assert view.outcome.reason is EndReason.FOURTH_STEW_POT
    assert view.counting is Counting.UP
    assert view.pending_island is None
    assert view.island_deck == deck


def test_direction_change_onto_own_island_costs_nothing() -> None:
    view = replace(_at_27(), islands=((), (), (31,)))
    view, events = apply(view, Play(4))
    assert events == (
        Played("Hendrik", 4, 31),
        DirectionChanged("Hendrik", Counting.DOWN),
    )
    assert view.stew_pots == (0, 0, 0)
    assert view.pending_island == 1  # Maria, Hendrik's right neighbour, still draws


def test_own_island_is_safe() -> None:
    view, events = run_table(start_view(9, {"Emily": [18]}), [9])
    assert events == [Played("Emily", 9, 18)]
    assert view.stew_pots == (0, 0, 0)


def test_right_neighbour_draws_even_when_next_in_turn() -> None:
    view = new_table(["Ann", "Ben"], 9, {}, 5)
    view, events = run_table(view, [9, 9, 9], [15])  # Ann 18, Ben 27, Ann 36
    assert events[-2:] == [DirectionChanged("Ann", Counting.DOWN), IslandDrawn("Ben", 15)]
    assert view.current_player == "Ben"


def test_right_neighbour_is_the_player_before_not_after() -> None:
    _, events = run_table(start_view(9, {}, players=4), [9, 9, 9], [15])  # Hendrik 36
    assert events[-1] == IslandDrawn("Maria", 15)
    _, events = run_table(start_view(9, {}, players=4), [9, 9, 0, 9], [15])  # Jonas 36
    assert events[-1] == IslandDrawn("Hendrik", 15)
    _, events = run_table(start_view(9, {}, players=4), [9, 0, 0, 0, 9, 9], [15])
    assert events[-2:] == [DirectionChanged("Maria", Counting.DOWN), IslandDrawn("Emily", 15)]


def test_the_changer_draws_no_island() -> None:
    view, _ = run_table(start_view(9, {}), [9, 9, 9], [15])
    assert view.islands == ((), (15,), ())


def test_two_matching_islands_cost_one_stew_pot_each() -> None:
    """Real islands are unique, so this needs a hand-built view."""
    view = replace(_at_27(), islands=((29,), (29,), ()))
    view, events = apply(view, Play(2))
    assert events[1:] == (StewPot("Hendrik", 29, "Emily", 1), StewPot("Hendrik", 29, "Maria", 2))
    assert view.stew_pots == (0, 0, 2)


def test_two_matching_islands_stop_at_the_fourth_stew_pot() -> None:
    view = replace(_at_27(), islands=((29,), (29,), ()), stew_pots=(0, 0, 3))
    view, events = apply(view, Play(2))
    assert [e.name for e in events] == ["played", "stew_pot", "game_over"]
    assert view.stew_pots == (0, 0, 4)


def test_an_island_cannot_be_held_twice() -> None:
    with pytest.raises(DuplicateIslandError, match="18"):
        new_table(["A", "B"], 4, {"A": [18], "B": [18]}, 3)
    view, _ = run_table(new_table(["A", "B"], 9, {"A": [18]}, 3), [9, 9])
    view, _ = apply(view, Play(9))  # A reaches 36
    with pytest.raises(DuplicateIslandError, match="already held by A"):
        apply(view, DrawIsland(18))


def test_fourth_stew_pot_ends_the_game_at_once() -> None:
    view = replace(_at_27(), islands=((29,), (), ()), stew_pots=(1, 2, 3))
    draw_pile, _hands = view.draw_pile, view.hand_sizes
    view, events = apply(view, Play(2))
    assert view.outcome is not None
    assert view.outcome.reason is EndReason.FOURTH_STEW_POT
    assert view.outcome.winners == ("Emily",)
    assert dict(view.outcome.stew_pots) == {"Emily": 1, "Maria": 2, "Hendrik": 4}
    assert events[-1] == GameOver(view.outcome)
    # The rest of the turn does not happen: no number draw.
    assert view.draw_pile == draw_pile
    assert view.hand_sizes == (3, 3, 2)
    with pytest.raises(GameOverError, match="game is over"):
        apply(view, Play(0))


def test_last_island_ends_the_game_before_play_resumes() -> None:
    view = replace(_at_27(), stew_pots=(2, 1, 1), island_deck=1)
    draw_pile = view.draw_pile
    view, events = run_table(view, [9], [12])
    assert view.outcome is not None
    assert events == [
        Played("Hendrik", 9, 36),
        DirectionChanged("Hendrik", Counting.DOWN),
        IslandDrawn("Maria", 12),
        GameOver(view.outcome),
    ]
    assert view.outcome.reason is EndReason.ISLAND_DECK_EMPTY
    assert view.outcome.winners == ("Maria", "Hendrik")
    assert view.island_deck == 0
    assert view.draw_pile == draw_pile
    with pytest.raises(GameOverError):
        apply(view, Play(1))


def test_every_turn_includes_its_draw() -> None:
    """A forgotten draw is made up before the player's next turn, so at every turn the table
    can count on full hands: the view never needs a separate draw action."""
    view = start_view(4, {"Emily": [18], "Maria": [26]})
    pile = view.draw_pile
    view, _ = run_table(view, [7, 9, 2, 1, 0, 1])
    assert view.hand_sizes == (3, 3, 3)
    assert view.draw_pile == pile - 6
