"""Rendering a table view with rich."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cowabunga import Counting, TableView
from voice_host.games.cowabunga.host.display.words import EN, DisplayWords

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
    """What it caused, in the table's language ("stew pot", "direction change, island 24"), or
    ""."""


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
    words: DisplayWords = EN,
) -> RenderableType:
    """The table as a rich renderable: total, direction, who acts, islands, stew pots, the last
    plays and (optionally) the last lines of the host's transcript; labelled in ``words``."""
    fg = "bold white on black" if large else "bold"
    arrow = "▲ " + words.up if view.counting is Counting.UP else "▼ " + words.down
    if view.outcome is not None:
        who = words.winners(view.outcome.winners)
    elif view.pending_island is not None:
        who = words.draw_island.format(player=view.players[view.pending_island])
    else:
        who = words.to_play.format(player=view.current_player)
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
    side.append(words.island_cards_left.format(count=left), style=fg if large else "")
    head.add_row(number, side)

    players = Table(
        show_header=True,
        header_style=fg,
        style="white on black" if large else "",
        expand=False,
        show_lines=large,
    )
    players.add_column(words.player)
    players.add_column(words.islands)
    players.add_column(words.stew_pots, justify="right")
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
        parts.append(Panel(plays, title=words.last_plays, style="white on black" if large else ""))
    if transcript:
        said = Text("\n".join(transcript), style=fg if large else "italic")
        parts.append(Panel(said, title=words.host, style="white on black" if large else ""))
    return Panel(
        Group(*parts),
        title=words.title,
        style="white on black" if large else "",
        border_style="bold white" if large else "blue",
    )
