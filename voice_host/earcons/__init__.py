"""Earcons: short, distinct, generated sounds that say what happened without words.

The WAVs in ``sounds/`` are made by :mod:`voice_host.earcons.generate` and shipped with the
package. :func:`play_earcon` plays one on an output device; :func:`earcon_samples` gives the
audio (for a WAV transcript or a test).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

EARCONS: tuple[str, ...] = ("listening", "accepted", "question", "mistake", "stew_pot", "direction")
"""Every earcon; :mod:`voice_host.earcons.generate` makes one WAV per name."""

SOUNDS_DIR = Path(__file__).resolve().parent / "sounds"
"""Where the shipped WAVs live."""


class EarconError(ValueError):
    """An unknown earcon name or a missing WAV; the message names it and the valid ones."""


def earcon_path(name: str) -> Path:
    """The shipped WAV of earcon ``name``."""
    if name not in EARCONS:
        raise EarconError(f"unknown earcon {name!r}; earcons: {', '.join(EARCONS)}")
    path = SOUNDS_DIR / f"{name}.wav"
    if not path.exists():
        raise EarconError(f"{path} is missing; make it with: python -m voice_host.earcons.generate")
    return path


@cache
def earcon_samples(name: str) -> tuple[npt.NDArray[np.float32], int]:
    """Earcon ``name`` as float32 mono samples and their rate."""
    import soundfile

    data, rate = soundfile.read(str(earcon_path(name)), dtype="float32")
    return np.asarray(data, dtype=np.float32), int(rate)


def play_earcon(name: str, device: str | int | None = None, volume: float = 1.0) -> None:
    """Play earcon ``name`` on ``device`` (None: the default speaker) and wait until done.

    Raises :class:`~voice_host.audio.mic.AudioDeviceError` when there is nothing to play on.
    """
    from voice_host.audio.mic import AudioDeviceError, sounddevice_module

    data, rate = earcon_samples(name)
    sd = sounddevice_module()
    try:
        sd.play(data * float(volume), rate, device=device, blocking=True)
    except Exception as err:
        raise AudioDeviceError(
            f"cannot play earcon {name!r} on {device or 'the default speaker'}: {err}"
        ) from None
