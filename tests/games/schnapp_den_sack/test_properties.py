"""Schnapp den Sack over random games: cards conserved, every game ends, every verdict right.

Each game is played through the engine's verbs with random calls and joker rows, recorded as a
replay script, and replayed. The events are checked against a ledger kept from the events alone
(cards in piles, rows and score piles) and a small model of each row's visible sacks, written
here from the contract's words rather than taken from the engine.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st

from voice_host.games.schnapp_den_sack.replay import replay
from voice_host.games.schnapp_den_sack.rules import (
    PLATES,
    ROWS,
    Card,
    Flip,
    GameOver,
    Plates,
    SchnappError,
    Settle,
    State,
    apply,
    deal,
    legal_actions,
    new_game,
    outcome,
    row_plates,
    shared_plates,
)

NAMES = ("Anna", "Ben", "Cleo", "Dana", "Emil")
CALLS_UNTIL = 150
"""Calls and wrong calls stop after this many flips, so a random game cannot run on forever."""

cards = st.one_of(st.just(Card.joker()),
                  st.builds(Card, st.sampled_from(ROWS), st.integers(1, 9)))
plates: st.SearchStrategy[Plates] = st.one_of(
    st.lists(st.sampled_from(PLATES), min_size=1, max_size=2).map(shared_plates),
    st.lists(st.sampled_from(PLATES), min_size=4, max_size=4).map(
        lambda values: row_plates(dict(zip(ROWS, values, strict=True)))),
)


@st.composite
def setups(draw: st.DrawFn) -> State:
    players = NAMES[:draw(st.integers(2, 5))]
    start = [draw(st.integers(1, 9)) for _ in ROWS]
    piles = [draw(st.lists(cards, max_size=10)) for _ in players]
    return new_game(players, start, piles, draw(plates))


@dataclass
class Ledger:
    """What the events alone say: where every card is, and what each row shows."""

    state: State
    piles: dict[str, int] = field(default_factory=dict)
    won: dict[str, int] = field(default_factory=dict)
    cards: dict[str, int] = field(default_factory=dict)
    visible: dict[str, list[int]] = field(default_factory=dict)
    flipped: dict[str, object] | None = None
    flips: int = 0
    over: bool = False

    def __post_init__(self) -> None:
        self.total = self.state.cards()
        self.piles = {p: len(pile) for p, pile in zip(self.state.players, self.state.piles,
                                                       strict=True)}
        self.won = dict.fromkeys(self.state.players, 0)
        self.cards = {str(row): 1 for row in ROWS}
        self.visible = {str(row): [r.cards[0].sacks] for row, r in zip(ROWS, self.state.rows,
                                                                       strict=True)}
        self.plates = {str(row): p for row, p in zip(ROWS, self.state.plates, strict=True)}

    def reaches(self, row: str, sacks: int) -> bool:
        shown = self.visible[row]
        counts = [sum(shown) + sacks] + [sum(shown) - c + sacks for c in shown]
        return any(count in self.plates[row] for count in counts)

    def reached(self, call: Settle) -> str | None:
        card = self.flipped
        assert card is not None
        if card["kind"] != "joker":
            kind = str(card["kind"])
            return kind if self.reaches(kind, int(str(card["sacks"]))) else None
        rows = [str(call.joker_row)] if call.joker_row else [str(row) for row in ROWS]
        reached = [row for row in rows if self.reaches(row, 1)]
        return max(reached, key=lambda row: self.cards[row]) if reached else None

    def follow(self, event: dict[str, object], call: Settle) -> None:
        """Take one event, check it against the contract, and check no card is lost."""
        assert not self.over
        name = event["event"]
        if name == "flipped":
            assert self.flipped is None and event["flip"] == self.flips
            self.flips += 1
            self.piles[str(event["player"])] -= 1
            self.flipped = event
        elif name == "grabbed":
            row = str(event["row"])
            assert call.caller == event["player"] and self.reached(call) == row
            assert event["cards"] == self.cards[row] + 1
            self.won[str(event["player"])] += self.cards[row] + 1
            self.cards[row], self.visible[row], self.flipped = 0, [], None
        elif name == "false_grab":
            assert call.caller == event["player"] and self.reached(call) is None
            assert event["returned"] == (self.won[str(event["player"])] > 0)
            if event["returned"]:
                self.won[str(event["player"])] -= 1
                self.piles[str(event["player"])] += 1
        elif name == "missed":
            assert call.caller is None and self.reached(call) == event["row"]
        elif name == "laid":
            assert self.flipped is not None
            row = str(event["row"])
            sacks = int(str(self.flipped["sacks"]))
            if self.flipped["kind"] != "joker":
                assert row == self.flipped["kind"]
            elif call.joker_row is not None:
                assert row == call.joker_row
            else:
                fewest = min(sum(self.visible[str(r)]) for r in ROWS)
                assert row == next(str(r) for r in ROWS if sum(self.visible[str(r)]) == fewest)
            shown = self.visible[row]
            if sum(shown) > max(self.plates[row]):
                assert event["on"] == max(shown)
                shown[shown.index(max(shown))] = sacks
            else:
                assert event["on"] is None
                shown.append(sacks)
            self.cards[row] += 1
            self.flipped = None
        else:
            assert name == "game_over" and self.flipped is None
            assert not any(self.piles.values())
            assert event["scores"] == self.won
            best = max(self.won.values())
            assert event["winners"] == [p for p, n in self.won.items() if n == best]
            self.over = True
        in_play = (sum(self.piles.values()) + sum(self.cards.values()) + sum(self.won.values())
                   + (self.flipped is not None))
        assert in_play == self.total
        assert min([*self.piles.values(), *self.won.values()]) >= 0

    def matches(self, state: State) -> None:
        """After each action: the ledger is the engine's state."""
        assert state.cards() == self.total
        assert [len(pile) for pile in state.piles] == list(self.piles.values())
        assert [len(won) for won in state.won] == list(self.won.values())
        assert [len(row.laid) for row in state.rows] == list(self.cards.values())
        assert [sorted(c.sacks for c in row.visible) for row in state.rows] == \
               [sorted(v) for v in self.visible.values()]


def play_out(state: State, data: st.DataObject) -> tuple[dict[str, object], list[object]]:
    """A whole random game through ``apply``, checked event by event; its script and events."""
    ledger = Ledger(state)
    calls: dict[str, str] = {}
    joker_rows: dict[str, str] = {}
    lines: list[object] = []
    bound = state.cards() + CALLS_UNTIL
    while outcome(state) is None:
        assert legal_actions(state) == (Flip(),)
        state, flipped = apply(state, Flip())
        flip = state.flips - 1
        assert flip < bound, "the game runs on"
        card = state.flipped
        assert card is not None
        caller = (data.draw(st.sampled_from((None, None, *state.players)))
                  if flip < CALLS_UNTIL else None)
        joker_row = data.draw(st.sampled_from((None, *ROWS))) if card.is_joker else None
        call = Settle(caller, joker_row)
        assert call in legal_actions(state)
        if caller is not None:
            calls[str(flip)] = caller
        if joker_row is not None:
            joker_rows[str(flip)] = str(joker_row)
        state, settled = apply(state, call)
        for event in (*flipped, *settled):
            line = event.to_json()
            ledger.follow(line, call)
            lines.append(line)
        ledger.matches(state)
    if not lines:
        ledger.follow(next(iter(outcome_lines(state))), Settle())
        lines.extend(outcome_lines(state))
    assert ledger.over and lines[-1] == ledger_end(lines)
    return {"calls": calls, "joker_rows": joker_rows}, lines


def outcome_lines(state: State) -> list[dict[str, object]]:
    """The one line of a game over before its first flip."""
    end = outcome(state)
    assert end is not None
    return [GameOver(end).to_json()]


def ledger_end(lines: list[object]) -> object:
    """The last line, which must be the only game_over."""
    ends = [line for line in lines if isinstance(line, dict) and line["event"] == "game_over"]
    assert len(ends) == 1
    return ends[0]


def script_of(state: State) -> dict[str, object]:
    """The setup of ``state`` as a replay script's fields."""
    shared = all(plates == state.plates[0] for plates in state.plates)
    return {
        "players": list(state.players),
        "rows": {str(row): r.cards[0].sacks for row, r in zip(ROWS, state.rows, strict=True)},
        "piles": {p: [["joker"] if c.is_joker else [str(c.kind), c.sacks] for c in pile]
                  for p, pile in zip(state.players, state.piles, strict=True)},
        **({"targets": list(state.plates[0])} if shared else
           {"row_targets": {str(row): p[0] for row, p in zip(ROWS, state.plates, strict=True)}}),
    }


@settings(max_examples=100, deadline=None)
@given(setups(), st.data())
def test_random_games_conserve_cards_end_and_replay(state: State, data: st.DataObject) -> None:
    script = script_of(state)
    moves, lines = play_out(state, data)
    assert replay(json.dumps({**script, **moves})) == lines


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 5), st.data())
def test_seeded_deals_play_out(seed: int, players: int, data: st.DataObject) -> None:
    state = deal(NAMES[:players], random.Random(seed))
    assert state.cards() == 60
    play_out(state, data)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 15) | st.floats(allow_nan=False)
    | st.sampled_from(["Anna", "Ben", "joker", "dudel", "frech", "0", "1", ""]),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(["Anna", "Ben", "dudel", "traenen", "frech", "wander",
                                       "0", "1", "x"]), inner, max_size=5),
    max_leaves=20,
)
FIELD_NAMES = ("players", "targets", "row_targets", "rows", "piles", "calls", "joker_rows")


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(FIELD_NAMES), json_values)
def test_a_broken_field_is_a_game_or_one_error_never_a_crash(name: str, value: object) -> None:
    base: dict[str, object] = {
        "players": ["Anna", "Ben"], "rows": {"dudel": 2, "traenen": 1, "frech": 3, "wander": 1},
        "piles": {"Anna": [["traenen", 3], ["joker"]], "Ben": [["dudel", 4]]},
        "calls": {"1": "Ben"},
    }
    base[name] = value
    try:
        lines = replay(json.dumps(base))
    except SchnappError as err:
        assert str(err) and "\n" not in str(err)
    else:
        assert lines[-1]["event"] == "game_over"
