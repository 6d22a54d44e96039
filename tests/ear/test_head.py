"""The head in numpy: convolutions before pooling, ensembles, and their round trip on disk."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from voice_host.ear.head import HEAD_SIZES, POINTS, Head, pool

EMBED_DIM = 96
"""Size of the test heads' input vectors (any size works)."""


def _conv_head(rng: np.random.Generator, channels: int = 8, hidden: int = 16) -> Head:
    def r(*shape: int) -> np.ndarray:
        return rng.standard_normal(shape).astype(np.float32) * 0.1

    dim = (2 + POINTS) * channels
    return Head(np.zeros(dim, np.float32), np.ones(dim, np.float32), [(r(dim, hidden), r(hidden))],
                [(r(hidden, k), r(k)) for k in HEAD_SIZES],
                convs=[(r(5, EMBED_DIM, channels), r(channels)), (r(5, channels, channels),
                                                                  r(channels))],
                frame_mean=r(EMBED_DIM), frame_scale=np.ones(EMBED_DIM, np.float32))


def test_conv_matches_a_direct_correlation() -> None:
    rng = np.random.default_rng(0)
    head = _conv_head(rng)
    seq = rng.standard_normal((11, EMBED_DIM)).astype(np.float32)
    x = (seq - head.frame_mean) / head.frame_scale  # type: ignore[operator]
    for w, b in head.convs:
        k = w.shape[0]
        xp = np.pad(x, ((k // 2, k // 2), (0, 0)))
        x = np.maximum(np.stack([sum(xp[t + j] @ w[j] for j in range(k)) + b
                                 for t in range(len(x))]), 0.0)
    np.testing.assert_allclose(head.vector(seq), pool(x), rtol=1e-4, atol=1e-5)


def test_ensemble_round_trip(tmp_path: Path) -> None:
    rng = np.random.default_rng(1)
    head = _conv_head(rng)
    head.members = [_conv_head(rng), _conv_head(rng)]
    head.temperatures = [1.5, 2.0, 1.0, 0.8]
    head.meta = {"threshold": 0.9}
    seq = rng.standard_normal((7, EMBED_DIM)).astype(np.float32)
    expected = [np.mean([h.logits(h.vector(seq)[None, :])[j] for h in (head, *head.members)],
                        axis=0) for j in range(len(HEAD_SIZES))]
    head.save(tmp_path / "head.npz")
    loaded = Head.load(tmp_path / "head.npz")
    assert len(loaded.members) == 2 and loaded.meta == {"threshold": 0.9}
    np.testing.assert_allclose(loaded.temperatures, [1.5, 2.0, 1.0, 0.8], rtol=1e-6)
    for got, want in zip(loaded.sequence_logits(seq), expected, strict=True):
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
    probs = loaded.sequence_probs(seq)
    assert all(abs(float(p.sum()) - 1.0) < 1e-5 for p in probs)


def test_plain_head_pools_the_raw_sequence() -> None:
    rng = np.random.default_rng(2)
    head = Head(np.zeros(1, np.float32), np.ones(1, np.float32), [], [])
    seq = rng.standard_normal((5, EMBED_DIM)).astype(np.float32)
    np.testing.assert_array_equal(head.vector(seq), pool(seq))
