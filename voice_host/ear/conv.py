"""Temporal convolutions over an embedding sequence, in numpy (the weights come from torch), and
the storing of (weight, bias) pairs as named arrays."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

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


def pair_arrays(stem: str, pairs: Sequence[tuple[Floats, Floats]]) -> dict[str, Floats]:
    """(weight, bias) pairs as named arrays: ``{stem}0_w``, ``{stem}0_b``, ``{stem}1_w``..."""
    out: dict[str, Floats] = {}
    for i, (w, b) in enumerate(pairs):
        out[f"{stem}{i}_w"], out[f"{stem}{i}_b"] = w, b
    return out


def read_pairs(z: Mapping[str, npt.NDArray[np.generic]],
               stem: str) -> list[tuple[Floats, Floats]]:
    """The pairs :func:`pair_arrays` stored under ``stem``, in order, as float32."""
    out: list[tuple[Floats, Floats]] = []
    while f"{stem}{len(out)}_w" in z:
        i = len(out)
        out.append((np.asarray(z[f"{stem}{i}_w"], dtype=np.float32),
                    np.asarray(z[f"{stem}{i}_b"], dtype=np.float32)))
    return out
