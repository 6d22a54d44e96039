"""Audio as data: fixed-size PCM chunks, and WAV files read into the one format recognizers take.

A WAV file and the live microphone yield the same :class:`AudioChunk` stream (16 kHz mono int16,
``chunk_ms`` long), so everything downstream of the source is shared.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from voice_host.recognition import SAMPLE_RATE, Samples

SAMPLE_WIDTH = 2
"""Bytes per sample of every chunk this package yields (int16)."""

CHANNELS = 1
"""Channels of every chunk this package yields (mono)."""

DEFAULT_CHUNK_MS = 30
"""Chunk length in milliseconds; 10, 20 or 30 suit webrtcvad."""


@dataclass(frozen=True)
class AudioChunk:
    """A piece of raw PCM audio, as a microphone or a file delivers it."""

    rate: int
    """Samples per second."""
    width: int
    """Bytes per sample."""
    channels: int
    """Interleaved channels."""
    audio: bytes
    """The PCM bytes, little-endian."""
    timestamp: float | None = None
    """Capture time of the first sample (``time.monotonic()``) if live; None for files."""

    @property
    def samples_per_channel(self) -> int:
        """Frames in the chunk."""
        return len(self.audio) // (self.width * self.channels)

    @property
    def seconds(self) -> float:
        """Duration of the chunk in seconds."""
        return self.samples_per_channel / self.rate

    def to_samples(self) -> Samples:
        """The chunk as int16 samples; only for 16-bit mono chunks."""
        if self.width != SAMPLE_WIDTH or self.channels != CHANNELS:
            raise ValueError(
                f"chunk is {self.width * 8}-bit x{self.channels}; expected 16-bit mono"
            )
        return np.frombuffer(self.audio, dtype="<i2").astype(np.int16)


class AudioFileError(ValueError):
    """A file could not be read as audio; the message names the file and what would be valid."""


_VALID = "a WAV/FLAC/OGG file of 8-32-bit integer or float PCM, any rate, mono or multi-channel"


def read_wav(path: str | Path) -> Samples:
    """Read an audio file of any rate, channel count and PCM width as 16 kHz mono int16.

    Multi-channel audio is averaged to mono; float files are clipped to [-1, 1].
    Raises :class:`AudioFileError` for a missing, unreadable or non-audio file.
    """
    import soundfile

    p = Path(path)
    if not p.exists():
        raise AudioFileError(f"{p}: no such file; expected {_VALID}")
    if p.is_dir():
        raise AudioFileError(f"{p}: is a folder; expected {_VALID}")
    try:
        data, rate = soundfile.read(str(p), dtype="float32", always_2d=True)
    except FileNotFoundError:
        raise AudioFileError(f"{p}: no such file; expected {_VALID}") from None
    except (soundfile.LibsndfileError, RuntimeError, OSError) as err:
        detail = str(err).split(":")[-1].strip() or "unreadable"
        raise AudioFileError(f"{p}: not readable as audio ({detail}); expected {_VALID}") from None
    if data.shape[0] == 0:
        raise AudioFileError(f"{p}: contains no samples; expected {_VALID}")
    mono = data.mean(axis=1)
    return to_int16(resample(mono, int(rate), SAMPLE_RATE))


def resample(audio: np.ndarray, rate_in: int, rate_out: int = SAMPLE_RATE) -> np.ndarray:
    """Resample float audio with soxr (high quality); returns the input when rates agree."""
    if rate_in == rate_out:
        return audio
    import soxr

    out: np.ndarray = soxr.resample(audio.astype(np.float32), rate_in, rate_out, quality="HQ")
    return out


def to_int16(audio: np.ndarray) -> Samples:
    """Float audio in [-1, 1] as int16 samples, clipped."""
    scaled = np.clip(np.asarray(audio, dtype=np.float64) * 32768.0, -32768, 32767)
    return np.round(scaled).astype(np.int16)


def samples_to_chunks(
    samples: Samples, chunk_ms: int = DEFAULT_CHUNK_MS, rate: int = SAMPLE_RATE
) -> Iterator[AudioChunk]:
    """Cut int16 mono samples into chunks of ``chunk_ms``; the last one is zero-padded."""
    size = rate * chunk_ms // 1000
    if size <= 0:
        raise ValueError(f"chunk_ms={chunk_ms} gives no samples at {rate} Hz")
    data = np.asarray(samples, dtype=np.int16)
    for start in range(0, len(data), size):
        piece = data[start : start + size]
        if len(piece) < size:
            piece = np.concatenate([piece, np.zeros(size - len(piece), dtype=np.int16)])
        yield AudioChunk(rate, SAMPLE_WIDTH, CHANNELS, piece.astype("<i2").tobytes())


def wav_chunks(path: str | Path, chunk_ms: int = DEFAULT_CHUNK_MS) -> Iterator[AudioChunk]:
    """The chunks a microphone would give for this file: 16 kHz mono int16, ``chunk_ms`` each."""
    return samples_to_chunks(read_wav(path), chunk_ms)


def chunks_to_samples(chunks: Iterable[AudioChunk]) -> Samples:
    """Join 16-bit mono chunks back into one sample array."""
    parts = [c.to_samples() for c in chunks]
    if not parts:
        return np.zeros(0, dtype=np.int16)
    return np.concatenate(parts)


def write_wav(path: str | Path, samples: Samples, rate: int = SAMPLE_RATE) -> None:
    """Write int16 mono samples as a 16-bit PCM WAV, atomically (temp file, then rename)."""
    import os
    import tempfile

    import soundfile

    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    os.close(fd)
    # mkstemp makes the file private (0600); a WAV gets the umask's ordinary mode, as open() would.
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o666 & ~umask)
    try:
        soundfile.write(
            tmp, np.asarray(samples, dtype=np.int16), rate, subtype="PCM_16", format="WAV"
        )
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
