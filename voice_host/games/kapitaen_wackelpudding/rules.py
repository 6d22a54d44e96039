"""Kapitän Wackelpudding's rules as a pure state machine.

``apply(state, action) -> (state, events)``, :func:`legal_actions` and :func:`outcome`, over
small frozen values. The die is a chance action: a :class:`Roll` names the port it shows, given
by a script, by a real die at the table, or drawn by :func:`roll_die` from an injected
``random.Random``. Nothing here reads a clock, a file or the global random.

A turn of the player to move: :class:`Load` (one good of the port where the ship lies, or an
adventure card at Snarchland), :class:`Roll`, then the journey: any :class:`Fall` reported, and
:class:`Arrive` to end the turn. When the die shows the ship's own port, the ship stays and the
player loads again (:attr:`Phase.RELOAD`) before the turn ends. Every choice the rulebook leaves
open is a field of :class:`Rules`, written down once.
"""

from __future__ import annotations

import enum
import json
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import ClassVar, Final

JSONObject = dict[str, object]
"""One line of replay output, before encoding."""

MIN_PLAYERS: Final = 2
"""The fewest players at the table."""
MAX_PLAYERS: Final = 5
"""The most players at the table."""


# --- errors -------------------------------------------------------------------------------------


class WackelpuddingError(ValueError):
    """Root of every engine error: something given to the engine breaks the rules or the script's
    form. Messages repeat the input and say what would have been valid."""


class RulesError(WackelpuddingError):
    """A :class:`Rules` that cannot describe a game (no die faces, a negative count)."""


class ScriptError(WackelpuddingError):
    """A replay script that is not well formed: not JSON, missing or mistyped fields."""


class PlayerCountError(WackelpuddingError):
    """Fewer than 2 or more than 5 players."""


class PlayerNameError(WackelpuddingError):
    """A player's name that is empty or given twice."""


class UnknownPlayerError(WackelpuddingError):
    """A name that is not one of the players at the table."""


class UnknownPortError(WackelpuddingError):
    """A die roll that names no port."""


class UnknownGoodError(WackelpuddingError):
    """A good that the islands do not produce."""


class CargoError(WackelpuddingError):
    """More of a good fell than the ship carries."""


class EmptyPileError(WackelpuddingError):
    """A load from a screw-up pile that holds none of the good needed."""


class GameOverError(WackelpuddingError):
    """An action, or a script's turn, after the game has ended."""


class PhaseError(WackelpuddingError):
    """An action the turn does not take now (a roll before the load, a load while sailing)."""


# --- goods, ports and the die --------------------------------------------------------------------


class Good(enum.Enum):
    """A kind of cargo; the value is the replay contract's name."""

    VIDEO_GAME = "video_game"
    """Green, from Video Insel."""
    BONBON = "bonbon"
    """Blue, from Kindien."""
    COFFIN = "coffin"
    """Black, from Dracula Land."""
    CHEESE = "cheese"
    """Yellow, from Maustralia."""
    FRUIT_ROLLUP = "fruit_rollup"
    """Red, from Bananen-Atoll."""


GOODS: Final[tuple[Good, ...]] = tuple(Good)
"""Every good, in the order the contract's maps list them."""


class Port(enum.Enum):
    """Where the ship can lie; the value is the replay contract's name."""

    VIDEO = "video"
    """Video Insel: video games."""
    KINDIEN = "kindien"
    """Kindien: bonbons."""
    DRACULA = "dracula"
    """Dracula Land: coffins."""
    MAUSTRALIA = "maustralia"
    """Maustralia: cheese."""
    BANANEN = "bananen"
    """Bananen-Atoll: fruit rollups."""
    SNARCH = "snarch"
    """Snarchland: no goods; a player here draws an adventure card instead of loading."""

    @property
    def good(self) -> Good | None:
        """The good this island produces; None at Snarchland."""
        return None if self is Port.SNARCH else GOODS[ISLANDS.index(self)]


ISLANDS: Final[tuple[Port, ...]] = tuple(p for p in Port if p is not Port.SNARCH)
"""The five islands with goods, in the order the contract's ``lands`` lists them."""


def island_of(good: Good) -> Port:
    """The island that produces ``good``."""
    return ISLANDS[GOODS.index(good)]


def parse_port(text: object) -> Port | None:
    """The port a contract name (``"kindien"``) stands for, or None."""
    return next((p for p in Port if p.value == text), None)


def parse_good(text: object) -> Good | None:
    """The good a contract name (``"coffin"``) stands for, or None."""
    return next((g for g in Good if g.value == text), None)


@dataclass(frozen=True, slots=True)
class Face:
    """One face of the colour die."""

    colour: str
    """The face's colour, an English id (``"blue"``); the host says it in its language."""
    port: Port
    """Where the face sends the ship."""


DIE: Final[tuple[Face, ...]] = (
    Face("green", Port.VIDEO),
    Face("blue", Port.KINDIEN),
    Face("black", Port.DRACULA),
    Face("yellow", Port.MAUSTRALIA),
    Face("red", Port.BANANEN),
    Face("white", Port.SNARCH),
)
"""The default die: one face per port, the islands in their goods' colours, Snarchland white."""


@dataclass(frozen=True, slots=True)
class Cargo:
    """A count of each good: what is on the islands, aboard the ship, or in a screw-up pile."""

    counts: tuple[int, ...] = (0,) * len(GOODS)
    """How many of each good, in :data:`GOODS` order."""

    @classmethod
    def of(cls, goods: Mapping[Good, int]) -> Cargo:
        """A cargo holding ``goods`` (goods not named: none)."""
        return cls(tuple(goods.get(g, 0) for g in GOODS))

    def __getitem__(self, good: Good) -> int:
        return self.counts[GOODS.index(good)]

    def plus(self, good: Good, n: int = 1) -> Cargo:
        """This cargo with ``n`` more of ``good`` (fewer when ``n`` is negative)."""
        i = GOODS.index(good)
        return Cargo((*self.counts[:i], self.counts[i] + n, *self.counts[i + 1:]))

    def add(self, other: Cargo) -> Cargo:
        """The two cargoes together."""
        return Cargo(tuple(a + b for a, b in zip(self.counts, other.counts, strict=True)))

    def take(self, other: Cargo) -> Cargo:
        """This cargo without ``other`` (which it must hold)."""
        return Cargo(tuple(a - b for a, b in zip(self.counts, other.counts, strict=True)))

    @property
    def total(self) -> int:
        """How many goods in all."""
        return sum(self.counts)

    def items(self) -> Iterator[tuple[Good, int]]:
        """The goods held, with their counts, in :data:`GOODS` order; none of the absent."""
        return ((g, n) for g, n in zip(GOODS, self.counts, strict=True) if n)

    def to_json(self) -> dict[str, int]:
        """``{good: n}`` for the goods held, in :data:`GOODS` order."""
        return {g.value: n for g, n in self.items()}

    def describe(self) -> str:
        """``"2 coffin, 1 cheese"``, or ``"nothing"``."""
        return ", ".join(f"{n} {g.value}" for g, n in self.items()) or "nothing"


# --- the rules where the rulebook is silent ------------------------------------------------------


class Donor(enum.Enum):
    """Whose screw-up pile a good comes from when the island and the loader's own are empty."""

    MOST = "most"
    """The other player holding the most of it; ties go to the first in the players' order."""
    NEXT = "next"
    """The first player after the loader, going round the table, who holds one."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Every choice the rulebook leaves open; the defaults are the replay contract's."""

    goods_per_island: int = 8
    """Goods on each island at the start."""
    start: Port = Port.VIDEO
    """Where the ship lies at the start."""
    end_at: int = 3
    """A fall with this many goods or fewer left on the islands ends the game."""
    die: tuple[Face, ...] = DIE
    """The die's faces, equally likely."""
    load_again_on_own_colour: bool = True
    """When the die shows the ship's own port, the ship stays and the player loads once more
    (an adventure card again at Snarchland); False: the ship stays and the turn ends."""
    donor: Donor = Donor.MOST
    """Whose pile a load comes from when it must come from another player's and the table
    names nobody."""
    rules_for_all_in_force: int | None = None
    """How many "rule for all" cards lie face up at once; naming one more sets the oldest aside.
    None: every one named stays in force to the end."""

    def __post_init__(self) -> None:
        if not self.die:
            raise RulesError("die: no faces; a die needs at least one")
        if self.goods_per_island < 0 or self.end_at < 0:
            raise RulesError(f"goods_per_island {self.goods_per_island} and end_at "
                             f"{self.end_at}: counts cannot be negative")
        if self.rules_for_all_in_force is not None and self.rules_for_all_in_force < 1:
            raise RulesError(f"rules_for_all_in_force: {self.rules_for_all_in_force}; "
                             "give at least 1, or None for all")

    @property
    def goods_in_play(self) -> int:
        """Every good of the game: they stay between the islands, the ship and the piles."""
        return self.goods_per_island * len(ISLANDS)


def roll_die(rules: Rules, rng: random.Random) -> Face:
    """A throw of the die, drawn from an injected generator (``random.Random(seed)``)."""
    return rng.choice(rules.die)


def chance_outcomes(rules: Rules) -> tuple[tuple[Port, float], ...]:
    """Each port the die can show, with its probability, in :class:`Port` order."""
    return tuple((p, sum(f.port is p for f in rules.die) / len(rules.die))
                 for p in Port if any(f.port is p for f in rules.die))


# --- events --------------------------------------------------------------------------------------


class Source(enum.Enum):
    """Where a loaded good came from."""

    PORT = "port"
    """The island where the ship lies."""
    OWN_PILE = "own_pile"
    """The loader's own screw-up pile."""
    PLAYER = "player"
    """Another player's screw-up pile (:attr:`Loaded.donor`)."""


@dataclass(frozen=True, slots=True)
class CardDrawn:
    """At Snarchland the player drew an adventure card instead of loading."""

    name: ClassVar[str] = "card"
    player: str
    """Who drew it."""

    def to_json(self) -> JSONObject:
        """The replay contract's object."""
        return {"event": self.name, "player": self.player}


@dataclass(frozen=True, slots=True)
class Loaded:
    """A good went aboard."""

    name: ClassVar[str] = "loaded"
    player: str
    """Who loaded it."""
    good: Good
    """What was loaded: the good of the port where the ship lies."""
    source: Source
    """Where it came from."""
    donor: str | None = None
    """Whose pile it came from, when :attr:`source` is :attr:`Source.PLAYER`."""

    def to_json(self) -> JSONObject:
        """The replay contract's object; ``from`` is ``port``, ``own_pile`` or the donor."""
        origin = self.donor if self.source is Source.PLAYER else self.source.value
        return {"event": self.name, "player": self.player, "good": self.good.value,
                "from": origin}


@dataclass(frozen=True, slots=True)
class NothingToLoad:
    """The island, the loader's pile and every other pile are out of the port's good."""

    name: ClassVar[str] = "nothing_to_load"
    player: str
    """Who would have loaded."""
    good: Good
    """The good nobody has."""

    def to_json(self) -> JSONObject:
        """The replay contract's object."""
        return {"event": self.name, "player": self.player, "good": self.good.value}


@dataclass(frozen=True, slots=True)
class Rolled:
    """The die was thrown."""

    name: ClassVar[str] = "rolled"
    player: str
    """Who threw it."""
    port: Port
    """The port its face names."""

    def to_json(self) -> JSONObject:
        """The replay contract's object."""
        return {"event": self.name, "player": self.player, "port": self.port.value}


@dataclass(frozen=True, slots=True)
class Stayed:
    """The die showed the port where the ship lies: it does not move."""

    name: ClassVar[str] = "stayed"
    port: Port
    """Where the ship stays."""

    def to_json(self) -> JSONObject:
        """The replay contract's object."""
        return {"event": self.name, "port": self.port.value}


@dataclass(frozen=True, slots=True)
class Sailed:
    """The ship sets out for the port the die showed."""

    name: ClassVar[str] = "sailed"
    to: Port
    """Its destination."""

    def to_json(self) -> JSONObject:
        """The replay contract's object."""
        return {"event": self.name, "to": self.to.value}


@dataclass(frozen=True, slots=True)
class Fell:
    """Goods fell off the ship into the steering player's screw-up pile."""

    name: ClassVar[str] = "fell"
    player: str
    """Who was steering (or loading): the pile they went to."""
    goods: Cargo
    """What fell; never empty."""

    def to_json(self) -> JSONObject:
        """The replay contract's object."""
        return {"event": self.name, "player": self.player, "goods": self.goods.to_json()}


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished game: the fewest goods in a screw-up pile win, all tied players together."""

    screw_ups: Mapping[str, int] = field(hash=False)
    """Goods in each player's screw-up pile, in turn order."""
    winners: tuple[str, ...]
    """The players with the fewest, in turn order."""
    lands: int
    """Goods left on the islands when it ended."""


@dataclass(frozen=True, slots=True)
class GameOver:
    """A fall left the islands with :attr:`Rules.end_at` goods or fewer: the game is over."""

    name: ClassVar[str] = "game_over"
    outcome: Outcome
    """The result."""

    def to_json(self) -> JSONObject:
        """The replay contract's object."""
        return {"event": self.name, "screw_ups": dict(self.outcome.screw_ups),
                "winners": list(self.outcome.winners)}


@dataclass(frozen=True, slots=True)
class RuleNamed:
    """A player named the "rule for all" card they drew; it is in force for everyone. Outside
    the replay contract: the host keeps it so it can say which rules are in force."""

    name: ClassVar[str] = "rule_for_all"
    player: str
    """Who named it."""
    text: str
    """The rule, as said."""

    def to_json(self) -> JSONObject:
        """The event as an object, for the host's log."""
        return {"event": self.name, "player": self.player, "text": self.text}


Event = CardDrawn | Loaded | NothingToLoad | Rolled | Stayed | Sailed | Fell | GameOver | RuleNamed
"""Anything that happens at the table."""

CONTRACT_EVENTS: Final = frozenset(
    e.name for e in (CardDrawn, Loaded, NothingToLoad, Rolled, Stayed, Sailed, Fell, GameOver)
)
"""The events the replay contract prints."""


# --- actions -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Load:
    """The player to move loads (or, at Snarchland, draws an adventure card)."""

    donor: str | None = None
    """Whose screw-up pile the good comes from if it must come from another player's; None: as
    :attr:`Rules.donor` says. Ignored when the island or the loader's own pile has one."""


@dataclass(frozen=True, slots=True)
class Roll:
    """The die shows ``port``."""

    port: Port
    """Where its face sends the ship."""


@dataclass(frozen=True, slots=True)
class Fall:
    """Goods fell off the ship during this turn (while loading or sailing)."""

    goods: Cargo
    """What fell; an empty cargo is nothing and changes nothing."""


@dataclass(frozen=True, slots=True)
class Arrive:
    """The ship reached its port (or, having stayed, the player is done): the turn ends."""


@dataclass(frozen=True, slots=True)
class NameRule:
    """The player to move names the "rule for all" card they drew."""

    text: str
    """The rule, as said."""


Action = Load | Roll | Fall | Arrive | NameRule
"""Everything that moves the game on."""


# --- state ---------------------------------------------------------------------------------------


class Phase(enum.Enum):
    """What the turn waits for."""

    LOAD = "load"
    """The player to move loads (:class:`Load`)."""
    ROLL = "roll"
    """The die is thrown (:class:`Roll`); falls while loading may be reported."""
    RELOAD = "reload"
    """The ship stayed: the player loads once more (:class:`Load`)."""
    SAIL = "sail"
    """The ship is under way (or stayed): falls are reported and :class:`Arrive` ends the
    turn."""
    OVER = "over"
    """The game has ended."""


@dataclass(frozen=True, slots=True)
class State:
    """Everything the host knows of the table."""

    rules: Rules
    """The rules in force."""
    players: tuple[str, ...]
    """Names in turn order, youngest first."""
    port: Port
    """Where the ship lies (or is bound for, once it sailed this turn)."""
    lands: Cargo
    """Goods left on the islands (each island holds only its own good)."""
    ship: Cargo
    """Goods aboard."""
    piles: tuple[Cargo, ...]
    """Each player's screw-up pile, in turn order."""
    turn: int = 0
    """Turns begun before this one; the player to move is ``players[turn % len(players)]``."""
    phase: Phase = Phase.LOAD
    """What the turn waits for."""
    cards: tuple[int, ...] = ()
    """Adventure cards each player has drawn, in turn order."""
    rules_for_all: tuple[RuleNamed, ...] = ()
    """The "rule for all" cards in force, oldest first."""
    outcome: Outcome | None = None
    """The result, once the game is over."""

    @property
    def player(self) -> str:
        """Whose turn it is."""
        return self.players[self.turn % len(self.players)]

    def pile(self, player: str) -> Cargo:
        """``player``'s screw-up pile."""
        return self.piles[self.players.index(player)]

    def screw_ups(self) -> dict[str, int]:
        """Goods in each screw-up pile, in turn order."""
        return {p: pile.total for p, pile in zip(self.players, self.piles, strict=True)}

    @property
    def goods_total(self) -> int:
        """Goods on the islands, aboard and in the piles: always :attr:`Rules.goods_in_play`."""
        return self.lands.total + self.ship.total + sum(p.total for p in self.piles)

    def to_json(self) -> JSONObject:
        """The replay contract's ``state`` object: where the game stands between turns."""
        return {
            "event": "state",
            "port": self.port.value,
            "ship": self.ship.to_json(),
            "lands": {island.value: self.lands[g] for island, g in zip(ISLANDS, GOODS,
                                                                           strict=True)},
            "screw_ups": self.screw_ups(),
            "next": self.player,
        }


def new_game(players: tuple[str, ...] | list[str], rules: Rules | None = None) -> State:
    """A table before the first turn: full islands, an empty ship at :attr:`Rules.start`.
    Raises :class:`PlayerCountError` or :class:`PlayerNameError`."""
    rules = rules or Rules()
    names = tuple(players)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        listed = ", ".join(json.dumps(n, ensure_ascii=False) for n in names) or "none"
        raise PlayerCountError(f"{len(names)} player{'' if len(names) == 1 else 's'} "
                               f"({listed}); the game takes "
                               f"{MIN_PLAYERS} to {MAX_PLAYERS}")
    for i, name in enumerate(names):
        if not name.strip():
            raise PlayerNameError(f"[{i}]: {json.dumps(name)} is an empty name")
        if name in names[:i]:
            raise PlayerNameError(f"[{i}]: {json.dumps(name, ensure_ascii=False)} is named "
                                  f"twice (also [{names.index(name)}]); names must differ")
    return State(
        rules=rules,
        players=names,
        port=rules.start,
        lands=Cargo((rules.goods_per_island,) * len(GOODS)),
        ship=Cargo(),
        piles=(Cargo(),) * len(names),
        cards=(0,) * len(names),
    )


def outcome(state: State) -> Outcome | None:
    """The result, or None while the game goes on."""
    return state.outcome


def legal_actions(state: State) -> tuple[Action, ...]:
    """What the game takes now. A :class:`Fall` of any cargo up to what is aboard is legal in
    the roll, reload and sail phases; this lists the falls of one good. :class:`NameRule` (any
    text) is legal until the game ends and is not listed."""
    if state.phase in (Phase.LOAD, Phase.RELOAD):
        return tuple(Load(d) for d in (None, *donors(state)))
    falls = tuple(Fall(Cargo().plus(g)) for g, _ in state.ship.items())
    if state.phase is Phase.ROLL:
        return (*(Roll(p) for p, _ in chance_outcomes(state.rules)), *falls)
    if state.phase is Phase.SAIL:
        return (Arrive(), *falls)
    return ()


def donors(state: State) -> tuple[str, ...]:
    """The players a load may name as its donor now, in turn order: empty unless a load is due
    and the island and the loader's pile are out of the port's good."""
    if state.phase not in (Phase.LOAD, Phase.RELOAD):
        return ()
    good = state.port.good
    if good is None or state.lands[good] or state.pile(state.player)[good]:
        return ()
    return tuple(p for p in state.players if p != state.player and state.pile(p)[good])


def apply(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """The state after ``action`` and what happened. Raises a :class:`WackelpuddingError`
    subclass when the action breaks the rules; ``state`` is never changed."""
    if state.phase is Phase.OVER:
        winners = state.outcome.winners if state.outcome else ()
        raise GameOverError(f"{type(action).__name__}: the game is over "
                            f"(winners: {', '.join(winners)})")
    if isinstance(action, Load):
        return _load(state, action)
    if isinstance(action, Roll):
        return _roll(state, action)
    if isinstance(action, Fall):
        return _fall(state, action)
    if isinstance(action, Arrive):
        if state.phase is not Phase.SAIL:
            raise PhaseError(f"arrive: the ship has not set out (the turn waits for "
                             f"{state.phase.value})")
        return replace(state, turn=state.turn + 1, phase=Phase.LOAD), ()
    return _name_rule(state, action)


def _load(state: State, action: Load) -> tuple[State, tuple[Event, ...]]:
    if state.phase not in (Phase.LOAD, Phase.RELOAD):
        raise PhaseError(f"load: the turn waits for {state.phase.value}, not a load")
    player = state.player
    if action.donor is not None and action.donor not in state.players:
        raise UnknownPlayerError(f"{json.dumps(action.donor, ensure_ascii=False)} is not a "
                                 f"player (players: {', '.join(state.players)})")
    after = Phase.ROLL if state.phase is Phase.LOAD else Phase.SAIL
    good = state.port.good
    if good is None:
        i = state.players.index(player)
        cards = (*state.cards[:i], state.cards[i] + 1, *state.cards[i + 1:])
        return replace(state, cards=cards, phase=after), (CardDrawn(player),)
    ship = state.ship.plus(good)
    if state.lands[good]:
        return (replace(state, lands=state.lands.plus(good, -1), ship=ship, phase=after),
                (Loaded(player, good, Source.PORT),))
    if state.pile(player)[good]:
        return (replace(state, piles=_pile_plus(state, player, good, -1), ship=ship,
                        phase=after), (Loaded(player, good, Source.OWN_PILE),))
    holders = donors(state)
    if action.donor is not None:
        if action.donor not in holders:
            held = ", ".join(f"{p} {state.pile(p)[good]}" for p in holders) or "nobody"
            raise EmptyPileError(
                f"{json.dumps(action.donor, ensure_ascii=False)} has no {good.value} in their "
                f"screw-up pile, needed as the island {island_of(good).value} and "
                f"{json.dumps(player, ensure_ascii=False)}'s own pile have none "
                f"(piles holding {good.value}: {held})"
            )
        donor = action.donor
    elif not holders:
        return replace(state, phase=after), (NothingToLoad(player, good),)
    else:
        donor = _choose_donor(state, holders, good)
    return (replace(state, piles=_pile_plus(state, donor, good, -1), ship=ship, phase=after),
            (Loaded(player, good, Source.PLAYER, donor),))


def proposed_donor(state: State) -> str | None:
    """Whose pile a load now takes when the table names nobody (:attr:`Rules.donor`); None
    unless it must come from another player's pile and someone holds the good."""
    holders = donors(state)
    good = state.port.good
    return _choose_donor(state, holders, good) if holders and good is not None else None


def _choose_donor(state: State, holders: tuple[str, ...], good: Good) -> str:
    if state.rules.donor is Donor.MOST:
        return max(holders, key=lambda p: state.pile(p)[good])  # the first of the most
    me = state.players.index(state.player)
    n = len(state.players)
    return next(state.players[(me + k) % n] for k in range(1, n)
                if state.players[(me + k) % n] in holders)


def _pile_plus(state: State, player: str, good: Good, n: int) -> tuple[Cargo, ...]:
    i = state.players.index(player)
    return (*state.piles[:i], state.piles[i].plus(good, n), *state.piles[i + 1:])


def _roll(state: State, action: Roll) -> tuple[State, tuple[Event, ...]]:
    if state.phase is not Phase.ROLL:
        raise PhaseError(f"roll {action.port.value}: the turn waits for {state.phase.value}, "
                         "not a roll")
    rolled = Rolled(state.player, action.port)
    if action.port is state.port:
        after = Phase.RELOAD if state.rules.load_again_on_own_colour else Phase.SAIL
        return replace(state, phase=after), (rolled, Stayed(state.port))
    return replace(state, port=action.port, phase=Phase.SAIL), (rolled, Sailed(action.port))


def _fall(state: State, action: Fall) -> tuple[State, tuple[Event, ...]]:
    if state.phase is Phase.LOAD:
        raise PhaseError(f"fall {action.goods.describe()}: nothing is loaded yet this turn")
    goods = action.goods
    for g, n in zip(GOODS, goods.counts, strict=True):
        if n < 0:
            raise CargoError(f"{n} {g.value}: a count cannot be negative")
        if n > state.ship[g]:
            raise CargoError(f"{n} {g.value}, but the ship carries {state.ship[g]}")
    if not goods.total:
        return state, ()
    i = state.players.index(state.player)
    piles = (*state.piles[:i], state.piles[i].add(goods), *state.piles[i + 1:])
    fallen = replace(state, ship=state.ship.take(goods), piles=piles)
    events: tuple[Event, ...] = (Fell(state.player, goods),)
    if fallen.lands.total <= state.rules.end_at:
        screw_ups = fallen.screw_ups()
        fewest = min(screw_ups.values())
        result = Outcome(screw_ups, tuple(p for p, n in screw_ups.items() if n == fewest),
                         fallen.lands.total)
        fallen = replace(fallen, phase=Phase.OVER, outcome=result)
        events += (GameOver(result),)
    return fallen, events


def _name_rule(state: State, action: NameRule) -> tuple[State, tuple[Event, ...]]:
    named = RuleNamed(state.player, action.text)
    in_force = (*state.rules_for_all, named)
    limit = state.rules.rules_for_all_in_force
    if limit is not None:
        in_force = in_force[-limit:]
    return replace(state, rules_for_all=in_force), (named,)
