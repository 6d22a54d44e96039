"""The recorded games bench: the table's script, and a log scored against the true game."""

from __future__ import annotations

from bench.recorded_games import game_events, score, table_game


def test_the_table_says_every_turn_and_each_island_read_out() -> None:
    game = table_game(11, 30, 2, "en")
    plays = [e for e in game.truth if e["event"] == "played"]
    islands = [e for e in game.truth if e["event"] == "island_drawn"]
    # One line per turn, one per island read out, two per wrong total (wrong, then right).
    assert len(game.lines) == len(plays) + len(islands) + len(game.planted)
    assert len(game.planted) == 2


def test_a_turn_taken_back_leaves_the_log() -> None:
    records: list[dict[str, object]] = [
        {"event": "played", "player": "Emily", "card": 7, "total": 11},
        {"event": "played", "player": "Maria", "card": 3, "total": 14},
        {"event": "stew_pot", "player": "Maria", "island": 14, "holder": "Emily", "count": 1},
        {"event": "undone", "player": "Maria", "total": 14},
        {"event": "resync", "total": 20, "next": "Emily", "skipped": ["Maria"]},
        {"event": "played", "player": "Hendrik", "card": 7, "total": 20},
    ]
    assert [e["total"] for e in game_events(records) if e["event"] == "played"] == [11, 20]


def test_a_log_is_scored_against_the_true_game() -> None:
    game = table_game(11, 6, 0, "en")
    truth = list(game.truth)
    s = score(game, truth)
    assert (s.logged, s.false_events, s.lost_runs) == (len(truth), 0, [])
    # The second and third turns lost, one false play instead.
    wrong: dict[str, object] = {"event": "played", "player": "Maria", "card": 0, "total": 99}
    s = score(game, [truth[0], wrong, *truth[3:]])
    assert s.false_events == 1 and s.lost_runs == [2]
