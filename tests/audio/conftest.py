"""Audio test fixtures: the private virtual microphone/speaker daemon."""

from tests.fixtures_audio import virtual_audio

__all__ = ["virtual_audio"]
