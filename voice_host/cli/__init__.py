"""Command line of voice-host. Only this package parses arguments or prints for the user."""

from __future__ import annotations

import sys

from voice_host.cli import (  # noqa: F401
    audio_cmds,
    ear_cmds,
    game_cmds,
    kapitaen_cmds,
    model_cmds,
    phrase_head_cmds,
    referee_cmds,
    schnapp_cmds,
    schnapp_train_cmds,
    speech_cmds,
    train_cmds,
    turtle_cmds,
)
from voice_host.cli.app import UserError, app


def main() -> None:
    """Entry point of the ``voice-host`` console script."""
    try:
        app()
    except UserError as err:
        print(f"voice-host: {err}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)
