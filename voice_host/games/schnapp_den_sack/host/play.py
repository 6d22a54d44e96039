"""Schnapp den Sack at a real table: the host deals, flips, says each card and judges the first
call, with a journal (``--resume`` continues the same deal), the event log, the voice, the earcons
and the live view. A call is a call word, or with ``--buzzers`` a player's key
(:mod:`.key_calls`); the journal keeps who called, whatever made the call.

The game keeps its own loop rather than the shared table app's (:func:`~voice_host.host.table.
run_table`): the host waits a limited time for a call, and that wait runs on the stream's clock
(:mod:`.listen`), which the shared app's utterance stream does not carry. Everything else is the
shared parts: :class:`~voice_host.host.table.TableRun`, the journal module and the
:class:`~voice_host.host.runner.Runner` with its earcons hook.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TextIO

from voice_host.audio.chunks import AudioFileError, read_wav, samples_to_chunks
from voice_host.audio.gate import SpeakingGate
from voice_host.audio.mic import AudioDeviceError
from voice_host.ear.early import table_endpointer
from voice_host.games.schnapp_den_sack.host.buzzers import BuzzerError, assign_keys
from voice_host.games.schnapp_den_sack.host.game import EARCONS
from voice_host.games.schnapp_den_sack.host.journal import (
    FILE_NAME,
    GAME,
    SchnappSetup,
    restore,
)
from voice_host.games.schnapp_den_sack.host.key_calls import hear_with_keys, press_keys
from voice_host.games.schnapp_den_sack.host.keypresses import key_mode
from voice_host.games.schnapp_den_sack.host.listen import StreamTable, hear_live, hear_stream
from voice_host.games.schnapp_den_sack.host.session import SchnappSession
from voice_host.games.schnapp_den_sack.host.voice_setup import (
    SchnappVoiceSetup,
    ask_live,
    ask_on_stream,
    ask_typed,
)
from voice_host.host.journal import Journal, JournalError, read_journal
from voice_host.host.live_view import LiveView
from voice_host.host.runner import Runner, open_voice
from voice_host.host.step import Step
from voice_host.host.table import (
    TableError,
    TableRun,
    check_voice,
    journal_path,
    open_log,
    say_stopped,
)
from voice_host.host.table_earcons import earcon_player
from voice_host.recognition import EngineError, Recognizer
from voice_host.voice import VoiceError

if TYPE_CHECKING:
    from voice_host.audio.chunks import AudioChunk
    from voice_host.ear.inputs import ChunkSource


def run_schnapp(setup: SchnappSetup | SchnappVoiceSetup | None, run: TableRun, *,
                keyboard: bool = False, buzzers: BuzzerKeys | None = None) -> int:
    """Host a table of the game ``setup`` deals (None: the journal's, with ``run.resume``; a
    :class:`SchnappVoiceSetup`: the table asked for by voice first) as
    ``run`` says: a recording, the microphone with the keyboard beside it, or the keyboard alone;
    with ``buzzers``, calls by key (not with a recording). The exit status (130 when
    interrupted). Raises :class:`TableError` (one line; nothing is written before every input
    was checked)."""
    return SchnappTableRun(run, keyboard=keyboard, buzzers=buzzers).run(setup)


@dataclass(frozen=True)
class BuzzerKeys:
    """A table that calls by buzzer key (:mod:`.buzzers`)."""

    given: tuple[str, ...] | None = None
    """The keys in turn order, as the table gave them (None: chosen by the players' names)."""
    keys: TextIO = field(default_factory=lambda: sys.stdin)
    """Where the keys come from (standard input)."""


def note(run: TableRun, text: str) -> None:
    """A note of the table's own on standard error (or ``run.notes``)."""
    print(f"voice-host: {text}", file=run.notes or sys.stderr, flush=True)


def resumed_opening(session: SchnappSession) -> Step:
    """Where a resumed game stands: the waiting card said again (or flipped, when the journal
    ended before the first flip)."""
    step = Step()
    if session.state.flipped is None and not session.game.over:
        session.table.flip(step)
    else:
        session.say_line(step, session.table.status())
    return step


class SchnappTableRun:
    """One run of a table: what its steps share."""

    def __init__(self, run: TableRun, *, keyboard: bool,
                 buzzers: BuzzerKeys | None = None) -> None:
        if buzzers is not None and run.recording is not None:
            raise TableError("--buzzers: a recording has no keys; leave out --input or "
                             "--buzzers")
        self.run_as = run
        self.keyboard = keyboard and run.recording is None
        self.buzzers = buzzers
        self.path = journal_path(FILE_NAME, run)
        self.book: Journal | None = None

    def run(self, setup: SchnappSetup | SchnappVoiceSetup | None) -> int:
        run = self.run_as
        asked = setup if isinstance(setup, SchnappVoiceSetup) else None
        dealt = None if isinstance(setup, SchnappVoiceSetup) else setup
        lang = run.lang
        if asked is None:
            session, lang = self.session(dealt)
            self.use_buzzers(session)
        ear = None if self.keyboard else self.ear(lang)
        samples = None
        if run.recording is not None:
            try:
                samples = read_wav(run.recording)
            except AudioFileError as err:
                raise TableError(str(err)) from None
        gate = SpeakingGate()
        voice, where = open_voice(run.speak_to, lang=lang, gate=gate, mute=run.mute)
        try:
            check_voice(voice)
        except VoiceError as err:
            raise TableError(str(err)) from None
        chunks = samples_to_chunks(samples) if samples is not None else None
        try:
            with self.microphone(gate) as source, open_log(run) as log:
                if asked is not None:
                    dealt = self.ask(asked, Runner(asked, None, log, voice, print,
                                                   recording=run.recording is not None),
                                     ear, chunks, source, gate)
                    session, lang = self.session(dealt)
                    self.use_buzzers(session)
                view = LiveView(session, large=run.large,
                                enabled=run.display and sys.stdout.isatty())
                self.book = self.open_journal(dealt)
                kept = "no journal (a recording)" if self.path is None else f"journal {self.path}"
                note(run, f"{kept}; host speaks to {where}")
                runner = Runner(session, self.book, log, voice, view.note,
                                on_change=view.refresh, recording=run.recording is not None,
                                earcons=earcon_player(voice, EARCONS, gate=gate))
                opening = resumed_opening(session) if run.resume else session.start()
                with view, self.keys():
                    if chunks is not None and ear is not None:
                        table = StreamTable(session, ear, table_endpointer(),
                                            lambda step: timed(runner, step, spoken=False))
                        hear_stream(table, chunks, opening)
                    elif source is not None and ear is not None:
                        self.hear_live(session, ear, runner, source, gate, opening)
                    else:
                        self.type_calls(session, runner, opening)
        except (AudioDeviceError, VoiceError) as err:
            if self.book is None:
                raise TableError(f"{err}; nothing was started") from None
            raise TableError(f"{err} (the game is in {self.path}; continue with "
                             f"{run.again})") from None
        except KeyboardInterrupt:
            say_stopped(run, self.path if self.book is not None else None)
            return 130
        return 0

    def use_buzzers(self, session: SchnappSession) -> None:
        """Give each player their key, if the table calls by key."""
        if self.buzzers is None:
            return
        try:
            session.use_buzzers(assign_keys(session.state.players, self.buzzers.given))
        except BuzzerError as err:
            raise TableError(str(err)) from None

    def keys(self) -> AbstractContextManager[None]:
        """The terminal in key mode while the table runs by buzzer key."""
        return nullcontext() if self.buzzers is None else key_mode(self.buzzers.keys.fileno())

    @staticmethod
    def ask(asked: SchnappVoiceSetup, runner: Runner, ear: Recognizer | None,
            chunks: Iterator[AudioChunk] | None, source: ChunkSource | None,
            gate: SpeakingGate) -> SchnappSetup:
        """The table asked for by voice on the recording, the microphone or the keyboard
        (:mod:`.voice_setup`); :class:`TableError` if it was not finished."""
        if chunks is not None and ear is not None:
            ask_on_stream(asked, runner, ear, chunks)
        elif source is not None and ear is not None:
            ask_live(asked, runner, ear, source, gate, sys.stdin)
        else:
            ask_typed(asked, runner, sys.stdin)
        if not asked.done:
            raise TableError("the setup was not finished; nothing was started")
        return asked.table()

    def session(self, setup: SchnappSetup | None) -> tuple[SchnappSession, str]:
        """The new game's host, or the journal's game replayed; and the table's language."""
        run = self.run_as
        can_answer = run.recording is None
        if not run.resume:
            assert setup is not None
            return setup.session(lang=run.lang, can_answer=can_answer), run.lang
        assert self.path is not None
        try:
            contents = read_journal(self.path, GAME)
            return restore(contents, can_answer=can_answer), contents.lang
        except JournalError as err:
            raise TableError(str(err)) from None
        except ValueError as err:
            raise TableError(f"journal {self.path} does not replay: {err}; it is left as it "
                             "is") from None

    def ear(self, lang: str) -> Recognizer:
        """The recognizer of the table's language."""
        try:
            return self.run_as.ear(lang)
        except EngineError as err:
            raise TableError(str(err)) from None

    @contextmanager
    def microphone(self, gate: SpeakingGate) -> Iterator[ChunkSource | None]:
        """The microphone, open (None for a recording or the keyboard alone)."""
        if self.keyboard or self.run_as.recording is not None:
            yield None
            return
        from voice_host.audio import MicrophoneSource

        try:
            with MicrophoneSource(device=self.run_as.device) as source:
                yield source
        except AudioDeviceError as err:
            if self.book is not None:
                raise
            raise TableError(f"{err} (or --keyboard: calls typed only; --input: a "
                             "recording)") from None

    def open_journal(self, setup: SchnappSetup | None) -> Journal | None:
        """A new journal of ``setup``, or the resumed one with its torn last line dropped."""
        if self.path is None:
            return None
        run = self.run_as
        try:
            if run.resume:
                book, dropped = Journal.reopen(self.path)
                if dropped:
                    note(run, "the journal's last line was cut off (a crash or a power cut while "
                              f"it was written, so never announced); it was dropped from "
                              f"{self.path}")
                return book
            assert setup is not None
            book, kept = Journal.create(self.path, setup, run.lang, game=GAME)
        except OSError as err:
            raise TableError(f"journal {self.path}: {err.strerror or err}") from None
        if kept is not None:
            note(run, f"the previous journal was kept as {kept}")
        return book

    def hear_live(self, session: SchnappSession, ear: Recognizer, runner: Runner,
                  source: ChunkSource, gate: SpeakingGate, opening: Step) -> None:
        """The microphone (shut while the host speaks) and the keyboard beside it (typed lines,
        or buzzer keys); the wait for a call begins when the host has said the card."""
        import queue
        import threading

        typed: queue.Queue[str | None] = queue.Queue()

        def read_keyboard() -> None:
            for line in sys.stdin:
                typed.put(line)
            typed.put(None)

        table = StreamTable(session, ear, table_endpointer(gate),
                            lambda step: timed(runner, step, spoken=True), early=True)
        buzzers = session.table.buzzers
        if self.buzzers is not None and buzzers is not None:
            hear_with_keys(table, source, self.buzzers.keys, buzzers, opening)
            return
        threading.Thread(target=read_keyboard, daemon=True).start()
        hear_live(table, source, typed, opening)

    def type_calls(self, session: SchnappSession, runner: Runner, opening: Step) -> None:
        """Calls typed only: a call word or a name, a command, or an empty line when nobody
        called in time; or, by buzzer key, the keys alone."""
        buzzers = session.table.buzzers
        if self.buzzers is not None and buzzers is not None:
            press_keys(session, runner.handle, self.buzzers.keys, buzzers, opening)
            return
        runner.handle(opening)
        if session.stopped or session.game.over:
            return
        for line in sys.stdin:
            step = session.time_up() if not line.strip() else session.type(line)
            runner.handle(step)
            if step.message:
                print(step.message, flush=True)
            if session.stopped or session.game.over:
                break


def timed(runner: Runner, step: Step, *, spoken: bool) -> float:
    """Carry ``step`` out; how long that took when the host speaks aloud while the stream runs
    on (0 for a recording, whose clock stands still meanwhile)."""
    start = time.monotonic()
    runner.handle(step)
    return time.monotonic() - start if spoken else 0.0

