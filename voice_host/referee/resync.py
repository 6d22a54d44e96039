"""Finding the table again: announcements that carry on from a state other than the referee's.

The referee judges each announcement on its own table view. When it misheard a turn (took it for
a mistake, or for a total that was not said), missed one, or a player spoke out of turn, the
table carries on from a state the referee does not hold, and every later announcement looks
wrong. A person refereeing would notice that the table has moved on; :func:`find` does it.

Pure functions of the referee's view and the announcements it could not accept since its last
accepted turn; no speech, no state.

**Consistent evidence**, the rules a re-anchoring must meet:

1. A *chain*: the last of those announcements, the newest included, with at least
   :data:`MIN_CHAIN` turns among them, are legal one after the other (each its top reading,
   judged as the referee judges a turn: its card, if said, and its total; after a direction
   change, the island card read out is one nobody holds, and does not count as a turn).
2. The chain starts from a state *reachable* from the referee's own: after at most
   :data:`MAX_HIDDEN` turns it did not hear, each a play of a card not all of whose copies are
   on the discard pile (by the next player in turn order) or a player passed over (someone
   spoke out of turn); or from the state before the referee's last accepted turn, that turn
   heard otherwise (a total it misheard and accepted). Whatever those turns cause is inferred
   by the rules engine: a stew pot or a direction change on a turn the referee missed is still
   one.
3. The simplest explanations win: the fewest turns not heard that no unexplained announcement
   before the chain can have been (every turn is announced: a turn not heard was most likely
   misheard, rather than lost without a sound), then the fewest turns not heard, then no
   revision of an accepted turn, then no player passed over, then turns not heard whose total
   an unexplained announcement offered as a reading, then turns not heard that cost nobody a
   stew pot (a penalty nobody heard is not inferred unless every explanation needs it), then
   the longest chain.
4. *Unique*: every explanation that ranks best leads to the same table (total, direction,
   whose turn, islands, stew pots, island cards left); otherwise the referee waits for more.

Only what every best explanation agrees on is logged: of a turn not heard, what it caused (a
direction change, a stew pot) when they agree on it, and its play when they agree on its card; the
chain's turns as played (the first only when its card does not depend on the turn not heard).

A wrong total said once and said right again never forms a chain (the right one fits the
referee's own table and is accepted), so a real mistake is still one.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from cowabunga import Event, StewPot, TableView, draw_island, play_card
from cowabunga.cards import CARD_VALUES, is_island
from voice_host.referee.verdict import Accept, Reading, judge

MIN_CHAIN = 2
"""Turn announcements, legal one after the other, a re-anchoring needs (an island card read out
between them does not count: any island nobody holds is legal)."""

MAX_HIDDEN = 2
"""Turns not heard (or players passed over) a re-anchoring may assume."""

MAX_PENDING = 6
"""Unexplained announcements kept as evidence (the oldest are dropped)."""


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
    """Whether it is one of the chain's announcements (else a turn the referee did not hear)."""

    def action(self) -> dict[str, object]:
        """The journal action that carries it out again."""
        if self.kind == "play":
            return {"action": "play", "player": self.player, "card": self.value}
        if self.kind == "island":
            return {"action": "island", "island": self.value}
        return {"action": "pass", "player": self.player}


@dataclass(frozen=True, eq=False)
class Found:
    """The table the announcements agree on, and how it is reached from the referee's."""

    revised: bool
    """Whether the referee's last accepted turn is taken back first (it was misheard)."""
    moves: tuple[Move, ...]
    """The turns not heard, then the chain's, in order (of one best explanation)."""
    events: tuple[Event, ...]
    """What every best explanation agrees the moves caused: the events to log."""

    @property
    def view(self) -> TableView:
        """The table found."""
        return self.moves[-1].after

    @property
    def skipped(self) -> tuple[str, ...]:
        """The players whose turns the referee did not hear (or who were passed over)."""
        return tuple(m.player for m in self.moves if not m.heard and m.kind != "island")

    @property
    def next_player(self) -> str:
        """Who acts next on the table found (the island drawer while an island is to be read)."""
        view = self.view
        return view.island_drawer or view.current_player


def pass_turn(view: TableView) -> TableView:
    """The table with the player to move passed over (someone spoke out of turn)."""
    return replace(view, to_play=view.next_seat(view.to_play))


@dataclass(frozen=True)
class Revision:
    """The referee's last accepted turn, heard (not typed): a re-anchoring may find it misheard."""

    before: TableView
    """The table before it."""
    card: int
    """The card it was taken for."""
    evidence: tuple[tuple[Reading, ...], ...]
    """The announcements before it that did not fit the table, then the one it was accepted on
    (the total accepted)."""


def find(
    view: TableView,
    pending: Sequence[Sequence[Reading]],
    *,
    revision: Revision | None = None,
) -> Found | None:
    """The table the unexplained announcements ``pending`` (oldest first, each its readings, the
    top one first) agree on, by the rules of consistent evidence; None when they do not.

    ``view`` is the referee's table (the one every announcement in ``pending`` was judged on);
    ``revision`` its last accepted turn, when that may be found misheard: then the
    announcements are explained from the table before it too, that turn's among them."""
    if view.is_over or view.pending_island is not None:
        return None
    searches: list[tuple[bool, TableView, list[Sequence[Reading]]]] = [(False, view, [*pending])]
    if revision is not None:
        searches.append((True, revision.before, [*revision.evidence, *pending]))
    best: tuple[int, ...] | None = None
    group: list[tuple[tuple[Move, ...], tuple[Move, ...]]] = []
    for revised, base, heard_list in searches:
        hiddens = list(_hidden(base, MAX_HIDDEN))
        accepted_at = len(revision.evidence) - 1 if revised and revision is not None else -1
        for start in range(len(heard_list) - MIN_CHAIN + 1):
            chain, unused = heard_list[start:], heard_list[:start]
            offered = {r.total for readings in unused for r in readings}
            for hidden in hiddens:
                if not hidden and not revised:
                    continue  # the chain would fit the referee's own table
                if (revised and revision is not None and start > accepted_at and hidden
                        and hidden[0].kind == "play" and hidden[0].value == revision.card):
                    continue  # the referee's own reading of its last turn: no revision
                heard = _follow(hidden[-1].after if hidden else base, chain)
                if heard is None or sum(m.kind == "play" for m in heard) < MIN_CHAIN:
                    continue
                plays = [m for m in hidden if m.kind == "play"]
                rank = (
                    max(0, len(plays) - len(unused)),
                    len(hidden),
                    int(revised),
                    len(hidden) - len(plays),
                    sum(1 for m in plays if m.after.total not in offered),
                    sum(1 for m in hidden for e in m.events if isinstance(e, StewPot)),
                    start,
                )
                if best is None or rank < best:
                    best, group = rank, []
                if rank == best:
                    group.append((hidden, heard))
    if not group or best is None:
        return None
    ends = {_key(heard[-1].after) for _, heard in group}
    if len(ends) != 1:
        return None
    explanations = [hidden + heard for hidden, heard in group]
    return Found(best[2] == 1, explanations[0], _agreed(explanations))


def _hidden(base: TableView, depth: int) -> Iterator[tuple[Move, ...]]:
    """Every sequence of at most ``depth`` turns not heard from ``base``, shortest first: plays
    of an available card, or passes. One that changes the direction ends a sequence (the island
    card read out must come next, heard)."""
    frontier: list[tuple[Move, ...]] = [()]
    yield ()
    for _ in range(depth):
        grown: list[tuple[Move, ...]] = []
        for moves in frontier:
            state = moves[-1].after if moves else base
            if state.is_over or state.pending_island is not None:
                continue
            player = state.current_player
            for card in CARD_VALUES:
                if state.is_available(card):
                    after, events = play_card(state, card)
                    grown.append((*moves, Move("play", player, card, state, after, events, False)))
            grown.append((*moves, Move("pass", player, None, state, pass_turn(state), (), False)))
        yield from grown
        frontier = grown


def _follow(state: TableView, chain: Sequence[Sequence[Reading]]) -> tuple[Move, ...] | None:
    """The chain's announcements as legal moves from ``state``, or None if one is not."""
    moves: list[Move] = []
    for readings in chain:
        if not readings or state.is_over:
            return None
        top = readings[0]
        if state.pending_island is not None:
            drawer = state.players[state.pending_island]
            value = top.total
            taken = state.island_holder(value) is not None
            if top.card is not None or not is_island(value) or taken:
                return None
            after, events = draw_island(state, value)
            moves.append(Move("island", drawer, value, state, after, events, True))
        else:
            verdict = judge(state, top)
            if not isinstance(verdict, Accept):
                return None
            after, events = play_card(state, verdict.card)
            moves.append(Move("play", state.current_player, verdict.card, state, after, events,
                              True))
        state = after
    return tuple(moves)


def _key(view: TableView) -> tuple[object, ...]:
    """What two tables must share to be the same table for the game from here on."""
    return (view.total, view.counting, view.to_play, view.pending_island, view.islands,
            view.stew_pots, view.island_deck, view.outcome is None)


def _agreed(explanations: Sequence[tuple[Move, ...]]) -> tuple[Event, ...]:
    """The events every explanation has at the same move, in the first one's order: a turn not
    heard whose total the explanations differ on is logged by what they agree it caused (a
    direction change), and the first heard turn after it without its card."""
    first, rest = explanations[0], explanations[1:]
    return tuple(
        e
        for i, move in enumerate(first)
        for e in move.events
        if all(e in other[i].events for other in rest)
    )
