"""The one definition of SNR the benches share: the ITU-T P.56 active speech level."""

from __future__ import annotations

import numpy as np
import pytest

from tests.speech import silence
from voice_host.audio.noise import active_level, mix_at_snr, pink_noise
from voice_host.recognition import SAMPLE_RATE
from voice_host.voice import synthesize


def _db(a: float, b: float) -> float:
    return float(20 * np.log10(a / b))


def test_a_steady_tone_is_active_throughout_its_level_is_its_rms() -> None:
    t = np.arange(2 * SAMPLE_RATE) / SAMPLE_RATE
    tone = np.round(8000 * np.sin(2 * np.pi * 440 * t)).astype(np.int16)
    assert abs(_db(active_level(tone), 8000 / np.sqrt(2))) < 0.3


def test_silence_around_speech_does_not_change_its_level_but_lowers_its_rms() -> None:
    speech = synthesize("plus seven, twenty four", voice="en-us")
    short = np.concatenate([silence(0.2), speech, silence(0.2)])
    long = np.concatenate([silence(0.2), speech, silence(4.0)])
    assert abs(_db(active_level(long), active_level(short))) < 0.3
    rms = [float(np.sqrt(np.mean(x.astype(np.float64) ** 2))) for x in (short, long)]
    assert _db(rms[0], rms[1]) > 3.0
    # A level of speech, not of its loudest moment: below the peak, above the whole clip's RMS.
    assert rms[0] < active_level(short) < float(np.abs(short).max()) / 2


def test_silence_has_no_level() -> None:
    assert active_level(silence(1.0)) == 0.0


@pytest.mark.parametrize("snr_db", [20.0, 10.0, 0.0])
def test_the_noise_is_mixed_at_the_asked_snr_over_the_active_level(snr_db: float) -> None:
    said = synthesize("thirty three", voice="en+f3")
    speech = np.concatenate([silence(0.5), said, silence(1.0)])
    noise = pink_noise(len(speech) // 2, seed=3)  # shorter than the speech: looped
    mixed = mix_at_snr(speech, noise, snr_db)
    assert len(mixed) == len(speech)
    added = mixed.astype(np.float64) - speech.astype(np.float64)
    peak = float(np.abs(speech.astype(np.float64) + added).max())
    assert peak <= 32767
    noise_rms = float(np.sqrt(np.mean(added**2)))
    assert abs(_db(active_level(speech), noise_rms) - snr_db) < 0.1


def test_float_noise_mixes_like_int16_noise() -> None:
    speech = np.concatenate([silence(0.3), synthesize("nineteen", voice="en-us"), silence(0.3)])
    noise = pink_noise(len(speech), seed=5)
    as_int = mix_at_snr(speech, noise, 10.0)
    as_float = mix_at_snr(speech, noise.astype(np.float64) / 1000.0, 10.0)
    assert np.max(np.abs(as_int.astype(np.int32) - as_float.astype(np.int32))) <= 1
