"""Speech synthesis for training and benchmarking, 16 kHz int16.

The synthesizers: espeak-ng (formant voices in many accents and variants), MBROLA (diphones of
real speakers, through espeak-ng), festival, flite (CMU ARCTIC speakers), SVOX Pico and RHVoice.

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
from voice_host.speakers import neural

Audio = npt.NDArray[np.int16]

ESPEAK_BASES = {
    "en": ("en", "en-us", "en-gb-scotland", "en-gb-x-gbclan", "en-gb-x-rp", "en-gb-x-gbcwmd",
           "en-029", "en-us-nyc"),
    "de": ("de",),
    "es": ("es", "es-419"),
    "fr": ("fr", "fr-be", "fr-ch"),
    "it": ("it",),
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
    "es": {
        "mb-es1": "train", "mb-es3": "train", "mb-mx1": "train",
        "mb-es2": "val",
        "mb-es4": "bench", "mb-mx2": "bench",
    },
    "fr": {
        "mb-fr1": "train", "mb-fr2": "train", "mb-fr3": "train", "mb-fr6": "train",
        "mb-fr7": "val",
        "mb-fr4": "bench", "mb-fr5": "bench",
    },
    "it": {
        "mb-it1": "train", "mb-it2": "train",
        "mb-it3": "val",
        "mb-it4": "bench",
    },
}
"""MBROLA voices (diphones recorded from real speakers, spoken through espeak-ng) and their set.

``mb-de1-en`` and the like are German speakers reading English: accented English, as at a real
table. A voice of one language and its namesake in another (``mb-de5-en``, ``mb-de5``) are kept
in the same set.
"""

KOKORO_TRAIN = ("jf_alpha", "jf_gongitsune", "jm_kumo", "jf_alpha+jm_kumo",
                "jf_gongitsune+jm_kumo", "jf_alpha+jf_gongitsune")
"""The Kokoro voices that train: three speakers and their half-and-half blends."""
KOKORO_BENCH = ("jf_nezumi", "jf_tebukuro")
"""The Kokoro speakers that only measure."""
NEURAL_ENGINES = frozenset({"kokoro", "piper"})
"""The neural synthesizers (:mod:`voice_host.speakers.neural`)."""


def _kokoro(lang: str, train: bool = True) -> dict[tuple[str, str], str]:
    """The Kokoro voices speaking ``lang`` and their set (only the bench's if not ``train``)."""
    prefix = "" if lang == "en" else f"{lang}:"
    voices = {("kokoro", f"{prefix}{v}"): "bench" for v in KOKORO_BENCH}
    if train:
        voices |= {("kokoro", f"{prefix}{v}"): "train" for v in KOKORO_TRAIN}
    return voices


OTHER_VOICES: dict[str, dict[tuple[str, str], str]] = {
    "en": {
        ("flite", "awb"): "train", ("flite", "rms"): "train", ("flite", "slt"): "bench",
        ("pico", "en-US"): "train", ("pico", "en-GB"): "bench",
        ("rhvoice", "alan"): "train", ("rhvoice", "bdl"): "train", ("rhvoice", "clb"): "train",
        ("rhvoice", "slt"): "bench", ("rhvoice", "lyubov"): "bench",
        ("rhvoice", "evgeniy-eng"): "bench",
        ("festival", "rab_diphone"): "train", ("festival", "don_diphone"): "train",
        **_kokoro("en"), ("piper", "joe"): "bench",
    },
    "de": {("pico", "de-DE"): "bench", **_kokoro("de", train=False)},
    "es": {("festival", "el_diphone"): "train", ("pico", "es-ES"): "bench",
           **_kokoro("es", train=False)},
    "fr": {("pico", "fr-FR"): "bench", **_kokoro("fr")},
    "it": {("festival", "pc_diphone"): "train", ("festival", "lp_diphone"): "bench",
           ("pico", "it-IT"): "bench", **_kokoro("it", train=False)},
}
"""Voices of more real speakers, from more synthesizers, and their set (engine, name): set.

They make a training set of their own (the main set keeps :data:`FESTIVAL_VOICES`). One speaker
stays in one set across synthesizers (``slt`` is a bench voice in festival, flite and RHVoice).
RHVoice's ``lyubov`` and ``evgeniy-eng`` are licensed CC BY-NC-ND, so they only ever measure.
The neural voices (:mod:`voice_host.speakers.neural`): in English three Kokoro speakers and their
half-and-half blends train, two other Kokoro speakers and Piper's joe only measure; in French the
same three Kokoro speakers and blends train and the same two measure; in the other languages
those two Kokoro speakers only measure (the heads there have not learned from Kokoro).
"""

FESTIVAL_ENCODING = "latin-1"
"""festival reads text as Latin-1: given UTF-8, "dieciséis" has its "é" spelled out."""

MBROLA_DIR = Path("/usr/share/mbrola")
"""Where the Debian ``mbrola-*`` packages put the voice databases."""


@dataclass(frozen=True)
class Voice:
    """One synthetic voice."""

    engine: str
    """``espeak``, ``mbrola``, ``festival``, ``flite``, ``pico``, ``rhvoice``, ``kokoro`` or
    ``piper``."""
    name: str
    """espeak-ng ``accent+variant`` (or accent alone), its ``mb-*`` voice, or the voice's name
    in its synthesizer (a Kokoro speaker, a blend ``a+b``, ``lang:`` before it outside
    English)."""
    split: str
    """``train``, ``val`` or ``bench``."""

    @property
    def family(self) -> str:
        """The voice family reported by the bench: the synthesizer's name."""
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
def _festival_installed() -> frozenset[str]:
    """Every festival voice installed here (none without festival)."""
    if shutil.which("text2wave") is None:
        return frozenset()
    root = Path("/usr/share/festival/voices")
    return frozenset(p.name for p in root.glob("*/*") if p.is_dir())


def festival_voices() -> tuple[str, ...]:
    """The festival voices of :data:`FESTIVAL_VOICES` installed here."""
    return tuple(v for v in FESTIVAL_VOICES if v in _festival_installed())


def _installed(engine: str, name: str) -> bool:
    if engine == "flite":
        return shutil.which("flite") is not None and name in _flite_voices()
    if engine == "pico":
        return shutil.which("pico2wave") is not None
    if engine == "rhvoice":
        return (shutil.which("RHVoice-test") is not None
                and Path("/usr/share/RHVoice/voices", name).is_dir())
    if engine == "festival":
        return name in _festival_installed()
    if engine in NEURAL_ENGINES:
        return shutil.which("espeak-ng") is not None and neural.available(engine)
    return False


@cache
def _flite_voices() -> frozenset[str]:
    out = subprocess.run(["flite", "-lv"], capture_output=True, text=True, check=False).stdout
    return frozenset(out.split(":", 1)[-1].split())


def other_voices(lang: str) -> list[Voice]:
    """The voices of :data:`OTHER_VOICES` for ``lang`` that are installed here."""
    return [Voice(engine, name, split) for (engine, name), split in
            OTHER_VOICES.get(lang, {}).items() if _installed(engine, name)]


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
    found += other_voices(lang)
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
            src.write_text(text, encoding=FESTIVAL_ENCODING, errors="replace")
            cmd = ["text2wave", "-eval", f"(voice_{voice.name})", "-eval",
                   f"(Parameter.set 'Duration_Stretch {stretch:.3f})", "-o", str(out), str(src)]
            proc = subprocess.run(cmd, capture_output=True, check=False)
            if proc.returncode != 0 or not out.exists():
                raise SynthesisError(f"festival {voice.name} failed on {text!r}")
            return _read_wav(out.read_bytes())
    if voice.engine in ("flite", "pico", "rhvoice"):
        return _synthesize_other(voice, text, speed, pitch)
    if voice.engine in NEURAL_ENGINES:
        return _synthesize_neural(voice, text, speed, pitch)
    raise SynthesisError(f"unknown synthesizer {voice.engine!r}")


def _synthesize_other(voice: Voice, text: str, speed: float, pitch: int) -> Audio:
    """flite, SVOX Pico or RHVoice; ``pitch`` 50 is the voice's own, 0-99 about an octave
    (flite sets pitch only absolutely, so its voices keep their own)."""
    factor = 2.0 ** ((pitch - 50) / 100)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out.wav"
        stdin = None
        if voice.engine == "flite":
            cmd = ["flite", "-voice", voice.name, "--setf", f"duration_stretch={1 / speed:.3f}",
                   "-t", text, "-o", str(out)]
        elif voice.engine == "pico":
            safe = text.replace("<", " ").replace(">", " ")
            markup = (f"<speed level='{round(100 * speed)}'><pitch level='{round(100 * factor)}'>"
                      f"{safe}</pitch></speed>")
            cmd = ["pico2wave", "-l", voice.name, "-w", str(out), markup]
        else:
            cmd = ["RHVoice-test", "-p", voice.name, "-r", str(round(100 * speed)),
                   "-t", str(round(100 * factor)), "-o", str(out)]
            stdin = text
        proc = subprocess.run(cmd, input=stdin, capture_output=True, text=True, check=False)
        if proc.returncode != 0 or not out.exists() or out.stat().st_size < 100:
            raise SynthesisError(f"{voice.engine} {voice.name} failed on {text!r}")
        return _read_wav(out.read_bytes())


def _synthesize_neural(voice: Voice, text: str, speed: float, pitch: int) -> Audio:
    """Kokoro or Piper; neither takes a pitch, so ``pitch`` seeds Piper's take (Kokoro is
    deterministic). A Kokoro voice speaking another language than English is named
    ``lang:speaker`` (``de:jm_kumo``)."""
    try:
        if voice.engine == "piper":
            return _to_16k(*neural.piper(text, speed, seed=pitch * 7919 + len(text)))
        lang, _, speaker = voice.name.rpartition(":")
        return _to_16k(*neural.kokoro(text, speaker, lang or "en", speed))
    except neural.NeuralVoiceError as err:
        raise SynthesisError(str(err)) from err


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
        script.write_text("\n".join(lines) + "\n", encoding=FESTIVAL_ENCODING, errors="replace")
        subprocess.run(["festival", "--batch", str(script)], capture_output=True, check=False)
        out = []
        for i, text in enumerate(texts):
            path = Path(tmp) / f"{i}.wav"
            if not path.exists():
                raise SynthesisError(f"festival {voice.name} failed on {text!r}")
            out.append(_read_wav(path.read_bytes()))
        return out
