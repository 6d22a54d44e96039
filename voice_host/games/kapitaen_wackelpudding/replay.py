"""The replay contract: a scripted game of Kapitän Wackelpudding as one JSON object per event.

A script names the players in turn order (2–5, youngest first) and, for each turn, the port
the die showed, what fell during the turn and, optionally, whose screw-up pile a load comes from
when it has to come from another player's::

    {"players": ["Anna", "Ben"],
     "turns": [{"roll": "kindien"}, {"roll": "dracula", "fell": {"bonbon": 1}},
               {"roll": "snarch", "from_pile": "Anna"}]}

Each turn is: load (a ``card`` at Snarchland), ``rolled``, ``stayed`` and a second load or
``sailed``, then ``fell`` if anything fell, and ``game_over`` if that fall left 3 goods or fewer
on the islands. If the turns run out first, a last ``state`` line says where the game stands.

:func:`replay` checks the whole script and computes every line before returning anything: a bad
script raises a :class:`~.rules.WackelpuddingError` naming what is wrong and where
(``turns[4].fell: 2 coffin, but the ship carries 1``), and gives no partial output.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from voice_host.games.kapitaen_wackelpudding.rules import (
    CONTRACT_EVENTS,
    GOODS,
    Action,
    Arrive,
    Cargo,
    Event,
    Fall,
    GameOverError,
    JSONObject,
    Load,
    Phase,
    Port,
    Roll,
    Rules,
    ScriptError,
    State,
    UnknownGoodError,
    UnknownPlayerError,
    UnknownPortError,
    WackelpuddingError,
    apply,
    new_game,
    parse_good,
    parse_port,
)

SCRIPT_KEYS = ("players", "turns")
"""The fields a script may have; ``turns`` may be left out (no turn played yet)."""
TURN_KEYS = ("roll", "fell", "from_pile")
"""The fields a turn may have; ``roll`` is required."""


@dataclass(frozen=True, slots=True)
class Turn:
    """One scripted turn."""

    roll: Port
    """The port the die showed."""
    fell: Cargo
    """What fell off the ship during the turn (maybe nothing)."""
    from_pile: str | None = None
    """Whose pile a load comes from when it has to come from another player's."""


@dataclass(frozen=True, slots=True)
class Script:
    """A parsed replay script."""

    players: tuple[str, ...]
    """Names in turn order."""
    turns: tuple[Turn, ...]
    """The turns played, in order."""


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def _names(values: list[str]) -> str:
    return ", ".join(_dumps(v) for v in values)


def read_script(text: str) -> Script:
    """Parse and check a script's form and players (not yet its turns' play); raises a
    :class:`~.rules.WackelpuddingError` whose message says where the problem is."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise ScriptError(f"not JSON: {err}") from None
    except RecursionError:
        raise ScriptError("not JSON this program can read: nested too deeply") from None
    if not isinstance(data, dict):
        raise ScriptError(f"expected a JSON object at the top, got {_json_type(data)}")
    _no_other_keys(data, SCRIPT_KEYS, "")
    if "players" not in data:
        raise ScriptError('missing field "players": the names in turn order, youngest first')
    players = data["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ScriptError(f"players: expected a list of names, got {_dumps(players)}")
    try:
        new_game(players)
    except WackelpuddingError as err:
        raise type(err)(f"players{err}" if str(err).startswith("[") else f"players: {err}"
                        ) from None
    turns = data.get("turns", [])
    if not isinstance(turns, list):
        raise ScriptError(f"turns: expected a list of turns, got {_dumps(turns)}")
    return Script(tuple(players), tuple(_read_turn(t, f"turns[{i}]", players)
                                        for i, t in enumerate(turns)))


def _json_type(value: object) -> str:
    names = {list: "a list", str: "a string", bool: "true or false", int: "a number",
             float: "a number", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def _no_other_keys(data: dict[str, object], keys: tuple[str, ...], where: str) -> None:
    for key in data:
        if key not in keys:
            raise ScriptError(f"{where}{'.' if where else ''}{key}: not a field of a "
                              f"{'turn' if where else 'script'} (fields: {', '.join(keys)})")


def _read_turn(data: object, where: str, players: list[str]) -> Turn:
    if not isinstance(data, dict):
        raise ScriptError(f'{where}: expected an object like {{"roll": "kindien"}}, '
                          f"got {_json_type(data)}")
    _no_other_keys(data, TURN_KEYS, where)
    if "roll" not in data:
        raise ScriptError(f'{where}: missing field "roll": the port the die showed')
    port = parse_port(data["roll"])
    if port is None:
        raise UnknownPortError(f"{where}.roll: {_dumps(data['roll'])} is not a port "
                               f"(ports: {', '.join(p.value for p in Port)})")
    fell = data.get("fell", {})
    if not isinstance(fell, dict):
        raise ScriptError(f'{where}.fell: expected an object like {{"coffin": 2}}, '
                          f"got {_dumps(fell)}")
    counts = Cargo()
    for name, n in fell.items():
        good = parse_good(name)
        if good is None:
            raise UnknownGoodError(f"{where}.fell: {_dumps(name)} is not a good "
                                   f"(goods: {', '.join(g.value for g in GOODS)})")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ScriptError(f"{where}.fell.{name}: {_dumps(n)} is not a count "
                              "(a whole number, 0 or more)")
        counts = counts.plus(good, n)
    donor = data.get("from_pile")
    if donor is not None and not isinstance(donor, str):
        raise ScriptError(f"{where}.from_pile: expected a player's name, got {_dumps(donor)}")
    if donor is not None and donor not in players:
        raise UnknownPlayerError(f"{where}.from_pile: {_dumps(donor)} is not a player "
                                 f"(players: {_names(players)})")
    return Turn(port, counts, donor)


Step = tuple[State, tuple[Event, ...]]
"""The state after one action, and the events it caused."""


def play(script: Script, rules: Rules | None = None) -> list[Step]:
    """Every action of the script applied in order: each one's state and events. Raises a
    :class:`~.rules.WackelpuddingError` naming the turn and field at fault."""
    state = new_game(script.players, rules)
    steps: list[Step] = []
    ended_at = -1
    for i, turn in enumerate(script.turns):
        where = f"turns[{i}]"
        if state.outcome is not None:
            raise GameOverError(
                f"{where}: a turn after the game ended at turns[{ended_at}] (a fall with "
                f"{state.outcome.lands} goods left on the islands); the script must stop there"
            )
        state = _act(state, Load(turn.from_pile), f"{where}.from_pile", steps)
        state = _act(state, Roll(turn.roll), f"{where}.roll", steps)
        if state.phase is Phase.RELOAD:
            state = _act(state, Load(turn.from_pile), f"{where}.from_pile", steps)
        state = _act(state, Fall(turn.fell), f"{where}.fell", steps)
        if state.outcome is not None:
            ended_at = i
        else:
            state = _act(state, Arrive(), where, steps)
    return steps


def _act(state: State, action: Action, where: str, steps: list[Step]) -> State:
    try:
        state, events = apply(state, action)
    except WackelpuddingError as err:
        raise type(err)(f"{where}: {err}") from None
    steps.append((state, events))
    return state


def replay(text: str, rules: Rules | None = None) -> list[JSONObject]:
    """Every output line of a script, in order: the contract's events, then a ``state`` line
    if the turns ran out before the game ended. Raises on any bad script, before any output."""
    script = read_script(text)
    steps = play(script, rules)
    lines = [e.to_json() for _, events in steps for e in events if e.name in CONTRACT_EVENTS]
    last = steps[-1][0] if steps else new_game(script.players, rules)
    if last.outcome is None:
        lines.append(last.to_json())
    return lines
