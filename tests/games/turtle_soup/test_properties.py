"""Turtle Soup's invariants over random games: tokens are conserved between the bank, the pot
and the players; every dinner ends; a random valid script replays without raising, and its
output accounts for every token."""

from __future__ import annotations

import json
import random

from hypothesis import given
from hypothesis import strategies as st

from voice_host.games.turtle_soup import decktet
from voice_host.games.turtle_soup.cards import FACES, SUITS, Card, suits_for
from voice_host.games.turtle_soup.replay import replay
from voice_host.games.turtle_soup.rules import (
    Decide,
    DinnerEnd,
    Leftovers,
    NewDinner,
    Phase,
    RoundPlayed,
    Rules,
    State,
    Tokens,
    apply,
    new_game,
)

NAMES = ["Anna", "Ben", "Cleo", "Dan", "Eva", "Fred", "Nicolò", "O'Neil"]


@st.composite
def cards(draw: st.DrawFn) -> Card:
    """Any card of a valid shape, real or not."""
    rank = draw(st.sampled_from([*FACES, *range(2, 10)]))
    suits = draw(st.permutations(SUITS))
    return Card(rank, tuple(suits[:suits_for(rank)]))


@st.composite
def decks(draw: st.DrawFn) -> tuple[Card, ...]:
    """A real Decktet shuffled, or a short deck of any cards (so decks run out)."""
    if draw(st.booleans()):
        return decktet.shuffled(random.Random(draw(st.integers(0, 2**32))),
                                extended=draw(st.booleans()))
    return tuple(draw(st.lists(cards(), max_size=10)))


def conserved(state: State) -> bool:
    return state.bank + state.pot + sum(state.served, Tokens()) == Tokens()


def never_negative(state: State) -> bool:
    heaps = [state.pot, *state.served]
    return all(min(h.small, h.large, h.extra) >= 0 for h in heaps)


@st.composite
def played(draw: st.DrawFn) -> tuple[dict[str, object], State]:
    """A game played by random choices, checked at every step; its script and its last state
    (the last dinner maybe cut short of its end)."""
    players = draw(st.lists(st.sampled_from(NAMES), min_size=4, max_size=6, unique=True))
    dinners = draw(st.integers(1, 3))
    leftovers = draw(st.sampled_from(Leftovers))
    state = new_game(players, Rules(dinners=dinners, leftovers=leftovers))
    script: list[dict[str, object]] = []
    for number in range(1, dinners + 1):
        deck = draw(decks())
        state, _ = apply(state, NewDinner(deck))
        assert conserved(state) and never_negative(state)
        rounds: list[list[str]] = []
        cut = number == dinners and draw(st.booleans())
        while state.phase is Phase.DECIDING:
            if cut and draw(st.integers(0, 4)) == 0:
                break
            mask = draw(st.integers(0, 2 ** len(state.waiting) - 1))
            takers = [p for i, p in enumerate(state.waiting) if mask >> i & 1]
            before = state
            state, events = apply(state, Decide(tuple(takers)))
            rounds.append(takers)
            assert conserved(state) and never_negative(state)
            assert events[0] == RoundPlayed(tuple(takers), before.pot.share(len(before.waiting)),
                                            len(before.waiting))
            assert not set(takers) & set(state.waiting)
            if not set(before.waiting) - set(takers):
                assert state.ended is DinnerEnd.ALL_SERVED
            elif state.phase is Phase.DECIDING:
                assert len(state.suits) < len(SUITS)  # the soup would have spoiled
            waiting_before, left_before = len(before.waiting), len(before.deck)
            # Every round turns up a card, serves someone, or ends the dinner: it must end.
            assert (state.phase is not Phase.DECIDING or len(state.deck) < left_before
                    or len(state.waiting) < waiting_before)
            assert len(rounds) <= len(deck) + 1
        script.append({"cards": [c.to_json() for c in deck], "takers": rounds})
        if state.phase is Phase.DECIDING:
            break
    return {"players": players, "dinners": script}, state


@given(played())
def test_tokens_are_conserved_and_every_dinner_ends(game: tuple[dict[str, object],
                                                                State]) -> None:
    _, state = game
    assert conserved(state)
    if state.phase is Phase.OVER:
        assert state.pot == Tokens()


@given(played())
def test_a_random_valid_script_replays_and_accounts_for_every_token(
        game: tuple[dict[str, object], State]) -> None:
    data, state = game
    if state.rules.leftovers is not Leftovers.BANK:
        return  # the contract's rules return every leftover pot to the bank
    lines = replay(json.dumps(data))
    kinds = [line["event"] for line in lines]
    assert kinds.count("dinner") == len(data["dinners"])  # type: ignore[arg-type]
    assert kinds[-1] == ("state" if state.phase is Phase.DECIDING else "game_over")
    pot = put = taken = back = Tokens()
    for line in lines:
        if line["event"] == "dinner":
            assert pot == Tokens()
        elif line["event"] == "revealed":
            put, pot = put + _tokens(line["pot"]) - pot, _tokens(line["pot"])
        elif line["event"] == "round":
            takers = line["takers"]
            assert isinstance(takers, list)
            share = _tokens(line["each"]).times(len(takers))
            taken, pot = taken + share, pot - share
        elif line["event"] == "dinner_over":
            assert _tokens(line["returned"]) == pot
            back, pot = back + pot, Tokens()
        elif line["event"] == "state":
            assert _tokens(line["pot"]) == pot
            assert line["scores"] == state.scores()
        elif line["event"] == "game_over":
            assert line == {"event": "game_over", "scores": state.scores(),
                            "winners": [p for p, v in state.scores().items()
                                        if v == max(state.scores().values())]}
        else:
            assert line == {"event": "spoiled"}
    assert put == taken + back + pot
    assert taken == sum(state.served, Tokens())


def _tokens(value: object) -> Tokens:
    assert isinstance(value, dict) and list(value) == ["small", "large", "extra"]
    return Tokens(value["small"], value["large"], value["extra"])


@given(st.lists(cards(), max_size=12))
def test_a_table_that_always_waits_sees_the_dinner_end(deck: list[Card]) -> None:
    state, _ = apply(new_game(NAMES[:4], dinners=1), NewDinner(tuple(deck)))
    rounds = 0
    while state.phase is Phase.DECIDING:
        state, _ = apply(state, Decide(()))
        rounds += 1
        assert rounds <= len(deck) + 1
    assert state.ended is not None and state.ended.value in ("spoiled", "deck_empty")
    assert conserved(state) and state.pot == Tokens()
