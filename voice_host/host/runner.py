"""The host at work: carries out each :class:`~voice_host.host.step.Step` of a game's session in
a fixed order (journal actions written and fsync'd, then log records, then the display and
transcript, then the host's voice), fed by utterances from a microphone or a recording and by
typed lines.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TextIO

from voice_host.ear.inputs import LiveStream
from voice_host.host.dialogue import Dialogue
from voice_host.host.seam import HostWords
from voice_host.host.step import JSONObject, Step
from voice_host.recognition import Expectation, Hearing, Recognizer, Samples

if TYPE_CHECKING:
    from voice_host.audio.gate import SpeakingGate
    from voice_host.games.cowabunga.words import Wording
    from voice_host.voice.host import Voice


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
    """The host's voice: a WAV with ``speak_to``, else the speakers if any and not ``mute``, else
    none; and a phrase saying where it goes."""
    from voice_host.voice import HostVoice, VoiceSettings, WavVoice

    settings = VoiceSettings(lang=lang)
    if speak_to is not None:  # a WAV is not aloud: --mute leaves it be
        return WavVoice(speak_to, HostVoice(settings)), str(speak_to)
    if mute:
        return None, "nowhere (muted)"
    if has_output_device():
        return HostVoice(settings, gate=gate, device=device), "the speakers"
    return None, "nowhere (no speakers found; use --speak-to host.wav)"


class Journal(Protocol):
    """Where accepted actions are made durable before they are announced."""

    def append(self, actions: list[JSONObject]) -> None:
        """Write ``actions`` and sync them to disk."""
        ...


class Judge(Protocol):
    """What the runner drives: a game's session (a :class:`Dialogue`) or a setup asked by voice."""

    stopped: bool
    """Whether "stop" was said."""

    @property
    def say(self) -> HostWords:
        """The host's lines in the table's language (the transcript's labels among them)."""
        ...

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
class Runner:
    """Carries each :class:`Step` out, in the journal-first order."""

    judge: Judge
    """The game being hosted (or its setup being asked for)."""
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
    wording: Wording | None = None
    """The transcript's labels (heard, typed, the host...); None: the judge's language."""
    earcons: Callable[[JSONObject], None] | None = None
    """Called with each log record after the display and before the voice (to mark it with an
    earcon); None: no earcons."""
    lines: list[str] = field(default_factory=list)
    """Every host line so far."""
    messages: list[str] = field(default_factory=list)
    """Notes for the keyboard user so far."""

    def handle(self, step: Step) -> None:
        """Journal, log, show, mark with earcons, then speak."""
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
            line = self.transcript_line(record)
            if line is not None:
                self.transcript(line)
        if step.message is not None:
            self.messages.append(step.message)
            if self.transcript is not None:
                self.transcript(f"  {step.message}")
        if self.on_change is not None:
            self.on_change()
        if self.earcons is not None:
            for record in step.records:
                self.earcons(record)
        for line in step.lines:
            self.lines.append(line)
            if self.voice is not None:
                self.voice.speak(line)

    def transcript_line(self, record: Mapping[str, object]) -> str | None:
        """The printed line of a log record in the table's language (None: not printed)."""
        w = self.wording or self.judge.say.wording
        if record["event"] == "heard":
            typed = w.typed_mark if record.get("typed") else ""
            text = str(record["text"]) or "…"
            return "  " + w.heard_line.format(
                typed=typed, text=text, confidence=record["confidence"]
            )
        if record["event"] == "host":
            return w.host_line.format(text=record["text"])
        if record["event"] == "ask" and self.recording:
            return "  " + w.would_ask.format(question=record["question"])
        return None

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
        """Feed utterances (samples) and typed lines (str) to the judge until ``until()``.

        A :class:`LiveStream` is handed the recognizer and this judge, so it recognizes each
        utterance early (under the judge's expectation) and joins a phrase cut at its comma; its
        utterances arrive here recognized. Other streams' utterances are recognized here."""
        if until():
            return
        live = inputs if isinstance(inputs, LiveStream) else None
        if live is not None:
            session = self.judge if isinstance(self.judge, Dialogue) else None
            live.listen_with(
                recognizer,
                self.judge.expectation,
                session.may_be_cut if session is not None else None,
                session.is_whole if session is not None else None,
            )
        for item in inputs:
            if isinstance(item, str):
                self.type(item)
            else:
                heard = live.heard(item) if live is not None else None
                if heard is not None:
                    self.hear(heard)
                else:
                    self.hear(recognizer.recognize(item, self.judge.expectation()))
            if until():
                return


def now_ms() -> float:
    """A monotonic clock in milliseconds (for latency figures)."""
    return time.perf_counter() * 1000.0
