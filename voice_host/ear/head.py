"""The ear's head: temporal convolutions and a small multi-head MLP over pooled embeddings, run
in numpy (trained by :mod:`voice_host.ear_training`).

Pooling keeps word order: the mean and max of the whole sequence, plus the sequence resampled
(linear interpolation) to :data:`POINTS` evenly spaced points, so the order of "seven" and
"twenty-four" is kept. A shared trunk of two ReLU layers feeds four softmax heads (intent, head
word, unit, card). Each head has a temperature, fitted on held-out voices, so its probabilities
are calibrated.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

from voice_host.ear.conv import convolve, pair_arrays, read_pairs
from voice_host.ear.vocab import CARDS, HEADS, INTENTS, UNITS

Floats = npt.NDArray[np.float32]
HEAD_NAMES = ("intent", "head", "unit", "card")
"""The four outputs, in label-column order."""
HEAD_SIZES = (len(INTENTS), len(HEADS), len(UNITS), len(CARDS))
"""Classes per output."""
POINTS = 8
"""Evenly spaced points the sequence is resampled to."""
CTC_PREFIX = "ctc_"
"""Arrays of the CTC second opinion, an experiment measured and not kept (``docs/ear/en.md``):
a head holding them is refused rather than run without its veto."""


def pooled_dim(dim: int) -> int:
    """Size of the pooled vector of a sequence of ``dim``-sized vectors."""
    return (2 + POINTS) * dim


def pool(seq: npt.NDArray[np.floating]) -> Floats:
    """One vector for an embedding sequence ``(T, dim)``: mean, max, and 8 resampled points."""
    x = np.asarray(seq, dtype=np.float32)
    if len(x) == 0:
        x = np.zeros((1, x.shape[-1] if x.ndim == 2 else 1), np.float32)
    pos = np.linspace(0.0, len(x) - 1.0, POINTS)
    lo = np.floor(pos).astype(np.int64)
    hi = np.minimum(lo + 1, len(x) - 1)
    frac = (pos - lo)[:, None].astype(np.float32)
    points = (1.0 - frac) * x[lo] + frac * x[hi]
    return np.concatenate([x.mean(0), x.max(0), points.ravel()]).astype(np.float32)


def softmax(z: Floats) -> Floats:
    """Row-wise softmax of logits ``(N, k)``."""
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    out: Floats = (e / e.sum(axis=1, keepdims=True)).astype(np.float32)
    return out


@dataclass
class Head:
    """The trained weights plus what is needed to use them."""

    mean: Floats
    """Feature mean (standardization)."""
    scale: Floats
    """Feature standard deviation."""
    layers: list[tuple[Floats, Floats]]
    """Trunk layers (W, b), ReLU after each."""
    outs: list[tuple[Floats, Floats]]
    """Output layers (W, b), one per head."""
    temperatures: list[float] = field(default_factory=lambda: [1.0] * 4)
    """Per-head softmax temperature."""
    meta: dict[str, object] = field(default_factory=dict)
    """Threshold, language, recipe and held-out figures."""
    convs: list[tuple[Floats, Floats]] = field(default_factory=list)
    """Temporal convolutions over the embedding sequence, ``(k, in, out)`` weights, ReLU after
    each, run before pooling (none: the raw sequence is pooled)."""
    frame_mean: Floats | None = None
    """Per-dimension mean of embedding frames (standardization before the convolutions)."""
    frame_scale: Floats | None = None
    """Per-dimension standard deviation of embedding frames."""
    members: list[Head] = field(default_factory=list)
    """Further heads of an ensemble: their logits are averaged with this head's own."""

    def sequence_logits(self, seq: npt.NDArray[np.floating]) -> list[Floats]:
        """Raw logits of each output for one embedding sequence (ensemble mean), ``(1, k)``."""
        heads = [self, *self.members]
        per = [h.logits(h.vector(seq)[None, :]) for h in heads]
        return [np.mean([p[j] for p in per], axis=0).astype(np.float32)
                for j in range(len(HEAD_NAMES))]

    def sequence_probs(self, seq: npt.NDArray[np.floating]) -> list[Floats]:
        """Calibrated probabilities of each output for one embedding sequence, ``(1, k)``."""
        return [softmax(z / t) for z, t in zip(self.sequence_logits(seq), self.temperatures,
                                                 strict=True)]

    def vector(self, seq: npt.NDArray[np.floating]) -> Floats:
        """The pooled vector of one embedding sequence ``(T, dim)``, after the convolutions."""
        x = np.asarray(seq, dtype=np.float32)
        if not self.convs:
            return pool(x)
        if len(x) == 0:
            dim = x.shape[-1] if self.frame_mean is None else len(self.frame_mean)
            x = np.zeros((1, dim), np.float32)
        if self.frame_mean is not None and self.frame_scale is not None:
            x = (x - self.frame_mean) / self.frame_scale
        return pool(convolve(x, self.convs))

    def hidden(self, x: Floats) -> Floats:
        """The trunk's output for standardized features."""
        h = (x - self.mean) / self.scale
        for w, b in self.layers:
            h = np.maximum(h @ w + b, 0.0)
        return h.astype(np.float32)

    def logits(self, pooled: Floats) -> list[Floats]:
        """Raw logits of each head for pooled vectors ``(N, pooled_dim)``."""
        h = self.hidden(np.atleast_2d(pooled))
        return [(h @ w + b).astype(np.float32) for w, b in self.outs]

    def probs(self, pooled: Floats) -> list[Floats]:
        """Calibrated probabilities of each head."""
        return [softmax(z / t) for z, t in zip(self.logits(pooled), self.temperatures,
                                                 strict=True)]

    def arrays(self, prefix: str = "") -> dict[str, npt.NDArray[np.generic]]:
        """The weights as named arrays (members under ``m1_``, ``m2_``...)."""
        arrays: dict[str, npt.NDArray[np.generic]] = {"mean": self.mean, "scale": self.scale}
        arrays.update(pair_arrays("layer", self.layers))
        for name, (w, b) in zip(HEAD_NAMES, self.outs, strict=True):
            arrays[f"out_{name}_w"], arrays[f"out_{name}_b"] = w, b
        arrays.update(pair_arrays("conv", self.convs))
        if self.frame_mean is not None and self.frame_scale is not None:
            arrays["frame_mean"], arrays["frame_scale"] = self.frame_mean, self.frame_scale
        out = {prefix + k: v for k, v in arrays.items()}
        for i, m in enumerate(self.members):
            out.update(m.arrays(f"m{i + 1}_"))
        return out

    def save(self, path: Path) -> None:
        """Write the head as one npz (weights as float32; meta as JSON)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        arrays = self.arrays()
        arrays["temperatures"] = np.array(self.temperatures, np.float32)
        arrays["meta"] = np.array(json.dumps(self.meta, sort_keys=True))
        tmp = path.with_name(path.name + ".tmp.npz")
        np.savez_compressed(tmp, **arrays)  # type: ignore[arg-type]
        tmp.replace(path)

    @classmethod
    def load(cls, path: Path) -> Head:
        """Read a head written by :meth:`save`; raises ValueError for a head with the CTC
        second opinion (:data:`CTC_PREFIX`)."""
        with np.load(path, allow_pickle=False) as z:
            arrays = {k: z[k] for k in z.files}
        if any(k.startswith(CTC_PREFIX) for k in arrays):
            raise ValueError("it has the CTC second opinion, an experiment this version no "
                             "longer runs")
        head = cls._from_arrays(arrays, "")
        i = 1
        while f"m{i}_mean" in arrays:
            head.members.append(cls._from_arrays(arrays, f"m{i}_"))
            i += 1
        head.temperatures = [float(t) for t in arrays["temperatures"]]
        head.meta = json.loads(str(arrays["meta"]))
        return head

    @classmethod
    def _from_arrays(cls, z: dict[str, npt.NDArray[np.generic]], prefix: str) -> Head:
        def get(name: str) -> Floats:
            return np.asarray(z[prefix + name], dtype=np.float32)

        outs = [(get(f"out_{n}_w"), get(f"out_{n}_b")) for n in HEAD_NAMES]
        frames = ((get("frame_mean"), get("frame_scale")) if prefix + "frame_mean" in z
                  else (None, None))
        return cls(get("mean"), get("scale"), read_pairs(z, prefix + "layer"), outs,
                   [1.0] * len(HEAD_NAMES), {}, read_pairs(z, prefix + "conv"), *frames)
