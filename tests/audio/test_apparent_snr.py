"""The apparent SNR the ear sets its threshold by: measured from the utterance alone."""

from __future__ import annotations

import numpy as np
import pytest

from tests.speech import silence
from voice_host.audio.apparent_snr import CEILING_DB, apparent_snr_db
from voice_host.audio.noise import mix_at_snr, pink_noise
from voice_host.voice import synthesize


@pytest.fixture(scope="module")
def framed() -> np.ndarray:
    """A total with the silence an endpointer leaves around it."""
    said = synthesize("twenty four", voice="en-us")
    return np.concatenate([silence(0.3), said, silence(0.3)])


def test_clean_speech_reads_near_the_ceiling(framed: np.ndarray) -> None:
    assert apparent_snr_db(framed) > 45.0


@pytest.mark.parametrize("snr_db", [20.0, 10.0, 0.0])
def test_noise_over_the_speech_level_reads_a_little_above_its_snr(
        framed: np.ndarray, snr_db: float) -> None:
    noisy = mix_at_snr(framed, pink_noise(len(framed), seed=7), snr_db)
    # The loudest frames stand above the speech's active level, the quietest hold noise alone.
    assert snr_db + 3.0 < apparent_snr_db(noisy) < snr_db + 14.0


def test_more_noise_reads_lower(framed: np.ndarray) -> None:
    noise = pink_noise(len(framed), seed=8)
    read = [apparent_snr_db(mix_at_snr(framed, noise, snr)) for snr in (30.0, 20.0, 10.0, 0.0)]
    assert read == sorted(read, reverse=True) and read[0] - read[-1] > 20.0


def test_a_clip_too_short_to_tell_reads_the_ceiling() -> None:
    assert apparent_snr_db(np.zeros(100, np.int16)) == CEILING_DB
    assert apparent_snr_db(silence(1.0)) == 0.0  # nothing stands above anything


def test_utterances_cut_by_the_endpointer_read_as_whole_clips_do() -> None:
    from voice_host.audio.chunks import samples_to_chunks
    from voice_host.audio.endpoint import Endpointer

    said = [synthesize(t, voice="en-us") for t in ("twenty four", "plus seven, thirty one")]
    stream = np.concatenate([silence(1.0), said[0], silence(1.0), said[1], silence(1.0)])
    noise = pink_noise(len(stream), seed=1)
    for snr, low, high in ((None, 45.0, CEILING_DB), (30.0, 30.0, 45.0), (10.0, 13.0, 25.0)):
        heard = stream if snr is None else mix_at_snr(stream, noise, snr)
        cut = list(Endpointer().utterances(samples_to_chunks(heard)))
        assert len(cut) == 2, (snr, [len(u.samples) for u in cut])
        # The pre-roll and the hangover hold quiet frames: measured 60 / 38-40 / 18-20 dB.
        assert all(low <= apparent_snr_db(u.samples) <= high for u in cut), snr
