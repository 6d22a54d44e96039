"""The board's counts as the live display draws them: whose turn and where the ship lies, each
island's goods, the cargo aboard, the screw-up piles, the host's last lines. ``large`` is the
high-contrast large-print view read from across the table."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from voice_host.games.kapitaen_wackelpudding.rules import GOODS, ISLANDS, State
from voice_host.games.kapitaen_wackelpudding.words.schema import Words


def render_board(state: State, words: Words, large: bool = False,
                 said: Sequence[str] = ()) -> RenderableType:
    """The board as a rich renderable, labelled in ``words``."""
    fg = "bold white on black" if large else "bold"
    head = Text()
    if state.outcome is not None:
        who = f"{words.label_over}: {', '.join(state.outcome.winners)}"
    else:
        who = f"{state.player} {words.label_turn}"
    head.append((who.upper() if large else who) + "\n",
                style="bold yellow on black" if large else "bold cyan")
    head.append(f"{words.label_port} {words.ports[state.port.value]}   "
                f"{words.label_cards} {sum(state.cards)}   "
                f"{words.label_rules} {len(state.rules_for_all)}", style=fg if large else "")

    table = Table(show_header=True, header_style=fg, show_lines=large,
                  style="white on black" if large else "")
    table.add_column(words.label_islands)
    table.add_column("", justify="right")
    table.add_column(words.label_ship, justify="right")
    for island, good in zip(ISLANDS, GOODS, strict=True):
        name = words.ports[island.value]
        table.add_row(name.upper() if large else name, str(state.lands[good]),
                      str(state.ship[good]), style=fg if large else "")

    piles = Table(show_header=True, header_style=fg, show_lines=large,
                  style="white on black" if large else "")
    piles.add_column(words.label_piles)
    piles.add_column("", justify="right")
    for player, n in state.screw_ups().items():
        mark = "▶ " if player == state.player and state.outcome is None else "  "
        piles.add_row(mark + (player.upper() if large else player), str(n),
                      style=fg if large else "")
    lines = [Text(line, style="italic") for line in said[-3:]]
    return Group(head, table, piles, *lines)
