"""A training batch packed end to end reads each sequence as the shipped head reads it alone."""

from __future__ import annotations

import numpy as np

from voice_host.ear.conv import convolve
from voice_host.ear_training.seqtrain import packed


def test_packed_batch_convolves_each_sequence_as_alone() -> None:
    rng = np.random.default_rng(2)
    kernel, dim = 5, 6
    layers = [(rng.normal(size=(kernel, dim, 7)).astype(np.float32),
               rng.normal(size=7).astype(np.float32)),
              (rng.normal(size=(kernel, 7, 7)).astype(np.float32),
               rng.normal(size=7).astype(np.float32))]
    seqs = [rng.normal(size=(n, dim)).astype(np.float32) for n in (1, 9, 3, 14, 2)]
    x, keep, starts = packed(seqs, kernel // 2)
    assert len(x) == sum(map(len, seqs)) + 2 * (len(seqs) - 1)
    assert keep.sum() == sum(map(len, seqs))
    h = x
    for layer in layers:  # as the training network runs: each layer's gaps set back to zero
        h = convolve(h, [layer]) * keep[:, None]
    for s, at in zip(seqs, starts, strict=True):
        np.testing.assert_allclose(h[at : at + len(s)], convolve(s, layers), rtol=1e-5,
                                   atol=1e-5)
    # Without the gaps, neighbours leak into each other's edges: the gaps are what make it right.
    joined = convolve(np.concatenate(seqs), layers)
    assert not np.allclose(joined[1 : 1 + 9], convolve(seqs[1], layers), atol=1e-3)
