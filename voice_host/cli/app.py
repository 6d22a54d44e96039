"""The ``voice-host`` Typer application that every command module registers on."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="voice-host",
    help="An offline, voice-driven host and referee for Cowabunga.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


class UserError(Exception):
    """A mistake in what the user asked for; shown as one line, exit status 2."""
