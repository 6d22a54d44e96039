"""Turtle Soup: the Decktet, the pure engine, and the exact replay contract (goldens, errors)."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from voice_host.games.entry import ReplayError
from voice_host.games.registry import game
from voice_host.games.turtle_soup import decktet
from voice_host.games.turtle_soup.cards import SUITS, Card, Suit
from voice_host.games.turtle_soup.entry import ENTRY
from voice_host.games.turtle_soup.errors import (
    DinnerCountError,
    DuplicateTakerError,
    InvalidRankError,
    InvalidSuitsError,
    LeftoverRoundsError,
    NotWaitingError,
    PhaseError,
    PlayerCountError,
    PlayerNameError,
    ScriptError,
    SetupError,
    TurtleSoupError,
    UnfinishedDinnerError,
    UnknownPlayerError,
)
from voice_host.games.turtle_soup.replay import replay
from voice_host.games.turtle_soup.rules import (
    Decide,
    DinnerEnd,
    DinnerOver,
    Leftovers,
    NewDinner,
    Phase,
    RoundPlayed,
    Rules,
    Spoiled,
    Tokens,
    apply,
    deal,
    ingredients,
    legal_takers,
    new_game,
    outcome,
    spoil_chance,
)

GOLDEN = Path(__file__).parent / "golden"
PLAYERS = ["Anna", "Ben", "Cleo", "Dan"]
M, S, V, L, W, K = SUITS


def card(rank: int | str, *suits: str) -> dict[str, object]:
    return {"rank": rank, "suits": list(suits)}


def script(dinners: list[dict[str, object]], players: list[str] | None = None) -> str:
    return json.dumps({"players": PLAYERS if players is None else players, "dinners": dinners})


OPENING = [card(5, "moons", "leaves"), card("ace", "suns"), card(9, "waves", "wyrms")]
"""Five suits in three cards: 14 small and 1 large in the pot."""


# --- the Decktet ---------------------------------------------------------------------------


def test_basic_deck_is_36_cards_six_aces_six_crowns_24_numbers() -> None:
    basic = decktet.BASIC_DECK
    assert len(basic) == 36
    ranks = Counter("number" if isinstance(c.rank, int) else c.rank for c in basic)
    assert ranks == {"ace": 6, "crown": 6, "number": 24}
    assert {len(c.suits) for c in basic if c.rank in ("ace", "crown")} == {1}
    assert {len(c.suits) for c in basic if isinstance(c.rank, int)} == {2}
    assert Counter(c.rank for c in basic if isinstance(c.rank, int)) == {n: 3 for n in range(2, 10)}


def test_each_suit_is_on_ten_basic_cards_and_each_number_holds_every_suit_once() -> None:
    on = Counter(suit for c in decktet.BASIC_DECK for suit in c.suits)
    assert set(on) == set(Suit) and len(on) == 6
    assert set(on.values()) == {10}
    for suit in Suit:
        assert [c.rank for c in decktet.ACES if suit in c.suits] == ["ace"]
        assert [c.rank for c in decktet.CROWNS if suit in c.suits] == ["crown"]
    for n in range(2, 10):
        suits = [s for c in decktet.NUMBER_CARDS if c.rank == n for s in c.suits]
        assert sorted(suits, key=SUITS.index) == list(SUITS), n


def test_extended_deck_adds_four_pawns_four_courts_of_three_suits_and_the_excuse() -> None:
    extra = decktet.EXTENDED_DECK[36:]
    assert decktet.EXTENDED_DECK[:36] == decktet.BASIC_DECK and len(extra) == 9
    assert Counter(c.rank for c in extra) == {"pawn": 4, "court": 4, "excuse": 1}
    for rank in ("pawn", "court"):
        cards = [c for c in extra if c.rank == rank]
        assert {len(c.suits) for c in cards} == {3}
        assert set(Counter(s for c in cards for s in c.suits).values()) == {2}
    assert decktet.EXCUSE.suits == ()


def test_names_are_unique_in_both_languages_and_cards_are_distinct() -> None:
    for attr in ("name", "name_it"):
        names = [getattr(c, attr) for c in decktet.EXTENDED_DECK]
        assert len(set(names)) == len(names) == 45
    assert len({(c.rank, frozenset(c.suits)) for c in decktet.EXTENDED_DECK}) == 45


def test_some_cards_as_the_published_deck_has_them() -> None:
    merchant = decktet.named(Card(9, (K, L)))
    assert merchant is not None
    assert (merchant.name, merchant.name_it, merchant.suits) == ("The Merchant", "Il Mercante",
                                                                 (L, K))
    author = decktet.named(Card(2, (M, K)))
    assert author is not None and author.name == "The Author"
    assert decktet.named(Card("crown", (W,))) == decktet.CROWNS[4]
    assert decktet.CROWNS[4].name == "The Calamity"
    assert decktet.named(Card(5, (M, S))) is None  # no such card in the deck


def test_shuffled_deck_comes_from_the_injected_random_only() -> None:
    one = decktet.shuffled(random.Random(7))
    assert one == decktet.shuffled(random.Random(7)) != decktet.shuffled(random.Random(8))
    assert sorted(map(repr, one)) == sorted(repr(c.card) for c in decktet.BASIC_DECK)
    assert len(decktet.shuffled(random.Random(7), extended=True)) == 45


# --- the engine ----------------------------------------------------------------------------


def test_the_rules_example_13_small_2_large_over_3_players_is_4_small_each() -> None:
    assert Tokens(13, 2).share(3) == Tokens(small=4)
    # At a table: Dan took at the first round, so three wait over 13 small and 2 large.
    deck = (Card(2, (M, K)), Card("ace", (S,)), Card(8, (V, L)), Card("crown", (V,)),
            Card(5, (M, L)), Card(7, (V, W)))
    state, _ = apply(new_game(PLAYERS), NewDinner(deck))
    state, _ = apply(state, Decide(("Dan",)))
    state, _ = apply(state, Decide(()))
    assert (state.pot, state.waiting) == (Tokens(13, 2), ("Anna", "Ben", "Cleo"))
    state, events = apply(state, Decide(("Anna", "Ben")))
    assert events[0] == RoundPlayed(("Anna", "Ben"), Tokens(small=4), 3)
    assert state.served == (Tokens(4), Tokens(4), Tokens(), Tokens(2))
    assert isinstance(events[-1], DinnerOver) and isinstance(events[-2], Spoiled)


def test_ingredients_follow_the_rules_and_rules_set_the_extended_cards() -> None:
    rules = Rules()
    assert ingredients(Card("ace", (M,)), rules) == ingredients(Card("crown", (S,)), rules)
    assert ingredients(Card("ace", (M,)), rules) == Tokens(large=1)
    assert ingredients(Card(7, (M, L)), rules) == Tokens(small=7)
    assert ingredients(Card("pawn", (M, S, L)), rules) == Tokens(extra=1)
    assert ingredients(Card("court", (M, V, K)), rules) == Tokens(extra=1)
    assert ingredients(Card("excuse", ()), rules) == Tokens()
    odd = Rules(pawn=Tokens(large=2), court=Tokens(small=10))
    assert ingredients(Card("pawn", (M, S, L)), odd) == Tokens(large=2)
    assert ingredients(Card("court", (M, V, K)), odd) == Tokens(small=10)
    assert Rules().value(Rules().signal) == 6


def test_a_card_knows_its_shape() -> None:
    with pytest.raises(InvalidRankError):
        Card(10, (M, S))
    with pytest.raises(InvalidSuitsError):
        Card(4, (M,))
    with pytest.raises(InvalidSuitsError):
        Card("pawn", (M, M, S))


def test_a_six_suit_opening_does_not_spoil_but_the_next_card_does() -> None:
    deck = (Card("pawn", (M, S, L)), Card("court", (V, W, K)), Card("ace", (M,)))
    state, events = apply(new_game(PLAYERS), NewDinner(deck))
    assert state.phase is Phase.DECIDING and len(state.suits) == 6 and len(events) == 3
    assert spoil_chance(state) == 1
    state, events = apply(state, Decide(("Anna",)))
    assert [e.name for e in events] == ["round", "revealed", "spoiled", "dinner_over"]


def test_spoil_chance_counts_the_cards_left_that_bring_the_sixth_suit() -> None:
    deck = (Card(5, (M, L)), Card("ace", (S,)), Card(9, (V, W)),  # five suits, no knots
            Card("crown", (K,)), Card(4, (M, S)), Card(2, (M, K)), Card(6, (S, W)))
    state, _ = apply(new_game(PLAYERS), NewDinner(deck))
    assert spoil_chance(state) == Fraction(2, 4)
    assert spoil_chance(new_game(PLAYERS)) == 0


def test_leftovers_may_carry_to_the_next_dinner() -> None:
    deck = (Card(9, (M, S)), Card(8, (V, L)))
    rules = Rules(dinners=2, leftovers=Leftovers.CARRY)
    state, _ = apply(new_game(PLAYERS, rules), NewDinner(deck))
    state, events = apply(state, Decide(()))
    assert events[-1] == DinnerOver(DinnerEnd.DECK_EMPTY, Tokens())
    assert state.pot == Tokens(17)
    state, _ = apply(state, NewDinner(deck))
    assert state.pot == Tokens(34)
    state, events = apply(state, Decide(()))
    assert events[-2] == DinnerOver(DinnerEnd.DECK_EMPTY, Tokens(34))  # the last goes back
    assert state.bank + state.pot == Tokens()


def test_the_game_refuses_what_it_does_not_expect() -> None:
    state = new_game(PLAYERS, Rules(dinners=1))
    with pytest.raises(PhaseError, match="no dinner is on"):
        apply(state, Decide(()))
    state, _ = apply(state, NewDinner((Card(9, (M, S)),)))
    with pytest.raises(PhaseError, match="dinner 1 is still on"):
        apply(state, NewDinner(()))
    with pytest.raises(UnknownPlayerError):
        apply(state, Decide(("Zed",)))
    state, _ = apply(state, Decide(tuple(PLAYERS)))
    assert state.phase is Phase.OVER and legal_takers(state) == ()
    result = outcome(state)
    assert result is not None and result.winners == tuple(PLAYERS)
    with pytest.raises(PhaseError, match="game is over"):
        apply(state, NewDinner(()))
    with pytest.raises(PlayerCountError):
        new_game(["A", "B", "C"])
    with pytest.raises(PlayerNameError):
        new_game(["A", "B", "C", "A"])
    with pytest.raises(DinnerCountError):
        new_game(PLAYERS, dinners=0)
    with pytest.raises(SetupError, match="opening_suits: 7"):
        Rules(opening_suits=7)


def test_a_seeded_game_plays_to_its_end() -> None:
    rng = random.Random(3)
    state = new_game([*PLAYERS, "Eva", "Fred"], Rules(dinners=5, extended=True))
    while state.phase is not Phase.OVER:
        if state.phase is Phase.BETWEEN:
            state, _ = apply(state, deal(state, rng))
        else:
            state, _ = apply(state, Decide(tuple(p for p in legal_takers(state)
                                                 if rng.random() < 0.3)))
    assert state.dinner == 5 and outcome(state) is not None
    assert state.bank + state.pot + sum(state.served, Tokens()) == Tokens()


# --- the replay contract -------------------------------------------------------------------


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.json")), ids=lambda p: p.stem)
def test_golden_scripts(path: Path) -> None:
    expected = [json.loads(line) for line in path.with_suffix(".jsonl").read_text().splitlines()]
    assert replay(path.read_text()) == expected
    assert ENTRY.replay(path.read_text()) == expected


def test_golden_through_the_command_line_byte_for_byte() -> None:
    path = GOLDEN / "four_players_two_dinners.json"
    done = voice_host("replay", "turtle-soup", str(path))
    assert done.returncode == 0, done.stderr
    assert done.stdout == path.with_suffix(".jsonl").read_text()


def test_the_registry_lists_turtle_soup_with_its_host_s_demo() -> None:
    listed = game("turtle-soup")
    assert listed.replay is ENTRY.replay and listed.demo is not None
    assert listed.players == (4, 6) and listed.languages == ("it", "en")


def test_key_order_is_the_contracts() -> None:
    lines = replay(script([{"cards": [*OPENING, card("crown", "knots")],
                            "takers": [["Anna"]]}]))
    assert [list(line) for line in lines] == [
        ["event", "number"],
        ["event", "card", "pot", "suits"], ["event", "card", "pot", "suits"],
        ["event", "card", "pot", "suits"],
        ["event", "takers", "each", "active"],
        ["event", "card", "pot", "suits"],
        ["event"],
        ["event", "reason", "returned"],
        ["event", "scores", "winners"],
    ]
    assert list(lines[1]["card"]) == ["rank", "suits"]  # type: ignore[call-overload]
    assert list(lines[1]["pot"]) == ["small", "large", "extra"]  # type: ignore[call-overload]
    cut = replay(script([{"cards": OPENING, "takers": []}]))
    assert list(cut[-1]) == ["event", "dinner", "pot", "active", "scores"]
    assert cut[-1] == {"event": "state", "dinner": 1, "pot": {"small": 14, "large": 1, "extra": 0},
                       "active": PLAYERS, "scores": dict.fromkeys(PLAYERS, 6)}


def test_a_dinner_without_takers_field_is_cut_at_its_first_decision() -> None:
    lines = replay(script([{"cards": OPENING}]))
    assert lines[-1]["event"] == "state" and len(lines) == 5


BAD: list[tuple[str, type[TurtleSoupError], str]] = [
    ("{", ScriptError, "not JSON"),
    ("[1, 2]", ScriptError, "expected a JSON object at the top, got a list"),
    ('"Anna"', ScriptError, "got a string"),
    ('{"players": ["Anna", "Ben", "Cleo", "Dan"]}', ScriptError, "missing field 'dinners'"),
    (json.dumps({"players": "Anna", "dinners": []}), ScriptError, "players: expected a list"),
    (script([], ["Anna", "Ben", "Cleo"]), PlayerCountError, "players: 3 players; Turtle Soup is"
                                                            " for 4-6"),
    (script([], [*PLAYERS, "Eva", "Fred", "Gio"]), PlayerCountError, "players: 7 players"),
    (script([], ["Anna", "Ben", "Anna", "Dan"]), PlayerNameError,
     "players[2]: Anna is given twice"),
    (script([], ["Anna", "Ben", "", "Dan"]), PlayerNameError, 'players[2]: "" is not a name'),
    (script([], ["Anna", "Ben", 3, "Dan"]), PlayerNameError,  # type: ignore[list-item]
     "players[2]: 3 is not a name"),
    (script([]), DinnerCountError, "dinners: empty"),
    (script([{"takers": []}]), ScriptError, "dinners[0]: missing field 'cards'"),
    (script([{"cards": [card(10, "moons", "suns")]}]), InvalidRankError,
     'dinners[0].cards[0].rank: 10 is not a rank (one of "ace", "crown", "pawn", "court", '
     '"excuse" or a number 2-9)'),
    (script([{"cards": [card("king", "moons")]}]), InvalidRankError, '"king" is not a rank'),
    (script([{"cards": [card("5", "moons", "suns")]}]), InvalidRankError, '"5" is not a rank'),
    (script([{"cards": [card(True, "moons", "suns")]}]), InvalidRankError, "true is not a rank"),
    (script([{"cards": [*OPENING, card(4, "moons")]}]), InvalidSuitsError,
     'dinners[0].cards[3].suits: a card of rank 4 has 2 different suits, got ["moons"]'),
    (script([{"cards": [card("ace", "moons", "suns")]}]), InvalidSuitsError,
     'rank "ace" has 1 different suit'),
    (script([{"cards": [card("pawn", "moons", "suns")]}]), InvalidSuitsError, "has 3"),
    (script([{"cards": [card("excuse", "moons")]}]), InvalidSuitsError, "has 0"),
    (script([{"cards": [card(4, "moons", "moons")]}]), InvalidSuitsError, "2 different suits"),
    (script([{"cards": [card(4, "moons", "stars")]}]), InvalidSuitsError,
     'dinners[0].cards[0].suits[1]: "stars" is not a suit (moons, suns, waves, leaves, wyrms, '
     'knots)'),
    (script([{"cards": [card(4, "Moons", "suns")]}]), InvalidSuitsError, '"Moons" is not a suit'),
    (script([{"cards": [{"rank": 4}]}]), ScriptError, "dinners[0].cards[0]: expected a card"),
    (script([{"cards": OPENING, "takers": ["Anna"]}]), ScriptError,
     "dinners[0].takers[0]: expected a list of names"),
    (script([{"cards": OPENING, "takers": [["Zed"]]}]), UnknownPlayerError,
     "dinners[0].takers[0]: Zed is not a player (players: Anna, Ben, Cleo, Dan)"),
    (script([{"cards": [*OPENING, card(4, "moons", "suns")], "takers": [["Anna"], ["Anna"]]}]),
     NotWaitingError, "dinners[0].takers[1]: Anna is not waiting: already served this dinner "
                      "(waiting: Ben, Cleo, Dan)"),
    (script([{"cards": OPENING, "takers": [["Ben", "Cleo", "Ben"]]}]), DuplicateTakerError,
     "dinners[0].takers[0]: Ben is named twice in one round"),
    (script([{"cards": [*OPENING, card("crown", "knots")], "takers": [["Anna"], []]}]),
     LeftoverRoundsError, "dinners[0].takers[1]: a decision round left over: dinner 1 ended "
                          "(spoiled) after 1 round"),
    (script([{"cards": OPENING, "takers": [PLAYERS, []]}]), LeftoverRoundsError,
     "(all_served)"),
    (script([{"cards": OPENING, "takers": [[], []]}]), LeftoverRoundsError, "(deck_empty)"),
    (script([{"cards": OPENING, "takers": [PLAYERS]}, {"cards": OPENING, "takers": [PLAYERS, []]}]),
     LeftoverRoundsError, "dinners[1].takers[1]: a decision round left over: dinner 2"),
    (script([{"cards": [*OPENING, card(4, "moons", "suns")], "takers": [[]]},
             {"cards": OPENING}]), UnfinishedDinnerError,
     "dinners[0].takers: the decision rounds ran out with dinner 1 still on (waiting: Anna, "
     "Ben, Cleo, Dan), but dinners[1] follows"),
]


@pytest.mark.parametrize(("text", "error", "says"), BAD, ids=[b[2][:40] for b in BAD])
def test_bad_scripts_raise_one_error_saying_what_and_where(
        text: str, error: type[TurtleSoupError], says: str) -> None:
    with pytest.raises(error) as caught:
        replay(text)
    assert says in str(caught.value)
    assert len(str(caught.value).splitlines()) == 1
    with pytest.raises(ReplayError, match=f"^{re.escape(str(caught.value))}$"):
        ENTRY.replay(text)


def test_a_name_with_a_newline_stays_on_one_line() -> None:
    with pytest.raises(UnknownPlayerError) as caught:
        replay(script([{"cards": OPENING, "takers": [["Zed\nMore"]]}]))
    assert str(caught.value).count("\n") == 0 and '"Zed\\nMore"' in str(caught.value)


def voice_host(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "voice_host", *args], input=stdin,
                          capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.parametrize(
    ("stdin", "path", "says"),
    [
        ("{not json", None, "replay: -: not JSON"),
        ("[]", None, "replay: -: expected a JSON object at the top"),
        (None, "/no/such/script.json", "cannot read"),
        (script([{"cards": OPENING, "takers": [["Ben", "Ben"]]}]), None,
         "replay: -: dinners[0].takers[0]: Ben is named twice"),
        (script([{"cards": [card(11, "moons", "suns")]}]), None, "cards[0].rank: 11 is not"),
    ],
)
def test_bad_script_on_the_command_line_is_one_line_exit_2_nothing_out(
        stdin: str | None, path: str | None, says: str) -> None:
    done = voice_host("replay", "turtle-soup", path or "-", stdin=stdin)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and says in done.stderr
    assert "Traceback" not in done.stderr
