"""Commands for every hosted game: ``games``, ``replay GAME SCRIPT`` and ``play GAME``."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from voice_host.cli.app import UserError, app
from voice_host.games.entry import GameEntry, ReplayError, UnknownGameError
from voice_host.games.registry import GAMES, game


def known_game(game_id: str) -> GameEntry:
    """The registered game ``game_id``, or a :class:`UserError` listing the ids."""
    try:
        return game(game_id)
    except UnknownGameError as err:
        raise UserError(str(err)) from None


@app.command()
def games() -> None:
    """List the games voice-host hosts: id, name, players and languages."""
    for entry in GAMES.values():
        print(entry.line())


@app.command()
def replay(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="The game's id (`games`).")],
    script: Annotated[
        str, typer.Argument(metavar="SCRIPT.json", help="The game's script; - reads stdin.")
    ],
) -> None:
    """Replay a scripted game: one JSON object per event (each game's exact replay contract)."""
    entry = known_game(game_id)
    try:
        text = (sys.stdin.read() if script == "-"
                else Path(script).read_text(encoding="utf-8-sig"))
    except OSError as err:
        raise UserError(f"replay: {script}: cannot read: {err.strerror or err}") from None
    except UnicodeDecodeError as err:
        raise UserError(f"replay: {script}: cannot read: {err}") from None
    try:
        lines = entry.replay(text)
    except ReplayError as err:
        raise UserError(f"replay: {script}: {err}") from None
    sys.stdout.write("".join(json.dumps(line) + "\n" for line in lines))


@app.command(
    context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
    add_help_option=False,
)
def play(
    ctx: typer.Context,
    game_id: Annotated[
        str, typer.Argument(metavar="GAME", help="The game's id (`games`).")
    ] = "",
) -> None:
    """Host a real table of GAME by voice; its options follow (`play GAME --help`)."""
    if not game_id:
        raise UserError(f"play: name the game, one of {', '.join(GAMES)} "
                        "(`voice-host play GAME --help` lists its options)")
    if game_id in ("--help", "-h"):
        print("Usage: voice-host play GAME [OPTIONS]\n\nHost a real table of GAME by voice. "
              f"GAME is one of: {', '.join(GAMES)}; `voice-host play GAME --help` lists its "
              "options.")
        return
    entry = known_game(game_id)
    if entry.table_command is None:
        raise UserError(f"play {game_id}: {entry.title} has its rules and `voice-host replay` so "
                        "far; no host for a real table yet")
    command = typer.main.get_command(app)
    code = command.main(args=[entry.table_command, *ctx.args], prog_name="voice-host",
                        standalone_mode=False)
    if isinstance(code, int) and code:  # not standalone, click returns the table's exit status
        raise typer.Exit(code)
