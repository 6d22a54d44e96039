"""The multi-head MLP over pooled vectors, trained in numpy with Adam (``--arch mlp``), and the
temperature fit every head's calibration uses."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from voice_host.ear.head import HEAD_SIZES, Floats, Head, softmax


def train_mlp(x: Floats, y: npt.NDArray[np.int64], *, hidden: Sequence[int] = (512, 512),
              epochs: int = 20, batch: int = 128, lr: float = 2e-3, weight_decay: float = 1e-3,
              dropout: float = 0.5, noise: float = 0.1, seed: int = 0,
              outputs: Sequence[int] = HEAD_SIZES,
              progress: Callable[[int, float], None] | None = None) -> Head:
    """Train the multi-head MLP with Adam; ``y`` is ``(N, len(outputs))``, one column per output
    of ``outputs`` classes (the ear's four by default), -1 where an output is unused."""
    rng = np.random.default_rng(seed)
    mean = x.mean(0).astype(np.float32)
    scale = (x.std(0) + 1e-4).astype(np.float32)
    xs = ((x - mean) / scale).astype(np.float32)
    sizes = [x.shape[1], *hidden]
    params: list[Floats] = []
    for a, b in itertools.pairwise(sizes):
        params += [(rng.standard_normal((a, b)) * np.sqrt(2.0 / a)).astype(np.float32),
                   np.zeros(b, np.float32)]
    for k in outputs:
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
            for j in range(len(outputs)):
                w, b = params[2 * nl + 2 * j], params[2 * nl + 2 * j + 1]
                sel = yb[:, j] >= 0
                if not sel.any():
                    continue
                p = softmax(h[sel] @ w + b)
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
    outs = [(params[2 * nl + 2 * j], params[2 * nl + 2 * j + 1]) for j in range(len(outputs))]
    return Head(mean, scale, layers, outs)
