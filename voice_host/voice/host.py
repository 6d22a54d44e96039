"""The host's voice: pyttsx3 with the espeak-ng driver, to the speakers or to a WAV file.

pyttsx3 2.99 is used only to render speech into a WAV (``save_to_file``, waiting for its
``finished-utterance`` callback, since ``runAndWait`` may return before the file is written);
playback goes through sounddevice so the :class:`SpeakingGate` covers exactly the time the sound
is playing, and the speaker device can be chosen like the microphone.
"""

from __future__ import annotations

import contextlib
import io
import re
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from voice_host.audio.chunks import resample, write_wav
from voice_host.audio.gate import SpeakingGate
from voice_host.recognition import SAMPLE_RATE, Samples

LANG_VOICES = {
    "en": ("gmw/en-us", "gmw/en"),
    "de": ("gmw/de",),
    "es": ("roa/es", "roa/es-419"),
    "fr": ("roa/fr", "roa/fr-be"),
    "it": ("roa/it",),
}
"""espeak-ng voices (pyttsx3 ids) tried in order for each language."""

MAX_LINE_CHARS = 140
"""Longer lines are cut at a clause boundary: the host speaks in short lines."""

PAUSE_BETWEEN_LINES_S = 0.3
"""Silence put between lines appended to a session WAV."""


class VoiceError(RuntimeError):
    """The voice could not be set up or could not speak; the message says how to fix it."""


class Voice(Protocol):
    """Something the host can speak through: speakers, a WAV file, or a test recorder."""

    def speak(self, text: str) -> None:
        """Say one line and return when it has been said."""
        ...


@dataclass(frozen=True)
class VoiceSettings:
    """How the host sounds."""

    lang: str = "en"
    """Language code; picks an espeak-ng voice of that language unless ``voice`` is given."""
    voice: str | None = None
    """A pyttsx3/espeak voice id or a substring of its name (``gmw/en-us``, ``Scotland``)."""
    rate: int = 175
    """Words per minute."""
    volume: float = 1.0
    """0.0-1.0."""


def short_line(text: str, max_chars: int = MAX_LINE_CHARS) -> str:
    """``text`` collapsed to one line and, if too long, cut at the last clause end that fits."""
    line = " ".join(text.split())
    if len(line) <= max_chars:
        return line
    head = line[: max_chars + 1]
    for marks in ((". ", "! ", "? "), (", ", "; ")):
        cut = max(head.rfind(p) for p in marks)
        if cut > max_chars // 3:
            return head[: cut + 1].rstrip(",;")
    return head[:max_chars].rsplit(" ", 1)[0]


def _pyttsx3() -> Any:
    try:
        import pyttsx3
    except ImportError:
        raise VoiceError("pyttsx3 is not installed: pip install pyttsx3") from None
    return pyttsx3


_ENGINE_LOCK = threading.Lock()
"""libespeak-ng has one global synth callback: one rendering at a time per process."""


def espeak_voices() -> list[tuple[str, str]]:
    """The espeak-ng voices pyttsx3 offers, as (id, name); raises VoiceError without pyttsx3."""
    engine = _pyttsx3().init("espeak")
    return [(str(v.id), str(v.name)) for v in engine.getProperty("voices")]


class HostVoice:
    """The host speaking through pyttsx3 (espeak-ng): :meth:`say` to the speakers, :meth:`to_wav`.

    When a :class:`SpeakingGate` is given, it is shut while the sound plays so the microphone
    does not hear the host.
    """

    def __init__(
        self,
        settings: VoiceSettings | None = None,
        gate: SpeakingGate | None = None,
        device: str | int | None = None,
        timeout_s: float = 20.0,
    ) -> None:
        self.settings = settings or VoiceSettings()
        """Voice, rate, volume and language."""
        self.gate = gate
        """Shut while speaking, if given."""
        self.device = device
        """Output device (index or name substring), None for the default speaker."""
        self._timeout_s = timeout_s
        self._voice_id: str | None = None

    # --- voices ------------------------------------------------------------------------------
    def voice_id(self) -> str:
        """The pyttsx3 voice id these settings resolve to (raises VoiceError if none fits)."""
        if self._voice_id is None:
            self._voice_id = pick_voice(espeak_voices(), self.settings.lang, self.settings.voice)
        return self._voice_id

    # --- rendering ---------------------------------------------------------------------------
    def render(self, text: str) -> tuple[np.ndarray, int]:
        """Speech for ``text`` as float32 mono samples and their sample rate."""
        line = short_line(text)
        if not line:
            return np.zeros(0, dtype=np.float32), SAMPLE_RATE
        import soundfile

        vid = self.voice_id()
        with _ENGINE_LOCK, tempfile.TemporaryDirectory(prefix="voice-host-tts-") as tmp:
            out = Path(tmp) / "line.wav"
            engine = _pyttsx3().init("espeak")
            done = threading.Event()

            def finished(name: Any = None, completed: bool = True) -> None:
                done.set()

            token = engine.connect("finished-utterance", finished)
            try:
                engine.setProperty("voice", vid)
                engine.setProperty("rate", int(self.settings.rate))
                engine.setProperty("volume", float(min(max(self.settings.volume, 0.0), 1.0)))
                # The driver prints "Audio saved to ..." on stdout; keep stdout for results.
                with contextlib.redirect_stdout(io.StringIO()):
                    engine.save_to_file(line, str(out))
                    engine.runAndWait()
                    if not done.wait(self._timeout_s):
                        raise VoiceError(f"espeak-ng did not finish speaking {line!r}")
            finally:
                engine.disconnect(token)
            try:
                data, rate = soundfile.read(str(out), dtype="float32")
            except Exception as err:
                raise VoiceError(f"pyttsx3 wrote no usable WAV for {line!r}: {err}") from None
        if data.ndim > 1:
            data = data.mean(axis=1)
        return data * float(self.settings.volume), int(rate)

    def samples(self, text: str) -> Samples:
        """Speech for ``text`` as 16 kHz mono int16 (what the recognizers take)."""
        from voice_host.audio.chunks import to_int16

        data, rate = self.render(text)
        return to_int16(resample(data, rate, SAMPLE_RATE))

    def to_wav(self, text: str, path: str | Path) -> Path:
        """Write the spoken ``text`` as a 16-bit WAV at ``path`` (atomically); returns the path."""
        samples = self.samples(text)
        write_wav(path, samples, SAMPLE_RATE)
        return Path(path)

    # --- speaking ----------------------------------------------------------------------------
    def say(self, text: str) -> None:
        """Speak ``text`` to the speakers and return when it has played."""
        data, rate = self.render(text)
        if len(data) == 0:
            return
        from voice_host.audio.mic import sounddevice_module

        sd = sounddevice_module()
        gate = self.gate or SpeakingGate(tail_s=0.0)
        with gate.speaking():
            try:
                sd.play(data, rate, device=self.device, blocking=True)
            except Exception as err:
                raise VoiceError(
                    f"cannot play to {self.device or 'the default speaker'}: {err}; "
                    "use --speak-to OUT.wav on a table with no speakers"
                ) from None

    def speak(self, text: str) -> None:
        """:class:`Voice` protocol: same as :meth:`say`."""
        self.say(text)


class WavVoice:
    """A table with no speakers: each line spoken is appended to one WAV for the session.

    The file is rewritten atomically after every line, with ``PAUSE_BETWEEN_LINES_S`` of silence
    between lines, so it is always a complete, playable WAV.
    """

    def __init__(self, path: str | Path, voice: HostVoice | None = None) -> None:
        self.path = Path(path)
        """The session WAV."""
        self.voice = voice or HostVoice()
        """What renders the speech."""
        self.lines: list[str] = []
        """Lines written so far."""
        self._audio: list[Samples] = []

    def speak(self, text: str) -> None:
        """Render ``text`` and append it to the session WAV."""
        samples = self.voice.samples(text)
        if self._audio:
            self._audio.append(np.zeros(int(PAUSE_BETWEEN_LINES_S * SAMPLE_RATE), np.int16))
        self._audio.append(samples)
        self.lines.append(short_line(text))
        write_wav(self.path, np.concatenate(self._audio), SAMPLE_RATE)

    def sound(self, samples: Samples) -> None:
        """Append a sound that is not speech (an earcon, at :data:`SAMPLE_RATE`) to the WAV."""
        if self._audio:
            self._audio.append(np.zeros(int(PAUSE_BETWEEN_LINES_S * SAMPLE_RATE), np.int16))
        self._audio.append(np.asarray(samples, np.int16))
        write_wav(self.path, np.concatenate(self._audio), SAMPLE_RATE)


def pick_voice(voices: list[tuple[str, str]], lang: str, wanted: str | None = None) -> str:
    """The voice id for ``wanted`` (id or name substring) or else for ``lang``, from (id, name)."""
    ids = [vid for vid, _ in voices]
    if wanted:
        for vid, name in voices:
            if wanted == vid or wanted.lower() == name.lower():
                return vid
        for vid, name in voices:
            if wanted.lower() in name.lower() or vid.endswith("/" + wanted):
                return vid
        some = ", ".join(ids[:8])
        raise VoiceError(f"no voice matches {wanted!r}; try one of: {some}, ...")
    code = lang.lower().split("-")[0]
    for candidate in LANG_VOICES.get(code, ()):
        if candidate in ids:
            return candidate
    for vid in ids:
        if re.search(rf"(^|/){re.escape(code)}($|-)", vid):
            return vid
    raise VoiceError(
        f"no espeak-ng voice for language {lang!r}; supported: {', '.join(LANG_VOICES)}"
    )
