"""The host's voice: speech to the speakers or a WAV, stale-announcement policy, test speech."""

from voice_host.voice.announce import Announcement, Announcer
from voice_host.voice.host import (
    LANG_VOICES,
    HostVoice,
    Voice,
    VoiceError,
    VoiceSettings,
    WavVoice,
    espeak_voices,
    pick_voice,
    short_line,
)
from voice_host.voice.synth import SynthesisError, babble, synthesize

__all__ = [
    "LANG_VOICES",
    "Announcement",
    "Announcer",
    "HostVoice",
    "SynthesisError",
    "Voice",
    "VoiceError",
    "VoiceSettings",
    "WavVoice",
    "babble",
    "espeak_voices",
    "pick_voice",
    "short_line",
    "synthesize",
]
