"""Fixtures of the ear's tests: one front end and one recognizer for the whole session."""

from __future__ import annotations

import shutil

import pytest

from voice_host.ear.features import FrontEnd
from voice_host.ear.recognizer import EarRecognizer, default_head_path

needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="needs espeak-ng")
"""Marks a test that synthesizes speech at test time."""


@pytest.fixture(scope="session")
def front() -> FrontEnd:
    """The ear's front end."""
    return FrontEnd()


@pytest.fixture(scope="session")
def ear() -> EarRecognizer:
    """The recognizer with the shipped English head."""
    if not default_head_path("en").exists():
        pytest.skip("no shipped English head")
    return EarRecognizer("en")
