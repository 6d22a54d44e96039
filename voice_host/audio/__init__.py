"""Audio in: chunks from files and the microphone, endpointing, and the self-hearing guard."""

from voice_host.audio.chunks import (
    AudioChunk,
    AudioFileError,
    chunks_to_samples,
    read_wav,
    samples_to_chunks,
    wav_chunks,
    write_wav,
)
from voice_host.audio.endpoint import Endpointer, EndpointerConfig, Utterance
from voice_host.audio.gate import Clock, SpeakingGate
from voice_host.audio.mic import (
    AudioDeviceError,
    AudioSource,
    DeviceInfo,
    MicrophoneSource,
    list_devices,
    microphone_chunks,
    resolve_input_device,
)

__all__ = [
    "AudioChunk",
    "AudioDeviceError",
    "AudioFileError",
    "AudioSource",
    "Clock",
    "DeviceInfo",
    "Endpointer",
    "EndpointerConfig",
    "MicrophoneSource",
    "SpeakingGate",
    "Utterance",
    "chunks_to_samples",
    "list_devices",
    "microphone_chunks",
    "read_wav",
    "resolve_input_device",
    "samples_to_chunks",
    "wav_chunks",
    "write_wav",
]
