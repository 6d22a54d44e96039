"""The ear's front end contract: an utterance in, one vector per 80 ms out.

The front end (:mod:`voice_host.ear.whisper`) runs frozen ONNX graphs with onnxruntime; this
module holds what every user of those graphs shares: the :class:`Embedder` protocol, the error,
onnxruntime's session options and one BLAS thread. Importing it turns onnxruntime's telemetry off
(``ORT_DISABLE_TELEMETRY``) before onnxruntime is ever loaded: an offline product writes only to
its own cache and data folders, and onnxruntime would otherwise write a device id and an event
database under ``~/.cache/Microsoft``.
"""

from __future__ import annotations

import contextlib
import os
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")

STEP_SAMPLES = 1280
"""Samples between two vectors of a front end's sequence (80 ms at 16 kHz)."""

Floats = npt.NDArray[np.float32]


class FrontEndError(Exception):
    """The front-end models could not be found or loaded."""


class Embedder(Protocol):
    """What a front end does: an utterance in, one ``(T, dim)`` vector sequence out."""

    name: str
    """The name a head's meta records for the front end it was trained on."""
    dim: int
    """Size of one vector."""
    max_samples: int
    """The longest utterance :meth:`embed` takes at once."""

    def embed(self, samples: npt.NDArray[np.int16]) -> Floats:
        """The vector sequence of one utterance of at most :attr:`max_samples`."""
        ...


def one_blas_thread() -> None:
    """Limit this process's BLAS (numpy's OpenBLAS) to one thread, for good.

    The front end's matrix products are small (Whisper's mel filters: 80 × 201 by 201 × T): a
    second OpenBLAS thread makes them no faster, but its threads spin after each product, on the
    core another process needs. The results are bit for bit the same.
    """
    from threadpoolctl import threadpool_limits  # type: ignore[import-untyped]

    threadpool_limits(1, user_api="blas")


def session_options(threads: int) -> Any:
    """onnxruntime's options for one of the ear's graphs: ``threads`` intra-op threads, quiet."""
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.log_severity_level = 3
    with contextlib.suppress(Exception):  # older onnxruntime lacks the entry
        options.add_session_config_entry("mlas.disable_kleidiai", "1")
    return options
