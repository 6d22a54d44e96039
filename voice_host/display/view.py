"""Rendering a table view with rich."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cowabunga import Counting, TableView

_FONT = {
    "0": ("███", "█ █", "█ █", "█ █", "███"),
    "1": (" ██", "  █", "  █", "  █", "  █"),
    "2": ("███", "  █", "███", "█  ", "███"),
    "3": ("███", "  █", "███", "  █", "███"),
    "4": ("█ █", "█ █", "███", "  █", "  █"),
    "5": ("███", "█  ", "███", "  █", "███"),
    "6": ("███", "█  ", "███", "█ █", "███"),
    "7": ("███", "  █", "  █", "  █", "  █"),
    "8": ("███", "█ █", "███", "█ █", "███"),
    "9": ("███", "█ █", "███", "  █", "███"),
}


@dataclass(frozen=True)
class RecentPlay:
    """One accepted turn as the display lists it."""

    player: str
    """Who played."""
    card: int
    """The card played."""
    total: int
    """The total announced."""
    note: str = ""
    """What it caused ("stew pot", "counting down, island 24"), or ""."""


def big_number(value: int, scale: int = 1) -> str:
    """``value`` drawn in block digits, five rows high (times ``scale``)."""
    digits = str(value)
    rows = []
    for row in range(5):
        parts = ["".join(ch * scale for ch in _FONT[d][row]) for d in digits]
        line = (" " * scale).join(parts)
        rows.extend([line] * scale)
    return "\n".join(rows)


def render_table(
    view: TableView,
    recent: Sequence[RecentPlay] = (),
    large: bool = False,
    transcript: Sequence[str] = (),
) -> RenderableType:
    """The table as a rich renderable: total, direction, who acts, islands, stew pots, the last
    plays and (optionally) the last lines of the host's transcript."""
    fg = "bold white on black" if large else "bold"
    arrow = "▲ counting up" if view.counting is Counting.UP else "▼ counting down"
    if view.outcome is not None:
        who = "GAME OVER — " + ", ".join(view.outcome.winners) + (
            " wins" if len(view.outcome.winners) == 1 else " win"
        )
    elif view.pending_island is not None:
        who = f"{view.players[view.pending_island]}: draw an island card"
    else:
        who = f"{view.current_player} to play"
    if large:
        who = who.upper()
    head = Table.grid(padding=(0, 3))
    head.add_column()
    head.add_column(vertical="middle")
    number = Text(big_number(view.total, 2 if large else 1), style=fg)
    side = Text()
    side.append(arrow + "\n", style=fg)
    side.append(who + "\n", style="bold yellow on black" if large else "bold cyan")
    left = view.island_deck
    side.append(f"island cards left: {left}", style=fg if large else "")
    head.add_row(number, side)

    players = Table(
        show_header=True,
        header_style=fg,
        style="white on black" if large else "",
        expand=False,
        show_lines=large,
    )
    players.add_column("player")
    players.add_column("islands")
    players.add_column("stew pots", justify="right")
    acting = view.pending_island if view.pending_island is not None else view.to_play
    for seat, name in enumerate(view.players):
        islands = " ".join(str(v) for v in view.islands[seat]) or "—"
        pots = str(view.stew_pots[seat])
        mark = "▶ " if seat == acting and view.outcome is None else "  "
        style = fg if large else ("bold" if seat == acting else "")
        players.add_row(
            Text(mark + (name.upper() if large else name), style=style),
            Text(islands, style=style),
            Text(pots, style=style),
        )

    parts: list[RenderableType] = [head, players]
    if recent:
        rows = []
        for play in recent:
            line = f"{play.player}: {play.card} → {play.total}"
            rows.append(f"{line}  ({play.note})" if play.note else line)
        plays = Text("\n".join(rows), style=fg if large else "")
        parts.append(Panel(plays, title="last plays", style="white on black" if large else ""))
    if transcript:
        said = Text("\n".join(transcript), style=fg if large else "italic")
        parts.append(Panel(said, title="host", style="white on black" if large else ""))
    return Panel(
        Group(*parts),
        title="Cowabunga",
        style="white on black" if large else "",
        border_style="bold white" if large else "blue",
    )
