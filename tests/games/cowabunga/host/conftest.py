"""Referee test fixtures: the shared virtual microphone, and games spoken with espeak-ng."""

from __future__ import annotations

from tests.fixtures_audio import virtual_audio

__all__ = ["virtual_audio"]
