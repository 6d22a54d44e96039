"""Endpointing: cut a chunk stream into utterances, in silence and in noise.

Each 30 ms frame counts as speech when webrtcvad says so *and* its energy stands clear of an
adaptive noise floor (the median energy of recent frames outside utterances). An utterance starts
when most of a short window is speech, keeps a pre-roll so word onsets are not clipped, and ends
after ``hangover_ms`` of non-speech. A stretch longer than any announcement (``recut_s``, or one
that runs to ``max_utterance_s``) is most likely background the floor did not know yet (a stream
that starts in party babble): it teaches the floor and is cut again under it, so the speech in it
is not swallowed. Too little voiced audio is discarded as a click or a cough.

Earlier, after ``tentative_ms`` of non-speech, :meth:`Endpointer.events` reports a
:class:`TentativeEnd`: the utterance as it stands, so recognition can start while the hangover
runs (:mod:`voice_host.audio.early`). If speech resumes, the utterance simply goes on; the
tentative end is confirmed only by a finished utterance that ends where it ended. A caller that
knows the utterance is over before the hangover has run out (early recognition heard a whole
phrase) closes it with :meth:`Endpointer.close_now`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from voice_host.audio.chunks import AudioChunk
from voice_host.audio.gate import SpeakingGate
from voice_host.recognition import SAMPLE_RATE, Samples


@dataclass(frozen=True)
class Utterance:
    """One stretch of speech cut from a stream."""

    samples: Samples
    """16 kHz mono int16, pre-roll and trailing pause included."""
    start_s: float
    """Stream time (seconds since the endpointer started) where speech began."""
    end_s: float
    """Stream time where speech ended (the last speech frame's end)."""
    emitted_s: float = 0.0
    """Stream time at which the endpointer decided the utterance was over."""
    lead: Samples = field(default_factory=lambda: np.zeros(0, np.int16), compare=False)
    """Up to :attr:`EndpointerConfig.lead_ms` of the audio just before ``samples`` (empty when
    none is kept): where to look again when the start of a word may have been missed."""

    @property
    def seconds(self) -> float:
        """Duration of ``samples`` in seconds."""
        return len(self.samples) / SAMPLE_RATE


@dataclass(frozen=True)
class TentativeEnd:
    """Speech has paused long enough that the utterance may be over; it is not closed yet."""

    utterance: Utterance
    """The utterance so far, as it would be if no more speech came; ``emitted_s`` is the stream
    time of this tentative decision."""
    padded: Samples
    """``utterance.samples`` made as long as the closed utterance will be, the rest of the
    hangover stood in for by the trailing non-speech repeated: what early recognition hears, so
    that it hears what the recognition of the closed utterance would (a shorter tail of silence
    or noise changes some readings)."""

    def is_confirmed_by(self, final: Utterance) -> bool:
        """True when ``final`` is this utterance closed with no speech after the tentative end:
        same start and end of speech, and this one's samples are the start of the final's."""
        tent = self.utterance
        n = len(tent.samples)
        return (
            final.start_s == tent.start_s
            and final.end_s == tent.end_s
            and len(final.samples) >= n
            and bool(np.array_equal(final.samples[:n], tent.samples))
        )


EndpointEvent = Utterance | TentativeEnd
"""What :meth:`Endpointer.events` reports: a finished utterance or a tentative end."""


@dataclass(frozen=True)
class EndpointerConfig:
    """Tuning of the :class:`Endpointer`; the defaults are what the tests and bench measured."""

    frame_ms: int = 30
    """Analysis frame (10, 20 or 30 ms for webrtcvad)."""
    vad_mode: int = 2
    """webrtcvad aggressiveness 0-3; None-like behaviour (energy only) with -1."""
    margin_db: float = 6.0
    """How far above the noise floor a frame must be to count as speech."""
    continue_margin_db: float = 3.0
    """Inside an utterance, a frame this far above the floor keeps it going (hysteresis), so weak
    consonants and short pauses in noise do not split a phrase."""
    spread_factor: float = 1.0
    """Margins grow to this many standard deviations of the background (babble fluctuates)."""
    min_level_db: float = 36.0
    """Absolute frame energy (dB re 1 LSB^2) below which nothing is speech (about -54 dBFS)."""
    start_window: int = 5
    """Frames in the window that decides a start."""
    start_frames: int = 3
    """Speech frames within ``start_window`` that start an utterance."""
    hangover_ms: int = 300
    """Non-speech after the last speech frame that ends an utterance."""
    tentative_ms: int = 150
    """Non-speech after the last speech frame that signals a :class:`TentativeEnd`, so that
    recognition can start early; 0 (or not below ``hangover_ms``) signals none."""
    pre_roll_ms: int = 240
    """Audio kept from before the detected start."""
    lead_ms: int = 0
    """Audio before the pre-roll kept beside the utterance (:attr:`Utterance.lead`), not in it.
    In party babble the endpointer can start late, after a weak first syllable ("fünfzehn"
    heard as "zehn"); a longer pre-roll for every utterance would put babble in front of the
    clean starts too."""
    min_speech_ms: int = 120
    """Voiced audio an utterance needs to be kept."""
    max_utterance_s: float = 8.0
    """An utterance this long teaches the noise floor and is cut again under it (cut here if it
    still runs this long)."""
    recut_s: float = 4.0
    """An utterance with this much speech or more is cut again under the floor it teaches, as
    one that runs to ``max_utterance_s`` is: longer than any announcement, it is more likely
    background the floor did not know yet."""
    noise_window_s: float = 2.0
    """How much recent non-utterance audio the noise floor is estimated from."""


class _Vad(Protocol):
    def is_speech(self, buf: bytes, sample_rate: int) -> bool: ...


class Endpointer:
    """Cuts a stream of 16 kHz mono int16 chunks into :class:`Utterance` values.

    Feed chunks to :meth:`process` (returns the utterances completed by that chunk), or to
    :meth:`events` to learn of tentative ends too, and call :meth:`flush` at the end of the
    stream. With a :class:`SpeakingGate`, chunks captured while the host speaks are dropped and
    any utterance in progress is abandoned.
    """

    def __init__(
        self, config: EndpointerConfig | None = None, gate: SpeakingGate | None = None
    ) -> None:
        self.config = config or EndpointerConfig()
        """The tuning in use."""
        self.gate = gate
        """The self-hearing guard, if any."""
        c = self.config
        self._frame = SAMPLE_RATE * c.frame_ms // 1000
        self._frame_s = c.frame_ms / 1000
        self._pre_frames = max(1, c.pre_roll_ms // c.frame_ms)
        self._lead_frames = max(0, c.lead_ms // c.frame_ms)
        self._vad: _Vad | None = None
        if c.vad_mode >= 0:
            try:
                import webrtcvad
            except ImportError as err:  # pragma: no cover - a declared dependency
                raise ImportError(
                    "endpointing needs webrtcvad: pip install webrtcvad-wheels"
                ) from err
            self._vad = webrtcvad.Vad(c.vad_mode)
        self._pending = np.zeros(0, dtype=np.int16)
        self._noise: deque[float] = deque(maxlen=max(1, int(c.noise_window_s / self._frame_s)))
        self._time = 0.0
        self.dropped_s = 0.0
        """Seconds of audio ignored because the host was speaking."""
        self._replaying = False
        self._reset_utterance()

    # --- state -------------------------------------------------------------------------------
    def _reset_utterance(self) -> None:
        c = self.config
        self._pre: deque[np.ndarray] = deque(maxlen=self._pre_frames + self._lead_frames)
        self._lead: list[np.ndarray] = []
        self._window: deque[bool] = deque(maxlen=c.start_window)
        self._frames: list[np.ndarray] = []
        self._energies: list[float] = []
        self._in_speech = False
        self._voiced = 0
        self._silent_run = 0
        self._start_s = 0.0
        self._last_speech_end = 0.0

    def reset(self) -> None:
        """Abandon any utterance in progress (the noise floor is kept)."""
        self._pending = np.zeros(0, dtype=np.int16)
        self._reset_utterance()

    @property
    def in_speech(self) -> bool:
        """True while an utterance is open."""
        return self._in_speech

    @property
    def noise_floor_db(self) -> float:
        """Current noise floor estimate in dB re 1 LSB^2."""
        if not self._noise:
            return float("inf")
        history = np.fromiter(self._noise, dtype=np.float64)
        if len(history) < 10:
            # Warming up: the quietest frame so far is the safest guess of the background.
            return float(history.min())
        return float(np.median(history))

    @property
    def stream_s(self) -> float:
        """Seconds of audio seen so far (dropped audio included)."""
        return self._time

    # --- processing --------------------------------------------------------------------------
    def process(self, chunk: AudioChunk) -> list[Utterance]:
        """Take one chunk; return the utterances it completed (usually none)."""
        return [e for e in self.events(chunk) if isinstance(e, Utterance)]

    def events(self, chunk: AudioChunk) -> list[EndpointEvent]:
        """Take one chunk; return the tentative ends and finished utterances it brought, in
        stream order (usually none)."""
        if self.gate is not None and self.gate.blocks(chunk.timestamp):
            self.reset()
            self._time += chunk.seconds
            self.dropped_s += chunk.seconds
            return []
        data = chunk.to_samples()
        if chunk.rate != SAMPLE_RATE:
            raise ValueError(f"chunk rate {chunk.rate} Hz; the endpointer takes {SAMPLE_RATE} Hz")
        buf = np.concatenate([self._pending, data]) if len(self._pending) else data
        out: list[EndpointEvent] = []
        n = len(buf) // self._frame
        for i in range(n):
            out += self._frame_step(buf[i * self._frame : (i + 1) * self._frame])
        self._pending = buf[n * self._frame :].copy()
        return out

    def flush(self) -> Utterance | None:
        """End of stream: close the open utterance, if it has enough speech."""
        return self.close_now()

    def current(self) -> Utterance | None:
        """The open utterance as it would be if it closed now (None when none is open or it has
        too little speech to keep); nothing changes."""
        return self._finish() if self._in_speech else None

    def close_now(self) -> Utterance | None:
        """Close the open utterance now, before its hangover has run out, and go on with the
        stream: for a caller that knows it is over (early recognition heard a whole phrase,
        :mod:`voice_host.audio.early`). None when none is open or it has too little speech."""
        utt = self.current()
        self._reset_utterance()
        return utt

    def utterances(self, chunks: Iterable[AudioChunk]) -> Iterator[Utterance]:
        """All utterances of a finite or endless chunk stream, as they complete."""
        for chunk in chunks:
            yield from self.process(chunk)
        last = self.flush()
        if last is not None:
            yield last

    def since_close(self) -> Samples:
        """The audio since the last utterance closed (at most the pre-roll and the lead), when
        none is open; empty while one is."""
        if self._in_speech or not self._pre:
            return np.zeros(0, np.int16)
        recent: Samples = np.concatenate(list(self._pre)).astype(np.int16)
        return recent

    @property
    def noise_spread_db(self) -> float:
        """How much the background's frame energy varies (std in dB); babble varies more."""
        if len(self._noise) < 10:
            return 0.0
        return float(np.std(np.fromiter(self._noise, dtype=np.float64)))

    def _is_speech(self, frame: np.ndarray, energy_db: float) -> bool:
        c = self.config
        floor = self.noise_floor_db
        spread = self.noise_spread_db
        keep = max(c.continue_margin_db, c.spread_factor * spread)
        if self._in_speech and energy_db >= max(c.min_level_db, floor + keep):
            return True
        start = max(c.margin_db, c.margin_db / 2 + c.spread_factor * spread)
        if energy_db < max(c.min_level_db, floor + start):
            return False
        if self._vad is None:
            return True
        return bool(self._vad.is_speech(frame.astype("<i2").tobytes(), SAMPLE_RATE))

    def _cut_again(self) -> list[EndpointEvent]:
        """An utterance ran to ``max_utterance_s``, or closed with ``recut_s`` of speech: more
        likely a change of background (party babble rising, or a stream that starts in it before
        the floor was known) than speech. Its frames teach the noise floor, and the stretch is
        cut again under the floor learned, so the speech in it is cut as it would have been had
        the background been known; what still runs to the cap is cut there. When nothing in it
        stands out from the floor it taught (one long stretch of talk), it stays as first cut."""
        frames, first = self._frames, self._finish()
        self._noise.extend(self._energies)
        self._time -= len(frames) * self._frame_s
        self._reset_utterance()
        self._replaying = True
        try:
            events = [e for frame in frames for e in self._frame_step(frame)]
        finally:
            self._replaying = False
        if first is not None and not self._in_speech and not any(
                isinstance(e, Utterance) for e in events):
            return [first]
        return events

    def _frame_step(self, frame: np.ndarray) -> list[EndpointEvent]:
        c = self.config
        f64 = frame.astype(np.float64)
        energy_db = float(10.0 * np.log10(np.mean(f64 * f64) + 1.0))
        speech = self._is_speech(frame, energy_db)
        t0 = self._time
        self._time += self._frame_s
        if not self._in_speech:
            self._pre.append(frame)
            self._window.append(speech)
            if sum(self._window) >= c.start_frames:
                self._in_speech = True
                lead = len(self._window) - next(i for i, s in enumerate(self._window) if s)
                self._start_s = self._time - lead * self._frame_s
                before, keep = list(self._pre), self._pre_frames
                self._lead, self._frames = before[:-keep], before[-keep:]
                self._energies = [energy_db]
                self._voiced = sum(self._window)
                self._silent_run = 0
                self._last_speech_end = self._time
            else:
                self._noise.append(energy_db)
            return []
        self._frames.append(frame)
        self._energies.append(energy_db)
        if speech:
            self._voiced += 1
            self._silent_run = 0
            self._last_speech_end = t0 + self._frame_s
        else:
            self._silent_run += 1
        too_long = len(self._frames) * self._frame_s >= c.max_utterance_s
        ended = self._silent_run * c.frame_ms >= c.hangover_ms
        long = self._last_speech_end - self._start_s >= c.recut_s
        if (too_long or (ended and long)) and not self._replaying:
            return self._cut_again()
        if ended or too_long:
            utt = self._finish()
            self._reset_utterance()
            return [] if utt is None else [utt]
        if (
            not speech
            and 0 < c.tentative_ms < c.hangover_ms
            and (self._silent_run - 1) * c.frame_ms < c.tentative_ms
            and self._silent_run * c.frame_ms >= c.tentative_ms
        ):
            so_far = self._finish()
            if so_far is None:
                return []
            tail = self._frames[-self._silent_run :]
            missing = -(-c.hangover_ms // c.frame_ms) - self._silent_run
            stand_in = [tail[i % len(tail)] for i in range(missing)]
            padded = np.concatenate([so_far.samples, *stand_in]).astype(np.int16)
            return [TentativeEnd(so_far, padded)]
        return []

    def _finish(self) -> Utterance | None:
        if self._voiced * self.config.frame_ms < self.config.min_speech_ms:
            return None
        return Utterance(
            samples=np.concatenate(self._frames).astype(np.int16),
            start_s=round(self._start_s, 3),
            end_s=round(self._last_speech_end, 3),
            emitted_s=round(self._time, 3),
            lead=(np.concatenate(self._lead).astype(np.int16) if self._lead
                  else np.zeros(0, np.int16)),
        )
