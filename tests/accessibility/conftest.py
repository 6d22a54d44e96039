"""Accessibility tests: a private VOICE_HOST_HOME, and the shared PulseAudio fixture."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.fixtures_audio import virtual_audio  # noqa: F401


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh VOICE_HOST_HOME (settings and progress) for this test."""
    folder = tmp_path / "home"
    monkeypatch.setenv("VOICE_HOST_HOME", str(folder))
    yield folder
