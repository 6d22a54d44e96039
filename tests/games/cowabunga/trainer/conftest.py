"""Training tests: answers spoken with espeak-ng (each test's own VOICE_HOST_HOME is the suite's
``home``)."""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from voice_host.phrases import phrase_table
from voice_host.recognition import SAMPLE_RATE


def needs_espeak() -> None:
    """Skip when espeak-ng is missing."""
    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng is not installed (apt-get install espeak-ng)")


def spoken(answer: int | str) -> str:
    """What a learner says for an answer."""
    return phrase_table("en").number_words(answer) if isinstance(answer, int) else answer


def speak_answers(path: Path, phrases: Sequence[str], gap_s: float = 1.0,
                  voice: str = "en-us") -> Path:
    """A WAV of ``phrases`` spoken by espeak-ng (``voice``), ``gap_s`` of silence before each."""
    from voice_host.audio import write_wav
    from voice_host.voice import synthesize

    needs_espeak()
    parts = []
    for phrase in phrases:
        parts.append(np.zeros(int(gap_s * SAMPLE_RATE), np.int16))
        parts.append(synthesize(phrase, voice))
    parts.append(np.zeros(SAMPLE_RATE // 2, np.int16))
    write_wav(path, np.concatenate(parts))
    return path
