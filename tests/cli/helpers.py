"""Run the command lines in the test's own process, with a scripted recognizer where one is
needed (the real ones are the end-to-end tests' business)."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

from voice_host.audio.chunks import write_wav
from voice_host.recognition import SAMPLE_RATE, Expectation, Hearing, Samples


@dataclass
class Ran:
    """What a command did."""

    code: int
    """Exit status."""
    out: str
    """Standard output."""
    err: str
    """Standard error."""


class ScriptedEar:
    """A recognizer that hears the scripted texts in order, whatever the audio."""

    name = "scripted"
    lang = "en"

    def __init__(self, texts: Iterable[str]) -> None:
        from voice_host.phrases import phrase_table

        self.table = phrase_table("en")
        self.texts = list(texts)

    def recognize(self, samples: Samples, expect: Expectation | None = None) -> Hearing:
        if not self.texts:
            return Hearing("")
        text = self.texts.pop(0)
        parsed = self.table.parse(text)
        if parsed is None:
            return Hearing(text)
        return Hearing(text, parsed.numbers, parsed.command, 0.99)


def utterances(path: Path, count: int) -> Path:
    """A WAV of ``count`` bursts of a tone, each cut as one utterance."""
    t = np.arange(int(0.6 * SAMPLE_RATE)) / SAMPLE_RATE
    burst = (8000 * np.sin(2 * np.pi * 220 * t) * np.sin(2 * np.pi * 3 * t) ** 2).astype(np.int16)
    pause = np.zeros(SAMPLE_RATE, dtype=np.int16)
    write_wav(path, np.concatenate([pause, *([burst, pause] * count)]))
    return path


def voice_host(
    args: Sequence[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    heard: Iterable[str] | None = None,
) -> Ran:
    """``voice-host ARGS`` run by its entry point; with ``heard``, the recognizer hears those."""
    import voice_host.ear.backends as recognizers
    from voice_host.cli import main

    if heard is not None:
        ear = ScriptedEar(heard)
        monkeypatch.setattr(recognizers, "load_recognizer", lambda *a, **k: ear)
    monkeypatch.setattr(sys, "argv", ["voice-host", *args])
    code = 0
    try:
        main()
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    captured = capsys.readouterr()
    return Ran(code, captured.out, captured.err)


def one_line_error(ran: Ran, *words: str) -> None:
    """``ran`` failed as a usage error: exit 2, one line naming ``words``, no traceback."""
    assert ran.code == 2, ran
    lines = ran.err.strip().splitlines()
    assert len(lines) == 1, ran.err
    assert "Traceback" not in ran.err
    for word in words:
        assert word in ran.err, (word, ran.err)
