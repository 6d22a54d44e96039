"""Speech synthesis for training and benchmarking: espeak-ng, MBROLA and festival, 16 kHz int16.

Voices are split once and for all into ``train``, ``val`` and ``bench`` sets; whole voices (an
espeak-ng accent with a variant, a festival voice) are held out, so no figure is reported on a
voice the model trained on. A variant or accent listed for ``val`` or ``bench`` is never used
for training, with any other accent or variant.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

from voice_host.recognition import SAMPLE_RATE

Audio = npt.NDArray[np.int16]

ESPEAK_BASES = {
    "en": ("en", "en-us", "en-gb-scotland", "en-gb-x-gbclan", "en-gb-x-rp", "en-gb-x-gbcwmd",
           "en-029", "en-us-nyc"),
    "de": ("de",),
}
"""espeak-ng accents per language."""

VAL_BASES = frozenset({"en-gb-x-gbcwmd"})
"""Accents held out for validation (calibration, early stopping)."""
BENCH_BASES = frozenset({"en-029", "en-us-nyc"})
"""Accents held out for the bench."""
VAL_VARIANTS = frozenset({"m6", "f2", "klatt4", "Andy", "linda", "shelby", "rob", "quincy"})
"""espeak-ng variants held out for validation."""
BENCH_VARIANTS = frozenset(
    {"m3", "f4", "klatt2", "Annie", "Lee", "john", "steph2", "travis", "grandma", "michel"}
)
"""espeak-ng variants held out for the bench."""
ODD_VARIANTS = frozenset({"Demonic", "whisper", "whisperf", "croak", "UniRobot", "anikaRobot",
                          "robosoft", "robosoft2", "robosoft3", "robosoft4", "robosoft5",
                          "robosoft6", "robosoft7", "robosoft8", "Tweaky", "announcer", "fast"})
"""Novelty variants: used in training for robustness, never in the bench."""

FESTIVAL_VOICES = {
    "kal_diphone": "train",
    "ked_diphone": "bench",
    "cmu_us_slt_arctic_hts": "bench",
}
"""English festival voices and their set."""

MBROLA_VOICES = {
    "en": {
        "mb-us1": "train", "mb-us3": "train", "mb-en1": "train", "mb-de1-en": "train",
        "mb-de2-en": "train", "mb-de4-en": "train", "mb-de6-en": "train",
        "mb-de3-en": "val",
        "mb-us2": "bench", "mb-de5-en": "bench",
    },
    "de": {
        "mb-de1": "train", "mb-de2": "train", "mb-de4": "train", "mb-de6": "train",
        "mb-de7": "train",
        "mb-de3": "val",
        "mb-de5": "bench", "mb-de8": "bench",
    },
}
"""MBROLA voices (diphones recorded from real speakers, spoken through espeak-ng) and their set.

``mb-de1-en`` and the like are German speakers reading English: accented English, as at a real
table. A voice of one language and its namesake in another (``mb-de5-en``, ``mb-de5``) are kept
in the same set.
"""

MBROLA_DIR = Path("/usr/share/mbrola")
"""Where the Debian ``mbrola-*`` packages put the voice databases."""


@dataclass(frozen=True)
class Voice:
    """One synthetic voice."""

    engine: str
    """``espeak``, ``mbrola`` or ``festival``."""
    name: str
    """espeak-ng ``accent+variant`` (or accent alone), its ``mb-*`` voice, or the festival
    voice name."""
    split: str
    """``train``, ``val`` or ``bench``."""

    @property
    def family(self) -> str:
        """The voice family reported by the bench (``espeak``, ``mbrola``, ``festival``)."""
        return self.engine


@cache
def espeak_variants() -> tuple[str, ...]:
    """The variant names espeak-ng knows (empty when espeak-ng is missing)."""
    if shutil.which("espeak-ng") is None:
        return ()
    out = subprocess.run(
        ["espeak-ng", "--voices=variant"], capture_output=True, text=True, check=True
    ).stdout
    names = []
    for line in out.splitlines()[1:]:
        parts = line.split()
        if len(parts) >= 5:
            names.append(parts[4].removeprefix("!v/"))
    return tuple(sorted(set(names)))


@cache
def festival_voices() -> tuple[str, ...]:
    """The festival voices installed here."""
    if shutil.which("text2wave") is None:
        return ()
    root = Path("/usr/share/festival/voices")
    found = {p.name for p in root.glob("*/*") if p.is_dir()}
    return tuple(v for v in FESTIVAL_VOICES if v in found)


def mbrola_voices(lang: str) -> tuple[str, ...]:
    """The MBROLA voices for ``lang`` whose databases are installed here."""
    if shutil.which("espeak-ng") is None or shutil.which("mbrola") is None:
        return ()
    return tuple(v for v in MBROLA_VOICES.get(lang, {})
                 if (MBROLA_DIR / v.removeprefix("mb-").split("-")[0]).is_dir())


def _espeak_split(base: str, variant: str | None) -> str:
    if base in BENCH_BASES or variant in BENCH_VARIANTS:
        return "bench"
    if base in VAL_BASES or variant in VAL_VARIANTS:
        return "val"
    return "train"


def voices(lang: str = "en", split: str | None = None) -> list[Voice]:
    """Every voice for ``lang`` (optionally one split), in a stable order."""
    found: list[Voice] = []
    for base in ESPEAK_BASES.get(lang, (lang,)):
        for variant in (None, *espeak_variants()):
            sp = _espeak_split(base, variant)
            if sp == "bench" and variant in ODD_VARIANTS:
                continue
            name = base if variant is None else f"{base}+{variant}"
            found.append(Voice("espeak", name, sp))
    found += [Voice("mbrola", v, MBROLA_VOICES[lang][v]) for v in mbrola_voices(lang)]
    if lang == "en":
        found += [Voice("festival", v, FESTIVAL_VOICES[v]) for v in festival_voices()]
    return [v for v in found if split is None or v.split == split]


class SynthesisError(Exception):
    """A synthesizer failed on a text."""


def _to_16k(data: npt.NDArray[np.float64], rate: int) -> Audio:
    import soxr

    if data.ndim > 1:
        data = data.mean(axis=1)
    if rate != SAMPLE_RATE:
        data = soxr.resample(data, rate, SAMPLE_RATE)
    return np.clip(np.round(data * 32767.0), -32768, 32767).astype(np.int16)


def _read_wav(blob: bytes) -> Audio:
    import soundfile as sf

    data, rate = sf.read(io.BytesIO(blob), dtype="float64")
    return _to_16k(np.asarray(data), int(rate))


def synthesize(voice: Voice, text: str, speed: float = 1.0, pitch: int = 50) -> Audio:
    """Speak ``text`` in ``voice``; ``speed`` 1.0 is the voice's normal rate."""
    if voice.engine in ("espeak", "mbrola"):
        cmd = ["espeak-ng", "-v", voice.name, "-s", str(round(175 * speed)), "-p", str(pitch),
               "--stdout", text]
        proc = subprocess.run(cmd, capture_output=True, check=False)
        if proc.returncode != 0 or len(proc.stdout) < 100:
            raise SynthesisError(f"espeak-ng {voice.name} failed on {text!r}")
        return _read_wav(proc.stdout)
    if voice.engine == "festival":
        stretch = 1.0 / speed
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "out.wav"
            src = Path(tmp) / "in.txt"
            src.write_text(text)
            cmd = ["text2wave", "-eval", f"(voice_{voice.name})", "-eval",
                   f"(Parameter.set 'Duration_Stretch {stretch:.3f})", "-o", str(out), str(src)]
            proc = subprocess.run(cmd, capture_output=True, check=False)
            if proc.returncode != 0 or not out.exists():
                raise SynthesisError(f"festival {voice.name} failed on {text!r}")
            return _read_wav(out.read_bytes())
    raise SynthesisError(f"unknown synthesizer {voice.engine!r}")


def festival_batch(voice: Voice, texts: list[str], speeds: list[float]) -> list[Audio]:
    """Speak many texts with one festival process (its start-up dominates single calls)."""
    if voice.engine != "festival":
        raise SynthesisError(f"not a festival voice: {voice.name}")
    if not texts:
        return []
    with tempfile.TemporaryDirectory() as tmp:
        lines = [f"(voice_{voice.name})"]
        for i, (text, speed) in enumerate(zip(texts, speeds, strict=True)):
            safe = text.replace("\\", " ").replace('"', " ")
            lines.append(f"(Parameter.set 'Duration_Stretch {1.0 / speed:.3f})")
            lines.append(f'(utt.save.wave (SynthText "{safe}") "{tmp}/{i}.wav" \'riff)')
        script = Path(tmp) / "batch.scm"
        script.write_text("\n".join(lines) + "\n")
        subprocess.run(["festival", "--batch", str(script)], capture_output=True, check=False)
        out = []
        for i, text in enumerate(texts):
            path = Path(tmp) / f"{i}.wav"
            if not path.exists():
                raise SynthesisError(f"festival {voice.name} failed on {text!r}")
            out.append(_read_wav(path.read_bytes()))
        return out
