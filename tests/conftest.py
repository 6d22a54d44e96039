"""Shared test configuration."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
"""The repository root."""

SHARED = REPO.parent / "shared"
"""The team's shared folder (rules, corpus, audio recipes) beside the checkout."""
