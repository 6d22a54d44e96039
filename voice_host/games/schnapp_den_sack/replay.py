"""The replay contract: a scripted game of Schnapp den Sack, as one JSON object per event.

A script names the players in turn order, the plates, the start cards, each draw pile (top
first), who called first after which flip, and where jokers were claimed or laid::

    {"players": ["Anna", "Ben", "Cleo"], "targets": [6],
     "rows": {"dudel": 2, "traenen": 1, "frech": 3, "wander": 1},
     "piles": {"Anna": [["traenen", 3], ["joker"]], "Ben": [["dudel", 4]]},
     "calls": {"1": "Ben"}, "joker_rows": {"3": "frech"}}

``targets`` (one or two plates for every row, default ``[6]``) or instead ``row_targets`` (one
plate per row); a player without a pile has an empty one; ``calls`` and ``joker_rows`` are
optional. :func:`replay` checks the whole script and plays the whole game before returning
anything, so a bad script raises a :class:`~.rules.SchnappError` naming what and where, and
gives no partial output.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from voice_host.games.schnapp_den_sack.rules import (
    ROWS,
    Card,
    Flip,
    Flipped,
    GameOver,
    JSONObject,
    Kind,
    NoSuchFlipError,
    NotAJokerError,
    PlateCountError,
    Plates,
    PlayersError,
    ScriptError,
    Settle,
    UnknownPlayerError,
    apply,
    new_game,
    outcome,
    parse_row,
    row_plates,
    shared_plates,
)

FIELDS = ("players", "targets", "row_targets", "rows", "piles", "calls", "joker_rows")
"""Every field a script may have."""

_FLIP = re.compile(r"0|[1-9][0-9]*")


@dataclass(frozen=True, slots=True)
class Script:
    """A parsed replay script."""

    players: tuple[str, ...]
    """Names in turn order."""
    plates: Plates
    """Each row's plates, in the order of the rows."""
    start: tuple[int, ...]
    """The sacks of each row's start card, in the order of the rows."""
    piles: tuple[tuple[Card, ...], ...]
    """Each player's draw pile, top first, in turn order."""
    calls: Mapping[int, str] = field(hash=False)
    """Flip number to the first player heard calling after it."""
    joker_rows: Mapping[int, Kind] = field(hash=False)
    """Flip number to the row the joker flipped then is claimed or laid in."""


def _dump(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def _name(name: str) -> str:
    """A player's name as a step of a path: as it is, or quoted when it would not read."""
    plain = name.isprintable() and name.strip() == name and not set(name) & set(".[]\"")
    return name if plain else json.dumps(name, ensure_ascii=False)


def _object(data: Mapping[str, object], key: str, what: str) -> dict[str, object]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise ScriptError(f"{key}: expected an object of {what}, got {_dump(value)}")
    return value


def _whole(value: object, where: str, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScriptError(f"{where}: expected {what}, got {_dump(value)}")
    return value


def _sacks(value: object, row: Kind, where: str) -> int:
    return Card.sack(row, _whole(value, where, "a number of sacks (1 to 9)"), where).sacks


def _flip_number(key: str, where: str) -> int:
    if not _FLIP.fullmatch(key):
        raise ScriptError(f"{where}: {_dump(key)} is not a flip number (0, 1, 2, ...)")
    return int(key)


def _card(value: object, where: str) -> Card:
    if value == ["joker"]:
        return Card.joker()
    if isinstance(value, list) and value and value[0] == "joker":
        raise ScriptError(f'{where}: a joker is ["joker"], got {_dump(value)}')
    if not isinstance(value, list) or len(value) != 2:
        raise ScriptError(f'{where}: expected a card, [row, sacks] or ["joker"], got '
                          f"{_dump(value)}")
    row = parse_row(value[0], where)
    return Card.sack(row, _whole(value[1], where, "a number of sacks (1 to 9)"), where)


def _players(value: object) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise PlayersError(f"players: expected a list of 2 to 5 names, got {_dump(value)}")
    for i, name in enumerate(value):
        if not isinstance(name, str) or not name.strip():
            raise PlayersError(f"players[{i}]: {_dump(name)} is not a name")
        if name in value[:i]:
            raise PlayersError(f"players[{i}]: {_dump(name)} is given twice")
    if not 2 <= len(value) <= 5:
        raise PlayersError(f"players: {len(value)} players; the game is for 2 to 5")
    return tuple(value)


def _plates(data: Mapping[str, object]) -> Plates:
    if "targets" in data and "row_targets" in data:
        raise PlateCountError("targets and row_targets: give one or the other (shared plates, "
                              "or one plate per row)")
    if "row_targets" in data:
        given = _object(data, "row_targets", "row: plate")
        return row_plates({parse_row(row, f"row_targets.{_name(row)}"): plate
                           for row, plate in given.items()})
    targets = data.get("targets", [6])
    if not isinstance(targets, list):
        raise ScriptError(f"targets: expected a list of one or two plates, got {_dump(targets)}")
    return shared_plates(targets)


def _start(data: Mapping[str, object]) -> tuple[int, ...]:
    if "rows" not in data:
        raise ScriptError(f"missing field 'rows' (the sacks of each start card: "
                          f"{', '.join(ROWS)})")
    rows = _object(data, "rows", "row: sacks")
    given = {parse_row(row, f"rows.{_name(row)}"): value for row, value in rows.items()}
    missing = [row for row in ROWS if row not in given]
    if missing:
        raise ScriptError(f"rows: no start card for {', '.join(missing)}: every row has one")
    return tuple(_sacks(given[row], row, f"rows.{row}") for row in ROWS)


def read_script(text: str) -> Script:
    """Parse and check a script's shape and setup (not yet whether its flips happen); raises a
    :class:`~.rules.SchnappError` whose message says what and where."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as err:
        raise ScriptError(f"not JSON: {err}") from None
    if not isinstance(data, dict):
        raise ScriptError(f"expected a JSON object at the top, got {_dump(data)}")
    unknown = [key for key in data if key not in FIELDS]
    if unknown:
        raise ScriptError(f"{_name(unknown[0])}: not a field of the script (fields: "
                          f"{', '.join(FIELDS)})")
    for key in ("players", "piles"):
        if key not in data:
            raise ScriptError(f"missing field {key!r}")
    players = _players(data["players"])
    plates = _plates(data)
    start = _start(data)
    given = _object(data, "piles", "name: [cards]")
    piles: dict[str, tuple[Card, ...]] = {}
    for name, cards in given.items():
        where = f"piles.{_name(name)}"
        if name not in players:
            raise UnknownPlayerError(f"{where}: {_dump(name)} is not a player "
                                     f"(players: {', '.join(players)})")
        if not isinstance(cards, list):
            raise ScriptError(f"{where}: expected a list of cards, got {_dump(cards)}")
        piles[name] = tuple(_card(card, f"{where}[{i}]") for i, card in enumerate(cards))
    calls: dict[int, str] = {}
    for key, caller in _object(data, "calls", "flip: name").items():
        where = f"calls.{_name(key)}"
        flip = _flip_number(key, where)
        if not isinstance(caller, str) or caller not in players:
            raise UnknownPlayerError(f"{where}: {_dump(caller)} is not a player "
                                     f"(players: {', '.join(players)})")
        calls[flip] = caller
    joker_rows = {
        _flip_number(key, f"joker_rows.{_name(key)}"): parse_row(row, f"joker_rows.{_name(key)}")
        for key, row in _object(data, "joker_rows", "flip: row").items()
    }
    return Script(players, plates, start, tuple(piles.get(p, ()) for p in players), calls,
                  joker_rows)


def replay(text: str) -> list[JSONObject]:
    """Every event of a scripted game, in order, ending with ``game_over``. Raises a
    :class:`~.rules.SchnappError` on any bad script, before any output."""
    script = read_script(text)
    state = new_game(script.players, script.start, script.piles, script.plates)
    lines: list[JSONObject] = []
    if (end := outcome(state)) is not None:
        lines.append(GameOver(end).to_json())
    while outcome(state) is None:
        state, flipped = apply(state, Flip())
        assert isinstance(flipped[0], Flipped)
        flip, card = flipped[0].flip, flipped[0].card
        joker_row = script.joker_rows.get(flip)
        if joker_row is not None and not card.is_joker:
            raise NotAJokerError(f"joker_rows.{flip}: flip {flip} is {flipped[0].player}'s "
                                 f"{card}, not a joker")
        state, settled = apply(state, Settle(script.calls.get(flip), joker_row))
        lines.extend(event.to_json() for event in (*flipped, *settled))
    for what, flips in (("calls", script.calls), ("joker_rows", script.joker_rows)):
        late = [flip for flip in sorted(flips) if flip >= state.flips]
        if late:
            raise NoSuchFlipError(
                f"{what}.{late[0]}: flip {late[0]} never happens: the game ends after "
                f"{state.flips} flips" + (f" (0 to {state.flips - 1})" if state.flips else "")
            )
    return lines
