"""Speech made on the spot with espeak-ng, for tests and the benchmark (no pyttsx3 involved)."""

from __future__ import annotations

import io
import shutil
import subprocess

from voice_host.audio.chunks import resample, to_int16
from voice_host.recognition import SAMPLE_RATE, Samples


class SynthesisError(RuntimeError):
    """espeak-ng is missing or failed; the message says which and how to fix it."""


def synthesize(
    text: str,
    voice: str = "en-us",
    rate: int = 175,
    pitch: int = 50,
    amplitude: int = 100,
    gap_ms: int = 0,
) -> Samples:
    """Speak ``text`` with espeak-ng and return it as 16 kHz mono int16 samples.

    ``voice`` is any ``espeak-ng -v`` name (``en-us``, ``de``, ``en+f3``...), ``rate`` words per
    minute, ``pitch`` 0-99, ``amplitude`` 0-200, ``gap_ms`` extra pause between words.
    """
    import soundfile

    exe = shutil.which("espeak-ng")
    if exe is None:
        raise SynthesisError("espeak-ng is not installed: apt-get install espeak-ng")
    cmd = [exe, "--stdout", "-v", voice, "-s", str(rate), "-p", str(pitch), "-a", str(amplitude)]
    if gap_ms:
        cmd += ["-g", str(max(1, gap_ms // 10))]
    proc = subprocess.run([*cmd, text], capture_output=True, timeout=30, check=False)
    if proc.returncode != 0 or not proc.stdout:
        msg = proc.stderr.decode(errors="replace").strip() or f"exit status {proc.returncode}"
        raise SynthesisError(f"espeak-ng failed for voice {voice!r}: {msg}")
    data, sr = soundfile.read(io.BytesIO(proc.stdout), dtype="float32")
    if data.ndim > 1:
        data = data.mean(axis=1)
    return to_int16(resample(data, int(sr), SAMPLE_RATE))


BABBLE_LINES = (
    "did you see the match last night, it was unbelievable",
    "could you pass me the crisps please, thank you",
    "we should really leave before the traffic gets bad",
    "I think the weather will turn later this week",
    "she said the train was late again this morning",
    "the new cafe on the corner makes excellent coffee",
    "honestly I have no idea where I left my keys",
    "let us book the holiday before the prices go up",
)
"""Party chatter the babble is made from (no numbers in it)."""

_BABBLE_VOICES = ("en-us", "en", "en+f3", "en-us+m3", "en+f2", "en-gb-scotland", "en+m7", "en+f4")


def babble(seconds: float, talkers: int = 6, seed: int = 0) -> Samples:
    """Party babble: ``talkers`` espeak-ng voices chattering at once, ``seconds`` long."""
    import numpy as np

    rng = np.random.default_rng(seed)
    n = int(seconds * SAMPLE_RATE)
    mix = np.zeros(n, dtype=np.float64)
    for k in range(talkers):
        track = np.zeros(0, dtype=np.float64)
        while len(track) < n + SAMPLE_RATE:
            line = BABBLE_LINES[int(rng.integers(len(BABBLE_LINES)))]
            voice = _BABBLE_VOICES[(k + int(rng.integers(3))) % len(_BABBLE_VOICES)]
            speech = synthesize(
                line, voice=voice, rate=int(rng.integers(150, 200)), pitch=int(rng.integers(30, 70))
            )
            pause = np.zeros(int(rng.integers(0, SAMPLE_RATE // 3)))
            track = np.concatenate([track, speech.astype(np.float64), pause])
        offset = int(rng.integers(0, SAMPLE_RATE))
        mix += track[offset : offset + n]
    mix /= np.sqrt(np.mean(mix**2)) + 1e-12
    return to_int16(mix * 10 ** (-30 / 20))
