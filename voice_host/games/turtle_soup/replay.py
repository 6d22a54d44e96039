"""The replay contract: a scripted game of Turtle Soup, as one JSON object per event.

A script names the players (4-6, seat order) and, per dinner, its shuffled deck (top first) and
the takers of each decision round (everybody else waits)::

    {"players": ["Anna", "Ben", "Cleo", "Dan"],
     "dinners": [{"cards": [{"rank": 5, "suits": ["moons", "leaves"]},
                            {"rank": "ace", "suits": ["suns"]}, ...],
                  "takers": [["Anna"], [], ["Ben", "Cleo"], ...]}, ...]}

The game has as many dinners as the script. :func:`replay` checks the whole script and computes
every line before returning anything, so a bad script yields a
:class:`~voice_host.games.turtle_soup.errors.TurtleSoupError` naming what is wrong and where,
and no partial output. If the last dinner's decision rounds run out before it ends, the output
ends with a ``state`` line; a dinner left unfinished with more dinners after it is an error.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from voice_host.games.turtle_soup.cards import Card, Suit, is_rank, rank_choices, suits_for
from voice_host.games.turtle_soup.errors import (
    DinnerCountError,
    InvalidRankError,
    InvalidSuitsError,
    LeftoverRoundsError,
    ScriptError,
    TakerError,
    UnfinishedDinnerError,
)
from voice_host.games.turtle_soup.rules import (
    Decide,
    JSONObject,
    NewDinner,
    Phase,
    Rules,
    State,
    apply,
    check_players,
    names,
    new_game,
)

_SUIT_WORDS = ", ".join(suit.value for suit in Suit)


@dataclass(frozen=True, slots=True)
class ScriptDinner:
    """One dinner of a script."""

    cards: tuple[Card, ...]
    """Its shuffled deck, top first."""
    takers: tuple[tuple[str, ...], ...]
    """Per decision round, who takes."""


@dataclass(frozen=True, slots=True)
class Script:
    """A parsed replay script."""

    players: tuple[str, ...]
    """The players, in seat order."""
    dinners: tuple[ScriptDinner, ...]
    """The dinners, in order."""


def read_script(text: str) -> Script:
    """Parse and check a script's shape, players and cards (not yet its decision rounds)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise ScriptError(f"not JSON: {err}") from None
    except RecursionError:
        raise ScriptError("not JSON that can be read: nested too deeply") from None
    if not isinstance(data, dict):
        raise ScriptError(f"expected a JSON object at the top, got {_kind(data)}")
    for key in ("players", "dinners"):
        if key not in data:
            raise ScriptError(f"missing field {key!r}")
    players = data["players"]
    if not isinstance(players, list):
        raise ScriptError(f"players: expected a list of names, got {_kind(players)}")
    seats = check_players(players)
    dinners = data["dinners"]
    if not isinstance(dinners, list):
        raise ScriptError(f"dinners: expected a list of dinners, got {_kind(dinners)}")
    if not dinners:
        raise DinnerCountError("dinners: empty; a game has at least one dinner")
    return Script(seats, tuple(_dinner(d, f"dinners[{i}]") for i, d in enumerate(dinners)))


def _dinner(value: object, where: str) -> ScriptDinner:
    if not isinstance(value, dict):
        raise ScriptError(f'{where}: expected an object {{"cards": [...], "takers": [...]}}, '
                          f"got {_kind(value)}")
    if "cards" not in value:
        raise ScriptError(f"{where}: missing field 'cards'")
    cards = value["cards"]
    if not isinstance(cards, list):
        raise ScriptError(f"{where}.cards: expected a list of cards, got {_kind(cards)}")
    rounds = value.get("takers", [])
    if not isinstance(rounds, list):
        raise ScriptError(f"{where}.takers: expected a list of rounds (lists of names), "
                          f"got {_kind(rounds)}")
    takers: list[tuple[str, ...]] = []
    for r, names_ in enumerate(rounds):
        if not isinstance(names_, list) or not all(isinstance(n, str) for n in names_):
            raise ScriptError(f"{where}.takers[{r}]: expected a list of names, got "
                              f"{echo(names_)}")
        takers.append(tuple(names_))
    return ScriptDinner(tuple(_card(c, f"{where}.cards[{i}]") for i, c in enumerate(cards)),
                        tuple(takers))


def _card(value: object, where: str) -> Card:
    if not isinstance(value, dict) or "rank" not in value or "suits" not in value:
        raise ScriptError(f'{where}: expected a card {{"rank": ..., "suits": [...]}}, got '
                          f"{echo(value)}")
    rank, suits = value["rank"], value["suits"]
    if not is_rank(rank):
        raise InvalidRankError(f"{where}.rank: {echo(rank)} is not a rank ({rank_choices()})")
    if not isinstance(suits, list) or not all(isinstance(s, str) for s in suits):
        raise InvalidSuitsError(f"{where}.suits: expected a list of suits ({_SUIT_WORDS}), got "
                                f"{echo(suits)}")
    for i, word in enumerate(suits):
        if word not in {suit.value for suit in Suit}:
            raise InvalidSuitsError(f"{where}.suits[{i}]: {echo(word)} is not a suit "
                                    f"({_SUIT_WORDS})")
    need = suits_for(rank)
    if len(suits) != need or len(set(suits)) != len(suits):
        plural = "suit" if need == 1 else "suits"
        raise InvalidSuitsError(f"{where}.suits: a card of rank {echo(rank)} has {need} "
                                f"different {plural}, got {echo(suits)}")
    return Card(rank, tuple(Suit(word) for word in suits))


def replay(text: str, rules: Rules | None = None) -> list[JSONObject]:
    """Every output line of a script, in order: the contract's events, then a ``state`` line if
    the last dinner's decision rounds ran out before it ended. Raises on any bad script, before
    any output."""
    script = read_script(text)
    state = new_game(script.players, rules, dinners=len(script.dinners))
    lines: list[JSONObject] = []
    last = len(script.dinners) - 1
    for d, dinner in enumerate(script.dinners):
        state, events = apply(state, NewDinner(dinner.cards))
        lines.extend(e.to_json() for e in events)
        for r, takers in enumerate(dinner.takers):
            where = f"dinners[{d}].takers[{r}]"
            if state.phase is not Phase.DECIDING:
                assert state.ended is not None
                raise LeftoverRoundsError(
                    f"{where}: a decision round left over: dinner {state.dinner} ended "
                    f"({state.ended.value}) after {r} round{'' if r == 1 else 's'}"
                )
            try:
                state, events = apply(state, Decide(takers))
            except TakerError as err:
                raise type(err)(f"{where}: {err}") from None
            lines.extend(e.to_json() for e in events)
        if state.phase is Phase.DECIDING:
            if d < last:
                raise UnfinishedDinnerError(
                    f"dinners[{d}].takers: the decision rounds ran out with dinner "
                    f"{state.dinner} still on (waiting: {names(state.waiting)}), but "
                    f"dinners[{d + 1}] follows"
                )
            lines.append(state_line(state))
    return lines


def state_line(state: State) -> JSONObject:
    """The contract's trailing ``state`` object for a dinner still on."""
    return {"event": "state", "dinner": state.dinner, "pot": state.pot.to_json(),
            "active": list(state.waiting), "scores": state.scores()}


def echo(value: object) -> str:
    """A script's value for a one-line message, as JSON (so ``"5"`` and ``5`` differ), cut short
    if long."""
    text = json.dumps(value, ensure_ascii=False)
    if not text.isprintable():
        text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _kind(value: object) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "true or false",
            type(None): "null", int: "a number", float: "a number"}.get(type(value),
                                                                         type(value).__name__)
