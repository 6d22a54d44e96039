"""The options every command that hosts a real table shares (``referee``, ``play GAME``): where
the sound comes from and goes, the journal, the log and the view."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

RecordedGame = Annotated[
    Path | None,
    typer.Option("--input", help="Host a recorded game (WAV) instead of the microphone."),
]
SpeakTo = Annotated[
    Path | None, typer.Option("--speak-to", help="The host speaks into this WAV.")
]
Log = Annotated[Path | None, typer.Option(help="Write every event as JSON lines here.")]
Resume = Annotated[
    bool, typer.Option("--resume", help="Continue the interrupted game in the journal.")
]
JournalFile = Annotated[
    Path | None, typer.Option(help="Journal file (default: in the user's data folder).")
]
Large = Annotated[bool, typer.Option("--large", help="Large-print, high-contrast view.")]
Microphone = Annotated[
    str | None, typer.Option(help="Microphone: index or name part (see `devices`).")
]
NoDisplay = Annotated[
    bool, typer.Option("--no-display", help="Print a plain transcript, no live view.")
]
Mute = Annotated[bool, typer.Option(
    "--mute", help="The host does not speak aloud (a --speak-to WAV is still written).")]
