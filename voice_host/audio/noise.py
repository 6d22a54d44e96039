"""Noise for measuring the front end: pink noise, and mixing speech into noise at a given SNR."""

from __future__ import annotations

import numpy as np

from voice_host.audio.chunks import to_int16
from voice_host.recognition import Samples


def pink_noise(n: int, seed: int = 0, level_dbfs: float = -30.0) -> Samples:
    """``n`` samples of pink (1/f power) noise at RMS ``level_dbfs``, reproducible from ``seed``."""
    rng = np.random.default_rng(seed)
    spectrum = np.fft.rfft(rng.standard_normal(n))
    freqs = np.arange(len(spectrum), dtype=np.float64)
    freqs[0] = 1.0
    pink = np.fft.irfft(spectrum / np.sqrt(freqs), n)
    pink /= np.sqrt(np.mean(pink**2)) + 1e-12
    return to_int16(pink * 10 ** (level_dbfs / 20))


def active_power(samples: Samples, frame: int = 480, below_peak_db: float = 40.0) -> float:
    """Mean power of the frames within ``below_peak_db`` of the loudest (speech, not pauses)."""
    x = np.asarray(samples, dtype=np.float64)
    n = len(x) // frame
    if n == 0:
        return float(np.mean(x**2)) if len(x) else 0.0
    power = np.mean(x[: n * frame].reshape(n, frame) ** 2, axis=1)
    keep = power >= power.max() * 10 ** (-below_peak_db / 10)
    return float(power[keep].mean())


def mix_at_snr(speech: Samples, noise: Samples, snr_db: float) -> Samples:
    """Add ``noise`` (looped or cut) to ``speech``, active speech ``snr_db`` above the noise.

    The result is scaled down only if it would clip.
    """
    s = np.asarray(speech, dtype=np.float64)
    reps = int(np.ceil(len(s) / max(1, len(noise))))
    nz = np.tile(np.asarray(noise, dtype=np.float64), reps)[: len(s)]
    p_noise = float(np.mean(nz**2)) or 1.0
    gain = np.sqrt(active_power(speech) / (p_noise * 10 ** (snr_db / 10)))
    mixed = s + gain * nz
    peak = float(np.abs(mixed).max()) if len(mixed) else 0.0
    if peak > 32767:
        mixed *= 32767 / peak
    out: Samples = np.round(mixed).astype(np.int16)
    return out
