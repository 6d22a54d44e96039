"""Audio in: chunks from files and the microphone, endpointing (with early recognition at a
tentative end), and the self-hearing guard."""

from voice_host.audio.chunks import (
    AudioChunk,
    AudioFileError,
    chunks_to_samples,
    read_wav,
    samples_to_chunks,
    wav_chunks,
    write_wav,
)
from voice_host.audio.early import EarlyRecognizer, Recognized
from voice_host.audio.endpoint import (
    Endpointer,
    EndpointerConfig,
    EndpointEvent,
    TentativeEnd,
    Utterance,
)
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
    "EarlyRecognizer",
    "EndpointEvent",
    "Endpointer",
    "EndpointerConfig",
    "MicrophoneSource",
    "Recognized",
    "SpeakingGate",
    "TentativeEnd",
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
