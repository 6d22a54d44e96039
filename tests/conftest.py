"""Shared test configuration."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
"""The repository root."""

SHARED = REPO.parent / "shared"
"""The team's shared folder (rules, corpus, audio recipes) beside the checkout."""

FSDD = SHARED / "corpus" / "fsdd-dev"
"""The real human digits (two FSDD speakers): ``{digit}_{speaker}_{take}.wav`` at 8 kHz."""

needs_fsdd = pytest.mark.skipif(not FSDD.is_dir(), reason=f"needs the human digits in {FSDD}")
"""Skip a test that plays the human digits when the shared corpus is not beside the checkout."""
