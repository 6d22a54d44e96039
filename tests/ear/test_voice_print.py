"""Voice prints tell synthesized voices apart, whatever the words and the loudness; the encoder
runs its published weights."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from voice_host.ear.voice_print import VoiceBook, voice_print
from voice_host.recognition import VoicePrint

from .conftest import needs_espeak

LOW, HIGH = "en-us+m3", "en+f4"
"""Two voices of the table (held out of the ear's training)."""


def said(text: str, voice: str, pitch: int = 50) -> VoicePrint:
    """The voice print of ``text`` said by the espeak-ng ``voice``, as the ear makes it."""
    from voice_host.voice import synthesize

    return voice_print(synthesize(text, voice=voice, pitch=pitch))


@needs_espeak
def test_a_voice_learned_on_some_words_is_known_on_others() -> None:
    book = VoiceBook()
    for text in ("eleven", "plus four, twenty-five", "twenty", "one, twenty-one"):
        book.learn("Emily", said(text, LOW))
        book.learn("Maria", said(text, HIGH))
    for text, voice, pitch in (("thirty-three", LOW, 44), ("minus six, fifteen", HIGH, 57),
                               ("seventeen", HIGH, 50), ("zero, fifteen", LOW, 55)):
        mismatch = book.mismatch(said(text, voice, pitch))
        own, other = ("Emily", "Maria") if voice == LOW else ("Maria", "Emily")
        assert mismatch[own] == 0.0, (text, mismatch)
        assert mismatch[other] >= 0.5, (text, mismatch)


@needs_espeak
def test_one_voice_tells_nothing_and_a_taken_back_turn_is_forgotten() -> None:
    book = VoiceBook()
    low = said("twenty", LOW)
    book.learn("Emily", low)
    assert book.mismatch(said("nine", HIGH)) == {}
    book.learn("Maria", said("twelve", HIGH))
    assert set(book.mismatch(low)) == {"Emily", "Maria"}
    book.forget("Maria", said("twelve", HIGH))
    assert book.learned() == ["Emily"] and book.mismatch(low) == {}
    assert book.mismatch(None) == {}


@needs_espeak
def test_a_voice_print_ignores_the_loudness_and_the_silence_around_the_words() -> None:
    from voice_host.voice import synthesize

    samples = synthesize("plus seven, twenty-four", voice=LOW)
    voice = voice_print(samples)
    assert voice.shape == (256,) and voice.dtype == np.float32
    assert abs(float(np.linalg.norm(voice)) - 1.0) < 1e-3
    quieter = voice_print((samples // 4).astype(np.int16))
    quiet = np.zeros(8000, np.int16)
    padded = voice_print(np.concatenate([quiet, samples, quiet]))
    assert float(quieter @ voice) > 0.99 and float(padded @ voice) > 0.95
    assert float(said("plus seven, twenty-four", HIGH) @ voice) < 0.9


def sigmoid(v: np.ndarray) -> np.ndarray:
    """The logistic function."""
    out: np.ndarray = 1.0 / (1.0 + np.exp(-v))
    return out


def test_the_encoder_graph_runs_the_published_weights_in_pytorch_s_gate_order() -> None:
    """One LSTM step by hand, from the weights as published (gates input, forget, cell, output),
    matches the graph's, whose ONNX LSTM takes them reordered."""
    from voice_host.ear import voice_encoder

    with np.load(voice_encoder.WEIGHTS) as z:
        w = {k: z[k].astype(np.float64) for k in z.files}
    frame = np.random.default_rng(3).random((1, 40))
    h = np.zeros((1, 256))
    for n in range(3):
        gates = (frame @ w[f"lstm/weight_ih_l{n}"].T + w[f"lstm/bias_ih_l{n}"]
                 + w[f"lstm/bias_hh_l{n}"])
        i, _forget, c, o = np.split(gates, 4, axis=1)  # a first step: no state to forget
        h = sigmoid(o) * np.tanh(sigmoid(i) * np.tanh(c))
        frame = h
    by_hand = np.maximum(h @ w["linear/weight"].T + w["linear/bias"], 0.0)[0]
    mels = np.random.default_rng(3).random((1, 1, 40)).astype(np.float32)
    graph = voice_encoder.session().run(None, {"mels": mels})[0][0]
    assert np.allclose(graph, by_hand, atol=1e-3), float(np.abs(graph - by_hand).max())


def test_silence_or_nothing_gives_a_finite_print() -> None:
    """The ear prints every utterance it hears, a click or an empty one too."""
    for samples in (np.zeros(0, np.int16), np.zeros(100, np.int16), np.zeros(8000, np.int16)):
        voice = voice_print(samples)
        assert voice.shape == (256,) and bool(np.isfinite(voice).all())


def test_the_encoder_graph_is_written_once_to_the_cache_and_loaded_without_onnx(
        tmp_path: Path) -> None:
    """The first use writes the graph into the user's cache (at set-up); every later process
    loads it from there without importing onnx, which only building the graph needs."""
    env = {**os.environ, "VOICE_HOST_CACHE": str(tmp_path)}
    write = "from voice_host.ear.voice_encoder import graph_path; print(graph_path())"
    written = Path(subprocess.run([sys.executable, "-c", write], env=env, check=True,
                                  capture_output=True, text=True).stdout.strip())
    assert written.parent == tmp_path / "ear" and written.is_file()
    assert [p.name for p in written.parent.iterdir()] == [written.name]  # no part left behind
    load = ("import sys; from voice_host.ear.voice_encoder import session; session(); "
            "print('onnx' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", load], env=env, check=True,
                         capture_output=True, text=True).stdout.strip()
    assert out == "False"


def test_an_unwritable_cache_for_the_encoder_graph_is_one_clear_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A cache the voice encoder's graph cannot be written to fails the ear's loading with one
    line naming the fix, not a traceback."""
    from voice_host.ear import voice_encoder
    from voice_host.ear.backends import EngineError
    from voice_host.ear.recognizer import EarRecognizer

    def unwritable() -> Path:
        raise PermissionError(13, "Permission denied", "/cache/ear")

    monkeypatch.setattr(voice_encoder, "graph_path", unwritable)
    voice_encoder.session.cache_clear()
    try:
        with pytest.raises(EngineError, match="VOICE_HOST_CACHE to a folder you can write"):
            EarRecognizer("en")
    finally:
        voice_encoder.session.cache_clear()
