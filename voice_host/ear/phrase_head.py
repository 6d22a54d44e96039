"""A game's phrase head: a small network over the ear's pooled Whisper states that knows one
game's fixed phrases in one language ("zwei Särge und ein Käse", "Krokodil") and table talk.

Trained like the number heads, on synthetic voices only (:mod:`voice_host.ear_training.
phrase_training`), it hears a game's fixed words in milliseconds once the utterance is encoded,
where the closed-set scorer needs a decoder pass; the scorer stays for the words no head can know
before the game (players' names). Its probabilities are calibrated on held-out voices and it is
sure of a phrase only at the threshold chosen there.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

from voice_host.ear.closed_set import normalized
from voice_host.ear.conv import pair_arrays, read_pairs
from voice_host.ear.head import Floats, pool, softmax

MODELS_DIR = Path(__file__).resolve().parent / "models"
"""The shipped heads: ``<lang>/<game>.npz`` beside the language's number head."""

TALK = ""
"""The class of everything that is none of the phrases (table talk, numbers, commands)."""


def head_path(game: str, lang: str) -> Path:
    """Where the shipped phrase head of ``game`` in ``lang`` lives."""
    return MODELS_DIR / lang / f"{game}.npz"


@dataclass
class PhraseHead:
    """Weights, the phrases (class 0 is :data:`TALK`) and the calibration of one phrase head."""

    phrases: tuple[str, ...]
    """The classes: :data:`TALK`, then each phrase as spoken."""
    mean: Floats
    """Feature mean (standardization of the pooled vector)."""
    scale: Floats
    """Feature standard deviation."""
    layers: list[tuple[Floats, Floats]]
    """Hidden layers (W, b), ReLU after each, then the output layer (no ReLU)."""
    temperature: float = 1.0
    """Softmax temperature fitted on the val voices."""
    threshold: float = 0.9
    """A phrase at least this probable is heard (chosen on the val voices)."""
    meta: dict[str, object] = field(default_factory=dict)
    """Game, language, recipe and held-out figures."""

    def __post_init__(self) -> None:
        self._index = {normalized(p): i for i, p in enumerate(self.phrases) if p}

    def index(self, phrase: str) -> int | None:
        """The class of a phrase as spoken (case and punctuation aside), None if unknown."""
        return self._index.get(normalized(phrase))

    def logits(self, pooled: Floats) -> Floats:
        """Raw logits for pooled vectors ``(N, pooled_dim)``."""
        h = (np.atleast_2d(pooled) - self.mean) / self.scale
        for i, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if i < len(self.layers) - 1:
                h = np.maximum(h, 0.0)
        out: Floats = h.astype(np.float32)
        return out

    def probs(self, pooled: Floats) -> Floats:
        """Calibrated class probabilities of pooled vectors ``(N, pooled_dim)``."""
        return softmax(self.logits(pooled) / self.temperature)

    def probabilities(self, seq: npt.NDArray[np.floating]) -> Floats:
        """Calibrated class probabilities of one embedding sequence ``(T, dim)``."""
        row: Floats = self.probs(pool(seq))[0]
        return row

    def save(self, path: Path) -> None:
        """Write the head as one npz (weights as float16, to keep the package small)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        arrays: dict[str, npt.NDArray[np.generic]] = {
            "mean": self.mean, "scale": self.scale,
            "phrases": np.array(self.phrases),
            "calibration": np.array([self.temperature, self.threshold], np.float32),
            "meta": np.array(json.dumps(self.meta, sort_keys=True)),
        }
        arrays.update({k: v.astype(np.float16) for k, v in
                       pair_arrays("layer", self.layers).items()})
        tmp = path.with_name(path.name + ".tmp.npz")
        np.savez_compressed(tmp, **arrays)  # type: ignore[arg-type]
        tmp.replace(path)

    @classmethod
    def load(cls, path: Path) -> PhraseHead:
        """Read a head :meth:`save` wrote."""
        with np.load(path, allow_pickle=False) as z:
            arrays = {k: z[k] for k in z.files}
        layers = read_pairs(arrays, "layer")
        temperature, threshold = (float(x) for x in arrays["calibration"])
        return cls(tuple(str(p) for p in arrays["phrases"]),
                   arrays["mean"].astype(np.float32), arrays["scale"].astype(np.float32),
                   layers, temperature, threshold, json.loads(str(arrays["meta"])))


@cache
def shipped(game: str, lang: str) -> PhraseHead | None:
    """The shipped phrase head of ``game`` in ``lang``, or None when there is none."""
    path = head_path(game, lang)
    return PhraseHead.load(path) if path.exists() else None


def likeliest(head: PhraseHead, seq: npt.NDArray[np.floating],
              declared: list[str]) -> tuple[str | None, float, float]:
    """The declared phrase the head finds likeliest in ``seq`` (None when it knows none of
    them), its probability and talk's (:data:`TALK`): only the declared phrases it knows and
    talk compete, their probabilities summed to one, since what the moment does not allow
    cannot be heard."""
    probs = head.probabilities(seq)
    known = [(p, i) for p in declared if (i := head.index(p)) is not None]
    if not known:
        return None, 0.0, 1.0
    kept = np.array([probs[0], *(probs[i] for _, i in known)], np.float64)
    kept /= kept.sum()
    best = int(np.argmax(kept[1:]))
    return known[best][0], float(kept[best + 1]), float(kept[0])


def heard(head: PhraseHead, seq: npt.NDArray[np.floating],
          declared: list[str]) -> tuple[str | None, float]:
    """The declared phrase the head is sure of in ``seq``, else None; with the probability of
    what it found likeliest (that phrase, or talk)."""
    phrase, p, talk = likeliest(head, seq, declared)
    if phrase is None:
        return None, 0.0
    if talk >= p or p < head.threshold:
        return None, max(p, talk)
    return phrase, p
