"""Helpers shared by the engine tests."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Sequence

from cowabunga import (
    DrawIsland,
    Event,
    GameState,
    IslandDrawn,
    Play,
    Played,
    TableView,
    apply,
    deal,
    new_table,
)
from cowabunga.events import JSONObject

NAMES = ("Emily", "Maria", "Hendrik", "Jonas", "Lena")
"""Player names for tests."""


def run_table(
    view: TableView, plays: Sequence[int], islands: Sequence[int] = ()
) -> tuple[TableView, list[Event]]:
    """Feed cards to a table view, drawing ``islands`` in order at direction changes."""
    events: list[Event] = []
    deck = list(islands)
    for card in plays:
        view, more = apply(view, Play(card))
        events.extend(more)
        if view.pending_island is not None:
            view, more = apply(view, DrawIsland(deck.pop(0)))
            events.extend(more)
    return view, events


def start_view(
    start: int, islands: dict[str, list[int]], deck: int = 10, players: int = 3
) -> TableView:
    """A table of the first ``players`` test names."""
    return new_table(NAMES[:players], start, islands, deck)


def random_game(seed: int, players: int) -> tuple[GameState, list[GameState], list[Event]]:
    """A full game played by random legal moves: the start, every later state, all events."""
    rng = random.Random(seed)
    state = deal(NAMES[:players], rng)
    start = state
    states: list[GameState] = []
    events: list[Event] = []
    while state.outcome is None:
        state, more = apply(state, Play(rng.choice(state.hands[state.to_play])))
        states.append(state)
        events.extend(more)
    return start, states, events


def script_of(start: GameState, events: Sequence[Event]) -> JSONObject:
    """The replay script of a full game: its setup and the cards played."""
    view = start.table
    return {
        "players": list(view.players),
        "start_card": view.total,
        "islands": {p: list(h) for p, h in zip(view.players, view.islands, strict=True) if h},
        "island_deck": list(start.island_deck),
        "plays": [e.card for e in events if isinstance(e, Played)],
    }


def drawn_islands(events: Sequence[Event]) -> list[int]:
    """The islands drawn, in order."""
    return [e.island for e in events if isinstance(e, IslandDrawn)]


def run_cli(
    *args: str, stdin: str | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run ``cowabunga`` with ``args`` in a fresh interpreter, capturing its text output."""
    return subprocess.run(
        [sys.executable, "-m", "cowabunga.cli", *args],
        capture_output=True,
        text=True,
        input=stdin,
        timeout=timeout,
        check=False,
    )
