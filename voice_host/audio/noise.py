"""Noise for the benches and tests: pink noise, the active speech level (ITU-T P.56), and mixing
speech into noise at an SNR over that level, the one definition of SNR every bench uses."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from voice_host.audio.chunks import to_int16
from voice_host.recognition import Samples

Signal = npt.NDArray[np.int16] | npt.NDArray[np.float64]
"""Sound as int16 samples or as floats on the same scale (noise may be either)."""


def pink_noise(n: int, seed: int = 0, level_dbfs: float = -30.0) -> Samples:
    """``n`` samples of pink (1/f power) noise at RMS ``level_dbfs``, reproducible from ``seed``."""
    rng = np.random.default_rng(seed)
    spectrum = np.fft.rfft(rng.standard_normal(n))
    freqs = np.arange(len(spectrum), dtype=np.float64)
    freqs[0] = 1.0
    pink = np.fft.irfft(spectrum / np.sqrt(freqs), n)
    pink /= np.sqrt(np.mean(pink**2)) + 1e-12
    return to_int16(pink * 10 ** (level_dbfs / 20))


def active_level(samples: Signal, rate: int = 16000) -> float:
    """The active speech level of ``samples`` as an RMS amplitude: ITU-T P.56, method B.

    The envelope is the rectified signal smoothed twice (30 ms); a sample is active while the
    envelope is above a threshold, or within 200 ms after it was. Of the thresholds a power of
    two apart, the level is taken (interpolated in dB) where the active RMS stands 15.9 dB above
    the threshold. Pauses, silence and the fade after a word do not lower it. Zero for silence.
    """
    from scipy.signal import lfilter

    x = np.asarray(samples, dtype=np.float64)
    energy = float(np.sum(x**2))
    if energy <= 0.0:
        return 0.0
    g = float(np.exp(-1.0 / (0.03 * rate)))
    envelope = lfilter([1 - g], [1, -g], lfilter([1 - g], [1, -g], np.abs(x)))
    hangover = int(np.ceil(0.2 * rate))
    index = np.arange(len(x))
    margin = 15.9
    previous: tuple[float, float] | None = None  # (active level dB, its margin) one step down
    for bit in range(16):
        threshold = float(2**bit)
        above = envelope >= threshold
        if not above.any():
            break
        last = np.maximum.accumulate(np.where(above, index, -hangover - 1))
        active = int(np.count_nonzero(index - last <= hangover))
        level = 10 * np.log10(energy / active)
        over = level - 20 * np.log10(threshold)
        if over <= margin:
            if previous is None:
                return float(10 ** (level / 20))
            (lo_level, lo_over) = previous
            t = (lo_over - margin) / (lo_over - over) if lo_over != over else 0.0
            return float(10 ** ((lo_level + t * (level - lo_level)) / 20))
        previous = (level, over)
    # The signal never fell within the margin of a threshold (too quiet or too short): take the
    # level of its loudest active stretch.
    return float(10 ** (previous[0] / 20)) if previous else float(np.sqrt(energy / len(x)))


def mix_at_snr(speech: Signal, noise: Signal, snr_db: float) -> Samples:
    """Add ``noise`` (looped or cut) to ``speech``, its active speech level (ITU-T P.56, see
    `active_level`) ``snr_db`` above the noise's RMS.

    The result is scaled down only if it would clip.
    """
    s = np.asarray(speech, dtype=np.float64)
    reps = int(np.ceil(len(s) / max(1, len(noise))))
    nz = np.tile(np.asarray(noise, dtype=np.float64), reps)[: len(s)]
    p_noise = float(np.mean(nz**2)) or 1.0
    gain = active_level(speech) / np.sqrt(p_noise * 10 ** (snr_db / 10))
    mixed = s + gain * nz
    peak = float(np.abs(mixed).max()) if len(mixed) else 0.0
    if peak > 32767:
        mixed *= 32767 / peak
    out: Samples = np.round(mixed).astype(np.int16)
    return out
