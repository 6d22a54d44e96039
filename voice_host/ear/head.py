"""The ear's head: a small multi-head MLP over pooled embeddings, trained and run in numpy.

Pooling keeps word order: the mean and max of the whole sequence, plus the sequence resampled
(linear interpolation) to :data:`POINTS` evenly spaced points, so the order of "seven" and
"twenty-four" is kept. A shared trunk of two ReLU layers feeds four softmax heads (intent, head
word, unit, card). Each head has a temperature, fitted on held-out voices, so its probabilities
are calibrated.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

from voice_host.ear.conv import convolve, pair_arrays, read_pairs
from voice_host.ear.ctc import CtcModel
from voice_host.ear.features import EMBED_DIM
from voice_host.ear.vocab import CARDS, HEADS, INTENTS, UNITS

Floats = npt.NDArray[np.float32]
HEAD_NAMES = ("intent", "head", "unit", "card")
"""The four outputs, in label-column order."""
HEAD_SIZES = (len(INTENTS), len(HEADS), len(UNITS), len(CARDS))
"""Classes per output."""
POINTS = 8
"""Evenly spaced points the sequence is resampled to."""
POOLED_DIM = (2 + POINTS) * EMBED_DIM
"""Size of a pooled utterance vector."""


def pool(seq: npt.NDArray[np.floating]) -> Floats:
    """One vector for an embedding sequence ``(T, 96)``: mean, max, and 8 resampled points."""
    x = np.asarray(seq, dtype=np.float32)
    if len(x) == 0:
        x = np.zeros((1, EMBED_DIM), np.float32)
    pos = np.linspace(0.0, len(x) - 1.0, POINTS)
    lo = np.floor(pos).astype(np.int64)
    hi = np.minimum(lo + 1, len(x) - 1)
    frac = (pos - lo)[:, None].astype(np.float32)
    points = (1.0 - frac) * x[lo] + frac * x[hi]
    return np.concatenate([x.mean(0), x.max(0), points.ravel()]).astype(np.float32)


def _softmax(z: Floats) -> Floats:
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
    ctc: CtcModel | None = None
    """The second opinion (:mod:`voice_host.ear.ctc`): a reading is only accepted when its
    best reading is the same (None: the head decides alone)."""

    def sequence_logits(self, seq: npt.NDArray[np.floating]) -> list[Floats]:
        """Raw logits of each output for one embedding sequence (ensemble mean), ``(1, k)``."""
        heads = [self, *self.members]
        per = [h.logits(h.vector(seq)[None, :]) for h in heads]
        return [np.mean([p[j] for p in per], axis=0).astype(np.float32)
                for j in range(len(HEAD_NAMES))]

    def sequence_probs(self, seq: npt.NDArray[np.floating]) -> list[Floats]:
        """Calibrated probabilities of each output for one embedding sequence, ``(1, k)``."""
        return [_softmax(z / t) for z, t in zip(self.sequence_logits(seq), self.temperatures,
                                                 strict=True)]

    def vector(self, seq: npt.NDArray[np.floating]) -> Floats:
        """The pooled vector of one embedding sequence ``(T, 96)``, after the convolutions."""
        x = np.asarray(seq, dtype=np.float32)
        if not self.convs:
            return pool(x)
        if len(x) == 0:
            dim = EMBED_DIM if self.frame_mean is None else len(self.frame_mean)
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
        """Raw logits of each head for pooled vectors ``(N, 480)``."""
        h = self.hidden(np.atleast_2d(pooled))
        return [(h @ w + b).astype(np.float32) for w, b in self.outs]

    def probs(self, pooled: Floats) -> list[Floats]:
        """Calibrated probabilities of each head."""
        return [_softmax(z / t) for z, t in zip(self.logits(pooled), self.temperatures,
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
        if self.ctc is not None:
            out.update(self.ctc.arrays())
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
        """Read a head written by :meth:`save`."""
        with np.load(path, allow_pickle=False) as z:
            arrays = {k: z[k] for k in z.files}
        head = cls._from_arrays(arrays, "")
        i = 1
        while f"m{i}_mean" in arrays:
            head.members.append(cls._from_arrays(arrays, f"m{i}_"))
            i += 1
        head.ctc = CtcModel.from_arrays(arrays)
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


def train_mlp(x: Floats, y: npt.NDArray[np.int64], *, hidden: Sequence[int] = (512, 512),
              epochs: int = 20, batch: int = 128, lr: float = 2e-3, weight_decay: float = 1e-3,
              dropout: float = 0.5, noise: float = 0.1, seed: int = 0,
              progress: Callable[[int, float], None] | None = None) -> Head:
    """Train the multi-head MLP with Adam; ``y`` is ``(N, 4)``, -1 where a head is unused."""
    rng = np.random.default_rng(seed)
    mean = x.mean(0).astype(np.float32)
    scale = (x.std(0) + 1e-4).astype(np.float32)
    xs = ((x - mean) / scale).astype(np.float32)
    sizes = [x.shape[1], *hidden]
    params: list[Floats] = []
    for a, b in itertools.pairwise(sizes):
        params += [(rng.standard_normal((a, b)) * np.sqrt(2.0 / a)).astype(np.float32),
                   np.zeros(b, np.float32)]
    for k in HEAD_SIZES:
        params += [(rng.standard_normal((sizes[-1], k)) * np.sqrt(1.0 / sizes[-1])).astype(
            np.float32), np.zeros(k, np.float32)]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    nl = len(hidden)
    step = 0
    n = len(xs)
    for epoch in range(epochs):
        order = rng.permutation(n)
        rate = lr * 0.5 * (1 + np.cos(np.pi * epoch / epochs))
        total = 0.0
        for start in range(0, n, batch):
            idx = order[start : start + batch]
            xb, yb = xs[idx], y[idx]
            xb = xb + rng.standard_normal(xb.shape).astype(np.float32) * noise
            acts = [xb]
            masks = []
            h = xb
            for i in range(nl):
                h = np.maximum(h @ params[2 * i] + params[2 * i + 1], 0.0)
                mask = (rng.random(h.shape) >= dropout).astype(np.float32) / (1 - dropout)
                h = h * mask
                masks.append(mask)
                acts.append(h)
            grads = [np.zeros_like(p) for p in params]
            dh = np.zeros_like(h)
            for j in range(4):
                w, b = params[2 * nl + 2 * j], params[2 * nl + 2 * j + 1]
                sel = yb[:, j] >= 0
                if not sel.any():
                    continue
                p = _softmax(h[sel] @ w + b)
                t = yb[sel, j]
                total += float(-np.log(p[np.arange(len(t)), t] + 1e-9).sum())
                d = p
                d[np.arange(len(t)), t] -= 1.0
                d /= len(idx)
                grads[2 * nl + 2 * j] = h[sel].T @ d
                grads[2 * nl + 2 * j + 1] = d.sum(0)
                dh[sel] += d @ w.T
            for i in reversed(range(nl)):
                dh = dh * (acts[i + 1] > 0) * masks[i]
                grads[2 * i] = acts[i].T @ dh
                grads[2 * i + 1] = dh.sum(0)
                if i:
                    dh = dh @ params[2 * i].T
            step += 1
            for k, (p, g) in enumerate(zip(params, grads, strict=True)):
                if p.ndim == 2:
                    g = g + weight_decay * p
                m[k] = 0.9 * m[k] + 0.1 * g
                v[k] = 0.999 * v[k] + 0.001 * g * g
                mh = m[k] / (1 - 0.9**step)
                vh = v[k] / (1 - 0.999**step)
                params[k] = (p - rate * mh / (np.sqrt(vh) + 1e-8)).astype(np.float32)
        if progress:
            progress(epoch + 1, total / n)
    layers = [(params[2 * i], params[2 * i + 1]) for i in range(nl)]
    outs = [(params[2 * nl + 2 * j], params[2 * nl + 2 * j + 1]) for j in range(4)]
    return Head(mean, scale, layers, outs)


def fit_temperature(logits: Floats, target: npt.NDArray[np.int64]) -> float:
    """The temperature minimizing held-out negative log-likelihood (grid search)."""
    sel = target >= 0
    if not sel.any():
        return 1.0
    z, t = logits[sel], target[sel]
    best, best_t = np.inf, 1.0
    for temp in np.exp(np.linspace(np.log(0.3), np.log(5.0), 60)):
        p = _softmax(z / temp)
        nll = float(-np.log(p[np.arange(len(t)), t] + 1e-12).mean())
        if nll < best:
            best, best_t = nll, float(temp)
    return best_t
