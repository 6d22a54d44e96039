"""Earcons at a real table: a game's log records marked with short sounds, where the host's voice
goes (the speakers, with the microphone shut meanwhile, or the ``--speak-to`` WAV), so a table can
be followed by ear alone. A muted host plays none."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from voice_host.audio.gate import SpeakingGate
from voice_host.host.step import JSONObject
from voice_host.recognition import SAMPLE_RATE, Samples
from voice_host.voice import HostVoice, Voice, WavVoice


def earcon_player(voice: Voice | None, earcons: Mapping[str, str], *,
                  gate: SpeakingGate | None = None,
                  device: str | int | None = None) -> Callable[[JSONObject], None] | None:
    """What plays the earcon ``earcons[event]`` for each log record (a
    :class:`~voice_host.host.runner.Runner`'s ``earcons`` hook): appended to the WAV of a
    :class:`WavVoice`, played on the speakers of a :class:`HostVoice`; None for no voice."""
    if isinstance(voice, WavVoice):
        wav = voice

        def into_wav(record: JSONObject) -> None:
            name = earcons.get(str(record.get("event")))
            if name is not None:
                wav.sound(earcon_track(name))

        return into_wav
    if isinstance(voice, HostVoice):
        shut = gate or SpeakingGate(tail_s=0.0)

        def on_speakers(record: JSONObject) -> None:
            from voice_host.earcons import play_earcon

            name = earcons.get(str(record.get("event")))
            if name is not None:
                with shut.speaking():
                    play_earcon(name, device)

        return on_speakers
    return None


def earcon_track(name: str) -> Samples:
    """Earcon ``name`` as int16 samples at the host's sample rate (for a WAV of the table)."""
    from voice_host.audio.chunks import resample, to_int16
    from voice_host.earcons import earcon_samples

    data, rate = earcon_samples(name)
    return to_int16(resample(data, rate, SAMPLE_RATE))
