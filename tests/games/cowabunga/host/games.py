"""Games for the end-to-end tests: what is said, and what the referee must make of it."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from voice_host.audio.chunks import write_wav
from voice_host.recognition import SAMPLE_RATE
from voice_host.voice import synthesize

REPO = Path(__file__).resolve().parents[4]
VOICE_HOST = [sys.executable, "-m", "voice_host"]
VOICE = "en-us+f3"
"""The espeak-ng voice the recorded games are spoken in."""

# 20 of the 21 islands are dealt, so the first island drawn (the 30) is the last: game over.
SHORT_GAME_FLAGS = [
    "--players", "Emily,Maria,Hendrik",
    "--start", "4",
    "--islands",
    "Emily=18:25:10:11:13:15:16,Maria=12:20:17:19:21:22:23,Hendrik=14:29:24:26:27:28",
]

SHORT_GAME = (
    "eleven",  # Emily 4+7, her own island
    "plus nine, twenty-one",  # Maria: arithmetic mistake (twenty)
    "twenty",  # Maria, her own island
    "twenty-six",  # Hendrik, his own island
    "total",  # the status command
    "twenty-two",  # Emily: wrong direction
    "twenty-seven",  # Emily hits Hendrik's 27: stew pot
    "take it back",  # undo
    "twenty-seven",  # again
    "thirty-four",  # Maria: counting down; Emily draws
    "thirty",  # the last island card: game over
)
"""A whole short game: mistakes, a command, a stew pot, undo, direction change, game over.

The commands are said in words both recognizers hear in this voice ("status" and "undo" alone the
ear often leaves unsure: how often is the recognition bench's business, not this test's)."""


def speak_game(path: Path, lines: Sequence[str], voice: str = VOICE, gap_s: float = 1.0) -> Path:
    """Write ``lines`` spoken by espeak-ng ``voice`` with pauses between them as one WAV."""
    pause = np.zeros(int(gap_s * SAMPLE_RATE), dtype=np.int16)
    parts = [pause]
    for line in lines:
        parts += [synthesize(line, voice=voice, rate=175), pause]
    write_wav(path, np.concatenate(parts))
    return path


def read_log(path: Path) -> list[dict[str, object]]:
    """The JSONL log's records."""
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def run(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``voice-host ARGS`` in a subprocess."""
    return subprocess.run(
        [*VOICE_HOST, *args], cwd=REPO, capture_output=True, text=True, timeout=timeout,
        check=False,
    )
