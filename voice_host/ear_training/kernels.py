"""The CPU kernels the ear's training computes with, pinned so that a seed gives the same head
on another machine.

torch picks its vectorized kernels (ATen's, oneDNN's convolutions, MKL's matrix products) by
the CPU it runs on, and their floating-point results differ in the last bits from one choice to
the next; over twenty epochs those bits become another head. Measured on the two-core machine
(AVX-512): two epochs on the same data gave four different heads with ATen's or oneDNN's kernels
left to AVX-512, set to AVX2, or to the plain ones. A head shipped on 2026-11-30 was not
reproduced on today's machine by its own commit's code, for that reason.

So training asks every one of them for the AVX2 kernels, which any x86-64 CPU of the last ten
years has, and the head records which ATen actually used (``kernels`` in its meta): a head
trained with the same data and seed under the same kernels is the same bit for bit. They must be
pinned before torch computes anything in the process (each library reads its setting once).

The data are another matter: onnxruntime's int8 Whisper encoder (:mod:`voice_host.ear.whisper`)
embeds them, and its products of uint8 activations and int8 weights are exact only on a CPU with
VNNI; on one without (AVX2 alone, such as the AMD EPYC of 2026-12-01), pairs of products are
summed in 16 bits and can saturate, so the same utterances embed a little differently there and
a head trained on them is another head.
"""

from __future__ import annotations

import os
import platform

PINNED = {"ATEN_CPU_CAPABILITY": "avx2", "ONEDNN_MAX_CPU_ISA": "AVX2", "MKL_CBWR": "AVX2"}
"""The environment that makes ATen, oneDNN and MKL use their AVX2 kernels."""


def pins_here() -> bool:
    """Whether :func:`pin` pins anything on this machine (an x86-64 CPU; elsewhere torch has one
    choice of kernels)."""
    return platform.machine().lower() in ("x86_64", "amd64")


def pin() -> None:
    """Ask torch's libraries for the AVX2 kernels (on x86-64; elsewhere there is one choice)."""
    if pins_here():
        os.environ.update(PINNED)


def in_use() -> str:
    """The kernels ATen computes with in this process (``AVX2`` once pinned; ``DEFAULT`` on a
    CPU without AVX2, ``NO AVX`` or another name where torch says so)."""
    import torch

    capability: str = torch.backends.cpu.get_cpu_capability()
    return capability
