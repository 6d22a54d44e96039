"""Accessibility tests: the shared PulseAudio fixture (each test's own VOICE_HOST_HOME is the
suite's ``home``)."""

from __future__ import annotations

from tests.fixtures_audio import virtual_audio  # noqa: F401

