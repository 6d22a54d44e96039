"""The rulebook's worked examples and its basic rules."""

from __future__ import annotations

from cowabunga import (
    Counting,
    DirectionChanged,
    GameOver,
    IslandDrawn,
    Played,
    StewPot,
)
from cowabunga.cards import CARD_COPIES, ISLAND_VALUES, NUMBER_CARDS, STEW_POTS, full_deck

from .helpers import run_table, start_view


def test_components() -> None:
    assert NUMBER_CARDS == 58
    assert CARD_COPIES == (8, 6, 6, 6, 6, 6, 6, 6, 4, 4)
    assert len(full_deck()) == 58
    assert list(ISLAND_VALUES) == list(range(10, 31))
    assert STEW_POTS == 17


def test_counting_up_example() -> None:
    """Start 4; Emily 7 → 11, Maria 9 → 20, Hendrik 2 → 22."""
    view, events = run_table(start_view(4, {"Emily": [18], "Maria": [26]}), [7, 9, 2])
    assert events == [
        Played("Emily", 7, 11),
        Played("Maria", 9, 20),
        Played("Hendrik", 2, 22),
    ]
    assert view.total == 22
    assert view.counting is Counting.UP
    assert view.current_player == "Emily"


def test_counting_down_example() -> None:
    """Emily says 16 counting down; Maria 5 → 11; Hendrik 8 → 3, so Maria (his right
    neighbour) draws island 24; Emily goes on upward: 6 → 9."""
    view, _ = run_table(start_view(4, {}, deck=5), [9, 9, 9, 7, 4, 0, 4], [12])
    assert (view.total, view.counting, view.current_player) == (16, Counting.DOWN, "Maria")
    view, events = run_table(view, [5, 8, 6], [24])
    assert events == [
        Played("Maria", 5, 11),
        Played("Hendrik", 8, 3),
        DirectionChanged("Hendrik", Counting.UP),
        IslandDrawn("Maria", 24),
        Played("Emily", 6, 9),
    ]
    assert view.islands == ((), (12, 24), ())
    assert view.island_deck == 3
    assert view.counting is Counting.UP


def test_stew_pot_example() -> None:
    """Maria plays 3 → 18, Emily's island: Maria takes a stew pot. Hendrik plays 2 → 20, his
    own island: safe."""
    view, events = run_table(start_view(6, {"Emily": [18], "Hendrik": [20]}), [9, 3, 2])
    assert events == [
        Played("Emily", 9, 15),
        Played("Maria", 3, 18),
        StewPot("Maria", 18, "Emily", 1),
        Played("Hendrik", 2, 20),
    ]
    assert view.stew_pots == (0, 1, 0)


def test_exceeding_30_reverses_but_30_does_not() -> None:
    view, events = run_table(start_view(9, {}), [9, 9, 3])
    assert view.total == 30 and view.counting is Counting.UP
    view, events = run_table(view, [1], [15])
    assert view.total == 31 and view.counting is Counting.DOWN
    assert events[1] == DirectionChanged("Emily", Counting.DOWN)
    assert events[2] == IslandDrawn("Hendrik", 15)


def test_falling_below_10_reverses_but_10_does_not() -> None:
    view, _ = run_table(start_view(9, {}), [9, 9, 9], [15])  # 36, now counting down
    view, _ = run_table(view, [8, 8, 8, 2])  # 28, 20, 12, 10
    assert view.total == 10 and view.counting is Counting.DOWN
    view, events = run_table(view, [1], [16])
    assert view.total == 9 and view.counting is Counting.UP
    assert events[1] == DirectionChanged("Maria", Counting.UP)
    assert events[2] == IslandDrawn("Emily", 16)


def test_play_goes_on_clockwise_after_a_direction_change() -> None:
    view, _ = run_table(start_view(9, {}), [9, 9, 9], [15])
    assert view.current_player == "Emily"


def test_start_total_below_10_counts_up() -> None:
    view = start_view(0, {})
    assert view.total == 0 and view.counting is Counting.UP
    view, events = run_table(view, [0])
    assert view.total == 0 and len(events) == 1


def test_fewest_stew_pots_win_and_ties_all_win() -> None:
    view, events = run_table(start_view(9, {"Hendrik": [18]}, deck=1), [0, 9, 9, 4], [21])
    assert events[2] == StewPot("Maria", 18, "Hendrik", 1)
    assert events[-2] == IslandDrawn("Hendrik", 21)
    assert events[-1] == GameOver(view.outcome)  # type: ignore[arg-type]
    assert view.outcome is not None
    assert view.outcome.winners == ("Emily", "Hendrik")
    assert dict(view.outcome.stew_pots) == {"Emily": 0, "Maria": 1, "Hendrik": 0}
