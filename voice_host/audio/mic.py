"""The live microphone as an :class:`AudioChunk` stream, through sounddevice (PortAudio).

The PortAudio callback only stamps each block and hands it to a queue; everything else happens in
the consuming thread. Import of sounddevice is deferred so that commands which never touch a
sound card do not need PortAudio (and so PULSE_SERVER may be set first: PortAudio lists devices
once, when it is loaded).
"""

from __future__ import annotations

import contextlib
import queue
import time
from dataclasses import dataclass
from types import ModuleType, TracebackType
from typing import Any, Protocol

from voice_host.audio.chunks import CHANNELS, DEFAULT_CHUNK_MS, SAMPLE_WIDTH, AudioChunk
from voice_host.recognition import SAMPLE_RATE


class AudioDeviceError(RuntimeError):
    """No usable audio device, or PortAudio is missing; the message says what would work."""


class AudioSource(Protocol):
    """Anything that yields 16 kHz mono int16 chunks and can be closed (microphone, file, test)."""

    def __iter__(self) -> AudioSource:
        """The source is its own iterator."""
        ...

    def __next__(self) -> AudioChunk:
        """The next chunk; blocks for a live source."""
        ...

    def close(self) -> None:
        """Stop producing chunks and release the device."""
        ...


@dataclass(frozen=True)
class DeviceInfo:
    """One audio device as PortAudio sees it."""

    index: int
    """PortAudio device index (what ``--device`` takes, or a name substring)."""
    name: str
    """Device name."""
    hostapi: str
    """Host API (ALSA, PulseAudio...)."""
    inputs: int
    """Maximum input channels (0: not a microphone)."""
    outputs: int
    """Maximum output channels (0: not a speaker)."""
    default_rate: float
    """The device's preferred sample rate."""
    default_input: bool
    """Whether this is the default microphone."""
    default_output: bool
    """Whether this is the default speaker."""


def sounddevice_module() -> ModuleType:
    """The sounddevice module, imported on first use (it loads PortAudio)."""
    try:
        import sounddevice
    except OSError as err:  # PortAudio shared library missing
        raise AudioDeviceError(
            f"PortAudio is not available ({err}); install it: apt-get install libportaudio2"
        ) from None
    except ImportError:
        raise AudioDeviceError("sounddevice is not installed: pip install sounddevice") from None
    module: ModuleType = sounddevice
    return module


def list_devices() -> list[DeviceInfo]:
    """All audio devices, with the default microphone and speaker marked."""
    sd = sounddevice_module()
    try:
        devices = sd.query_devices()
        apis = sd.query_hostapis()
    except Exception as err:
        raise AudioDeviceError(f"cannot list audio devices: {err}") from None
    default_in, default_out = _defaults(sd)
    out = []
    for i, dev in enumerate(devices):
        out.append(
            DeviceInfo(
                index=i,
                name=str(dev["name"]),
                hostapi=str(apis[int(dev["hostapi"])]["name"]),
                inputs=int(dev["max_input_channels"]),
                outputs=int(dev["max_output_channels"]),
                default_rate=float(dev["default_samplerate"]),
                default_input=i == default_in,
                default_output=i == default_out,
            )
        )
    return out


def _defaults(sd: ModuleType) -> tuple[int, int]:
    pair: Any = sd.default.device
    try:
        return int(pair[0]), int(pair[1])
    except (TypeError, IndexError, ValueError):
        return -1, -1


def resolve_input_device(device: str | int | None) -> int | None:
    """A PortAudio input index for ``device``: None (default), an index, or a name substring."""
    if device is None:
        return None
    devices = list_devices()
    inputs = [d for d in devices if d.inputs > 0]
    listing = "; ".join(f"{d.index}: {d.name}" for d in inputs) or "none"
    if isinstance(device, int) or str(device).strip().isdigit():
        index = int(device)
        for d in inputs:
            if d.index == index:
                return index
        raise AudioDeviceError(f"no input device with index {index}; input devices: {listing}")
    wanted = str(device).lower()
    exact = [d for d in inputs if d.name.lower() == wanted]
    partial = [d for d in inputs if wanted in d.name.lower()]
    match = exact or partial
    if not match:
        raise AudioDeviceError(f"no input device matches {device!r}; input devices: {listing}")
    return match[0].index


class MicrophoneSource:
    """Live 16 kHz mono int16 chunks from a microphone; a context manager and an iterator.

    ``for chunk in source`` blocks for the next chunk; :meth:`close` (or leaving the ``with``)
    stops the stream and ends the iteration. Blocks the consumer cannot keep up with are dropped
    and counted in :attr:`overflows` rather than delaying the callback.
    """

    def __init__(
        self,
        device: str | int | None = None,
        chunk_ms: int = DEFAULT_CHUNK_MS,
        max_queue_s: float = 10.0,
    ) -> None:
        self.chunk_ms = chunk_ms
        """Length of each chunk in milliseconds."""
        self.device = resolve_input_device(device)
        """PortAudio device index, or None for the default input."""
        self.overflows = 0
        """Blocks dropped because the queue was full or PortAudio reported an overflow."""
        self._frames = SAMPLE_RATE * chunk_ms // 1000
        self._queue: queue.Queue[AudioChunk | None] = queue.Queue(
            maxsize=max(1, int(max_queue_s * 1000 / chunk_ms))
        )
        self._stream: Any = None
        self._closed = False

    def _callback(self, indata: Any, frames: int, _time: Any, status: Any) -> None:
        stamp = time.monotonic() - frames / SAMPLE_RATE
        if status:
            self.overflows += 1
        try:
            self._queue.put_nowait(
                AudioChunk(SAMPLE_RATE, SAMPLE_WIDTH, CHANNELS, bytes(indata), timestamp=stamp)
            )
        except queue.Full:
            self.overflows += 1

    def start(self) -> MicrophoneSource:
        """Open and start the input stream (idempotent)."""
        if self._stream is not None:
            return self
        sd = sounddevice_module()
        try:
            self._stream = sd.RawInputStream(
                samplerate=SAMPLE_RATE,
                channels=CHANNELS,
                dtype="int16",
                blocksize=self._frames,
                device=self.device,
                callback=self._callback,
            )
            self._stream.start()
        except Exception as err:
            self._stream = None
            name = "the default input" if self.device is None else f"input device {self.device}"
            raise AudioDeviceError(
                f"cannot record from {name} at {SAMPLE_RATE} Hz mono: {err}; "
                "see `voice-host devices`"
            ) from None
        return self

    def __enter__(self) -> MicrophoneSource:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __iter__(self) -> MicrophoneSource:
        self.start()
        return self

    def __next__(self) -> AudioChunk:
        if self._closed:
            raise StopIteration
        while True:
            try:
                item = self._queue.get(timeout=0.5)
            except queue.Empty:
                if self._closed:
                    raise StopIteration from None
                continue
            if item is None:
                raise StopIteration
            return item

    def read(self, timeout: float | None = None) -> AudioChunk | None:
        """The next chunk, or None after ``timeout`` seconds or once closed."""
        self.start()
        try:
            return self._queue.get(timeout=timeout)
        except queue.Empty:
            return None

    def close(self) -> None:
        """Stop the stream and end iteration (safe to call twice)."""
        if self._closed:
            return
        self._closed = True
        stream, self._stream = self._stream, None
        if stream is not None:
            try:
                stream.stop()
            finally:
                stream.close()
        with contextlib.suppress(queue.Full):
            self._queue.put_nowait(None)


def microphone_chunks(
    device: str | int | None = None, chunk_ms: int = DEFAULT_CHUNK_MS
) -> MicrophoneSource:
    """The live microphone as a closable chunk iterator (use it in a ``with`` block)."""
    return MicrophoneSource(device=device, chunk_ms=chunk_ms)
