"""Finding the table again: announcements that carry on from a state other than the referee's.

The referee judges each announcement on its own table view. When it misheard a turn (took it for
a mistake, or for a total that was not said), missed one, or a player spoke out of turn, the
table carries on from a state the referee does not hold, and every later announcement looks
wrong. A person refereeing would notice that the table has moved on; :func:`find` does it.

:func:`find` is a pure function of the table a few changes back and the announcements heard
since; :class:`Trail` is the evidence the game keeps for it. No speech, no clock.

An *explanation* of the announcements heard since a table (the referee's a few changes back,
:data:`MAX_BACK`) is a path of turns from it on which each announcement is one of:

* a turn (or the island card read out after a direction change) said as heard: its top reading is
  legal there, judged as the referee judges a turn (cost 0);
* a turn misheard: some card was played, its total not the one heard (cost: how sure the ear
  was of what it heard; none when it offered that total as another reading; a stew pot nobody
  heard costs :data:`HIDDEN_STEW_POT` more: players avoid them); never an island card (its value
  would be a guess);
* no turn: a wrong total said, or table talk taken for a number (cost :data:`NO_TURN`), or a
  lone card word cut from its total at a pause (cost :data:`PIECE`);
* the rest of a turn misheard, cut from it at a pause (cost :data:`PIECE`), never after a
  whole announcement taken as a turn with its card and its total;

and a turn nobody heard at all may come between two (cost :data:`LOST`), or a player passed
over (someone spoke out of turn, :data:`PASSED`). The referee's own reading is one explanation:
the announcements it accepted said as heard, the others no turn.

Who spoke is a cue: an announcement taken as a player's turn (said as heard or misheard, or an
island card read out) whose voice clearly sounds like another seat's costs up to :data:`VOICE`
more (:attr:`Heard.mismatch`), in every explanation, the referee's own included. So a wrong total
said again right in the same voice stays a real mistake, and a misheard turn followed by the next
player's total, in the next player's voice, is found.

**Consistent evidence**, the rules a re-anchoring must meet:

1. The explanation ends with a *chain*: its last :data:`MIN_CHAIN` turns or more are said as
   heard, one after the other (an island card read out between them does not count).
2. It needs at most :data:`MAX_HIDDEN` turns not heard as said, and is clearly better than the
   referee's own reading: cheaper by more than :data:`TIE`.
3. Every explanation within :data:`TIE` of the best leads to the same table (total, direction,
   whose turn, islands, stew pots, island cards left), which is not the referee's; otherwise the
   referee waits for more.

Whatever the turns not heard cause is inferred by the rules engine: a stew pot or a direction
change on a turn the referee missed is still one. Only what every explanation within the tie
agrees on is logged: a turn not heard is logged by what they agree it caused, and a heard turn's
play only if they agree on its card.

A wrong total said and then said right never calls for this (the right one fits the referee's own
table and is accepted), and a wrong total is a real mistake in the referee's reading, costing
:data:`NO_TURN`, more than any mishearing: so a real mistake stays one unless the announcements
after it cannot be explained without the table having moved on.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from cowabunga import Event, StewPot, TableView, draw_island, play_card
from cowabunga.cards import CARD_VALUES, is_island
from voice_host.games.cowabunga.host.verdict import Accept, Reading, judge
from voice_host.recognition import VoicePrint

MIN_CHAIN = 2
"""Turns said as heard, one after the other, that an explanation must end with."""

MAX_HIDDEN = 3
"""Turns not heard as said (misheard, lost, or a player passed over) an explanation may assume."""

MAX_LOST = 1
"""Of those, turns nobody heard at all (or players passed over)."""

MAX_BACK = 3
"""Changes of the referee's table an explanation may start before."""

MAX_HEARD = 8
"""Announcements an explanation covers (the oldest are dropped)."""

NO_TURN = 1.5
"""The cost of an announcement that is no turn (a real mistake, table talk)."""

LOST = 1.5
"""The cost of a turn nobody heard at all."""

PIECE = 0.6
"""The cost of a piece of an announcement cut in two at a pause (a lone card word, or the rest
of a turn misheard in two pieces)."""

PASSED = 2.0
"""The cost of a player passed over."""

VOICE = 1.5
"""The extra cost of an announcement taken as a player's whose voice clearly sounds like another
seat's (a mismatch of 1; less for a less clear one)."""

HIDDEN_STEW_POT = 0.5
"""The extra cost of a stew pot on a turn not heard as said."""

MISHEARD_FLOOR = 0.2
"""The least cost of a turn misheard."""

TIE = 0.3
"""Explanations this close in cost are equally good."""

KEEP = 4
"""Explanations kept per table reached, while searching."""

BEAM = 120
"""Explanations kept after each announcement, the cheapest (bounds the search)."""


@dataclass(frozen=True)
class Heard:
    """One announcement, as the referee heard and took it."""

    readings: tuple[Reading, ...]
    """Its readings, the one the referee took first (the top one if it took none)."""
    accepted: bool
    """Whether the referee changed its table on it (a turn or an island card)."""
    mismatch: tuple[tuple[str, float], ...] = ()
    """For each seat whose voice is known, how clearly its voice is another seat's (0-1,
    :meth:`voice_host.ear.voice_print.VoiceBook.mismatch`); empty when nobody can tell."""
    speaker: str | None = None
    """Who the referee took it from, if it accepted it."""

    def unlike(self, player: str) -> float:
        """How clearly it was said in another voice than ``player``'s (0 when unknown)."""
        return next((m for name, m in self.mismatch if name == player), 0.0)


@dataclass(frozen=True)
class Move:
    """One step from the referee's table to the table found: heard, or inferred."""

    kind: str
    """``play``, ``island`` (the island card read out) or ``pass`` (a player passed over)."""
    player: str
    """Who played, drew the island, or was passed over."""
    value: int | None
    """The card played or the island drawn; None for a pass."""
    before: TableView
    """The table before it."""
    after: TableView
    """The table after it."""
    events: tuple[Event, ...]
    """What it caused."""
    heard: bool
    """Whether it is an announcement said as heard (else a turn not heard as said)."""
    lost: bool = False
    """Whether nobody heard it at all (no announcement was it, misheard)."""
    voice: VoicePrint | None = field(default=None, compare=False, repr=False)
    """The voice print of the announcement it explains, if any."""

    def action(self) -> dict[str, object]:
        """The journal action that carries it out again."""
        if self.kind == "play":
            return {"action": "play", "player": self.player, "card": self.value}
        if self.kind == "island":
            return {"action": "island", "island": self.value}
        return {"action": "pass", "player": self.player}


@dataclass(frozen=True, eq=False)
class Found:
    """The table the announcements agree on, and how it is reached from the base table."""

    moves: tuple[Move, ...]
    """The best explanation's moves from the base table, in order."""
    certain: tuple[tuple[Event, ...], ...]
    """For each move, its events that every explanation within the tie has."""
    cost: float
    """The best explanation's cost."""
    own_cost: float
    """The cost of the referee's own reading."""

    @property
    def view(self) -> TableView:
        """The table found."""
        return self.moves[-1].after

    @property
    def next_player(self) -> str:
        """Who acts next on the table found (the island drawer while an island is to be read)."""
        view = self.view
        return view.island_drawer or view.current_player


def pass_turn(view: TableView) -> TableView:
    """The table with the player to move passed over (someone spoke out of turn)."""
    return replace(view, to_play=view.next_seat(view.to_play))


def own_cost(heard: Sequence[Heard]) -> float:
    """The cost of the referee's own reading of ``heard``."""
    return sum(_no_turn(h) if not h.accepted else _voice(h, h.speaker) for h in heard)


def _voice(h: Heard, player: str | None) -> float:
    """The cost of ``h`` being said by ``player``: how clearly its voice is another's."""
    return 0.0 if player is None else VOICE * h.unlike(player)


def _no_turn(h: Heard) -> float:
    """The cost of ``h`` being no turn: :data:`PIECE` for a lone card word (a phrase cut at
    its comma, whose rest came as the next announcement), else :data:`NO_TURN`."""
    top = h.readings[0] if h.readings else None
    return PIECE if top is not None and top.card is None and top.total <= 9 else NO_TURN


@dataclass(frozen=True)
class _Path:
    """A partial explanation."""

    view: TableView
    cost: float
    moves: tuple[Move, ...]
    chain: int
    """Turns said as heard at its end, one after the other."""
    hidden: int
    lost: int
    rest: bool = False
    """The next announcement is the rest of the last turn's, misheard in two pieces."""

    def key(self) -> tuple[object, ...]:
        return (_key(self.view), min(self.chain, MIN_CHAIN), self.hidden, self.lost, self.rest)

    def then(self, move: Move, cost: float, *, chain: int) -> _Path:
        heard = move.heard
        return _Path(move.after, self.cost + cost, (*self.moves, move), chain,
                     self.hidden + (not heard and move.kind != "island"),
                     self.lost + (move.kind == "pass" or (not heard and move.lost)))


def find(base: TableView, heard: Sequence[Heard], own: TableView) -> Found | None:
    """The table the announcements ``heard`` since ``base`` (oldest first) agree on, by the
    rules of consistent evidence; None when they do not. ``own`` is the referee's table now
    (its own reading of them)."""
    if len(heard) < MIN_CHAIN or base.is_over or not _may_chain(heard):
        return None
    mine = own_cost(heard)
    paths = [_Path(base, 0.0, (), 0, 0, 0)]
    for h in heard:
        paths = _prune(_lost_turns(paths), mine - TIE)
        grown: list[_Path] = []
        top = h.readings[0] if h.readings else None
        for p in paths:
            if p.rest:
                grown.append(replace(p, cost=p.cost + PIECE, rest=False))
                continue
            grown.append(replace(p, cost=p.cost + _no_turn(h), chain=0))
            if p.view.is_over:
                continue
            said = _said(p.view, top) if top is not None else None
            if said is not None:
                grown.append(p.then(said, _voice(h, said.player),
                                    chain=p.chain + (said.kind == "play")))
            if p.view.pending_island is None and p.hidden < MAX_HIDDEN:
                for move in _plays(p.view, heard=False):
                    if said is not None and move.value == said.value:
                        continue
                    misheard = p.then(replace(move, voice=top.voice if top else None),
                                      _misheard(h, move) + _voice(h, move.player), chain=0)
                    grown.append(misheard)
                    if not _whole(h):
                        grown.append(replace(misheard, rest=True))
        paths = _prune(grown, mine - TIE)
    finals = [p for p in paths if p.chain >= MIN_CHAIN and not p.rest]
    if not finals:
        return None
    best = min(p.cost for p in finals)
    if best + TIE >= mine:
        return None
    group = sorted((p for p in finals if p.cost <= best + TIE), key=lambda p: p.cost)
    ends = {_key(p.view) for p in group}
    if len(ends) != 1 or _key(own) in ends:
        return None
    first = group[0]
    others = [[e for m in other.moves for e in m.events] for other in group[1:]]
    certain = tuple(tuple(e for e in m.events if all(e in o for o in others))
                    for m in first.moves)
    return Found(first.moves, certain, first.cost, mine)


def _may_chain(heard: Sequence[Heard]) -> bool:
    """Whether the last announcement can end a chain at all: one of the three before it (an
    island card read out may come between two turns) is within a card of it."""
    if not heard[-1].readings:
        return False
    last = heard[-1].readings[0].total
    return any(h.readings and abs(h.readings[0].total - last) <= 9 for h in heard[-4:-1])


def _misheard(h: Heard, move: Move) -> float:
    """The cost of ``h`` being ``move`` misheard: nothing if the ear offered its total as a
    reading, else how sure it was of what it heard."""
    top = h.readings[0].confidence if h.readings else 0.0
    offered = any(r.total == move.after.total for r in h.readings[1:])
    cost = 0.0 if offered else max(MISHEARD_FLOOR, top)
    if any(isinstance(e, StewPot) for e in move.events):
        cost += HIDDEN_STEW_POT
    return cost


def _whole(h: Heard) -> bool:
    """Whether ``h`` is a whole announcement: taken as a turn with its card and its total, so no
    piece of a phrase cut at its comma (whose card word the ear may hear with a total)."""
    top = h.readings[0] if h.readings else None
    return h.accepted and top is not None and any(
        r.card is not None and r.total == top.total for r in h.readings)


def _lost_turns(paths: list[_Path]) -> list[_Path]:
    """``paths`` and each with up to :data:`MAX_LOST` turns nobody heard (or players passed
    over) after it."""
    out = list(paths)
    frontier = paths
    for _ in range(MAX_LOST):
        grown: list[_Path] = []
        for p in frontier:
            view = p.view
            if (p.rest or p.lost >= MAX_LOST or p.hidden >= MAX_HIDDEN or view.is_over
                    or view.pending_island is not None):
                continue
            for move in _plays(view, heard=False):
                stew = any(isinstance(e, StewPot) for e in move.events)
                grown.append(p.then(replace(move, lost=True), LOST + HIDDEN_STEW_POT * stew,
                                    chain=0))
            passed = Move("pass", view.current_player, None, view, pass_turn(view), (), False)
            grown.append(p.then(passed, PASSED, chain=0))
        out += grown
        frontier = grown
    return out


def _prune(paths: list[_Path], cap: float) -> list[_Path]:
    """The paths worth going on with: cheaper than ``cap``, per table reached the :data:`KEEP`
    cheapest within :data:`TIE` of the cheapest, and of those the :data:`BEAM` cheapest."""
    by_key: dict[tuple[object, ...], list[_Path]] = {}
    for p in paths:
        if p.cost < cap:
            by_key.setdefault(p.key(), []).append(p)
    out: list[_Path] = []
    for group in by_key.values():
        group.sort(key=lambda p: p.cost)
        out += [p for p in group[:KEEP] if p.cost <= group[0].cost + TIE]
    out.sort(key=lambda p: p.cost)
    return out[:BEAM]


def _plays(view: TableView, *, heard: bool) -> tuple[Move, ...]:
    """Every play of an available card by the player to move."""
    return _plays_from(view) if not heard else tuple(replace(m, heard=True)
                                                      for m in _plays_from(view))


@functools.lru_cache(maxsize=4096)
def _plays_from(view: TableView) -> tuple[Move, ...]:
    moves = []
    for card in CARD_VALUES:
        if view.is_available(card):
            after, events = play_card(view, card)
            moves.append(Move("play", view.current_player, card, view, after, events, False))
    return tuple(moves)


def _said(view: TableView, top: Reading) -> Move | None:
    """``top`` as the move it says on ``view`` (an island card read out while one is to be
    drawn, else a turn), if it is legal there."""
    if view.pending_island is not None:
        value = top.total
        if top.card is not None or not is_island(value) or view.island_holder(value) is not None:
            return None
        after, events = draw_island(view, value)
        return Move("island", view.players[view.pending_island], value, view, after, events, True,
                    voice=top.voice)
    verdict = judge(view, top)
    if not isinstance(verdict, Accept):
        return None
    after, events = play_card(view, verdict.card)
    return Move("play", view.current_player, verdict.card, view, after, events, True,
                voice=top.voice)


def _key(view: TableView) -> tuple[object, ...]:
    """What two tables must share to be the same table for the game from here on."""
    return (view.total, view.counting, view.to_play, view.pending_island, view.islands,
            view.stew_pots, view.island_deck, view.outcome is None)


class Trail:
    """The evidence a re-anchoring needs: the referee's tables a few changes back, and what it
    heard since each (the announcements it took, and the ones it could not)."""

    def __init__(self, view: TableView, turns: int) -> None:
        self._marks: list[tuple[TableView, int]] = []
        self._heard: list[list[Heard]] = []
        self.reset(view, turns)

    def reset(self, view: TableView, turns: int) -> None:
        """Start again from ``view`` (after ``turns`` accepted turns): nothing before it is
        revised (a typed turn, an undo, a resync, a restored game)."""
        self._marks = [(view, turns)]
        self._heard = [[]]

    def heard(self, readings: Sequence[Reading],
              mismatch: tuple[tuple[str, float], ...] = ()) -> None:
        """An announcement was heard (its readings, the top one first; how clearly its voice is
        not each seat's, :attr:`Heard.mismatch`)."""
        self._heard[-1].append(Heard(tuple(readings), False, mismatch))
        while sum(len(h) for h in self._heard) > MAX_HEARD and len(self._heard) > 1:
            del self._marks[0], self._heard[0]

    def changed(self, taken: Reading, view: TableView, turns: int, *, heard: bool,
                speaker: str | None = None) -> None:
        """The table changed to ``view`` on the last announcement, taken as ``taken`` from
        ``speaker``; typed (``heard`` False), nothing before it is revised."""
        if not heard:
            self.reset(view, turns)
            return
        last = self._heard[-1]
        if last:
            h = last[-1]
            readings = (taken, *(r for r in h.readings if r.key() != taken.key()))
            last[-1] = replace(h, readings=readings, accepted=True, speaker=speaker)
        self._marks.append((view, turns))
        self._heard.append([])
        if len(self._marks) > MAX_BACK + 1:
            del self._marks[0], self._heard[0]

    def unexplained(self) -> int:
        """Announcements since the last change of the table that it could not take."""
        return len(self._heard[-1])

    def last_unlike(self, player: str) -> float:
        """How clearly the last announcement was said in another voice than ``player``'s."""
        last = self._heard[-1]
        return last[-1].unlike(player) if last else 0.0

    def find(self, view: TableView, *, taking: str | None = None) -> tuple[Found, int] | None:
        """The table the announcements agree on (:func:`find`) from the oldest table kept that
        waits for no island card, and how many accepted turns that table had. With ``taking``,
        the referee's own reading takes the last announcement as ``taking``'s turn, reaching
        ``view`` (it fits the table, in another seat's voice)."""
        for (base, turns), at in zip(self._marks, range(len(self._marks)), strict=True):
            if base.pending_island is None:
                heard = [h for segment in self._heard[at:] for h in segment]
                if taking is not None and heard:
                    heard[-1] = replace(heard[-1], accepted=True, speaker=taking)
                found = find(base, heard, view)
                return None if found is None else (found, turns)
        return None
