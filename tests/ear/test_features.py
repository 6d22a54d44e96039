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


def test_building_a_front_end_leaves_blas_one_thread() -> None:
    """Two data workers with OpenBLAS's default threads each embedded at less than half speed
    (its threads spin against the other worker): a front end limits its process to one."""
    import subprocess
    import sys

    script = (
        "from threadpoolctl import threadpool_info\n"
        "import numpy\n"
        "def blas(): return [i['num_threads'] for i in threadpool_info() "
        "if i['user_api'] == 'blas']\n"
        "before = blas()\n"
        "from voice_host.ear.features import front_end\n"
        "front_end()\n"
        "print(before, blas())\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True, timeout=120).stdout.split("] [")
    after = [int(n) for n in out[1].strip(" []\n").split(",") if n.strip()]
    assert after and all(n == 1 for n in after), out
