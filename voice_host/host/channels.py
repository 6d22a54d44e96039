"""Where training's replies come from and where the host's lines go.

Replies (:class:`Replies`) come from a recording (``--input``: endpointed utterances, in order,
through the real recognizer), the live microphone, or the keyboard; all three give the same
:class:`Reply`. Output (:class:`Output`) goes to the terminal transcript, the speakers (with an
optional private device for the learner's hand), or WAV files; earcons go along when enabled.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TextIO

import numpy as np

from voice_host.phrases import PhraseTable
from voice_host.recognition import SAMPLE_RATE, Expectation, Hearing, Recognizer, Samples

if TYPE_CHECKING:
    from voice_host.audio.endpoint import EndpointerConfig
    from voice_host.audio.gate import SpeakingGate
    from voice_host.settings import Settings
    from voice_host.voice import HostVoice, VoiceSettings

LISTEN_TIMEOUT_S = 30.0
"""A live listener gives up waiting for a reply after this long."""


@dataclass(frozen=True)
class Reply:
    """One thing the learner said or typed."""

    text: str
    """The transcript (or the typed line)."""
    numbers: tuple[int, ...]
    """Numbers in spoken order (the best reading when unsure)."""
    command: str | None
    """A command name from the phrase table, if one was said."""
    sure: bool
    """Whether the recognizer was confident (typed replies always are)."""
    ms: int | None
    """Milliseconds from the end of the question to the start of the reply; None if unknown."""
    play: bool = False
    """Whether it began with a "play" word ("play seven")."""
    hearing: Hearing | None = None
    """What the recognizer heard (None for a typed line)."""

    @property
    def is_empty(self) -> bool:
        """Nothing usable was heard."""
        return not self.numbers and self.command is None

    def heard(self) -> list[int | str]:
        """The numbers and command of this reply, for logs."""
        out: list[int | str] = list(self.numbers)
        if self.command is not None:
            out.append(self.command)
        return out


def interpret(table: PhraseTable, hearing: Hearing) -> tuple[tuple[int, ...], str | None, bool]:
    """(numbers, command, sure) of a hearing: its confident reading, else its best hypothesis
    (the top transcript, then the first alternative), marked unsure. A transcript with no
    confidence at all (a search that stopped partway) is no hypothesis."""
    if not hearing.is_empty:
        return hearing.numbers, hearing.command, True
    texts = [alt.text for alt in hearing.alternatives]
    if hearing.confidence > 0.0:
        texts.insert(0, hearing.text)
    for text in texts:
        parsed = table.parse(text) if text else None
        if parsed is not None:
            return parsed.numbers, parsed.command, False
    return (), None, False


def starts_with_play(table: PhraseTable, text: str) -> bool:
    """Whether ``text`` begins with one of the language's "play" words."""
    from voice_host.phrases import normalize

    said = normalize(text).replace("-", " ").split()
    for word in table.play_words:
        w = normalize(word).split()
        if said[: len(w)] == w:
            return True
    return False


class Replies(Protocol):
    """A source of replies: a recording, the microphone, or the keyboard."""

    interactive: bool
    """Whether the source can answer a follow-up question ("Did you say ...?")."""

    def mark(self) -> None:
        """The host has just finished asking: timing of the next reply starts now."""
        ...

    def next(self, expect: Expectation | None = None) -> Reply | None:
        """The next reply; None when the input has ended."""
        ...


def _reply(table: PhraseTable, hearing: Hearing, ms: int | None) -> Reply:
    """The reply ``hearing`` makes, ``ms`` after the question."""
    numbers, command, sure = interpret(table, hearing)
    return Reply(hearing.text, numbers, command, sure, ms, starts_with_play(table, hearing.text),
                 hearing)


class RecordingReplies:
    """Replies cut from a recording by the endpointer, in order.

    The time of a reply is the silence before it in the recording: from the end of the previous
    utterance (or the start of the file) to the start of this one.
    """

    interactive = False

    def __init__(self, path: str | Path, recognizer: Recognizer, table: PhraseTable) -> None:
        from voice_host.audio import Endpointer, wav_chunks

        self.recognizer = recognizer
        """The recognizer every utterance goes through."""
        self.table = table
        """The phrase table replies are read with."""
        self.hearings: list[Hearing] = []
        """Every hearing so far, in order (for the log)."""
        self._utterances = Endpointer().utterances(wav_chunks(path))
        self._last_end = 0.0

    def mark(self) -> None:
        """Nothing to do: the recording's own silences time the replies."""

    def next(self, expect: Expectation | None = None) -> Reply | None:
        """The next utterance of the recording, recognized; None at the end."""
        utt = next(self._utterances, None)
        if utt is None:
            return None
        hearing = self.recognizer.recognize(utt.samples, expect)
        self.hearings.append(hearing)
        ms = max(0, round((utt.start_s - self._last_end) * 1000))
        self._last_end = utt.end_s
        return _reply(self.table, hearing, ms)


class MicrophoneReplies:
    """Replies from the live microphone; the speaking gate keeps the host's own voice out.

    Recognized early, as the referee's ear is (:class:`~voice_host.audio.early.EarlyRecognizer`):
    from the endpointer's tentative end on, under the expectation of the question asked, and a
    reply that is whole (:func:`~voice_host.recognition.is_whole`: a sure total above 9, or a
    card and a total) is taken as soon as its hearing is ready instead of after the full
    hangover. A lone card-sized number still waits for the hangover: it may be the start of
    "seven, twenty-four".
    """

    interactive = True

    def __init__(
        self,
        recognizer: Recognizer,
        table: PhraseTable,
        device: str | int | None = None,
        gate: SpeakingGate | None = None,
        timeout_s: float = LISTEN_TIMEOUT_S,
        endpointing: EndpointerConfig | None = None,
    ) -> None:
        from voice_host.audio import Endpointer, MicrophoneSource
        from voice_host.audio.early import EarlyRecognizer
        from voice_host.recognition import is_whole

        self.recognizer = recognizer
        """The recognizer every utterance goes through."""
        self.table = table
        """The phrase table replies are read with."""
        self.timeout_s = timeout_s
        """How long :meth:`next` waits for speech."""
        self._source = MicrophoneSource(device=device)
        self._expect: Expectation | None = None
        self._loop: EarlyRecognizer[Hearing] = EarlyRecognizer(
            lambda samples: recognizer.recognize(samples, self._expect),
            Endpointer(endpointing, gate=gate),
            bind=self._bind,
            close_early=is_whole,
        )
        self._t0: float | None = None
        self._asked = time.monotonic()

    @property
    def closed_early(self) -> int:
        """Replies taken as soon as their whole early hearing was ready."""
        return self._loop.closed_early

    def _bind(self, _utterance: object) -> Callable[[Samples], Hearing]:
        # In the caller's thread as recognition starts: the expectation of the question asked.
        expect = self._expect
        return lambda samples: self.recognizer.recognize(samples, expect)

    def mark(self) -> None:
        """Start timing now."""
        self._asked = time.monotonic()

    def next(self, expect: Expectation | None = None) -> Reply | None:
        """The next utterance (an empty reply after the timeout)."""
        self._expect = expect
        deadline = time.monotonic() + self.timeout_s
        while time.monotonic() < deadline:
            chunk = self._source.read(timeout=0.1)
            if chunk is None:
                continue
            if self._t0 is None:
                self._t0 = chunk.timestamp if chunk.timestamp is not None else time.monotonic()
            for r in self._loop.process(chunk):
                started = self._t0 + r.utterance.start_s
                return _reply(self.table, r.result, max(0, round((started - self._asked) * 1000)))
        return Reply("", (), None, False, None)

    def close(self) -> None:
        """Stop the recognition worker and the microphone."""
        self._loop.close()
        self._source.close()


KEYBOARD_PROMPT = "> "
"""Shown when a reply is awaited at a terminal."""

QUIT_WORDS = ("q", "quit", "exit")
"""Typed alone, these stop the session, as "stop" said aloud does."""


class KeyboardReplies:
    """Replies typed into the terminal, one per line ("17", "yes", "play 7 24", "my cards")."""

    interactive = True

    def __init__(self, table: PhraseTable, stream: TextIO | None = None) -> None:
        self.table = table
        """The phrase table lines are read with."""
        self._stream = stream or sys.stdin
        self._timed = self._stream.isatty()
        self._asked = time.monotonic()

    def mark(self) -> None:
        """Start timing now."""
        self._asked = time.monotonic()

    def next(self, expect: Expectation | None = None) -> Reply | None:
        """The next typed line; None at the end of input. At a terminal a prompt is shown first;
        empty lines are passed over; q (quit, exit) is the stop command. Lines piped in (not
        typed at a terminal) are not timed."""
        text = ""
        while not text:
            if self._timed:
                print(KEYBOARD_PROMPT, end="", flush=True)
            line = self._stream.readline()
            if not line:
                return None
            text = line.strip()
        ms = round((time.monotonic() - self._asked) * 1000) if self._timed else None
        if text.lower() in QUIT_WORDS:
            return Reply(text, (), "stop", True, ms, False)
        parsed = self.table.parse(text)
        play = starts_with_play(self.table, text)
        if parsed is None:
            return Reply(text, (), None, True, ms, play)
        return Reply(text, parsed.numbers, parsed.command, True, ms, play)


# --- output ------------------------------------------------------------------------------------


BOT_VOICES = ("gmw/en-gb-scotland", "gmw/en-029", "gmw/en-gb-x-rp", "gmw/en-us-nyc")
"""espeak-ng voices the bots speak with (English), one per bot seat."""


class Output(Protocol):
    """Where the host's lines and earcons go."""

    def say(self, text: str, *, private: bool = False, speaker: int | None = None) -> None:
        """Say one line; ``private`` lines (the learner's hand) go to the private device;
        ``speaker`` is a bot's number (0, 1...) for its own voice, None for the host."""
        ...

    def earcon(self, name: str) -> None:
        """Play one earcon (if earcons are on)."""
        ...


@dataclass
class Transcript:
    """The host's lines printed on the terminal (and kept), no sound."""

    stream: TextIO | None = None
    """Where lines are printed (None: standard output)."""
    earcons: bool = True
    """Whether earcons are shown as ``[earcon]`` marks."""
    lines: list[str] = field(default_factory=list)
    """Every line said, in order (private ones prefixed ``(private)``)."""

    def say(self, text: str, *, private: bool = False, speaker: int | None = None) -> None:
        """Print and keep one line."""
        line = f"(private) {text}" if private else text
        self.lines.append(line)
        print(f"host: {line}", file=self.stream or sys.stdout, flush=True)

    def earcon(self, name: str) -> None:
        """Note the earcon in the transcript."""
        if self.earcons:
            self.lines.append(f"[{name}]")


class SpeakerOutput:
    """Lines spoken on the speakers (and printed); the learner's hand optionally on headphones."""

    def __init__(
        self,
        settings: Settings,
        transcript: Transcript | None = None,
        gate: SpeakingGate | None = None,
    ) -> None:
        from voice_host.voice import HostVoice, VoiceSettings

        vs = VoiceSettings(
            lang=settings.lang, voice=settings.voice, rate=settings.rate, volume=settings.volume
        )
        self.settings = settings
        """Voice, devices and earcons."""
        self.transcript = transcript or Transcript(earcons=settings.earcons)
        """The printed lines."""
        self.public = HostVoice(vs, gate=gate, device=_device(settings.output_device))
        """The table's voice (speakers)."""
        self.private = (
            HostVoice(vs, gate=gate, device=_device(settings.private_device))
            if settings.private_device
            else self.public
        )
        """The learner's own voice (headphones), or the speakers."""
        self.gate = gate
        """Shut while speaking so the microphone does not hear the host."""
        self._bots: dict[int, HostVoice] = {}
        self._vs = vs

    def _bot(self, speaker: int) -> HostVoice:
        from voice_host.voice import HostVoice

        if speaker not in self._bots:
            self._bots[speaker] = HostVoice(
                bot_voice(self._vs, speaker), gate=self.gate, device=self.public.device
            )
        return self._bots[speaker]

    def say(self, text: str, *, private: bool = False, speaker: int | None = None) -> None:
        """Print, then speak on the right device (a bot in its own voice)."""
        self.transcript.say(text, private=private)
        if speaker is not None:
            self._bot(speaker).say(text)
        else:
            (self.private if private else self.public).say(text)

    def earcon(self, name: str) -> None:
        """Play an earcon on the speakers, if earcons are on."""
        if not self.settings.earcons:
            return
        self.transcript.earcon(name)
        from voice_host.earcons import play_earcon

        if self.gate is not None:
            with self.gate.speaking():
                play_earcon(name, _device(self.settings.output_device), self.settings.volume)
        else:
            play_earcon(name, _device(self.settings.output_device), self.settings.volume)


class WavOutput:
    """Lines (and earcons) appended to a WAV; private lines to their own WAV when given."""

    def __init__(
        self,
        settings: Settings,
        path: Path,
        private_path: Path | None = None,
        transcript: Transcript | None = None,
    ) -> None:
        from voice_host.voice import HostVoice, VoiceSettings

        self.settings = settings
        """Voice and earcons."""
        self.transcript = transcript or Transcript(earcons=settings.earcons)
        """The printed lines."""
        self.voice = HostVoice(
            VoiceSettings(
                lang=settings.lang, voice=settings.voice, rate=settings.rate, volume=settings.volume
            )
        )
        """Renders the speech."""
        self.path = path
        """The public WAV."""
        self.private_path = private_path
        """The private WAV, or None to put private lines in the public one."""
        self._audio: dict[Path, list[Samples]] = {}
        self._bots: dict[int, HostVoice] = {}

    def _append(self, path: Path, samples: Samples) -> None:
        from voice_host.audio import write_wav

        parts = self._audio.setdefault(path, [])
        if parts:
            parts.append(np.zeros(SAMPLE_RATE // 4, dtype=np.int16))
        parts.append(samples)
        write_wav(path, np.concatenate(parts), SAMPLE_RATE)

    def say(self, text: str, *, private: bool = False, speaker: int | None = None) -> None:
        """Print the line and append its speech to the right WAV."""
        from voice_host.voice import HostVoice

        self.transcript.say(text, private=private)
        target = self.private_path if private and self.private_path is not None else self.path
        voice = self.voice
        if speaker is not None:
            if speaker not in self._bots:
                self._bots[speaker] = HostVoice(bot_voice(self.voice.settings, speaker))
            voice = self._bots[speaker]
        self._append(target, voice.samples(text))

    def earcon(self, name: str) -> None:
        """Append the earcon to the public WAV, if earcons are on."""
        if not self.settings.earcons:
            return
        self.transcript.earcon(name)
        from voice_host.audio.chunks import resample, to_int16
        from voice_host.earcons import earcon_samples

        data, rate = earcon_samples(name)
        self._append(self.path, to_int16(resample(data * self.settings.volume, rate, SAMPLE_RATE)))


def bot_voice(host: VoiceSettings, speaker: int) -> VoiceSettings:
    """The voice of bot number ``speaker``: its own accent in English, else its own rate."""
    if host.lang == "en":
        return replace(host, voice=BOT_VOICES[speaker % len(BOT_VOICES)])
    return replace(host, rate=host.rate + 20 * (speaker % 3 + 1))


def _device(value: str | None) -> str | int | None:
    if value is None:
        return None
    return int(value) if value.strip().isdigit() else value


def iter_replies(replies: Replies, expect: Expectation | None = None) -> Iterator[Reply]:
    """Every reply until the input ends."""
    while True:
        reply = replies.next(expect)
        if reply is None:
            return
        yield reply
