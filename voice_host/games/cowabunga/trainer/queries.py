"""Brief spoken answers to everything the screen shows, for a player who cannot see it.

:func:`answer_query` answers one voice query (a command name of the phrase table) about a table
view from the learner's seat: total and direction (``status``), ``whose_turn``, ``my_islands``,
everyone's ``islands``, ``stew_pots`` (and ``score``), ``island_cards`` left, the ``last_plays``
(five), and ``my_cards``. The learner is addressed as "you".
"""

from __future__ import annotations

from collections.abc import Sequence

from cowabunga import Counting, TableView
from voice_host.games.cowabunga.trainer.questions import words

QUERIES = (
    "status",
    "whose_turn",
    "my_islands",
    "islands",
    "stew_pots",
    "score",
    "island_cards",
    "last_plays",
    "my_cards",
)
"""The queries :func:`answer_query` answers."""

LAST_PLAYS = 5
"""How many plays ``last_plays`` reads out."""


def listing(values: Sequence[int]) -> str:
    """ "three", "three and six", "three, six and nine"; "none" for nothing."""
    said = [words(v) for v in values]
    if not said:
        return "none"
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def _who(view: TableView, seat: int, me: int) -> str:
    return "you" if seat == me else view.players[seat]


def answer_query(
    name: str,
    view: TableView,
    me: int,
    hand: Sequence[int] = (),
    plays: Sequence[tuple[str, int, int]] = (),
) -> str | None:
    """The answer to query ``name`` (None if it is not a query); ``plays`` are (player, card,
    total), oldest first."""
    if name == "status":
        way = "counting up" if view.counting is Counting.UP else "counting down"
        return f"{words(view.total).capitalize()}, {way}."
    if name == "whose_turn":
        if view.outcome is not None:
            return "The game is over."
        seat = view.to_play if view.pending_island is None else view.pending_island
        return "Your turn." if seat == me else f"{view.players[seat]}'s turn."
    if name == "my_islands":
        return f"Your islands: {listing(view.islands[me])}."
    if name == "islands":
        parts = [
            f"{'you' if seat == me else view.players[seat]} {listing(held)}"
            for seat, held in enumerate(view.islands)
        ]
        return "Islands: " + "; ".join(parts) + "."
    if name in ("stew_pots", "score"):
        parts = [
            f"{_who(view, seat, me)} {'none' if n == 0 else words(n)}"
            for seat, n in enumerate(view.stew_pots)
        ]
        return "Stew pots: " + ", ".join(parts) + "."
    if name == "island_cards":
        left = view.island_deck
        return f"{words(left).capitalize()} island {'card' if left == 1 else 'cards'} left."
    if name == "last_plays":
        recent = plays[-LAST_PLAYS:]
        if not recent:
            return "No plays yet."
        said = [
            f"{'you' if player == view.players[me] else player} {words(card)} to {words(total)}"
            for player, card, total in recent
        ]
        return "Last plays: " + ", ".join(said) + "."
    if name == "my_cards":
        return f"Your cards: {listing(sorted(hand))}."
    return None
