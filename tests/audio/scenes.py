"""Test scenes for the endpointer: numbers spoken with pauses, in silence, pink noise or babble."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from voice_host.audio.noise import mix_at_snr, pink_noise
from voice_host.recognition import SAMPLE_RATE, Samples
from voice_host.voice.synth import babble, synthesize

PHRASES = ("twenty four", "seven", "plus seven, thirty one", "thirteen", "minus five, eleven")
VOICES = ("en-us", "en+f3", "en-gb-x-rp", "en-us+m3", "en+f2")


@dataclass(frozen=True)
class Scene:
    """A stream with known speech spans."""

    samples: Samples
    spans: tuple[tuple[float, float], ...]
    """(start_s, end_s) of each phrase's speech, silence trimmed."""


def _trim(x: Samples) -> tuple[int, int]:
    """First and last sample index of non-silent audio (frames above -45 dB of the peak)."""
    f = 160
    n = len(x) // f
    e = np.mean(x[: n * f].astype(np.float64).reshape(n, f) ** 2, axis=1)
    on = np.flatnonzero(e > e.max() * 10 ** (-45 / 10))
    return int(on[0] * f), int((on[-1] + 1) * f)


def build_scene(
    noise: str = "none", snr_db: float = 10.0, gap_s: float = 1.2, seed: int = 0
) -> Scene:
    """Five phrases in five voices separated by ``gap_s``; noise is none, pink or babble."""
    rng = np.random.default_rng(seed)
    parts: list[np.ndarray] = [np.zeros(int(1.0 * SAMPLE_RATE), dtype=np.int16)]
    spans: list[tuple[float, float]] = []
    pos = len(parts[0])
    for phrase, voice in zip(PHRASES, VOICES, strict=True):
        clip = synthesize(phrase, voice=voice, rate=int(rng.integers(150, 190)))
        a, b = _trim(clip)
        clip = clip[a:b]
        spans.append((pos / SAMPLE_RATE, (pos + len(clip)) / SAMPLE_RATE))
        gap = np.zeros(int(gap_s * SAMPLE_RATE), dtype=np.int16)
        parts += [clip, gap]
        pos += len(clip) + len(gap)
    clean = np.concatenate(parts).astype(np.int16)
    if noise == "none":
        return Scene(clean, tuple(spans))
    if noise == "pink":
        bg = pink_noise(len(clean), seed=seed)
    elif noise == "babble":
        bg = babble(len(clean) / SAMPLE_RATE + 0.1, seed=seed)[: len(clean)]
    else:
        raise ValueError(noise)
    # SNR is taken over the speech alone, not the pauses.
    speech_only = np.concatenate(
        [clean[int(s * SAMPLE_RATE) : int(e * SAMPLE_RATE)] for s, e in spans]
    )
    from voice_host.audio.noise import active_level

    gain = active_level(speech_only) / np.sqrt(
        np.mean(bg.astype(np.float64) ** 2) * 10 ** (snr_db / 10)
    )
    mixed = clean.astype(np.float64) + gain * bg.astype(np.float64)
    mixed = np.clip(mixed, -32768, 32767)
    _ = mix_at_snr  # same definition of SNR as the helper, applied to the speech stretch only
    return Scene(np.round(mixed).astype(np.int16), tuple(spans))
