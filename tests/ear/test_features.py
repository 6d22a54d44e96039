"""The front end: shapes, padding and determinism."""

from __future__ import annotations

import numpy as np

from voice_host.ear.features import EMBED_DIM, PAD_SECONDS, FrontEnd, pad
from voice_host.ear.head import POOLED_DIM, pool


def _tone(seconds: float) -> np.ndarray:
    t = np.arange(int(seconds * 16000)) / 16000
    return (3000 * np.sin(2 * np.pi * 440 * t)).astype(np.int16)


def test_embedding_shape_follows_duration(front: FrontEnd) -> None:
    for seconds in (0.0, 0.3, 1.0, 2.5):
        emb = front.embed(_tone(seconds))
        total = seconds + 2 * PAD_SECONDS
        expected = int((total * 100 - 3 - 76) // 8) + 1
        assert emb.shape[1] == EMBED_DIM
        assert abs(emb.shape[0] - expected) <= 1, (seconds, emb.shape)
        assert emb.dtype == np.float32


def test_embedding_is_deterministic(front: FrontEnd) -> None:
    x = _tone(1.2)
    assert np.array_equal(front.embed(x), front.embed(x))
    assert np.array_equal(pad(x), pad(x))


def test_mel_is_scaled_like_the_embedding_expects(front: FrontEnd) -> None:
    mel = front.mel(pad(_tone(1.0)))
    assert mel.shape[1] == 32
    assert -10 < float(mel.mean()) < 10


def test_pool_has_fixed_size_for_any_length() -> None:
    for t in (0, 1, 2, 3, 17):
        v = pool(np.ones((t, EMBED_DIM), np.float32))
        assert v.shape == (POOLED_DIM,)
        assert np.isfinite(v).all()
