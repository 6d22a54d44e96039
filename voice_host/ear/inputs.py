"""Where a game's input comes from: the microphone and the keyboard as one live stream, or a
recording cut into utterances as the microphone's would be."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TextIO

from voice_host.audio.chunks import read_wav, samples_to_chunks
from voice_host.audio.endpoint import Endpointer
from voice_host.audio.mic import MicrophoneSource
from voice_host.ear.early import EarlyEar, Heard, table_endpointer
from voice_host.recognition import Expectation, Hearing, Recognizer, Samples

if TYPE_CHECKING:
    from voice_host.audio.chunks import AudioChunk
    from voice_host.audio.gate import SpeakingGate


def recording_inputs(path: Path) -> RecordingStream:
    """The utterances of a recording, heard as the microphone's would be (reading it raises
    AudioFileError)."""
    return RecordingStream(path)


class ChunkSource(Protocol):
    """Where a :class:`LiveStream`'s chunks come from (a :class:`MicrophoneSource`)."""

    def read(self, timeout: float | None = None) -> AudioChunk | None:
        """The next chunk, or None after ``timeout`` seconds."""
        ...


class LiveStream:
    """The microphone's utterances and the typed lines, in one stream (an iterator of samples
    and strings). Driven by a :class:`Runner`, it is handed the recognizer and the judge
    (:meth:`listen_with`) and recognizes through an :class:`EarlyEar`; :meth:`heard` then gives
    the hearing of each utterance it yields."""

    def __init__(
        self,
        source: ChunkSource,
        endpointer: Endpointer,
        typed: queue.Queue[str | None],
    ) -> None:
        self.source = source
        """The microphone."""
        self.endpointer = endpointer
        """The endpointer cutting its chunks."""
        self.ear: EarlyEar | None = None
        """The ear, once :meth:`listen_with` was called."""
        self.early = True
        """Whether the ear recognizes from each tentative end on (a live table waits for it)."""
        self._typed = typed
        self._ready: list[Heard] = []
        self._last: Heard | None = None
        self._items = self._stream()

    def listen_with(
        self,
        recognizer: Recognizer,
        expectation: Callable[[], Expectation],
        fragment: Callable[[Hearing], bool] | None = None,
        whole: Callable[[Hearing], bool] | None = None,
    ) -> None:
        """Recognize from now on with ``recognizer`` under ``expectation`` (a new judge's, when
        the setup hands over to the game); ``fragment`` and ``whole`` as :class:`EarlyEar`'s."""
        if self.ear is None:
            self.ear = EarlyEar(recognizer, expectation, self.endpointer, early=self.early,
                                fragment=fragment, whole=whole)
        else:
            self.ear.recognizer = recognizer
            self.ear.expectation = expectation
            self.ear.fragment = fragment
            self.ear.whole = whole

    def heard(self, samples: Samples) -> Hearing | None:
        """The hearing of the utterance just yielded as ``samples`` (None if it is not that)."""
        last = self._last
        if last is None or last.utterance.samples is not samples or self.ear is None:
            return None
        return self.ear.hearing(last)

    def close(self) -> None:
        """Stop the ear's worker."""
        if self.ear is not None:
            self.ear.close()

    def __iter__(self) -> LiveStream:
        return self

    def __next__(self) -> Samples | str:
        return next(self._items)

    def _utterances(self, chunk: AudioChunk | None) -> Iterator[Samples]:
        """The utterances ``chunk`` completed (None: the end of the stream closes the open one),
        recognized by the ear once there is one."""
        if self.ear is None:
            if chunk is not None:
                done = self.endpointer.process(chunk)
            else:
                last = self.endpointer.flush()
                done = [] if last is None else [last]
            for utt in done:
                yield utt.samples
            return
        for heard in self.ear.process(chunk) if chunk is not None else self.ear.flush():
            self._last = heard
            yield heard.utterance.samples

    def _stream(self) -> Iterator[Samples | str]:
        while True:
            chunk = self.source.read(timeout=0.05)
            if chunk is not None:
                yield from self._utterances(chunk)
            while True:
                try:
                    line = self._typed.get_nowait()
                except queue.Empty:
                    break
                if line is not None:
                    yield line


class _NoChunks:
    """The chunk source of a stream that reads its chunks itself."""

    def read(self, timeout: float | None = None) -> AudioChunk | None:
        return None


class RecordingStream(LiveStream):
    """A recording's utterances heard as the live table's ear hears the microphone's: cut by
    the referee's endpointer, recognized under the judge's expectation of that moment, and a
    phrase cut at its comma ("five," | "twenty-four") joined and judged as one. Recognition waits
    for each utterance's close (nobody is waiting for a recording's answers), so the same file is
    always heard the same way. The file is read when the first utterance is asked for."""

    def __init__(self, path: Path) -> None:
        super().__init__(_NoChunks(), table_endpointer(), queue.Queue())
        self.path = path
        """The recording."""
        self.early = False

    def _stream(self) -> Iterator[Samples | str]:
        for chunk in samples_to_chunks(read_wav(self.path)):
            yield from self._utterances(chunk)
        yield from self._utterances(None)


def _keyboard(lines: queue.Queue[str | None], source: TextIO) -> None:
    for line in source:
        lines.put(line)
    lines.put(None)


@contextmanager
def live_inputs(
    *,
    device: str | int | None = None,
    gate: SpeakingGate | None = None,
    keyboard: TextIO | None = None,
    ready: Callable[[str], None] | None = None,
) -> Iterator[LiveStream]:
    """The microphone's utterances and the typed lines, as they come, in one stream
    (:class:`LiveStream`: driven by a :class:`Runner`, it recognizes early)."""
    typed: queue.Queue[str | None] = queue.Queue()
    if keyboard is not None:
        threading.Thread(target=_keyboard, args=(typed, keyboard), daemon=True).start()
    with MicrophoneSource(device=device) as source:
        if ready is not None:
            where = "the default microphone" if source.device is None else f"device {source.device}"
            ready(f"listening on {where}; type a total or a command at any time")
        stream = LiveStream(source, table_endpointer(gate), typed)
        try:
            yield stream
        finally:
            stream.close()
