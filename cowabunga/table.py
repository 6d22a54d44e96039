"""The table view: everything a referee at a physical table knows, and the rules acting on it.

A :class:`TableView` holds what all players see: the total, the direction, who holds which
island, stew pots, how many island and number cards are left, how many cards each player holds,
and the values on the current discard pile. The cards that are played and the islands that are
drawn come from outside (the table, a script, or a full :class:`~cowabunga.game.GameState`).

A turn is one :class:`Play`. When it reverses the count, the view waits for the right
neighbour's :class:`DrawIsland` before the next play (``pending_island`` names who draws).

The state is immutable: ``apply`` returns a new view, so undo is keeping the old one.

Decisions where the rulebook is silent:

* **Empty number deck.** With ``EmptyDeck.RESHUFFLE`` (the default) a player who has to draw
  from an empty pile first shuffles the discard pile except its top card into a new draw pile.
  With ``EmptyDeck.PLAY_OUT`` nobody draws any more; players play on from their hands, and the
  game ends (``hands_empty``) when the player to move has no card.
* **Order within a turn.** The stew pot is checked first, then the direction. A 4th stew pot
  ends the game before any direction change or island draw. (With real cards both never happen
  in one play: islands are 10–30, a reversing total is above 30 or below 10.)
* **The number draw** closes the turn, after any island draw; a turn that ends the game has no
  number draw.
* **Islands are unique**, so a total matches at most one holder; holding a value twice is
  rejected. (A hand-built view with a value held twice costs one stew pot per holder, as
  the FAQ says.) The 17 stew pots never run out: the game ends at someone's 4th, so 5 players
  take at most 16.
* **Cards a referee can check.** The view counts the values on the current discard pile; a
  value whose every copy lies there cannot be played (``CardExhaustedError``). After a
  reshuffle only the top card remains on the pile, so the count starts again from it.
* **An empty island deck at the start** is rejected (``IslandCountError``): the game ends
  when the last island card is drawn, so such a game would be over before it began.
* **A forgotten draw** is made up before the player's next turn (rulebook), so the view
  counts every turn's draw as done: hands are full whenever a player is to move.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from cowabunga.cards import (
    CARD_COPIES,
    CARD_NAMES,
    CARD_VALUES,
    HAND_SIZE,
    ISLAND_VALUES,
    LOWER_LIMIT,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUMBER_CARDS,
    STEW_POT_LIMIT,
    UPPER_LIMIT,
    format_values,
    is_card,
    is_island,
)
from cowabunga.errors import (
    CardExhaustedError,
    DuplicateIslandError,
    GameOverError,
    InvalidCardError,
    InvalidIslandError,
    IslandCountError,
    IslandDrawPendingError,
    NoIslandDrawError,
    PlayerCountError,
    PlayerNameError,
    UnknownPlayerError,
)
from cowabunga.events import (
    Counting,
    DirectionChanged,
    EndReason,
    Event,
    GameOver,
    IslandDrawn,
    JSONObject,
    Outcome,
    Played,
    Reshuffled,
    StewPot,
)


class EmptyDeck(enum.Enum):
    """What happens when a player must draw a number card and the draw pile is empty."""

    RESHUFFLE = "reshuffle"
    """Shuffle the discard pile except its top card into a new draw pile (the default)."""

    PLAY_OUT = "play_out"
    """No more draws; play on from hand. The game ends when the player to move has no card."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Choices where the rulebook is silent."""

    empty_deck: EmptyDeck = EmptyDeck.RESHUFFLE
    """What an empty number draw pile means."""


@dataclass(frozen=True, slots=True)
class Play:
    """The player to move puts a number card on the discard pile."""

    card: int
    """The card's value, 0–9."""


@dataclass(frozen=True, slots=True)
class DrawIsland:
    """The right neighbour of a direction changer draws the top island card and shows it."""

    island: int
    """The card's value, 10–30."""


Action = Play | DrawIsland
"""An action on a table view."""


@dataclass(frozen=True, slots=True)
class TableView:
    """Everything everyone at the table knows. Create with :func:`new_table`."""

    players: tuple[str, ...]
    """Names in turn order (clockwise); the first one started."""

    total: int
    """The last announced total (at the start: the start card)."""

    counting: Counting
    """The direction of the count."""

    to_play: int
    """Seat (index into ``players``) of the player to move, or of the one whose turn is open."""

    islands: tuple[tuple[int, ...], ...]
    """Island values held per seat, sorted."""

    stew_pots: tuple[int, ...]
    """Stew pots per seat."""

    island_deck: int
    """Island cards left in the deck."""

    discard: tuple[int, ...]
    """How many cards of each value (index 0–9) lie on the discard pile."""

    top_card: int
    """The value on top of the discard pile."""

    draw_pile: int
    """Number cards left in the draw pile."""

    hand_sizes: tuple[int, ...]
    """Number cards held per seat."""

    plays: int = 0
    """Cards played so far."""

    pending_island: int | None = None
    """Seat that must draw an island before the next play, or ``None``."""

    outcome: Outcome | None = None
    """The result once the game is over, else ``None``."""

    rules: Rules = field(default_factory=Rules)
    """The house rules in force."""

    # --- who is who -------------------------------------------------------------------------

    @property
    def current_player(self) -> str:
        """Name of the player to move."""
        return self.players[self.to_play]

    @property
    def island_drawer(self) -> str | None:
        """Name of the player who must draw an island now, or ``None``."""
        return None if self.pending_island is None else self.players[self.pending_island]

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.outcome is not None

    def seat_of(self, player: str) -> int:
        """Seat of a player by name; raises :class:`UnknownPlayerError`."""
        try:
            return self.players.index(player)
        except ValueError:
            raise UnknownPlayerError(
                f"unknown player {player!r}: the players are {', '.join(self.players)}"
            ) from None

    def right_neighbour(self, seat: int) -> int:
        """The seat before ``seat`` in turn order: who draws an island when ``seat`` reverses."""
        return (seat - 1) % len(self.players)

    def next_seat(self, seat: int) -> int:
        """The seat after ``seat`` in turn order."""
        return (seat + 1) % len(self.players)

    def island_holder(self, value: int) -> int | None:
        """Seat holding the island ``value``, or ``None``."""
        for seat, held in enumerate(self.islands):
            if value in held:
                return seat
        return None

    def held_islands(self) -> frozenset[int]:
        """All island values held by anyone."""
        return frozenset(value for held in self.islands for value in held)

    # --- what a referee checks ---------------------------------------------------------------

    def available_cards(self) -> tuple[int, ...]:
        """Card values that can still be played: not every copy is on the discard pile."""
        return tuple(v for v in CARD_VALUES if self.discard[v] < CARD_COPIES[v])

    def is_available(self, card: int) -> bool:
        """Whether ``card`` is a card value with a copy that is not on the discard pile."""
        return is_card(card) and self.discard[card] < CARD_COPIES[card]

    def total_after(self, card: int) -> int:
        """The total that playing ``card`` now announces."""
        return self.total + card if self.counting is Counting.UP else self.total - card

    def card_for_total(self, total: int) -> int | None:
        """The card value that turns the current total into ``total``, or ``None`` if no card
        value 0–9 does (the card may still be used up; see :meth:`is_reachable`)."""
        card = total - self.total if self.counting is Counting.UP else self.total - total
        return card if 0 <= card <= 9 else None

    def is_reachable(self, total: int) -> bool:
        """Whether some still available card announces ``total`` from here."""
        card = self.card_for_total(total)
        return card is not None and self.is_available(card)

    def reachable_totals(self) -> dict[int, int]:
        """Every total an available card announces from here, mapped to that card."""
        return {self.total_after(card): card for card in self.available_cards()}

    def reverses(self, card: int) -> bool:
        """Whether playing ``card`` now reverses the count."""
        return self.reverses_at(self.total_after(card))

    def reverses_at(self, total: int) -> bool:
        """Whether announcing ``total`` now reverses the count."""
        if self.counting is Counting.UP:
            return total > UPPER_LIMIT
        return total < LOWER_LIMIT

    def stew_pot_holder(self, total: int, seat: int | None = None) -> int | None:
        """Seat whose island ``total`` hits when ``seat`` (default: the mover) announces it."""
        announcer = self.to_play if seat is None else seat
        holder = self.island_holder(total)
        return holder if holder is not None and holder != announcer else None

    def stew_pot_totals(self, seat: int | None = None) -> frozenset[int]:
        """Totals that cost ``seat`` (default: the mover) a stew pot: islands of the others."""
        announcer = self.to_play if seat is None else seat
        return frozenset(v for s, held in enumerate(self.islands) if s != announcer for v in held)

    def unseen_islands(self) -> tuple[int, ...]:
        """Island values nobody holds (the deck is drawn from these)."""
        held = self.held_islands()
        return tuple(v for v in ISLAND_VALUES if v not in held)

    def describe(self) -> str:
        """A one-line summary for messages: total, direction, who is to move."""
        if self.outcome is not None:
            return f"total {self.total}, game over ({self.outcome.reason.value})"
        state = f"total {self.total} counting {self.counting.value}"
        if self.pending_island is not None:
            return f"{state}, {self.players[self.pending_island]} to draw an island"
        return f"{state}, {self.current_player} to play"

    def to_json(self) -> JSONObject:
        """The replay contract's ``state`` line."""
        return {
            "event": "state",
            "total": self.total,
            "counting": self.counting.value,
            "next": self.current_player,
            "stew_pots": dict(zip(self.players, self.stew_pots, strict=True)),
            "islands": {p: list(held) for p, held in zip(self.players, self.islands, strict=True)},
            "island_deck": self.island_deck,
        }


def _check_players(players: Sequence[str]) -> tuple[str, ...]:
    names = tuple(players)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise PlayerCountError(
            f"{len(names)} player{'' if len(names) == 1 else 's'} "
            f"({', '.join(map(str, names)) or 'none'}): "
            f"a table has {MIN_PLAYERS} to {MAX_PLAYERS}"
        )
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise PlayerNameError(f"player name {name!r}: a name must be a non-empty string")
        if names.count(name) > 1:
            raise PlayerNameError(f"player name {name!r} is given twice: names must differ")
    return names


def new_table(
    players: Sequence[str],
    start_card: int,
    islands: Mapping[str, Iterable[int]],
    island_deck: int,
    *,
    rules: Rules | None = None,
) -> TableView:
    """The table after setup: ``start_card`` on the discard pile, ``islands`` shown, each player
    holding 3 number cards, ``island_deck`` island cards left; the first player moves.

    Raises a :class:`~cowabunga.errors.SetupError` or an island/card error for a setup the
    rules do not allow.
    """
    names = _check_players(players)
    if not is_card(start_card):
        raise InvalidCardError(f"start card {start_card!r}: a number card is 0-9")
    held: list[list[int]] = [[] for _ in names]
    seen: dict[int, str] = {}
    for player, values in islands.items():
        if player not in names:
            raise UnknownPlayerError(
                f"islands of {player!r}: not a player; the players are {', '.join(names)}"
            )
        for value in values:
            if not is_island(value):
                raise InvalidIslandError(f"island {value!r} of {player}: islands are 10-30")
            if value in seen:
                raise DuplicateIslandError(
                    f"island {value} of {player}: already held by {seen[value]}"
                )
            seen[value] = player
            held[names.index(player)].append(value)
    if not isinstance(island_deck, int) or island_deck < 1:
        raise IslandCountError(
            f"island deck of {island_deck!r} cards: it needs at least 1 (the game ends when the "
            "last island card is drawn)"
        )
    if island_deck + len(seen) > len(ISLAND_VALUES):
        raise IslandCountError(
            f"island deck of {island_deck} cards with {len(seen)} islands held: "
            f"the box has only {len(ISLAND_VALUES)}"
        )
    discard = [0] * 10
    discard[start_card] = 1
    return TableView(
        players=names,
        total=start_card,
        counting=Counting.UP,
        to_play=0,
        islands=tuple(tuple(sorted(h)) for h in held),
        stew_pots=(0,) * len(names),
        island_deck=island_deck,
        discard=tuple(discard),
        top_card=start_card,
        draw_pile=NUMBER_CARDS - HAND_SIZE * len(names) - 1,
        hand_sizes=(HAND_SIZE,) * len(names),
        rules=rules if rules is not None else Rules(),
    )


def _outcome(view: TableView, reason: EndReason, stew_pots: Sequence[int]) -> Outcome:
    fewest = min(stew_pots)
    return Outcome(
        reason=reason,
        winners=tuple(p for p, n in zip(view.players, stew_pots, strict=True) if n == fewest),
        stew_pots=dict(zip(view.players, stew_pots, strict=True)),
    )


def _check_open(view: TableView, what: str) -> None:
    if view.outcome is not None:
        raise GameOverError(
            f"{what}: the game is over ({view.outcome.reason.value}); "
            f"winners: {', '.join(view.outcome.winners)}"
        )


def play_card(view: TableView, card: int) -> tuple[TableView, tuple[Event, ...]]:
    """The player to move plays ``card``: announce, stew pot, direction, and (unless an island
    must be drawn first) the number draw and the next player.

    Raises :class:`InvalidCardError`, :class:`CardExhaustedError`,
    :class:`IslandDrawPendingError` or :class:`GameOverError`.
    """
    _check_open(view, f"card {card!r}")
    if view.pending_island is not None:
        raise IslandDrawPendingError(
            f"card {card!r}: {view.players[view.pending_island]} must draw an island card first "
            f"({view.describe()})"
        )
    if not is_card(card):
        raise InvalidCardError(
            f"card {card!r}: a number card is 0-9 ({view.describe()}); "
            f"available: {format_values(view.available_cards())}"
        )
    if view.discard[card] >= CARD_COPIES[card]:
        raise CardExhaustedError(
            f"card {card}: all {CARD_COPIES[card]} {CARD_NAMES[card]} are on the discard pile "
            f"({view.describe()}); available: {format_values(view.available_cards())}"
        )
    seat = view.to_play
    player = view.players[seat]
    total = view.total_after(card)
    discard = list(view.discard)
    discard[card] += 1
    hands = list(view.hand_sizes)
    hands[seat] -= 1
    events: list[Event] = [Played(player, card, total)]
    counts = list(view.stew_pots)
    for holder, held in enumerate(view.islands):
        # Real islands are unique, so at most one holder; a hand-built view may have more,
        # and then each one costs a stew pot (FAQ), until the 4th ends the game.
        if holder != seat and total in held and counts[seat] < STEW_POT_LIMIT:
            counts[seat] += 1
            events.append(StewPot(player, total, view.players[holder], counts[seat]))
    stew = tuple(counts)
    after = replace(
        view,
        total=total,
        discard=tuple(discard),
        top_card=card,
        hand_sizes=tuple(hands),
        stew_pots=stew,
        plays=view.plays + 1,
    )
    if stew[seat] >= STEW_POT_LIMIT:
        outcome = _outcome(view, EndReason.FOURTH_STEW_POT, stew)
        events.append(GameOver(outcome))
        return replace(after, outcome=outcome), tuple(events)
    if view.reverses_at(total):
        counting = view.counting.reversed
        events.append(DirectionChanged(player, counting))
        return (
            replace(after, counting=counting, pending_island=view.right_neighbour(seat)),
            tuple(events),
        )
    return _finish_turn(after, events)


def draw_island(view: TableView, island: int) -> tuple[TableView, tuple[Event, ...]]:
    """The pending right neighbour draws ``island`` and shows it; then the turn closes. Drawing
    the last island card ends the game.

    Raises :class:`NoIslandDrawError`, :class:`InvalidIslandError`,
    :class:`DuplicateIslandError` or :class:`GameOverError`.
    """
    _check_open(view, f"island {island!r}")
    seat = view.pending_island
    if seat is None:
        raise NoIslandDrawError(
            f"island {island!r}: no direction change asks for an island draw ({view.describe()})"
        )
    if not is_island(island):
        raise InvalidIslandError(
            f"island {island!r} drawn by {view.players[seat]}: islands are 10-30; "
            f"not held: {format_values(view.unseen_islands())}"
        )
    holder = view.island_holder(island)
    if holder is not None:
        raise DuplicateIslandError(
            f"island {island} drawn by {view.players[seat]}: already held by "
            f"{view.players[holder]}; not held: {format_values(view.unseen_islands())}"
        )
    islands = list(view.islands)
    islands[seat] = tuple(sorted((*islands[seat], island)))
    events: list[Event] = [IslandDrawn(view.players[seat], island)]
    after = replace(
        view, islands=tuple(islands), island_deck=view.island_deck - 1, pending_island=None
    )
    if after.island_deck == 0:
        outcome = _outcome(view, EndReason.ISLAND_DECK_EMPTY, view.stew_pots)
        events.append(GameOver(outcome))
        return replace(after, outcome=outcome), tuple(events)
    return _finish_turn(after, events)


def _finish_turn(view: TableView, events: list[Event]) -> tuple[TableView, tuple[Event, ...]]:
    """The mover draws a number card (reshuffling if the rules say so) and play passes on."""
    seat = view.to_play
    hands = list(view.hand_sizes)
    draw_pile = view.draw_pile
    discard = view.discard
    if draw_pile == 0 and view.rules.empty_deck is EmptyDeck.RESHUFFLE:
        reshuffled = sum(discard) - 1
        if reshuffled > 0:
            events.append(Reshuffled(view.players[seat], reshuffled))
            draw_pile = reshuffled
            kept = [0] * 10
            kept[view.top_card] = 1
            discard = tuple(kept)
    if draw_pile > 0:
        draw_pile -= 1
        hands[seat] += 1
    nxt = view.next_seat(seat)
    after = replace(
        view, to_play=nxt, hand_sizes=tuple(hands), draw_pile=draw_pile, discard=discard
    )
    if hands[nxt] == 0:
        outcome = _outcome(view, EndReason.HANDS_EMPTY, view.stew_pots)
        events.append(GameOver(outcome))
        after = replace(after, outcome=outcome)
    return after, tuple(events)


def apply_table(view: TableView, action: Action) -> tuple[TableView, tuple[Event, ...]]:
    """Apply a :class:`Play` or :class:`DrawIsland` to a table view."""
    if isinstance(action, Play):
        return play_card(view, action.card)
    return draw_island(view, action.island)


def table_turn(
    view: TableView, card: int, island: int | None = None
) -> tuple[TableView, tuple[Event, ...]]:
    """A whole turn at once: play ``card``; if that reverses the count, the right neighbour draws
    ``island``. Without ``island`` the returned view is left waiting for :func:`draw_island`."""
    after, events = play_card(view, card)
    if after.pending_island is None or island is None:
        return after, events
    final, more = draw_island(after, island)
    return final, events + more


def table_legal_actions(view: TableView) -> list[Action]:
    """What can happen next: the pending island draws (any island nobody holds), else a play
    of any still available card value; nothing once the game is over."""
    if view.outcome is not None:
        return []
    if view.pending_island is not None:
        return [DrawIsland(v) for v in view.unseen_islands()]
    return [Play(v) for v in view.available_cards()]
