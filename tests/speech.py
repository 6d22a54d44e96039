"""Speech pieces the tests assemble utterances from: silence, and a phrase trimmed of
espeak-ng's own leading and trailing silence."""

from __future__ import annotations

import numpy as np

from voice_host.recognition import SAMPLE_RATE, Samples
from voice_host.voice import synthesize


def silence(seconds: float) -> Samples:
    """``seconds`` of digital silence."""
    return np.zeros(int(seconds * SAMPLE_RATE), dtype=np.int16)


def trimmed(text: str, voice: str) -> Samples:
    """The phrase without espeak-ng's leading and trailing silence."""
    clip = synthesize(text, voice=voice)
    loud = np.flatnonzero(np.abs(clip.astype(np.int32)) > 200)
    return clip[loud[0] : loud[-1] + 1]
