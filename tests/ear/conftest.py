"""Fixtures of the ear's tests: one recognizer for the whole session."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from voice_host.ear.recognizer import EarRecognizer, default_head_path
from voice_host.recognition import Hearing

needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="needs espeak-ng")
"""Marks a test that synthesizes speech at test time."""


def cpu_flags() -> set[str]:
    """The CPU's feature flags as Linux lists them (empty where /proc/cpuinfo cannot be read)."""
    try:
        return set(Path("/proc/cpuinfo").read_text().split())
    except OSError:
        return set()


def top_numbers(hearing: Hearing) -> tuple[int, ...]:
    """The numbers of the best reading, accepted or offered as the first alternative."""
    if hearing.numbers:
        return hearing.numbers
    return hearing.alternatives[0].numbers if hearing.alternatives else ()


def bench_distractors(lang: str) -> tuple[str, ...]:
    """The distractors of the recognition bench's corpus (``bench/corpus.py``) in ``lang``."""
    from bench import corpus

    found: tuple[str, ...] = getattr(corpus, f"DISTRACTORS_{lang.upper()}")
    return found


@pytest.fixture(scope="session")
def ear() -> EarRecognizer:
    """The recognizer with the shipped English head."""
    if not default_head_path("en").exists():
        pytest.skip("no shipped English head")
    return EarRecognizer("en")
