"""Temporal convolutions over an embedding sequence, in numpy (the weights come from torch)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

Floats = npt.NDArray[np.float32]


def convolve(x: Floats, convs: Sequence[tuple[Floats, Floats]]) -> Floats:
    """``x`` ``(T, in)`` through each convolution (``(k, in, out)`` weights, "same" padding as
    torch's ``Conv1d(padding=k // 2)`` for odd ``k``), ReLU after each."""
    for w, b in convs:
        k = w.shape[0]
        xp = np.pad(x, ((k // 2, k - 1 - k // 2), (0, 0)))
        cols = np.concatenate([xp[j : j + len(x)] for j in range(k)], axis=1)
        x = np.maximum(cols @ w.reshape(-1, w.shape[2]) + b, 0.0).astype(np.float32)
    return x
