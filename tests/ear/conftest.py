"""Fixtures of the ear's tests: one recognizer for the whole session."""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest

from tests.conftest import REPO
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
    """The distractors of ``bench/corpus.py`` in ``lang`` (read from its source: bench is no
    package)."""
    name = f"DISTRACTORS_{lang.upper()}"
    tree = ast.parse((REPO / "bench" / "corpus.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if (isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
                and node.targets[0].id == name):
            found: tuple[str, ...] = ast.literal_eval(node.value)
            return found
    raise AssertionError(f"bench/corpus.py has no {name}")


@pytest.fixture(scope="session")
def ear() -> EarRecognizer:
    """The recognizer with the shipped English head."""
    if not default_head_path("en").exists():
        pytest.skip("no shipped English head")
    return EarRecognizer("en")
