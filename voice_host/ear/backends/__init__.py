"""The recognizer backends, chosen by name with ``--engine``.

Backends import their heavy libraries lazily, so choosing one never loads the others.
"""

from __future__ import annotations

from pathlib import Path

from voice_host.recognition import EngineError, Recognizer

__all__ = ["DEFAULT_ENGINE", "ENGINES", "ENGINE_HELP", "EngineError", "load_recognizer"]

ENGINES = ("pocketsphinx", "vosk", "ear")
"""Engine names accepted by ``--engine``."""

DEFAULT_ENGINE = "ear"
"""The engine used when none is named: the ear, since the referee bench (``bench/referee.py``)
announced no false mistake or penalty with it, clean or in babble."""

ENGINE_HELP = f"Recognizer: {', '.join(ENGINES)}."
"""The ``--engine`` option's help text, shared by every command that listens."""


def load_recognizer(engine: str, lang: str = "en", model: Path | None = None) -> Recognizer:
    """Load the named recognizer once; raises :class:`EngineError` with a one-line fix."""
    if engine == "pocketsphinx":
        from voice_host.ear.backends.sphinx import PocketSphinxRecognizer

        return PocketSphinxRecognizer(lang=lang)
    if engine == "vosk":
        from voice_host.ear.backends.vosk_engine import VoskRecognizer

        return VoskRecognizer(lang=lang, model_path=model)
    if engine == "ear":
        from voice_host.ear.recognizer import EarRecognizer

        return EarRecognizer(lang=lang, model_path=model)
    raise EngineError(f"unknown engine {engine!r}; choose one of: {', '.join(ENGINES)}")
