"""The neural voices (Kokoro-82M, Piper's joe): reproducible takes, blends of speakers, clear
errors, held-out speakers kept out of training, and speech the ear understands."""

from __future__ import annotations

import numpy as np
import pytest

from tests.ear.conftest import needs_espeak
from voice_host.ear.recognizer import EarRecognizer
from voice_host.speakers import neural, synth

pytestmark = [needs_espeak, pytest.mark.slow]


def test_a_kokoro_take_is_the_same_every_time_and_a_blend_is_a_speaker_of_its_own() -> None:
    alpha, rate = neural.kokoro("twenty four", "jf_alpha")
    assert np.array_equal(alpha, neural.kokoro("twenty four", "jf_alpha")[0])
    assert 0.4 < len(alpha) / rate < 3.0 and 0.01 < np.sqrt(np.mean(alpha**2)) < 0.5
    kumo = neural.kokoro("twenty four", "jm_kumo")[0]
    blend = neural.kokoro("twenty four", "jf_alpha+jm_kumo")[0]
    assert not np.array_equal(blend[: len(alpha)], alpha[: len(blend)])
    assert not np.array_equal(blend[: len(kumo)], kumo[: len(blend)])
    np.testing.assert_allclose(
        neural.kokoro_style("jf_alpha+jm_kumo"),
        (neural.kokoro_style("jf_alpha") + neural.kokoro_style("jm_kumo")) / 2, rtol=1e-6)


def test_a_piper_take_follows_its_seed() -> None:
    one = neural.piper("thirty one", seed=5)[0]
    assert np.array_equal(one, neural.piper("thirty one", seed=5)[0])
    assert not np.array_equal(one, neural.piper("thirty one", seed=6)[0])


def test_an_unknown_kokoro_speaker_is_named_with_the_ones_there_are() -> None:
    with pytest.raises(neural.NeuralVoiceError, match=r"no Kokoro speaker 'jf_nobody'.*jm_kumo"):
        neural.kokoro("one", "jf_alpha+jf_nobody")
    with pytest.raises(synth.SynthesisError, match="jf_nobody"):
        synth.synthesize(synth.Voice("kokoro", "jf_nobody", "train"), "one")


def test_no_measured_speaker_is_in_a_blend_that_trains() -> None:
    splits: dict[str, set[str]] = {}
    for lang in synth.OTHER_VOICES:
        for (engine, name), split in synth.OTHER_VOICES[lang].items():
            if engine == "kokoro":
                for speaker in name.rpartition(":")[2].split("+"):
                    assert speaker in neural.KOKORO_SPEAKERS
                    splits.setdefault(speaker, set()).add(split)
    assert splits["jf_nezumi"] == {"bench"} and splits["jf_tebukuro"] == {"bench"}
    assert all(len(s) == 1 for s in splits.values()), splits


def test_the_ear_hears_a_neural_voice_it_never_trained_on(ear: EarRecognizer) -> None:
    """Piper's joe is a bench voice: the shipped ear never heard it."""
    for text, number in (("nineteen", 19), ("forty", 40)):
        heard = ear.recognize(synth.synthesize(synth.Voice("piper", "joe", "bench"), text))
        assert heard.numbers == (number,), (text, heard)
