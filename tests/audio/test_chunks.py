"""WAV reading of many formats, and files and chunks sharing one shape."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import soundfile

from voice_host.audio import (
    AudioChunk,
    AudioFileError,
    chunks_to_samples,
    read_wav,
    samples_to_chunks,
    wav_chunks,
    write_wav,
)
from voice_host.recognition import SAMPLE_RATE


def _tone(rate: int, seconds: float = 0.5, freq: float = 440.0) -> np.ndarray:
    t = np.arange(int(rate * seconds)) / rate
    return (0.5 * np.sin(2 * np.pi * freq * t)).astype(np.float64)


def test_chunk_seconds_and_samples() -> None:
    chunk = AudioChunk(16000, 2, 1, b"\x01\x00" * 480)
    assert chunk.seconds == pytest.approx(0.03)
    assert chunk.samples_per_channel == 480
    assert chunk.to_samples().dtype == np.int16
    assert AudioChunk(8000, 2, 2, bytes(3200)).seconds == pytest.approx(0.1)
    with pytest.raises(ValueError, match="expected 16-bit mono"):
        AudioChunk(16000, 2, 2, bytes(8)).to_samples()


FORMATS = [
    ("PCM_U8", 16000, 1),
    ("PCM_16", 16000, 1),
    ("PCM_24", 16000, 1),
    ("PCM_32", 16000, 1),
    ("FLOAT", 16000, 1),
    ("DOUBLE", 16000, 1),
    ("PCM_16", 8000, 1),
    ("PCM_16", 44100, 1),
    ("PCM_24", 48000, 2),
    ("FLOAT", 22050, 2),
]


@pytest.mark.parametrize(("subtype", "rate", "channels"), FORMATS)
def test_read_wav_any_format(tmp_path: Path, subtype: str, rate: int, channels: int) -> None:
    tone = _tone(rate)
    data = np.stack([tone] * channels, axis=1) if channels > 1 else tone
    path = tmp_path / f"t_{subtype}_{rate}_{channels}.wav"
    soundfile.write(path, data, rate, subtype=subtype)
    got = read_wav(path)
    assert got.dtype == np.int16
    assert len(got) == pytest.approx(0.5 * SAMPLE_RATE, abs=2)
    expected = (_tone(SAMPLE_RATE) * 32768).astype(np.float64)
    n = min(len(got), len(expected)) - 400
    mid = slice(200, 200 + n)  # skip resampler edges
    corr = np.corrcoef(got[mid].astype(np.float64), expected[mid])[0, 1]
    assert corr > 0.99, f"{subtype} {rate} Hz x{channels}: correlation {corr:.4f}"
    peak = np.abs(got).max() / 32768
    assert 0.45 < peak < 0.55


def test_stereo_is_averaged(tmp_path: Path) -> None:
    left = _tone(SAMPLE_RATE)
    path = tmp_path / "lr.wav"
    soundfile.write(path, np.stack([left, -left], axis=1), SAMPLE_RATE, subtype="PCM_16")
    assert np.abs(read_wav(path)).max() <= 1


def test_float_wav_is_clipped(tmp_path: Path) -> None:
    path = tmp_path / "loud.wav"
    soundfile.write(path, 3.0 * _tone(SAMPLE_RATE), SAMPLE_RATE, subtype="FLOAT")
    got = read_wav(path)
    assert got.max() == 32767 and got.min() == -32768


def test_not_audio_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "notes.wav"
    bad.write_text("this is not a wave file\n")
    with pytest.raises(AudioFileError) as err:
        read_wav(bad)
    message = str(err.value)
    assert str(bad) in message and "expected" in message and "\n" not in message


def test_missing_and_empty_files(tmp_path: Path) -> None:
    with pytest.raises(AudioFileError, match="no such file"):
        read_wav(tmp_path / "nope.wav")
    empty = tmp_path / "empty.wav"
    soundfile.write(empty, np.zeros(0), SAMPLE_RATE, subtype="PCM_16")
    with pytest.raises(AudioFileError, match="no samples"):
        read_wav(empty)


def test_wav_chunks_have_the_microphone_shape(tmp_path: Path) -> None:
    path = tmp_path / "a.wav"
    soundfile.write(path, _tone(44100, seconds=1.0), 44100, subtype="PCM_16")
    chunks = list(wav_chunks(path, chunk_ms=30))
    assert all((c.rate, c.width, c.channels) == (SAMPLE_RATE, 2, 1) for c in chunks)
    assert all(len(c.audio) == 960 for c in chunks)
    joined = chunks_to_samples(chunks)
    direct = read_wav(path)
    assert np.array_equal(joined[: len(direct)], direct)
    assert not joined[len(direct) :].any()


def test_samples_roundtrip_and_atomic_write(tmp_path: Path) -> None:
    samples = (np.arange(1000) % 200 - 100).astype(np.int16)
    assert np.array_equal(chunks_to_samples(samples_to_chunks(samples, 10))[:1000], samples)
    out = tmp_path / "sub" / "w.wav"
    write_wav(out, samples)
    assert np.array_equal(read_wav(out), samples)
    assert sorted(p.name for p in out.parent.iterdir()) == ["w.wav"]
