"""Schnapp den Sack's rules as a pure state machine: ``apply(state, action) -> (state, events)``.

The table has four rows of sack cards (:data:`ROWS`) and each player's draw pile. In turn, the
next player whose pile is not empty flips its top card (:class:`Flip`); then the table settles it
(:class:`Settle`): who called first, if anyone, and for a joker the row it is claimed or laid in.
A card *reaches* its row if laying it beside the row's visible cards, or on one of them, makes the
row's count one of the row's plates; a right call wins the row, a wrong one costs the caller their
last won card. Chance enters only as input: the piles are given (:func:`new_game`), or dealt from
an injected :class:`random.Random` (:func:`deal`). No I/O, no clock, no global random.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TypeVar

JSONObject = dict[str, object]

MIN_PLAYERS, MAX_PLAYERS = 2, 5
"""The fewest and the most players."""

MIN_SACKS, MAX_SACKS = 1, 9
"""The fewest and the most sacks on a sack card."""

PLATES: tuple[int, ...] = (6, 7, 8, 9, 10, 12)
"""The target plates in the box."""

JOKER_SACKS = 1
"""A joker always counts one sack."""


def quote(value: object) -> str:
    """``value`` as JSON on one line, for a message (non-ASCII letters as they are)."""
    return json.dumps(value, ensure_ascii=False)


# --- errors -------------------------------------------------------------------------------------


class SchnappError(ValueError):
    """Root of every error: an input that does not describe a game of Schnapp den Sack."""


class ScriptError(SchnappError):
    """A replay script that is not well formed: not JSON, a field missing, unknown or mistyped."""


class PlayersError(SchnappError):
    """Not 2 to 5 players with unique, non-empty names."""


class UnknownPlayerError(SchnappError):
    """A name that is not one of the players (a call, a pile)."""


class UnknownRowError(SchnappError):
    """A row name that is not one of :data:`ROWS`."""


class SacksError(SchnappError):
    """A sack card with fewer than 1 or more than 9 sacks."""


class NoSuchPlateError(SchnappError):
    """A plate value that is not in the box (:data:`PLATES`)."""


class PlateCountError(SchnappError):
    """No plate, more than two plates, or both shared plates and one plate per row."""


class NoSuchFlipError(SchnappError):
    """A call or joker row given for a flip that never happens."""


class NotAJokerError(SchnappError):
    """A joker row given for a flip that is not a joker."""


class SetupError(SchnappError):
    """A table that cannot start this way: not one start card per row, not one pile per
    player, or a deck (:class:`Rules`) without sack cards."""


class IllegalActionError(SchnappError):
    """An action that the state does not allow now (a broken contract, not a player's mistake)."""


class GameOverError(IllegalActionError):
    """An action after every pile is empty."""


# --- cards and rows -----------------------------------------------------------------------------


class Kind(StrEnum):
    """What a card shows: one of the four sacks, or the joker. The value is the script's name."""

    DUDEL = "dudel"
    TRAENEN = "traenen"
    FRECH = "frech"
    WANDER = "wander"
    JOKER = "joker"


ROWS: tuple[Kind, ...] = (Kind.DUDEL, Kind.TRAENEN, Kind.FRECH, Kind.WANDER)
"""The four rows in their order, which breaks every tie."""

ROW_NAMES = ", ".join(ROWS)
"""The rows' names in order, for messages."""


def parse_row(name: object, where: str) -> Kind:
    """The row called ``name``; raises :class:`UnknownRowError` naming ``where``."""
    for row in ROWS:
        if name == row.value:
            return row
    raise UnknownRowError(f"{where}: no row {quote(name)}: the rows are {ROW_NAMES}")


@dataclass(frozen=True, slots=True)
class Card:
    """One card: a sack card of a row with 1 to 9 sacks, or a joker (which counts one sack)."""

    kind: Kind
    """The row it belongs to, or :attr:`Kind.JOKER`."""
    sacks: int
    """The sacks it counts."""

    @staticmethod
    def sack(kind: Kind, sacks: int, where: str = "card") -> Card:
        """A sack card; raises :class:`SacksError` or :class:`UnknownRowError` naming ``where``."""
        if kind not in ROWS:
            raise UnknownRowError(f"{where}: {kind} is not a row: the rows are {ROW_NAMES}")
        if not MIN_SACKS <= sacks <= MAX_SACKS:
            raise SacksError(
                f"{where}: sacks {sacks}: a card has {MIN_SACKS} to {MAX_SACKS} sacks"
            )
        return Card(kind, sacks)

    @staticmethod
    def joker() -> Card:
        """The joker."""
        return Card(Kind.JOKER, JOKER_SACKS)

    @property
    def is_joker(self) -> bool:
        """Whether this card is a joker."""
        return self.kind is Kind.JOKER

    def __str__(self) -> str:
        return "joker" if self.is_joker else f"{self.kind} {self.sacks}"


@dataclass(frozen=True, slots=True)
class Laid:
    """A card laid in a row, and the stack it lies on."""

    stack: int
    """The stack's place in the row, 0 for the first laid beside the others."""
    card: Card
    """The card."""


@dataclass(frozen=True, slots=True)
class Row:
    """One row of the table: its cards in the order they were laid, each on its stack."""

    laid: tuple[Laid, ...] = ()
    """Every card of the row, covered ones too, in the order laid."""

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the row in the order laid."""
        return tuple(laid.card for laid in self.laid)

    @property
    def visible(self) -> tuple[Card, ...]:
        """The top card of each stack, in the stacks' order."""
        tops: dict[int, Card] = {}
        for laid in self.laid:
            tops[laid.stack] = laid.card
        return tuple(tops[stack] for stack in sorted(tops))

    @property
    def count(self) -> int:
        """The sacks the row shows: the sum of its visible cards."""
        return sum(card.sacks for card in self.visible)

    def reaches(self, card: Card, plates: Sequence[int]) -> bool:
        """Whether ``card``, laid beside the row or on one of its visible cards, makes one of
        ``plates``."""
        count = self.count
        return count + card.sacks in plates or any(
            count - top.sacks + card.sacks in plates for top in self.visible
        )

    def lay(self, card: Card, plates: Sequence[int]) -> tuple[Row, int | None]:
        """The row with ``card`` laid, and the sacks of the card it was laid on (None: beside).
        Above its largest plate, a row takes a card on its first visible card with the most
        sacks; otherwise beside its cards."""
        visible = self.visible
        if self.count > max(plates):
            top = max(range(len(visible)), key=lambda i: visible[i].sacks)
            return Row((*self.laid, Laid(top, card))), visible[top].sacks
        return Row((*self.laid, Laid(len(visible), card))), None


# --- setup --------------------------------------------------------------------------------------

Plates = tuple[tuple[int, ...], ...]
"""The plates of each row, in the order of :data:`ROWS`."""


def check_plate(value: object, where: str) -> int:
    """``value`` as a plate; raises :class:`NoSuchPlateError` naming ``where``."""
    if isinstance(value, bool) or not isinstance(value, int) or value not in PLATES:
        raise NoSuchPlateError(
            f"{where}: no plate {quote(value)}: the plates are "
            f"{', '.join(map(str, PLATES))}"
        )
    return value


def shared_plates(values: Sequence[object], where: str = "targets") -> Plates:
    """One or two plates shared by every row (the game, variants 1 and 2)."""
    if not 1 <= len(values) <= 2:
        raise PlateCountError(
            f"{where}: {len(values)} plates: choose one or two (or one per row)"
        )
    plates = tuple(sorted({check_plate(v, f"{where}[{i}]") for i, v in enumerate(values)}))
    return tuple(plates for _ in ROWS)


def row_plates(values: Mapping[Kind, object], where: str = "row_targets") -> Plates:
    """One plate per row (variant 3); every row needs one."""
    missing = [row for row in ROWS if row not in values]
    if missing:
        raise PlateCountError(f"{where}: no plate for {', '.join(missing)}: every row needs one")
    return tuple((check_plate(values[row], f"{where}.{row}"),) for row in ROWS)


@dataclass(frozen=True, slots=True)
class Rules:
    """What the rulebook leaves open and the replay contract does not fix: the deck a seeded
    deal uses. Replayed scripts give their cards, so these never change a replay."""

    sacks: tuple[int, ...] = (1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6)
    """The sacks on the cards of each row's kind (the box has 14 per kind)."""
    jokers: int = 4
    """Jokers in the deck."""

    def __post_init__(self) -> None:
        for i, sacks in enumerate(self.sacks):
            Card.sack(Kind.DUDEL, sacks, f"Rules.sacks[{i}]")
        if not self.sacks or self.jokers < 0:
            raise SetupError(f"Rules: sacks {self.sacks}, jokers {self.jokers}: a deck needs "
                             "sack cards of each kind and no fewer than 0 jokers")

    def deck(self) -> tuple[Card, ...]:
        """Every card in the box: each kind's cards in row order, then the jokers."""
        return (*(Card(kind, sacks) for kind in ROWS for sacks in self.sacks),
                *(Card.joker() for _ in range(self.jokers)))


# --- state --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class State:
    """Everything the table shows and holds between two actions."""

    players: tuple[str, ...]
    """Names in turn order; the first flips first."""
    plates: Plates = field(repr=False)
    """The plates of each row, in the order of :data:`ROWS`."""
    piles: tuple[tuple[Card, ...], ...]
    """Each player's draw pile, top first."""
    rows: tuple[Row, ...]
    """The four rows, in the order of :data:`ROWS`."""
    won: tuple[tuple[Card, ...], ...]
    """Each player's score pile, in the order won (the last is the one a wrong call returns)."""
    flips: int = 0
    """The cards flipped so far; the next flip's number."""
    last: int | None = None
    """The player who flipped last (an index into :attr:`players`), None before the first flip."""
    flipped: Card | None = None
    """The card just flipped and not yet settled."""

    def row(self, kind: Kind) -> Row:
        """The row of ``kind``."""
        return self.rows[ROWS.index(kind)]

    def plates_of(self, kind: Kind) -> tuple[int, ...]:
        """The plates of the row of ``kind``."""
        return self.plates[ROWS.index(kind)]

    def index(self, player: str, where: str = "player") -> int:
        """The place of ``player`` in turn order; raises :class:`UnknownPlayerError`."""
        if player not in self.players:
            raise UnknownPlayerError(
                f"{where}: {quote(player)} is not a player "
                f"(players: {', '.join(self.players)})"
            )
        return self.players.index(player)

    def next_player(self) -> int | None:
        """Who flips next: the next player in turn order whose pile is not empty."""
        start = 0 if self.last is None else self.last + 1
        for step in range(len(self.players)):
            i = (start + step) % len(self.players)
            if self.piles[i]:
                return i
        return None

    def cards(self) -> int:
        """Every card in play: in piles, in rows, won, and the one being settled."""
        return (sum(map(len, self.piles)) + sum(len(row.laid) for row in self.rows)
                + sum(map(len, self.won)) + (self.flipped is not None))


def new_game(players: Sequence[str], start: Sequence[int], piles: Sequence[Sequence[Card]],
             plates: Plates | None = None) -> State:
    """A table ready for the first flip: ``start`` gives the sacks of each row's start card (in
    the order of :data:`ROWS`), ``piles`` each player's draw pile (top first), ``plates`` each
    row's plates (default: the plate 6 for every row)."""
    names = tuple(players)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise PlayersError(f"players: {len(names)} players; the game is for "
                           f"{MIN_PLAYERS} to {MAX_PLAYERS}")
    for i, name in enumerate(names):
        if not isinstance(name, str) or not name.strip():
            raise PlayersError(f"players[{i}]: {quote(name)} is not a name")
        if name in names[:i]:
            raise PlayersError(f"players[{i}]: {quote(name)} is given twice")
    if len(piles) != len(names):
        raise SetupError(f"piles: {len(piles)} piles for {len(names)} players")
    if len(start) != len(ROWS):
        raise SetupError(f"start: {len(start)} start cards; one per row ({ROW_NAMES})")
    rows = tuple(Row((Laid(0, Card.sack(kind, sacks, f"rows.{kind}")),))
                 for kind, sacks in zip(ROWS, start, strict=True))
    if plates is None:
        plates = shared_plates([6])
    if len(plates) != len(ROWS) or not all(1 <= len(row) <= 2 for row in plates):
        raise PlateCountError(f"plates: {plates}: every row needs one or two plates")
    for row_plates_ in plates:
        for plate in row_plates_:
            check_plate(plate, "plates")
    return State(names, plates, tuple(tuple(pile) for pile in piles), rows,
                 tuple(() for _ in names))


def deal(players: Sequence[str], rng: random.Random, rules: Rules | None = None,
         plates: Plates | None = None) -> State:
    """A seeded deal as the rulebook lays it: one card of each row's kind drawn at random as the
    start cards, the rest shuffled and dealt one at a time from the first player on (so the
    first players may hold one card more)."""
    rules = rules or Rules()
    deck = list(rules.deck())
    start = []
    for kind in ROWS:
        card = rng.choice([card for card in deck if card.kind is kind])
        deck.remove(card)
        start.append(card.sacks)
    rng.shuffle(deck)
    piles = [deck[i::len(players)] for i in range(len(players))]
    return new_game(players, start, piles, plates)


# --- actions and events -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Flip:
    """The next player in turn flips the top card of their pile."""


@dataclass(frozen=True, slots=True)
class Settle:
    """What happened after a flip."""

    caller: str | None = None
    """The first player heard calling, None if nobody called in time."""
    joker_row: Kind | None = None
    """For a joker only: the row it is claimed in, or laid in; None lets the rules choose."""


Action = Flip | Settle


@dataclass(frozen=True, slots=True)
class Flipped:
    """A player flipped the top card of their pile."""

    name = "flipped"
    flip: int
    """The flip's number, 0-based over the whole game."""
    player: str
    """Who flipped."""
    card: Card
    """The card flipped."""

    def to_json(self) -> JSONObject:
        """The contract's line."""
        return {"event": self.name, "flip": self.flip, "player": self.player,
                "kind": str(self.card.kind), "sacks": self.card.sacks}


@dataclass(frozen=True, slots=True)
class Grabbed:
    """A right call: the caller wins the row and the flipped card."""

    name = "grabbed"
    player: str
    """The caller."""
    row: Kind
    """The row won."""
    cards: int
    """The cards won: the row's, covered ones too, and the flipped card."""

    def to_json(self) -> JSONObject:
        """The contract's line."""
        return {"event": self.name, "player": self.player, "row": str(self.row),
                "cards": self.cards}


@dataclass(frozen=True, slots=True)
class FalseGrab:
    """A wrong call: the caller's last won card goes to the bottom of their pile."""

    name = "false_grab"
    player: str
    """The caller."""
    returned: bool
    """Whether a card went back (False: the caller had won none)."""

    def to_json(self) -> JSONObject:
        """The contract's line."""
        return {"event": self.name, "player": self.player, "returned": self.returned}


@dataclass(frozen=True, slots=True)
class Missed:
    """The flipped card reached a row and nobody called."""

    name = "missed"
    row: Kind
    """The row it reached."""

    def to_json(self) -> JSONObject:
        """The contract's line."""
        return {"event": self.name, "row": str(self.row)}


@dataclass(frozen=True, slots=True)
class LaidCard:
    """The flipped card, not won, is laid in a row."""

    name = "laid"
    row: Kind
    """The row it is laid in."""
    on: int | None
    """The sacks of the visible card it covers; None when laid beside the row's cards."""

    def to_json(self) -> JSONObject:
        """The contract's line."""
        return {"event": self.name, "row": str(self.row), "on": self.on}


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of the game: every pile is empty."""

    scores: tuple[tuple[str, int], ...]
    """Each player's won cards, in turn order."""
    winners: tuple[str, ...]
    """Everyone with the most cards (ties all win), in turn order."""


@dataclass(frozen=True, slots=True)
class GameOver:
    """Every pile is empty: the scores and the winners."""

    name = "game_over"
    outcome: Outcome
    """The scores and the winners."""

    def to_json(self) -> JSONObject:
        """The contract's line."""
        return {"event": self.name, "scores": dict(self.outcome.scores),
                "winners": list(self.outcome.winners)}


Event = Flipped | Grabbed | FalseGrab | Missed | LaidCard | GameOver


# --- the verbs ----------------------------------------------------------------------------------


def outcome(state: State) -> Outcome | None:
    """The game's end once every pile is empty and no card waits; None while it runs."""
    if state.flipped is not None or any(state.piles):
        return None
    scores = tuple((player, len(won)) for player, won in zip(state.players, state.won,
                                                             strict=True))
    best = max(score for _, score in scores)
    return Outcome(scores, tuple(player for player, score in scores if score == best))


def reached_row(state: State, card: Card, joker_row: Kind | None = None) -> Kind | None:
    """The row ``card`` reaches, if any: a sack card only its own row; a joker ``joker_row``
    if given, else the reached row with the most cards (ties in row order)."""
    if not card.is_joker:
        return card.kind if state.row(card.kind).reaches(card, state.plates_of(card.kind)) else None
    rows = (joker_row,) if joker_row is not None else ROWS
    reached = [row for row in rows if state.row(row).reaches(card, state.plates_of(row))]
    return max(reached, key=lambda row: len(state.row(row).laid)) if reached else None


def lay_row(state: State, card: Card, joker_row: Kind | None = None) -> Kind:
    """The row a card not won is laid in: its own; a joker ``joker_row`` if given, else the row
    showing the fewest sacks (ties in row order)."""
    if not card.is_joker:
        return card.kind
    if joker_row is not None:
        return joker_row
    return min(ROWS, key=lambda row: state.row(row).count)


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every action the state allows: a flip, or each way to settle the flipped card."""
    if outcome(state) is not None:
        return ()
    if state.flipped is None:
        return (Flip(),)
    callers: tuple[str | None, ...] = (None, *state.players)
    joker_rows: tuple[Kind | None, ...] = (None, *ROWS) if state.flipped.is_joker else (None,)
    return tuple(Settle(caller, row) for caller in callers for row in joker_rows)


def apply(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """The state after ``action`` and what happened; raises :class:`IllegalActionError` for an
    action the state does not allow."""
    if outcome(state) is not None:
        raise GameOverError(f"{action}: every pile is empty, the game is over")
    if isinstance(action, Flip):
        return _flip(state)
    return _settle(state, action)


def _flip(state: State) -> tuple[State, tuple[Event, ...]]:
    if state.flipped is not None:
        raise IllegalActionError(f"flip: the {state.flipped} flipped last is not settled yet")
    player = state.next_player()
    assert player is not None  # outcome() is None, so some pile has a card
    pile = state.piles[player]
    piles = _put(state.piles, player, pile[1:])
    event = Flipped(state.flips, state.players[player], pile[0])
    return (replace(state, piles=piles, flips=state.flips + 1, last=player, flipped=pile[0]),
            (event,))


def _settle(state: State, action: Settle) -> tuple[State, tuple[Event, ...]]:
    card = state.flipped
    if card is None:
        raise IllegalActionError(f"{action}: no card is flipped; the next action is a flip")
    flip = state.flips - 1
    if action.joker_row is not None:
        parse_row(action.joker_row, "joker_row")
        if not card.is_joker:
            raise NotAJokerError(f"joker_row {action.joker_row}: flip {flip} is a {card}, "
                                 "not a joker")
    caller = None if action.caller is None else state.index(action.caller, "caller")
    reached = reached_row(state, card, action.joker_row)
    rows, piles, won = state.rows, state.piles, state.won
    events: list[Event] = []
    if caller is not None and reached is not None:
        at = ROWS.index(reached)
        won = _put(won, caller, (*won[caller], *rows[at].cards, card))
        events.append(Grabbed(state.players[caller], reached, len(rows[at].laid) + 1))
        rows = _put(rows, at, Row())
    else:
        if caller is not None:
            returned = bool(won[caller])
            if returned:
                piles = _put(piles, caller, (*piles[caller], won[caller][-1]))
                won = _put(won, caller, won[caller][:-1])
            events.append(FalseGrab(state.players[caller], returned))
        elif reached is not None:
            events.append(Missed(reached))
        row = lay_row(state, card, action.joker_row)
        at = ROWS.index(row)
        laid, on = rows[at].lay(card, state.plates[at])
        rows = _put(rows, at, laid)
        events.append(LaidCard(row, on))
    after = replace(state, rows=rows, piles=piles, won=won, flipped=None)
    end = outcome(after)
    if end is not None:
        events.append(GameOver(end))
    return after, tuple(events)


T = TypeVar("T")


def _put(items: tuple[T, ...], at: int, item: T) -> tuple[T, ...]:
    return (*items[:at], item, *items[at + 1:])
