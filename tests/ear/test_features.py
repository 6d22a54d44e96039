"""The front end's shared contract: pooling any length, one BLAS thread, no telemetry."""

from __future__ import annotations

import subprocess
import sys

import numpy as np

from voice_host.ear.head import pool, pooled_dim
from voice_host.ear.whisper import DIM


def test_pool_has_fixed_size_for_any_length() -> None:
    for t in (0, 1, 2, 3, 17):
        v = pool(np.ones((t, DIM), np.float32))
        assert v.shape == (pooled_dim(DIM),)
        assert np.isfinite(v).all()


def test_building_a_front_end_leaves_blas_one_thread() -> None:
    """Two data workers with OpenBLAS's default threads each embedded at less than half speed
    (its threads spin against the other worker): a front end limits its process to one."""
    script = (
        "from threadpoolctl import threadpool_info\n"
        "import numpy\n"
        "def blas(): return [i['num_threads'] for i in threadpool_info() "
        "if i['user_api'] == 'blas']\n"
        "before = blas()\n"
        "from voice_host.ear.whisper import WhisperFrontEnd\n"
        "WhisperFrontEnd()\n"
        "print(before, blas())\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True, timeout=120).stdout.split("] [")
    after = [int(n) for n in out[1].strip(" []\n").split(",") if n.strip()]
    assert after and all(n == 1 for n in after), out


def test_the_ear_turns_onnxruntimes_telemetry_off_before_loading_it() -> None:
    script = ("import os\nos.environ.pop('ORT_DISABLE_TELEMETRY', None)\n"
              "import voice_host.ear.features\nprint(os.environ['ORT_DISABLE_TELEMETRY'])\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True, timeout=60).stdout
    assert out.strip() == "1"
