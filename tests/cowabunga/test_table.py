"""The table view: setup checks, errors, the referee's helpers, empty number deck, events."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cowabunga import (
    CardExhaustedError,
    Counting,
    CowabungaError,
    DirectionChanged,
    DrawIsland,
    DuplicateIslandError,
    EmptyDeck,
    EndReason,
    GameOver,
    IllegalActionError,
    InvalidCardError,
    InvalidIslandError,
    IslandCountError,
    IslandDrawn,
    IslandDrawPendingError,
    NoIslandDrawError,
    Play,
    Played,
    PlayerCountError,
    PlayerNameError,
    Reshuffled,
    Rules,
    SetupError,
    StewPot,
    UnknownPlayerError,
    apply,
    legal_actions,
    new_table,
    outcome,
    table_turn,
)
from cowabunga.events import Outcome

from .helpers import run_table, start_view


@pytest.mark.parametrize(
    ("players", "islands", "deck", "error", "text"),
    [
        (["A"], {}, 5, PlayerCountError, r"1 player \(A\)"),
        (["A", "B", "C", "D", "E", "F"], {}, 5, PlayerCountError, "2 to 5"),
        (["A", "A"], {}, 5, PlayerNameError, "twice"),
        (["A", ""], {}, 5, PlayerNameError, "non-empty"),
        (["A", "B"], {"C": [12]}, 5, UnknownPlayerError, "'C'"),
        (["A", "B"], {"A": [9]}, 5, InvalidIslandError, "island 9 of A"),
        (["A", "B"], {"A": [31]}, 5, InvalidIslandError, "10-30"),
        (["A", "B"], {"A": [12], "B": [12]}, 5, DuplicateIslandError, "12"),
        (["A", "B"], {}, 0, IslandCountError, "at least 1"),
        (["A", "B"], {"A": [10, 11]}, 20, IslandCountError, "only 21"),
    ],
)
def test_bad_setups(
    players: list[str],
    islands: dict[str, list[int]],
    deck: int,
    error: type[Exception],
    text: str,
) -> None:
    with pytest.raises(error, match=text):
        new_table(players, 4, islands, deck)


def test_setup_errors_share_one_root() -> None:
    assert issubclass(PlayerCountError, SetupError)
    assert issubclass(SetupError, CowabungaError)
    assert issubclass(CardExhaustedError, IllegalActionError)
    assert issubclass(CowabungaError, ValueError)


def test_bad_start_card() -> None:
    with pytest.raises(InvalidCardError, match="start card 10"):
        new_table(["A", "B"], 10, {}, 3)


def test_new_table_state() -> None:
    view = new_table(["A", "B", "C"], 4, {"A": [26, 18]}, 12)
    assert view.islands == ((18, 26), (), ())
    assert view.draw_pile == 58 - 9 - 1
    assert view.hand_sizes == (3, 3, 3)
    assert view.discard == (0, 0, 0, 0, 1, 0, 0, 0, 0, 0)
    assert view.top_card == 4
    assert outcome(view) is None
    assert view.describe() == "total 4 counting up, A to play"


def test_card_errors_name_input_state_and_valid_choices() -> None:
    view = start_view(4, {})
    with pytest.raises(InvalidCardError, match=r"card 12: .*total 4 counting up.*available: 0-9"):
        apply(view, Play(12))
    with pytest.raises(InvalidCardError):
        apply(view, Play(True))
    view, _ = run_table(start_view(9, {}), [9, 9, 9], [15])  # 36
    view, _ = run_table(view, [0])
    with pytest.raises(CardExhaustedError, match=r"card 9: all 4 nines.*available: 0-8"):
        apply(view, Play(9))


def test_island_draw_errors() -> None:
    view = start_view(9, {"Emily": [20]})
    with pytest.raises(NoIslandDrawError, match="island 15"):
        apply(view, DrawIsland(15))
    view, _ = apply(view, Play(9))
    view, _ = apply(view, Play(9))
    view, _ = apply(view, Play(9))
    assert view.pending_island == 1
    assert view.island_drawer == "Maria"
    assert view.current_player == "Hendrik"  # his turn stays open until the island is drawn
    with pytest.raises(IslandDrawPendingError, match="Maria must draw"):
        apply(view, Play(1))
    with pytest.raises(InvalidIslandError, match="island 31 drawn by Maria"):
        apply(view, DrawIsland(31))
    with pytest.raises(CowabungaError, match="already held by Emily"):
        apply(view, DrawIsland(20))


def test_legal_actions() -> None:
    view = start_view(9, {"Emily": [20]})
    assert legal_actions(view) == [Play(v) for v in range(10)]
    view, _ = run_table(view, [9, 9])
    view, _ = apply(view, Play(9))
    actions = legal_actions(view)
    assert DrawIsland(20) not in actions
    assert len(actions) == 20
    view, _ = apply(view, DrawIsland(15))
    assert Play(9) not in legal_actions(view)


def test_referee_helpers() -> None:
    view, _ = run_table(start_view(9, {"Emily": [18], "Maria": [26]}), [9, 9])  # 18, 27
    assert view.available_cards() == tuple(range(10))  # three of the four nines are out
    assert view.is_available(9) and not view.is_available(10)
    assert view.total_after(2) == 29
    assert view.card_for_total(29) == 2
    assert view.card_for_total(37) is None  # would need a 10
    assert view.card_for_total(20) is None  # counting up: no going back
    assert view.is_reachable(35) and view.is_reachable(36)
    assert not view.is_reachable(26)
    assert view.reachable_totals() == {27 + c: c for c in range(10)}
    last_nine, _ = apply(view, Play(9))
    assert not last_nine.is_available(9)
    assert view.reverses(4) and not view.reverses(3)
    assert view.stew_pot_holder(26) == 1
    assert view.stew_pot_totals() == {18, 26}  # Hendrik to play
    assert view.stew_pot_totals(0) == {26}
    assert view.stew_pot_holder(26, seat=1) is None
    assert view.island_holder(18) == 0
    assert view.right_neighbour(0) == 2
    assert view.next_seat(2) == 0
    assert view.seat_of("Maria") == 1
    with pytest.raises(UnknownPlayerError, match="'Bob'"):
        view.seat_of("Bob")
    assert 18 not in view.unseen_islands() and 10 in view.unseen_islands()


def test_counting_down_helpers() -> None:
    view, _ = run_table(start_view(9, {}), [9, 9, 9], [15])  # 36, down
    assert view.counting is Counting.DOWN
    assert view.total_after(5) == 31
    assert view.card_for_total(30) == 6
    assert view.card_for_total(37) is None


def test_table_turn_draws_the_island_when_given() -> None:
    view, _ = run_table(start_view(9, {}), [9, 9])
    after, events = table_turn(view, 9, 15)
    assert [e.name for e in events] == ["played", "direction", "island_drawn"]
    assert after.pending_island is None
    waiting, events = table_turn(view, 9)
    assert waiting.pending_island == 1


def test_reshuffle_when_the_draw_pile_is_empty() -> None:
    view, _ = run_table(start_view(4, {}), [7, 9, 2])
    view = replace(view, draw_pile=0)
    view, events = apply(view, Play(1))
    assert events == (Played("Emily", 1, 23), Reshuffled("Emily", 4))
    assert view.draw_pile == 3
    assert view.discard == (0, 1, 0, 0, 0, 0, 0, 0, 0, 0)
    assert view.hand_sizes == (3, 3, 3)
    # After the reshuffle the 9 is back in play: all copies may be played again.
    assert view.available_cards() == tuple(range(10))


def test_play_out_when_the_draw_pile_is_empty() -> None:
    view = new_table(["A", "B"], 0, {}, 5, rules=Rules(EmptyDeck.PLAY_OUT))
    view = replace(view, draw_pile=0)
    view, _events = run_table(view, [1, 1, 1, 1, 1])
    assert view.hand_sizes == (0, 1)
    assert view.outcome is None
    view, more = apply(view, Play(1))
    assert view.outcome is not None
    assert view.outcome.reason is EndReason.HANDS_EMPTY
    assert more[-1] == GameOver(view.outcome)


def test_events_json_is_the_replay_contract() -> None:
    out = Outcome(EndReason.FOURTH_STEW_POT, ("A",), {"A": 0, "B": 4})
    assert Played("A", 7, 11).to_json() == {
        "event": "played",
        "player": "A",
        "card": 7,
        "total": 11,
    }
    assert StewPot("B", 18, "A", 2).to_json() == {
        "event": "stew_pot",
        "player": "B",
        "island": 18,
        "holder": "A",
        "count": 2,
    }
    assert DirectionChanged("A", Counting.DOWN).to_json() == {
        "event": "direction",
        "by": "A",
        "counting": "down",
    }
    assert IslandDrawn("B", 24).to_json() == {"event": "island_drawn", "player": "B", "island": 24}
    assert GameOver(out).to_json() == {
        "event": "game_over",
        "reason": "fourth_stew_pot",
        "stew_pots": {"A": 0, "B": 4},
        "winners": ["A"],
    }
    assert [e.name for e in (Played, StewPot, DirectionChanged, IslandDrawn, GameOver)] == [
        "played",
        "stew_pot",
        "direction",
        "island_drawn",
        "game_over",
    ]


def test_state_json() -> None:
    view, _ = run_table(start_view(4, {"Emily": [26, 18]}), [7])
    assert view.to_json() == {
        "event": "state",
        "total": 11,
        "counting": "up",
        "next": "Maria",
        "stew_pots": {"Emily": 0, "Maria": 0, "Hendrik": 0},
        "islands": {"Emily": [18, 26], "Maria": [], "Hendrik": []},
        "island_deck": 10,
    }


def test_views_are_immutable_so_undo_is_keeping_the_old_one() -> None:
    before = start_view(4, {})
    after, _ = apply(before, Play(7))
    assert before.total == 4 and after.total == 11
    with pytest.raises(AttributeError):
        before.total = 5  # type: ignore[misc]
