"""Who is speaking, as a trained speaker encoder hears it: Resemblyzer's GE2E voice encoder, a
three-layer LSTM over 40 mel bands trained on thousands of speakers to tell voices apart.

Its published weights ship in the package (``models/voice-encoder.npz``, written by
``scripts/voice_encoder_weights.py``; card ``docs/ear/voice-encoder.md``) and onnxruntime runs
them as a graph built here and written once into the user's cache, so neither torch nor the
original package is needed. An utterance is brought to one loudness, its speech frames kept, cut
into partials of 1.6 s (one, padded, for a short announcement), and the partials' embeddings
averaged into one unit vector.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from voice_host.ear.features import session_options
from voice_host.ear.whisper import N_FFT, cached_graph, mel_filters, onnx_model, stft_frames
from voice_host.recognition import SAMPLE_RATE, Samples

WEIGHTS = Path(__file__).resolve().parent / "models" / "voice-encoder.npz"
"""The encoder's weights, in PyTorch's layout, as published."""

FORMAT = 1
"""The version of the graph :func:`graph` builds (part of its cached file's name)."""

N_MELS = 40
"""Mel bands of the encoder's features (25 ms windows every 10 ms, as Whisper's)."""

PARTIAL = 160
"""Frames in one partial utterance (1.6 s), as the encoder was trained."""

PARTIAL_STEP = 80
"""Frames between two partials of a long utterance (half a partial)."""

TARGET_DBFS = -30.0
"""The loudness every utterance is brought to, so a player's distance does not count."""

SPEECH_RISE = 0.3
"""A frame is speech when its level stands this share of the way from the utterance's floor
(its quietest tenth) to its peak: the silence around the words says nothing of the voice."""

MIN_FRAMES = PARTIAL // 8
"""Fewer speech frames than this (a click): the whole utterance is taken."""

_FILTERS = mel_filters(SAMPLE_RATE, N_FFT, N_MELS)
_WINDOW = np.hanning(N_FFT + 1)[:-1]


def graph(w: dict[str, npt.NDArray[np.float32]]) -> Any:
    """The encoder as an ONNX model: mel power frames ``(frames, 1, 40)`` → the embedding before
    its normalization ``(1, 256)`` (ReLU of a linear map of the last layer's final state)."""
    from onnx import TensorProto, helper, numpy_helper

    nodes: list[Any] = []
    inits: list[Any] = []
    hidden = w["lstm/weight_hh_l0"].shape[1]

    def gates(x: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        # PyTorch stacks the gates input, forget, cell, output; ONNX input, output, forget, cell.
        i, f, c, o = np.split(x, 4, axis=0)
        return np.concatenate([i, o, f, c], axis=0)[None].astype(np.float32)

    x = "mels"
    layers = sum(1 for k in w if k.startswith("lstm/weight_ih_l"))
    for n in range(layers):
        bias = np.concatenate([gates(w[f"lstm/bias_ih_l{n}"])[0],
                               gates(w[f"lstm/bias_hh_l{n}"])[0]])
        for name, value in ((f"W{n}", gates(w[f"lstm/weight_ih_l{n}"])),
                            (f"R{n}", gates(w[f"lstm/weight_hh_l{n}"])),
                            (f"B{n}", bias[None].astype(np.float32))):
            inits.append(numpy_helper.from_array(value, name))
        nodes.append(helper.make_node("LSTM", [x, f"W{n}", f"R{n}", f"B{n}"],
                                      [f"Y{n}", f"H{n}"], hidden_size=hidden, name=f"lstm{n}"))
        if n < layers - 1:
            inits.append(numpy_helper.from_array(np.array([1]), f"axis{n}"))
            nodes.append(helper.make_node("Squeeze", [f"Y{n}", f"axis{n}"], [f"X{n + 1}"]))
            x = f"X{n + 1}"
    inits.append(numpy_helper.from_array(np.array([0]), "axis_dir"))
    inits.append(numpy_helper.from_array(np.ascontiguousarray(w["linear/weight"].T,
                                                              np.float32), "Lw"))
    inits.append(numpy_helper.from_array(w["linear/bias"].astype(np.float32), "Lb"))
    nodes += [helper.make_node("Squeeze", [f"H{layers - 1}", "axis_dir"], ["last"]),
              helper.make_node("MatMul", ["last", "Lw"], ["lin"]),
              helper.make_node("Add", ["lin", "Lb"], ["lin_b"]),
              helper.make_node("Relu", ["lin_b"], ["embedding"])]
    g = helper.make_graph(
        nodes, "ge2e_voice_encoder",
        [helper.make_tensor_value_info("mels", TensorProto.FLOAT, ["frames", 1, N_MELS])],
        [helper.make_tensor_value_info("embedding", TensorProto.FLOAT, [1, "dim"])], inits)
    return onnx_model(g)


def graph_path() -> Path:
    """The encoder's graph in the user's cache, written from :data:`WEIGHTS` when missing (at
    set-up), so loading the ear need not import onnx to build it."""

    def write(path: Path) -> None:
        with np.load(WEIGHTS) as z:
            weights = {k: z[k].astype(np.float32) for k in z.files}
        path.write_bytes(graph(weights).SerializeToString())

    return cached_graph("voice-encoder", [FORMAT, WEIGHTS.name, WEIGHTS.stat().st_size], write)


@cache
def session() -> Any:
    """The encoder's onnxruntime session, loaded once per process from :func:`graph_path`."""
    import onnxruntime as ort

    return ort.InferenceSession(str(graph_path()), session_options(1),
                                providers=["CPUExecutionProvider"])


def speech_mels(samples: Samples) -> npt.NDArray[np.float32]:
    """The encoder's features of an utterance's speech, ``(frames, 40)``: mel power of 25 ms
    windows every 10 ms, the frames of silence around the words left out and the speech brought
    to :data:`TARGET_DBFS`, so neither the pauses nor a player's distance count."""
    frames = stft_frames(np.asarray(samples, np.float64) / 32768.0)
    energy = np.mean(frames ** 2, axis=1)
    level = 10.0 * np.log10(energy + 1e-12)
    floor, peak = np.quantile(level, 0.1), np.quantile(level, 0.95)
    speech = level >= floor + SPEECH_RISE * (peak - floor)
    if speech.sum() < MIN_FRAMES:
        speech = np.ones_like(speech)
    rms = float(np.sqrt(np.mean(energy[speech])))
    gain = 10.0 ** (TARGET_DBFS / 20.0) / rms if rms > 0.0 else 1.0
    power = np.abs(np.fft.rfft(frames[speech] * gain * _WINDOW, axis=1)) ** 2
    out: npt.NDArray[np.float32] = (power @ _FILTERS.T).astype(np.float32)
    return out


def embed(samples: Samples) -> npt.NDArray[np.float32]:
    """The voice of one utterance as a unit vector ``(256,)``: the mean of its partials'
    embeddings."""
    mels = speech_mels(samples)
    starts = range(0, max(1, len(mels) - PARTIAL + 1), PARTIAL_STEP)
    run = session().run
    parts = [run(None, {"mels": mels[s:s + PARTIAL, None, :]})[0][0] for s in starts]
    mean = np.mean(parts, axis=0)
    out: npt.NDArray[np.float32] = (mean / (np.linalg.norm(mean) + 1e-9)).astype(np.float32)
    return out
