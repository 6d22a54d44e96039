"""The replay contract: output lines, the trailing state line, and every bad-script case."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cowabunga import CowabungaError, replay
from cowabunga.cli import main
from tests.cowabunga.helpers import run_cli

EXAMPLE = {
    "players": ["Emily", "Maria", "Hendrik"],
    "start_card": 4,
    "islands": {"Emily": [18], "Maria": [26]},
    "island_deck": [24, 13],
    "plays": [7, 9, 2],
}


def _script(**changes: object) -> str:
    return json.dumps({**EXAMPLE, **changes})


def test_the_issue_example() -> None:
    assert replay(_script()) == [
        {"event": "played", "player": "Emily", "card": 7, "total": 11},
        {"event": "played", "player": "Maria", "card": 9, "total": 20},
        {"event": "played", "player": "Hendrik", "card": 2, "total": 22},
        {
            "event": "state",
            "total": 22,
            "counting": "up",
            "next": "Emily",
            "stew_pots": {"Emily": 0, "Maria": 0, "Hendrik": 0},
            "islands": {"Emily": [18], "Maria": [26], "Hendrik": []},
            "island_deck": 2,
        },
    ]


def test_all_event_kinds_in_order() -> None:
    lines = replay(
        _script(start_card=9, plays=[9, 8, 9, 3, 9], islands={"Emily": [18]}, island_deck=[24, 13])
    )
    # 18 (Emily's own island: safe), 26, 35 → down, Maria draws 24, then 32, 23.
    assert lines == [
        {"event": "played", "player": "Emily", "card": 9, "total": 18},
        {"event": "played", "player": "Maria", "card": 8, "total": 26},
        {"event": "played", "player": "Hendrik", "card": 9, "total": 35},
        {"event": "direction", "by": "Hendrik", "counting": "down"},
        {"event": "island_drawn", "player": "Maria", "island": 24},
        {"event": "played", "player": "Emily", "card": 3, "total": 32},
        {"event": "played", "player": "Maria", "card": 9, "total": 23},
        {
            "event": "state",
            "total": 23,
            "counting": "down",
            "next": "Hendrik",
            "stew_pots": {"Emily": 0, "Maria": 0, "Hendrik": 0},
            "islands": {"Emily": [18], "Maria": [24], "Hendrik": []},
            "island_deck": 1,
        },
    ]


def test_game_over_by_last_island_and_by_fourth_stew_pot() -> None:
    lines = replay(_script(start_card=9, plays=[9, 9, 9], island_deck=[24]))
    assert lines[-1] == {
        "event": "game_over",
        "reason": "island_deck_empty",
        "stew_pots": {"Emily": 0, "Maria": 0, "Hendrik": 0},
        "winners": ["Emily", "Maria", "Hendrik"],
    }
    assert lines[-2] == {"event": "island_drawn", "player": "Maria", "island": 24}
    # Emily lands on Maria's islands four times: 14, 15, 16, 17.
    lines = replay(
        json.dumps(
            {
                "players": ["Emily", "Maria"],
                "start_card": 5,
                "islands": {"Maria": [14, 15, 16, 17]},
                "island_deck": [30],
                "plays": [9, 0, 1, 0, 1, 0, 1],
            }
        )
    )
    assert [line["event"] for line in lines] == [
        "played",
        "stew_pot",
        "played",
        "played",
        "stew_pot",
        "played",
        "played",
        "stew_pot",
        "played",
        "played",
        "stew_pot",
        "game_over",
    ]
    assert lines[-2] == {
        "event": "stew_pot",
        "player": "Emily",
        "island": 17,
        "holder": "Maria",
        "count": 4,
    }
    assert lines[-1] == {
        "event": "game_over",
        "reason": "fourth_stew_pot",
        "stew_pots": {"Emily": 4, "Maria": 0},
        "winners": ["Maria"],
    }


BAD_SCRIPTS = [
    ("{not json", "not JSON"),
    ("[1, 2]", "JSON object"),
    (_script(plays=[7, 12]), "plays[1]: 12 is not a number card (0-9)"),
    (_script(plays=[7, -1]), "plays[1]: -1 is not a number card"),
    (_script(plays=[7, "9"]), "plays[1]: expected a whole number"),
    (_script(plays=[7, 9.0]), "plays[1]: expected a whole number"),
    (_script(start_card=10), "start_card: 10 is not a number card"),
    (_script(islands={"Emily": [31]}), "islands.Emily[0]: 31 is not an island card (10-30)"),
    (_script(islands={"Emily": [9]}), "islands.Emily[0]: 9 is not an island"),
    (_script(island_deck=[24, 8]), "island_deck[1]: 8 is not an island"),
    (_script(islands={"Emily": [18], "Maria": [18]}), "islands.Maria[0]: island 18 is held twice"),
    (_script(island_deck=[24, 18]), "island_deck[1]: island 18 is held twice"),
    (_script(island_deck=[24, 24]), "island_deck[1]: island 24 is held twice"),
    (_script(players=["Emily"], islands={}), "1 player ("),
    (_script(players=["A", "B", "C", "D", "E", "F"], islands={}), "2 to 5"),
    (_script(players=["Emily", "Emily"], islands={}), "twice"),
    (_script(islands={"Bob": [18]}), 'islands: "Bob" is not a player'),
    (
        _script(start_card=9, plays=[9, 9, 9, 9]),
        "plays[3]: card 9 would be the 5th 9 on the discard pile (start card included)",
    ),
    (_script(start_card=0, plays=[0] * 8), "plays[7]: card 0 would be the 9th 0"),
    (
        _script(start_card=9, plays=[9, 9, 9, 1], island_deck=[24]),
        "plays[3]: card 1 played after the game ended (island_deck_empty at plays[2])",
    ),
    (_script(island_deck=[]), "island_deck: empty"),
    (json.dumps({"players": ["A", "B"]}), "missing field 'start_card'"),
    (_script(players="Emily"), "players: expected a list"),
    (_script(islands=[18]), "islands: expected an object"),
]


@pytest.mark.parametrize(("text", "message"), BAD_SCRIPTS)
def test_bad_scripts_raise(text: str, message: str) -> None:
    with pytest.raises(CowabungaError) as err:
        replay(text)
    assert message in str(err.value)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize(("text", "message"), BAD_SCRIPTS)
def test_bad_scripts_exit_2_with_one_line(
    text: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(SystemExit) as exit_:
        main(["replay", str(path)])
    assert exit_.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith(f"cowabunga replay: {path}: ")
    assert message in err


def test_a_missing_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["replay", str(tmp_path / "nope.json")])
    assert exit_.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "cannot read" in err


def test_replay_subprocess_contract(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(_script())
    done = run_cli("replay", str(path), timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert lines == replay(_script())
    done = run_cli("replay", "-", stdin=_script(), timeout=60)
    assert done.returncode == 0 and [json.loads(x) for x in done.stdout.splitlines()] == lines


def test_replay_subprocess_bad_script(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(_script(start_card=9, plays=[9, 9, 9, 9, 9]))
    done = run_cli("replay", str(path), timeout=60)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr
    assert "plays[3]" in done.stderr


def test_a_reshuffle_brings_cards_back() -> None:
    """With 2 players the draw pile has 51 cards; the draw of turn 52 reshuffles the discard
    pile except its top card, and the replay's count of cards on the discard pile restarts."""
    script = json.loads((Path(__file__).parent / "golden" / "careful_2p.json").read_text())
    cards = [script["start_card"], *script["plays"]]
    assert cards[:53].count(9) <= 4 < cards.count(9)  # start card and the first 52 plays
    assert replay(json.dumps(script))[-1]["event"] == "game_over"
    # Five nines in a row are more than the deck has, reshuffle or not.
    bad = {**script, "plays": script["plays"][:51] + [9] * 5}
    with pytest.raises(CowabungaError, match="on the discard pile"):
        replay(json.dumps(bad))
