"""The ``voice-host`` Typer application that every command module registers on, and the checks
its commands share."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import typer
from typer.core import TyperGroup

NEWCOMER_ORDER = (
    "demo",
    "play",
    "referee",
    "train",
    "settings",
    "hear",
    "listen",
    "say",
    "devices",
    "games",
    "replay",
    "models",
    "ear",
)
"""The commands in the order a newcomer needs them; others follow in the order they were made."""


def _no_type(ctx: Any) -> None:
    return None


def _untyped(command: Any) -> None:
    # Typer shows a type tag (<bool>, <list[Path]>) beside every option; the help says what to give.
    for param in getattr(command, "params", ()):
        param.display_type_rich = _no_type
    made = command.get_help_option

    def help_option(ctx: Any) -> Any:
        option = made(ctx)
        if option is not None:
            option.display_type_rich = _no_type
        return option

    command.get_help_option = help_option
    for sub in getattr(command, "commands", {}).values():
        _untyped(sub)


class NewcomerGroup(TyperGroup):
    """The top-level group: commands listed in :data:`NEWCOMER_ORDER`, options without type tags."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        _untyped(self)

    def list_commands(self, ctx: Any) -> list[str]:
        """The commands, first those of :data:`NEWCOMER_ORDER` in its order."""
        made = super().list_commands(ctx)
        rank = {name: i for i, name in enumerate(NEWCOMER_ORDER)}
        return sorted(made, key=lambda name: (rank.get(name, len(rank)), made.index(name)))


TAGLINE = ("An offline, voice-driven host for party games: Cowabunga, Schnapp den Sack, Turtle "
           "Soup and Kapitän Wackelpudding (`voice-host games`).")
"""What ``voice-host --help`` says first."""

app = typer.Typer(
    name="voice-host",
    help=TAGLINE,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    cls=NewcomerGroup,
)


def _version(value: bool) -> None:
    if value:
        from voice_host import __version__

        print(f"voice-host {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
) -> None:
    """The command line's options before the command: ``--version``."""


class UserError(Exception):
    """A mistake in what the user asked for; shown as one line, exit status 2."""


def check_output(path: Path | None, flag: str) -> None:
    """Raise :class:`UserError` unless ``path`` (given with ``flag``) is a file that can be written:
    not a folder, and in a folder that exists (or can be made) and may be written to. Nothing is
    created: the check runs before anything starts."""
    if path is None:
        return
    if path.is_dir():
        raise UserError(f"{flag} {path} is a folder; give a file in it, such as {path / 'out'}"
                        f"{_suffix(flag)}")
    if path.exists():
        if not os.access(path, os.W_OK):
            raise UserError(f"{flag} {path}: the file cannot be written (permission denied)")
        return
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.is_dir():
        raise UserError(f"{flag} {path}: {folder} is a file, not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise UserError(f"{flag} {path}: cannot write in {folder} (permission denied)")


def check_input(path: Path, flag: str, what: str) -> None:
    """Raise :class:`UserError` unless ``path`` (given with ``flag``) is a file: ``what`` says
    what kind ("a recorded game's WAV")."""
    if path.is_dir():
        raise UserError(f"{flag} {path} is a folder; give {what}")
    if not path.is_file():
        raise UserError(f"{flag} {path}: no such file; give {what}")


def _suffix(flag: str) -> str:
    return ".jsonl" if flag in ("--log", "--journal") else ".png" if flag == "--png" else ".wav"
