"""Schnapp den Sack's rules engine and its exact replay contract.

The rulebook's three examples are worked through by hand, the golden games under
``golden/`` were written by hand (their reasoning is in that folder's README),
and every error of the contract is seen as one line and exit status 2.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from voice_host.games.entry import ReplayError
from voice_host.games.registry import GAMES
from voice_host.games.schnapp_den_sack.entry import ENTRY
from voice_host.games.schnapp_den_sack.replay import replay
from voice_host.games.schnapp_den_sack.rules import (
    ROWS,
    Card,
    Flip,
    GameOverError,
    IllegalActionError,
    Kind,
    Laid,
    NoSuchFlipError,
    NoSuchPlateError,
    NotAJokerError,
    PlateCountError,
    PlayersError,
    Row,
    Rules,
    SacksError,
    SchnappError,
    ScriptError,
    Settle,
    SetupError,
    UnknownPlayerError,
    UnknownRowError,
    apply,
    deal,
    lay_row,
    legal_actions,
    new_game,
    outcome,
    reached_row,
    row_plates,
    shared_plates,
)

GOLDEN = Path(__file__).parent / "golden"
SIX = (6,)


def script(**fields: object) -> str:
    """A small valid script (two players, plate 6), with ``fields`` replaced."""
    base: dict[str, object] = {
        "players": ["Anna", "Ben"],
        "rows": {"dudel": 2, "traenen": 1, "frech": 3, "wander": 1},
        "piles": {"Anna": [["traenen", 3], ["joker"]], "Ben": [["dudel", 4]]},
    }
    base.update(fields)
    return json.dumps(base)


def events(text: str) -> list[str]:
    """The replay's lines, as the command line prints them."""
    return [json.dumps(event) for event in replay(text)]


def voice_host(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "voice_host", *args], input=stdin,
                          capture_output=True, text=True, timeout=120, check=False)


# --- the rulebook's examples --------------------------------------------------------------------


def test_example_1_a_card_that_makes_nothing_is_laid_beside() -> None:
    # Helena flips a Dudelsack 2. The Dudelsack row shows a 3: beside it 3 + 2 = 5, on it 2;
    # neither is 6, so nobody may grab. The row shows fewer than 6 sacks (3 is not above the
    # plate), so the 2 is laid beside the 3. Her pile is then empty, and so is Johanna's: the
    # game is over with no card won, and a tie at nothing makes both winners.
    text = script(players=["Helena", "Johanna"],
                  rows={"dudel": 3, "traenen": 1, "frech": 5, "wander": 4},
                  piles={"Helena": [["dudel", 2]]})
    assert events(text) == [
        '{"event": "flipped", "flip": 0, "player": "Helena", "kind": "dudel", "sacks": 2}',
        '{"event": "laid", "row": "dudel", "on": null}',
        '{"event": "game_over", "scores": {"Helena": 0, "Johanna": 0}, '
        '"winners": ["Helena", "Johanna"]}',
    ]
    # Grabbing there is wrong: Johanna has won nothing yet, so she gives nothing back.
    called = script(players=["Helena", "Johanna"],
                    rows={"dudel": 3, "traenen": 1, "frech": 5, "wander": 4},
                    piles={"Helena": [["dudel", 2]]}, calls={"0": "Johanna"})
    assert events(called)[1] == '{"event": "false_grab", "player": "Johanna", "returned": false}'


def test_example_2_covering_a_one_makes_six_and_wins_all_four_cards() -> None:
    # The Tränensack row is built to 1, 1 and 2 (four sacks): the start card 1, then Helena's 1
    # (1 + 1 = 2 or 1 alone: no 6, laid beside) and her 2 (2 + 2 = 4, 2 - 1 + 2 = 3: laid
    # beside). Johanna flips a Tränensack 3: beside, 4 + 3 = 7; on a 1, 4 - 1 + 3 = 6. Smilla
    # calls first and wins the row's three cards and the 3: four cards.
    text = script(players=["Helena", "Johanna", "Smilla"],
                  rows={"dudel": 3, "traenen": 1, "frech": 5, "wander": 4},
                  piles={"Helena": [["traenen", 1], ["traenen", 2]],
                         "Johanna": [["wander", 1], ["traenen", 3]]},
                  calls={"3": "Smilla"})
    lines = events(text)
    # Flips 0-2: Helena's 1, Johanna's wander 1 (4 + 1 = 5, 1: laid), Helena's 2; flip 3 is
    # Johanna's 3 (Smilla has no pile, so the turn passes her by).
    assert lines[6] == ('{"event": "flipped", "flip": 3, "player": "Johanna", '
                        '"kind": "traenen", "sacks": 3}')
    assert lines[7] == '{"event": "grabbed", "player": "Smilla", "row": "traenen", "cards": 4}'
    assert lines[8] == ('{"event": "game_over", "scores": {"Helena": 0, "Johanna": 0, '
                        '"Smilla": 4}, "winners": ["Smilla"]}')
    # Nobody calls: the reach is announced as missed, then the 3 is laid (beside: the row shows
    # 4, not above 6).
    uncalled = events(script(players=["Helena", "Johanna", "Smilla"],
                             rows={"dudel": 3, "traenen": 1, "frech": 5, "wander": 4},
                             piles={"Helena": [["traenen", 1], ["traenen", 2]],
                                    "Johanna": [["wander", 1], ["traenen", 3]]}))
    assert uncalled[7:9] == ['{"event": "missed", "row": "traenen"}',
                             '{"event": "laid", "row": "traenen", "on": null}']


def test_example_3_above_the_plate_a_card_covers_the_biggest() -> None:
    # The Frecher Sack row shows a 5 and a 3 (Sanya's 3: 5 + 3 = 8, 3: no 6, laid beside).
    # Smilla flips a Frecher Sack 2: beside 8 + 2 = 10, on the 5 it is 5, on the 3 it is 7; no 6.
    # The row shows 8, more than 6, so the 2 is laid on the card with the most sacks, the 5.
    text = script(players=["Sanya", "Smilla"],
                  rows={"dudel": 3, "traenen": 1, "frech": 5, "wander": 4},
                  piles={"Sanya": [["frech", 3]], "Smilla": [["frech", 2]]})
    assert events(text)[:4] == [
        '{"event": "flipped", "flip": 0, "player": "Sanya", "kind": "frech", "sacks": 3}',
        '{"event": "laid", "row": "frech", "on": null}',
        '{"event": "flipped", "flip": 1, "player": "Smilla", "kind": "frech", "sacks": 2}',
        '{"event": "laid", "row": "frech", "on": 5}',
    ]


# --- golden games -------------------------------------------------------------------------------

GOLDEN_SCRIPTS = sorted(GOLDEN.glob("*.json"))


def test_golden_games_are_there() -> None:
    assert len(GOLDEN_SCRIPTS) >= 3


@pytest.mark.parametrize("path", GOLDEN_SCRIPTS, ids=lambda p: p.stem)
def test_golden_game(path: Path) -> None:
    expected = path.with_suffix(".jsonl").read_text(encoding="utf-8")
    assert "".join(line + "\n" for line in events(path.read_text(encoding="utf-8"))) == expected


def test_golden_game_through_the_command_line() -> None:
    path = GOLDEN / "rulebook.json"
    done = voice_host("replay", "schnapp-den-sack", str(path))
    assert done.returncode == 0, done.stderr
    assert done.stdout == path.with_suffix(".jsonl").read_text(encoding="utf-8")
    assert done.stderr == ""


def test_registered_and_listed() -> None:
    assert GAMES["schnapp-den-sack"] is ENTRY
    assert ENTRY.players == (2, 5) and ENTRY.languages == ("de", "en")
    assert ENTRY.table_command == "schnapp-den-sack" and ENTRY.demo is not None
    row = ENTRY.line()
    assert "Schnapp den Sack" in row and "2-5 players" in row and "de, en" in row
    assert row.split()[-3:] == ["demo", "play", "replay"]


# --- the contract's details ---------------------------------------------------------------------


def test_no_cards_at_all_is_a_game_over_at_once_and_everyone_wins() -> None:
    assert events(script(piles={})) == [
        '{"event": "game_over", "scores": {"Anna": 0, "Ben": 0}, "winners": ["Anna", "Ben"]}'
    ]


def test_a_card_equal_to_the_plate_reaches_an_empty_row() -> None:
    # Ben wins the dudel row with Anna's 4 (2 + 4 = 6); Anna's dudel 6 then lies alone in an
    # empty row: 0 + 6 = 6, a reach. Nobody calls: missed, and laid beside (0 is not above 6).
    lines = events(script(piles={"Anna": [["dudel", 4], ["dudel", 6]]}, calls={"0": "Ben"}))
    assert lines[1] == '{"event": "grabbed", "player": "Ben", "row": "dudel", "cards": 2}'
    assert lines[3:5] == ['{"event": "missed", "row": "dudel"}',
                          '{"event": "laid", "row": "dudel", "on": null}']


def test_a_joker_reaches_the_row_with_the_most_cards_ties_in_row_order() -> None:
    # dudel 5 (one card) and wander 2 + 3 (two cards) both make 6 with a joker; wander has more
    # cards. With traenen 5 also one card, dudel and traenen tie: dudel comes first.
    state = new_game(["Anna", "Ben"], (5, 5, 1, 2), [[Card.sack(Kind.WANDER, 3)], [Card.joker()]])
    state, _ = apply(state, Flip())
    state, _ = apply(state, Settle())
    assert state.row(Kind.WANDER).count == 5
    assert reached_row(state, Card.joker()) is Kind.WANDER
    assert reached_row(state, Card.joker(), Kind.TRAENEN) is Kind.TRAENEN
    assert reached_row(state, Card.joker(), Kind.FRECH) is None
    even = new_game(["Anna", "Ben"], (5, 5, 1, 2), [[], []])
    assert reached_row(even, Card.joker()) is Kind.DUDEL


def test_a_joker_not_won_goes_to_the_row_showing_fewest_sacks_ties_in_row_order() -> None:
    state = new_game(["Anna", "Ben"], (4, 3, 2, 2), [[], []])
    assert lay_row(state, Card.joker()) is Kind.FRECH
    assert lay_row(state, Card.joker(), Kind.DUDEL) is Kind.DUDEL
    assert lay_row(state, Card.sack(Kind.WANDER, 4)) is Kind.WANDER
    # A missed joker is announced in the row it reached and laid where the rules lay it.
    lines = events(script(rows={"dudel": 5, "traenen": 4, "frech": 3, "wander": 9},
                          piles={"Anna": [["joker"]]}))
    # (dudel 5 + 1 = 6 is the only reach; frech shows the fewest sacks, 3.)
    assert lines[1:3] == ['{"event": "missed", "row": "dudel"}',
                          '{"event": "laid", "row": "frech", "on": null}']
    assert len(lines) == 4


def test_above_the_largest_plate_a_card_covers_the_first_of_the_biggest() -> None:
    row = Row((Laid(0, Card(Kind.DUDEL, 5)), Laid(1, Card(Kind.DUDEL, 5))))
    laid, on = row.lay(Card(Kind.DUDEL, 2), SIX)
    assert on == 5 and laid.laid[-1].stack == 0 and laid.visible == (Card(Kind.DUDEL, 2),
                                                                     Card(Kind.DUDEL, 5))
    # With the plates 6 and 12 a row of 10 is not above its largest plate: beside.
    laid, on = row.lay(Card(Kind.DUDEL, 1), (6, 12))
    assert on is None and laid.laid[-1].stack == 2


def test_a_wrong_call_returns_the_last_card_won_to_the_bottom_of_the_callers_pile() -> None:
    # Ben wins Anna's traenen 5 with the start 1 (1 + 5 = 6): his score pile is traenen 1, 5.
    # Anna's dudel 1 makes nothing (3, 1); Ben calls: his 5 goes under his pile (dudel 9), and
    # flips it after his 9 once Anna is out of cards. The traenen row is empty then: 0 + 5 is
    # not 6, so the 5 is laid beside nothing.
    lines = events(script(piles={"Anna": [["traenen", 5], ["dudel", 1]], "Ben": [["dudel", 9]]},
                          calls={"0": "Ben", "2": "Ben"}))
    assert lines == [
        '{"event": "flipped", "flip": 0, "player": "Anna", "kind": "traenen", "sacks": 5}',
        '{"event": "grabbed", "player": "Ben", "row": "traenen", "cards": 2}',
        '{"event": "flipped", "flip": 1, "player": "Ben", "kind": "dudel", "sacks": 9}',
        '{"event": "laid", "row": "dudel", "on": null}',
        '{"event": "flipped", "flip": 2, "player": "Anna", "kind": "dudel", "sacks": 1}',
        '{"event": "false_grab", "player": "Ben", "returned": true}',
        '{"event": "laid", "row": "dudel", "on": 9}',
        '{"event": "flipped", "flip": 3, "player": "Ben", "kind": "traenen", "sacks": 5}',
        '{"event": "laid", "row": "traenen", "on": null}',
        '{"event": "game_over", "scores": {"Anna": 0, "Ben": 1}, "winners": ["Ben"]}',
    ]


def test_the_returned_card_goes_under_the_cards_the_caller_still_holds() -> None:
    # As above, Ben wins traenen 1 and 5, then calls wrongly on Anna's dudel 1 (dudel shows 2 and
    # 9: 12, 10 or 3). His 5 goes under his wander 2 and frech 1, so he flips those first.
    lines = replay(script(piles={"Anna": [["traenen", 5], ["dudel", 1]],
                                 "Ben": [["dudel", 9], ["wander", 2], ["frech", 1]]},
                          calls={"0": "Ben", "2": "Ben"}))
    flips = [(e["player"], e["kind"], e["sacks"]) for e in lines if e["event"] == "flipped"]
    assert flips[3:] == [("Ben", "wander", 2), ("Ben", "frech", 1), ("Ben", "traenen", 5)]


def test_the_event_keys_are_in_the_contracts_order() -> None:
    keys = {tuple(event) for event in replay((GOLDEN / "rulebook.json").read_text("utf-8"))}
    assert keys == {("event", "flip", "player", "kind", "sacks"), ("event", "row", "on"),
                    ("event", "player", "row", "cards"), ("event", "player", "returned"),
                    ("event", "row"), ("event", "scores", "winners")}


# --- errors -------------------------------------------------------------------------------------

BAD: list[tuple[str, type[SchnappError], str]] = [
    ("[1, 2", ScriptError, "not JSON"),
    ('"players"', ScriptError, "expected a JSON object at the top"),
    ("[" * 100_000, ScriptError, "not JSON"),
    (script(players=["Anna"], piles={}), PlayersError,
     "players: 1 players; the game is for 2 to 5"),
    (script(players=["A", "B", "C", "D", "E", "F"], piles={}), PlayersError, "players: 6 players"),
    (script(players=["Anna", "Anna"], piles={}), PlayersError, 'players[1]: "Anna" is given twice'),
    (script(players=["Anna", 7], piles={}), PlayersError, "players[1]: 7 is not a name"),
    (script(players="Anna, Ben"), PlayersError, "players: expected a list"),
    (script(rows={"dudel": 2, "traenen": 1, "frech": 3, "wander": 1, "sack": 2}),
     UnknownRowError, 'rows.sack: no row "sack": the rows are dudel, traenen, frech, wander'),
    (script(piles={"Anna": [["dudel", 2], ["tränen", 3]]}), UnknownRowError,
     'piles.Anna[1]: no row "tränen"'),
    (script(row_targets={"dudel": 6, "traenen": 6, "frech": 6, "wander": 6, "sack": 6}),
     UnknownRowError, "row_targets.sack: no row"),
    (script(rows={"dudel": 0, "traenen": 1, "frech": 3, "wander": 1}), SacksError,
     "rows.dudel: sacks 0: a card has 1 to 9 sacks"),
    (script(piles={"Anna": [["dudel", 2], ["dudel", 1], ["frech", 4], ["frech", 12]]}),
     SacksError, "piles.Anna[3]: sacks 12: a card has 1 to 9 sacks"),
    (script(targets=[11]), NoSuchPlateError, "targets[0]: no plate 11: the plates are 6, 7, 8, "
     "9, 10, 12"),
    (script(row_targets={"dudel": 6, "traenen": 5, "frech": 6, "wander": 6}), NoSuchPlateError,
     "row_targets.traenen: no plate 5"),
    (script(targets=[6, 7, 8]), PlateCountError, "targets: 3 plates: choose one or two"),
    (script(targets=[]), PlateCountError, "targets: 0 plates"),
    (script(targets=[6], row_targets={"dudel": 6, "traenen": 6, "frech": 6, "wander": 6}),
     PlateCountError, "targets and row_targets"),
    (script(row_targets={"dudel": 6, "traenen": 6, "frech": 6}), PlateCountError,
     "row_targets: no plate for wander"),
    (script(calls={"0": "Dana"}), UnknownPlayerError,
     'calls.0: "Dana" is not a player (players: Anna, Ben)'),
    (script(piles={"Dana": []}), UnknownPlayerError, 'piles.Dana: "Dana" is not a player'),
    (script(calls={"3": "Anna"}), NoSuchFlipError,
     "calls.3: flip 3 never happens: the game ends after 3 flips (0 to 2)"),
    (script(calls={"-1": "Anna"}), ScriptError, 'calls.-1: "-1" is not a flip number'),
    (script(joker_rows={"1": "sack"}), UnknownRowError, 'joker_rows.1: no row "sack"'),
    (script(joker_rows={"0": "frech"}), NotAJokerError,
     "joker_rows.0: flip 0 is Anna's traenen 3, not a joker"),
    (script(joker_rows={"5": "frech"}), NoSuchFlipError, "joker_rows.5: flip 5 never happens"),
    (script(piles={"Anna": [["joker", 1]]}), ScriptError, 'piles.Anna[0]: a joker is ["joker"]'),
    (script(piles={"Anna": [["dudel", "2"]]}), ScriptError, "piles.Anna[0]: expected a number"),
    (script(piles={"Anna": [["dudel", True]]}), ScriptError, "piles.Anna[0]: expected a number"),
    (script(call={"0": "Anna"}), ScriptError, "call: not a field of the script"),
    (json.dumps({"players": ["Anna", "Ben"], "piles": {}}), ScriptError, "missing field 'rows'"),
]


@pytest.mark.parametrize(("text", "error", "says"), BAD, ids=[says for _, _, says in BAD])
def test_a_bad_script_raises_one_line_naming_what_and_where(
        text: str, error: type[SchnappError], says: str) -> None:
    with pytest.raises(error) as raised:
        replay(text)
    assert says in str(raised.value)
    assert "\n" not in str(raised.value)
    with pytest.raises(ReplayError, match=r"^[^\n]+$"):
        ENTRY.replay(text)


@pytest.mark.parametrize(
    ("args", "stdin", "says"),
    [
        (("-",), "not json", "replay: -: not JSON"),
        (("-",), "[1, 2]", "replay: -: expected a JSON object at the top"),
        (("/no/such/script.json",), None, "replay: /no/such/script.json: cannot read"),
        (("-",), script(calls={"7": "Ben"}), "calls.7: flip 7 never happens"),
    ],
)
def test_a_bad_script_on_the_command_line_is_exit_2_one_line_no_output(
        args: tuple[str, ...], stdin: str | None, says: str) -> None:
    done = voice_host("replay", "schnapp-den-sack", *args, stdin=stdin)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and says in done.stderr
    assert "Traceback" not in done.stderr


def test_no_partial_output_a_late_error_raises_before_any_event() -> None:
    # The bad call is found only after the whole game is played: nothing comes out.
    good = script(calls={"1": "Ben"})
    assert replay(good)
    with pytest.raises(NoSuchFlipError):
        replay(script(calls={"1": "Ben", "40": "Anna"}))


# --- the engine's verbs -------------------------------------------------------------------------


def test_legal_actions_and_illegal_ones() -> None:
    state = new_game(["Anna", "Ben"], (1, 1, 1, 1), [[Card.joker()], []])
    assert legal_actions(state) == (Flip(),)
    with pytest.raises(IllegalActionError, match="no card is flipped"):
        apply(state, Settle())
    state, _ = apply(state, Flip())
    settles = legal_actions(state)
    assert len(settles) == 3 * 5 and Settle("Ben", Kind.WANDER) in settles
    with pytest.raises(IllegalActionError, match="not settled yet"):
        apply(state, Flip())
    with pytest.raises(UnknownPlayerError, match='"Dana" is not a player'):
        apply(state, Settle("Dana"))
    state, _ = apply(state, Settle())
    assert legal_actions(state) == () and outcome(state) is not None
    with pytest.raises(GameOverError):
        apply(state, Flip())
    plain = new_game(["Anna", "Ben"], (1, 1, 1, 1), [[Card.sack(Kind.DUDEL, 3)], []])
    plain, _ = apply(plain, Flip())
    assert len(legal_actions(plain)) == 3
    with pytest.raises(NotAJokerError, match="flip 0 is a dudel 3, not a joker"):
        apply(plain, Settle(None, Kind.FRECH))


def test_setup_errors() -> None:
    with pytest.raises(PlayersError):
        new_game(["Anna"], (1, 1, 1, 1), [[]])
    with pytest.raises(SacksError, match=r"rows\.frech: sacks 10"):
        new_game(["Anna", "Ben"], (1, 1, 10, 1), [[], []])
    with pytest.raises(SacksError):
        Card.sack(Kind.DUDEL, 0)
    with pytest.raises(UnknownRowError):
        Card.sack(Kind.JOKER, 1)
    with pytest.raises(PlateCountError):
        shared_plates([])
    with pytest.raises(NoSuchPlateError):
        row_plates({row: 11 for row in ROWS})
    assert shared_plates([12, 6]) == ((6, 12),) * 4
    assert shared_plates([6, 6]) == ((6,),) * 4
    with pytest.raises(SacksError, match=r"Rules.sacks\[0\]"):
        Rules(sacks=(0, 1))
    with pytest.raises(SetupError):
        Rules(sacks=())
    with pytest.raises(SetupError, match="3 piles for 2 players"):
        new_game(["Anna", "Ben"], (1, 1, 1, 1), [[], [], []])
    with pytest.raises(PlateCountError):
        new_game(["Anna", "Ben"], (1, 1, 1, 1), [[], []], ((6, 7, 8),) * 4)


def test_a_seeded_deal_is_the_box_and_repeatable() -> None:
    one = deal(["Anna", "Ben", "Cleo"], random.Random(7))
    two = deal(["Anna", "Ben", "Cleo"], random.Random(7))
    assert one == two
    assert one != deal(["Anna", "Ben", "Cleo"], random.Random(8))
    cards = [card for pile in one.piles for card in pile] + [r.cards[0] for r in one.rows]
    assert len(cards) == 60
    assert sorted(cards, key=str) == sorted(Rules().deck(), key=str)
    assert [len(pile) for pile in one.piles] == [19, 19, 18]
    assert [row.cards[0].kind for row in one.rows] == list(ROWS)
    assert sum(card.is_joker for card in cards) == 4
    for kind in ROWS:
        assert sorted(c.sacks for c in cards if c.kind is kind) == sorted(Rules().sacks)
