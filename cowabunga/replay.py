"""The replay contract: a table-view game from a JSON script, as one JSON object per event.

A script names the players in turn order, the start card, the islands held at the start (any
number per player; missing players hold none), the remaining island deck (top first) and the
number cards played in turn order::

    {"players": ["Emily", "Maria", "Hendrik"], "start_card": 4,
     "islands": {"Emily": [18], "Maria": [26]}, "island_deck": [24, 13], "plays": [7, 9, 2]}

:func:`replay` checks the whole script and computes every line before returning anything, so a
bad script yields a :class:`~cowabunga.errors.CowabungaError` naming what is wrong and where,
and no partial output. An empty ``island_deck`` is rejected: the game ends when the last island
card is drawn, so a game without one would be over before it began.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field

from cowabunga.cards import CARD_COPIES, CARD_NAMES, is_card, is_island
from cowabunga.errors import (
    CardExhaustedError,
    CowabungaError,
    DuplicateIslandError,
    GameOverError,
    InvalidCardError,
    InvalidIslandError,
    IslandCountError,
    ScriptError,
    UnknownPlayerError,
)
from cowabunga.events import CONTRACT_EVENTS, JSONObject
from cowabunga.table import Rules, TableView, draw_island, new_table, play_card


@dataclass(frozen=True, slots=True)
class Script:
    """A parsed replay script."""

    players: tuple[str, ...]
    """Names in turn order."""

    start_card: int
    """The first card of the discard pile: the starting total."""

    islands: Mapping[str, tuple[int, ...]] = field(hash=False)
    """Islands held at the start, by player."""

    island_deck: tuple[int, ...]
    """The remaining island cards, top first."""

    plays: tuple[int, ...]
    """The number cards played, in turn order."""


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _int_list(value: object, where: str) -> list[int]:
    if not isinstance(value, list):
        raise ScriptError(f"{where}: expected a list of numbers, got {json.dumps(value)}")
    for i, item in enumerate(value):
        if not isinstance(item, int) or isinstance(item, bool):
            raise ScriptError(f"{where}[{i}]: expected a whole number, got {json.dumps(item)}")
    return value


def read_script(text: str) -> Script:
    """Parse and check a script's shape and setup (not yet the plays); raises a
    :class:`~cowabunga.errors.CowabungaError` whose message says where the problem is."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise ScriptError(f"not JSON: {err}") from None
    if not isinstance(data, dict):
        raise ScriptError(f"expected a JSON object at the top, got {type(data).__name__}")
    for key in ("players", "start_card", "island_deck"):
        if key not in data:
            raise ScriptError(f"missing field {key!r}")
    players = data["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ScriptError(f"players: expected a list of names, got {json.dumps(players)}")
    start = data["start_card"]
    if not is_card(start):
        raise InvalidCardError(f"start_card: {json.dumps(start)} is not a number card (0-9)")
    islands = data.get("islands", {})
    if not isinstance(islands, dict):
        raise ScriptError(
            f"islands: expected an object of name: [islands], got {json.dumps(islands)}"
        )
    held: dict[str, tuple[int, ...]] = {}
    where_held: dict[int, str] = {}
    for name, values in islands.items():
        if name not in players:
            raise UnknownPlayerError(
                f"islands: {json.dumps(name)} is not a player (players: {', '.join(players)})"
            )
        for i, value in enumerate(_int_list(values, f"islands.{name}")):
            _check_island(value, f"islands.{name}[{i}]", where_held)
        held[name] = tuple(values)
    deck = _int_list(data["island_deck"], "island_deck")
    for i, value in enumerate(deck):
        _check_island(value, f"island_deck[{i}]", where_held)
    plays = _int_list(data.get("plays", []), "plays")
    for i, card in enumerate(plays):
        if not is_card(card):
            raise InvalidCardError(f"plays[{i}]: {card} is not a number card (0-9)")
    return Script(tuple(players), start, held, tuple(deck), tuple(plays))


def _check_island(value: int, where: str, seen: dict[int, str]) -> None:
    if not is_island(value):
        raise InvalidIslandError(f"{where}: {value} is not an island card (10-30)")
    if value in seen:
        raise DuplicateIslandError(f"{where}: island {value} is held twice (also at {seen[value]})")
    seen[value] = where


def replay(text: str, rules: Rules | None = None) -> list[JSONObject]:
    """Every output line of a script, in order: the contract's events, then a ``state`` line
    if the plays ran out before the game ended. Raises on any bad script, before output."""
    script = read_script(text)
    if not script.island_deck:
        raise IslandCountError(
            "island_deck: empty; the game ends when the last island card is drawn, so it "
            "needs at least one"
        )
    try:
        view = new_table(
            script.players,
            script.start_card,
            script.islands,
            len(script.island_deck),
            rules=rules,
        )
    except CowabungaError as err:
        raise type(err)(f"players: {err}") from None
    lines: list[JSONObject] = []
    drawn = 0
    ended_at = -1
    for i, card in enumerate(script.plays):
        where = f"plays[{i}]"
        if view.outcome is not None:
            raise GameOverError(
                f"{where}: card {card} played after the game ended "
                f"({view.outcome.reason.value} at plays[{ended_at}])"
            )
        if view.discard[card] >= CARD_COPIES[card]:
            raise CardExhaustedError(
                f"{where}: card {card} would be the {_ordinal(view.discard[card] + 1)} "
                f"{card} on the discard pile (start card included), but the deck has only "
                f"{CARD_COPIES[card]} {CARD_NAMES[card]}"
            )
        try:
            view, events = play_card(view, card)
            if view.pending_island is not None:
                island = script.island_deck[drawn]
                drawn += 1
                view, more = draw_island(view, island)
                events += more
        except CowabungaError as err:
            raise type(err)(f"{where}: {err}") from None
        lines.extend(e.to_json() for e in events if e.name in CONTRACT_EVENTS)
        if view.outcome is not None:
            ended_at = i
    if view.outcome is None:
        lines.append(state_line(view))
    return lines


def state_line(view: TableView) -> JSONObject:
    """The contract's trailing ``state`` object for a game still running."""
    return view.to_json()
