"""The referee at work: utterances from a microphone or a recording, typed lines, the host's voice,
the journal, the log and the display, around one pure :class:`~voice_host.referee.Session`.

For every step the order is fixed: journal actions are written and fsync'd, then log records are
written, then the display and transcript are updated, then the host speaks.
"""

from __future__ import annotations

import json
import queue
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TextIO

from voice_host.referee.journal import Journal
from voice_host.referee.session import Session, Step

if TYPE_CHECKING:
    from rich.console import RenderableType

    from voice_host.audio.gate import SpeakingGate
    from voice_host.recognition import Expectation, Hearing, Recognizer, Samples
    from voice_host.voice.host import Voice

TRANSCRIPT_LINES = 4
"""Host lines kept on the live display."""


def has_output_device() -> bool:
    """Whether there is a speaker to play to (False on a machine without a sound card)."""
    from voice_host.audio.mic import AudioDeviceError, list_devices

    try:
        return any(d.outputs > 0 and d.default_output for d in list_devices())
    except AudioDeviceError:
        return False


def open_voice(
    speak_to: Path | None,
    *,
    lang: str = "en",
    device: str | int | None = None,
    gate: SpeakingGate | None = None,
    mute: bool = False,
) -> tuple[Voice | None, str]:
    """The host's voice: a WAV with ``speak_to``, else the speakers if any, else none; and a
    phrase saying where it goes."""
    from voice_host.voice import HostVoice, VoiceSettings, WavVoice

    if mute:
        return None, "nowhere (muted)"
    settings = VoiceSettings(lang=lang)
    if speak_to is not None:
        return WavVoice(speak_to, HostVoice(settings)), str(speak_to)
    if has_output_device():
        return HostVoice(settings, gate=gate, device=device), "the speakers"
    return None, "nowhere (no speakers found; use --speak-to host.wav)"


def recent_plays(session: Session, count: int = 5) -> list[Any]:
    """The session's last accepted turns as display rows."""
    from voice_host.display import RecentPlay

    rows = []
    for turn in session.recent(count):
        notes = []
        if turn.stew_pot:
            notes.append("stew pot")
        if turn.reversed:
            notes.append("direction change")
        if turn.island is not None:
            notes.append(f"island {turn.island}")
        rows.append(RecentPlay(turn.player, turn.card, turn.total, ", ".join(notes)))
    return rows


class Judge(Protocol):
    """What the runner drives: the game's :class:`Session` or the :class:`VoiceSetup`."""

    stopped: bool
    """Whether "stop" was said."""

    def hear(self, hearing: Hearing) -> Step:
        """Judge one utterance."""
        ...

    def type(self, line: str) -> Step:
        """Judge one typed line."""
        ...

    def expectation(self) -> Expectation:
        """What can be said now."""
        ...


@dataclass
class Referee:
    """Carries each :class:`Step` out, in the journal-first order."""

    judge: Judge
    """The game being refereed (or its setup being asked for)."""
    journal: Journal | None = None
    """Where accepted actions go before they are announced."""
    log: TextIO | None = None
    """The JSONL event log."""
    voice: Voice | None = None
    """The host's voice (None: transcript only)."""
    transcript: Callable[[str], None] | None = None
    """Receives a printable line for each utterance heard and each host line."""
    on_change: Callable[[], None] | None = None
    """Called after each step (to refresh a live display)."""
    recording: bool = False
    """Whether the input is a recording (questions are logged, not asked)."""
    lines: list[str] = field(default_factory=list)
    """Every host line so far."""
    messages: list[str] = field(default_factory=list)
    """Notes for the keyboard user so far."""

    def handle(self, step: Step) -> None:
        """Journal, log, show, then speak."""
        if self.journal is not None and step.actions:
            self.journal.append(step.actions)
        for record in step.records:
            if self.log is not None:
                self.log.write(json.dumps(record, ensure_ascii=False) + "\n")
        if self.log is not None:
            self.log.flush()
        for record in step.records:
            if self.transcript is None:
                break
            if record["event"] == "heard":
                typed = " (typed)" if record.get("typed") else ""
                text = str(record["text"]) or "…"
                self.transcript(f"  heard{typed}: {text}  [{record['confidence']}]")
            elif record["event"] == "host":
                self.transcript(f"HOST: {record['text']}")
            elif record["event"] == "ask" and self.recording:
                self.transcript(f"  (would ask: {record['question']})")
        if step.message is not None:
            self.messages.append(step.message)
            if self.transcript is not None:
                self.transcript(f"  {step.message}")
        if self.on_change is not None:
            self.on_change()
        for line in step.lines:
            self.lines.append(line)
            if self.voice is not None:
                self.voice.speak(line)

    def hear(self, hearing: Hearing) -> Step:
        """Judge one utterance and carry the step out."""
        step = self.judge.hear(hearing)
        self.handle(step)
        return step

    def type(self, line: str) -> Step:
        """Judge one typed line and carry the step out."""
        step = self.judge.type(line)
        self.handle(step)
        return step

    def drive(
        self, inputs: Iterator[Samples | str], recognizer: Recognizer, until: Callable[[], bool]
    ) -> None:
        """Feed utterances (samples) and typed lines (str) to the judge until ``until()``."""
        if until():
            return
        for item in inputs:
            if isinstance(item, str):
                self.type(item)
            else:
                self.hear(recognizer.recognize(item, self.judge.expectation()))
            if until():
                return


def recording_inputs(path: Path) -> Iterator[Samples | str]:
    """The utterances of a recording, cut as the microphone's would be (raises AudioFileError)."""
    from voice_host.audio import Endpointer, read_wav, samples_to_chunks

    samples = read_wav(path)
    for utt in Endpointer().utterances(samples_to_chunks(samples)):
        yield utt.samples


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
) -> Iterator[Iterator[Samples | str]]:
    """The microphone's utterances and the typed lines, as they come, in one stream."""
    from voice_host.audio import Endpointer, MicrophoneSource

    typed: queue.Queue[str | None] = queue.Queue()
    if keyboard is not None:
        threading.Thread(target=_keyboard, args=(typed, keyboard), daemon=True).start()
    endpointer = Endpointer(gate=gate)

    def stream(source: MicrophoneSource) -> Iterator[Samples | str]:
        while True:
            chunk = source.read(timeout=0.05)
            if chunk is not None:
                for utt in endpointer.process(chunk):
                    yield utt.samples
            while True:
                try:
                    line = typed.get_nowait()
                except queue.Empty:
                    break
                if line is not None:
                    yield line

    with MicrophoneSource(device=device) as source:
        if ready is not None:
            where = "the default microphone" if source.device is None else f"device {source.device}"
            ready(f"listening on {where}; type a total or a command at any time")
        yield stream(source)


class LiveView:
    """A rich live display of the session (or nothing when off); a context manager."""

    def __init__(self, session: Session, *, large: bool, enabled: bool) -> None:
        self.session = session
        """The game shown."""
        self.large = large
        """Large print, high contrast."""
        self.enabled = enabled
        """Whether a live display is shown at all."""
        self.said: list[str] = []
        """The transcript's last lines."""
        self._live: Any = None

    def renderable(self) -> RenderableType:
        """The display as it should look now."""
        from voice_host.display import render_table

        return render_table(
            self.session.view, recent_plays(self.session), self.large, self.said[-TRANSCRIPT_LINES:]
        )

    def note(self, line: str) -> None:
        """Add a transcript line (printed directly when there is no live display)."""
        if self.enabled:
            if line.startswith("HOST: "):
                self.said.append(line[len("HOST: ") :])
            elif not line.startswith("  heard"):
                self.said.append(line.strip())
        else:
            print(line, flush=True)

    def refresh(self) -> None:
        """Redraw."""
        if self._live is not None:
            self._live.update(self.renderable(), refresh=True)

    def __enter__(self) -> LiveView:
        if self.enabled:
            from rich.live import Live

            self._live = Live(self.renderable(), auto_refresh=False, screen=self.large)
            self._live.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._live is not None:
            self._live.__exit__(None, None, None)
            self._live = None
            from rich.console import Console

            Console().print(self.renderable())


def now_ms() -> float:
    """A monotonic clock in milliseconds (for latency figures)."""
    return time.perf_counter() * 1000.0
