"""Real speech for recognizer tests and threshold measurements: espeak-ng, festival, human digits.

Speech is synthesized at run time into a folder, resampled to 16 kHz mono int16; noise is pink
noise mixed at a chosen signal-to-noise ratio with a fixed seed.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from tests.conftest import FSDD
from voice_host.recognition import SAMPLE_RATE, Samples


@dataclass(frozen=True)
class Clip:
    """One utterance with what was said."""

    voice: str
    """The voice family and name, e.g. ``espeak:en-gb-scotland`` or ``fsdd:jackson``."""
    text: str
    """What was said."""
    samples: Samples
    """16 kHz mono int16 audio."""


def to_16k(data: np.ndarray, rate: int) -> Samples:
    """Mix to mono and resample to 16 kHz int16."""
    import soxr

    x = np.asarray(data, dtype=np.float64)
    if x.ndim == 2:
        x = x.mean(axis=1)
    if np.issubdtype(np.asarray(data).dtype, np.integer):
        x = x / 32768.0
    if rate != SAMPLE_RATE:
        x = soxr.resample(x, rate, SAMPLE_RATE)
    return np.clip(np.round(x * 32767), -32768, 32767).astype(np.int16)


def read(path: Path) -> Samples:
    """A WAV file as 16 kHz mono int16."""
    import soundfile

    data, rate = soundfile.read(str(path), dtype="int16", always_2d=False)
    return to_16k(data, int(rate))


def have_espeak() -> bool:
    """Whether espeak-ng is installed."""
    return shutil.which("espeak-ng") is not None


def espeak(text: str, voice: str, folder: Path, speed: int = 160) -> Samples:
    """``text`` spoken by an espeak-ng voice (``en-us``, ``en-gb+f3``...)."""
    folder.mkdir(parents=True, exist_ok=True)
    out = folder / f"espeak-{voice}-{abs(hash((text, speed)))}.wav"
    subprocess.run(
        ["espeak-ng", "-v", voice, "-s", str(speed), "-w", str(out), text],
        check=True,
        capture_output=True,
    )
    return pad(read(out))


def festival(text: str, folder: Path) -> Samples:
    """``text`` spoken by festival's kal_diphone voice."""
    folder.mkdir(parents=True, exist_ok=True)
    out = folder / f"festival-{abs(hash(text))}.wav"
    subprocess.run(
        ["text2wave", "-o", str(out)], input=text.encode(), check=True, capture_output=True
    )
    return pad(read(out))


def pad(samples: Samples, seconds: float = 0.25) -> Samples:
    """Digital silence before and after, as an endpointer would leave it."""
    gap = np.zeros(int(seconds * SAMPLE_RATE), dtype=np.int16)
    return np.concatenate([gap, samples, gap])


def pink_noise(n: int, rng: np.random.Generator) -> np.ndarray:
    """Unit-power pink (1/f) noise."""
    spectrum = np.fft.rfft(rng.standard_normal(n))
    f = np.arange(len(spectrum), dtype=np.float64)
    f[0] = 1.0
    x = np.fft.irfft(spectrum / np.sqrt(f), n)
    return np.asarray(x / np.sqrt(np.mean(x**2)), dtype=np.float64)


def with_noise(samples: Samples, snr_db: float, seed: int = 0) -> Samples:
    """``samples`` with pink noise at ``snr_db`` relative to the speech's active power."""
    x = samples.astype(np.float64)
    loud = x[np.abs(x) > 0.02 * np.max(np.abs(x))] if np.any(x) else x
    power = float(np.mean(loud**2)) if loud.size else 1.0
    noise = pink_noise(len(x), np.random.default_rng(seed)) * np.sqrt(power / 10 ** (snr_db / 10))
    out: Samples = np.clip(np.round(x + noise), -32768, 32767).astype(np.int16)
    return out


def fsdd(speaker: str) -> list[Clip]:
    """The human digits of one FSDD speaker (``jackson`` or ``yweweler``)."""
    from voice_host.phrases import phrase_table

    en = phrase_table("en")
    clips = []
    for path in sorted(FSDD.glob(f"*_{speaker}_*.wav")):
        digit = int(path.name.split("_")[0])
        clips.append(Clip(f"fsdd:{speaker}", en.number_words(digit), pad(read(path))))
    return clips
