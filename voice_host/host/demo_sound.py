"""Where a demo's sound goes: the speakers, or one track written to a WAV at the end, with the
players' voices and the host's lines in the order they were said."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from voice_host.recognition import SAMPLE_RATE, Samples

GAP_S = 0.25
"""Silence after each sound in the track."""


class DemoSound:
    """A demo's sound, played on the speakers or kept for a WAV."""

    def __init__(self, *, speakers: bool, wav: Path | None, lang: str) -> None:
        from voice_host.voice import HostVoice, VoiceSettings

        self.speakers = speakers
        """Whether the sound is played as it happens."""
        self.wav = wav
        """Where the track is written (None: nowhere)."""
        self.wanted = speakers or wav is not None
        """Whether anyone hears the sound at all (else the host's lines are not synthesized)."""
        self.track: list[Samples] = []
        """The sound so far, for the WAV."""
        self._host = HostVoice(VoiceSettings(lang=lang))
        self._gap = np.zeros(int(GAP_S * SAMPLE_RATE), dtype=np.int16)

    def play(self, audio: Samples) -> None:
        """A player's voice, an earcon or the room: played, or added to the track."""
        if self.speakers:
            from voice_host.audio.mic import sounddevice_module

            sounddevice_module().play(audio.astype(np.float32) / 32768.0, SAMPLE_RATE,
                                      blocking=True)
        else:
            self.track.extend([audio, self._gap])

    def say(self, line: str) -> None:
        """The host's line: spoken, or its synthesized speech added to the track."""
        if self.speakers:
            self._host.say(line)
        else:
            self.track.extend([self._host.samples(line), self._gap])

    def write(self) -> None:
        """Write the track to the WAV, if one was asked for and anything was heard."""
        from voice_host.audio.chunks import write_wav

        if self.wav is not None and self.track:
            write_wav(Path(self.wav), np.concatenate(self.track), SAMPLE_RATE)
