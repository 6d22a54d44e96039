"""The table app: a hosted game at a real table, from its setup (or its journal) to its end.

Game-neutral: a :class:`TableGame` brings what is the game's own (its setup asked by voice, its
session, how a journal replays, a recording's summary); :func:`run_table` brings the rest the
same for every game: the ear, the microphone and keyboard or a recording, the journal and
``--resume``, the event log, the host's voice and earcons, the live view, and what is said when
the table stops or fails. Every input is checked before a journal is made; a failure is one line.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Protocol, TextIO, TypeVar

from voice_host.audio.chunks import AudioFileError, read_wav
from voice_host.audio.gate import SpeakingGate
from voice_host.audio.mic import AudioDeviceError
from voice_host.ear.inputs import live_inputs, recording_inputs
from voice_host.host.dialogue import Dialogue
from voice_host.host.journal import (
    GameSetup,
    Journal,
    JournalContents,
    JournalError,
    WrongGameError,
    default_journal_path,
    read_journal,
)
from voice_host.host.live_view import LiveView
from voice_host.host.runner import Judge, Runner, open_voice
from voice_host.host.seam import HostWords
from voice_host.host.step import JSONObject, Step
from voice_host.recognition import (
    COMMANDS_ONLY,
    EngineError,
    Expectation,
    Hearing,
    Recognizer,
    Samples,
)
from voice_host.voice import HostVoice, Voice, VoiceError, WavVoice

S = TypeVar("S", bound=Dialogue[Any])


class TableError(ValueError):
    """The table cannot start or go on; one line for the user, and nothing is half-written."""


class SetupJudge(Judge, Protocol):
    """A game's setup asked for by voice (done at once when the flags gave all of it)."""

    @property
    def done(self) -> bool:
        """Whether everything is known."""
        ...

    def begin(self) -> Step:
        """The first question (nothing when nothing is left to ask)."""
        ...


G = TypeVar("G")


class FlagSetup(Generic[G]):
    """A setup the flags gave whole (a :class:`SetupJudge` that asks nothing by voice)."""

    done = True
    stopped = False

    def __init__(self, setup: G, say: HostWords) -> None:
        self.setup = setup
        """The setup given."""
        self.say = say
        """The host's lines in the table's language."""

    def begin(self) -> Step:
        """Nothing to ask."""
        return Step()

    def hear(self, hearing: Hearing) -> Step:
        """Nothing to hear."""
        return Step()

    def type(self, line: str) -> Step:
        """Nothing to read."""
        return Step()

    def expectation(self) -> Expectation:
        """Commands only."""
        return COMMANDS_ONLY


class TableGame(Protocol[S]):
    """What the table app needs of a game: its own parts, each pure or nearly so."""

    @property
    def id(self) -> str:
        """The game's id, named in its journal's header."""
        ...

    @property
    def untagged(self) -> bool:
        """Whether a journal that names no game (written before journals named theirs) is this
        game's."""
        ...

    @property
    def journal_name(self) -> str:
        """The default journal's file name in the user's data folder."""
        ...

    def ask_setup(self) -> SetupJudge:
        """The setup, as far as the flags gave it, to finish by voice."""
        ...

    def begin(self, setup: SetupJudge) -> tuple[GameSetup, S]:
        """The finished ``setup`` (for the journal) and the session it starts; raises
        :class:`TableError` if the rules refuse that table."""
        ...

    def restore(self, journal: JournalContents, *, can_answer: bool) -> S:
        """The session after replaying ``journal``; raises :class:`JournalError` for a setup it
        cannot read, ValueError for an action that does not fit."""
        ...

    def opening(self, session: S, *, resumed: bool) -> Step:
        """The first line of a new game, or the line a restored game continues with."""
        ...

    def summary(self, session: S, recording: Path) -> str:
        """What a recording's game came to, printed when the recording ends."""
        ...


@dataclass(frozen=True)
class TableRun:
    """How a table is run: where it listens, keeps its journal and log, speaks and shows."""

    lang: str
    """The table's language (a resumed game keeps its journal's)."""
    ear: Callable[[str], Recognizer]
    """The recognizer for a language; raises EngineError if it cannot be loaded."""
    again: str
    """The command that continues the game (said when the table stops or fails)."""
    recording: Path | None = None
    """A recorded game (WAV) to hear instead of the microphone; nobody answers questions."""
    device: str | int | None = None
    """The microphone: an index or a part of its name (None: the default)."""
    journal: Path | None = None
    """The journal file (None: the default one, or none for a recording)."""
    resume: bool = False
    """Continue the game in the journal."""
    log: Path | None = None
    """Where every event goes as JSON lines (appended to when resuming)."""
    speak_to: Path | None = None
    """A WAV the host speaks into instead of the speakers."""
    mute: bool = False
    """The host does not speak aloud."""
    large: bool = False
    """Large-print, high-contrast live view."""
    display: bool = True
    """A live view when the output is a terminal (else a plain transcript)."""
    notes: TextIO | None = None
    """Where the table's own notes go (None: standard error)."""
    elsewhere: Callable[[str], str | None] | None = None
    """The command that resumes a journal of the game with this id, if there is one (said when
    ``--resume`` is given another game's journal)."""
    earcons: Callable[[JSONObject], None] | None = None
    """Called with each of the game's log records before the host speaks (the game's earcons
    played on what it logged); None: no earcons."""


def journal_path(journal_name: str, run: TableRun) -> Path | None:
    """The journal a run keeps: ``run.journal``, else the default one (``journal_name`` in the
    user's data folder); a recording's run keeps
    none unless asked to, so the live game's journal stays as it is. Raises :class:`TableError`
    for ``--resume`` of a recording with no journal named."""
    if run.recording is not None and run.journal is None and run.resume:
        raise TableError("--resume with --input needs --journal FILE: a recording's run leaves "
                         "the live game's journal alone")
    if run.journal is not None:
        return run.journal
    return None if run.recording is not None else default_journal_path(journal_name)


def check_voice(voice: object) -> None:
    """Find the host's espeak-ng voice now (raises VoiceError), so a missing voice stops the
    table before anything starts rather than at the host's first line."""
    host = voice.voice if isinstance(voice, WavVoice) else voice
    if isinstance(host, HostVoice):
        host.voice_id()


@contextmanager
def open_log(run: TableRun) -> Iterator[TextIO | None]:
    """The event log ``run.log``, appended to when resuming (None: no log). Raises
    :class:`TableError` (one line) when it cannot be opened."""
    path = run.log
    if path is None:
        yield None
        return
    try:
        log = open(path, "a" if run.resume else "w", encoding="utf-8")  # noqa: SIM115
    except OSError as err:
        raise TableError(f"--log {path}: {err.strerror or err}") from None
    with log:
        yield log


def say_stopped(run: TableRun, journal: Path | None) -> None:
    """What an interrupted table says: where the game is kept and how to go on with it, or that
    nothing was started (``journal`` None: the game's journal was not begun)."""
    out = run.notes or sys.stderr
    if journal is None:
        print("\nvoice-host: stopped before the game began; nothing to resume", file=out)
    else:
        print(f"\nvoice-host: stopped; the game is in {journal}: continue with {run.again}",
              file=out)


def run_table(game: TableGame[S], run: TableRun) -> int:
    """Host ``game`` at a table as ``run`` says, until it is stopped, over or the recording ends;
    the exit status (130 when interrupted). Raises :class:`TableError` (one line)."""
    return _Table(game, run).run()


class _Table(Generic[S]):
    """One run of a table: the state its steps share."""

    def __init__(self, game: TableGame[S], run: TableRun) -> None:
        self.game = game
        self.run_as = run
        self.path = journal_path(game.journal_name, run)
        self.recording = run.recording is not None
        self.lang = run.lang
        self.book: Journal | None = None

    def note(self, text: str) -> None:
        print(f"voice-host: {text}", file=self.run_as.notes or sys.stderr, flush=True)

    def run(self) -> int:
        run = self.run_as
        if run.resume:
            contents = self.read()
            self.lang = contents.lang
            session: S | None = self.restore(contents)
            asked = None
        else:
            session, asked = None, self.game.ask_setup()
        recognizer, gate, voice, where = self.equip()
        kept_in = "no journal (a recording)" if self.path is None else f"journal {self.path}"
        try:
            with self.inputs(gate) as stream, open_log(run) as log:
                if session is not None:
                    self.book = self.reopen()
                elif asked is not None and asked.done:
                    session = self.begin(asked)
                self.note(f"{kept_in}; host speaks to {where}")
                if session is None:
                    assert asked is not None
                    session = self.ask(asked, Runner(asked, None, log, voice, print,
                                                     recording=self.recording), stream, recognizer)
                self.host(session, Runner(session, self.book, log, voice,
                                          recording=self.recording, earcons=run.earcons),
                          stream, recognizer)
        except AudioFileError as err:
            raise TableError(str(err)) from None
        except (AudioDeviceError, VoiceError) as err:
            if self.book is None:
                raise TableError(f"{err}; nothing was started") from None
            raise TableError(f"{err} (the game is in {self.path}; continue with {run.again})") \
                from None
        except KeyboardInterrupt:
            say_stopped(run, self.path if self.book is not None else None)
            return 130
        return 0

    def equip(self) -> tuple[Recognizer, SpeakingGate, Voice | None, str]:
        """The ear and the voice for the table's language, the recording checked: every input
        is checked before a journal is made."""
        run = self.run_as
        try:
            recognizer = run.ear(self.lang)
        except EngineError as err:
            raise TableError(str(err)) from None
        if run.recording is not None:
            try:
                read_wav(run.recording)
            except AudioFileError as err:
                raise TableError(str(err)) from None
        gate = SpeakingGate()
        voice, where = open_voice(run.speak_to, lang=self.lang, gate=gate, mute=run.mute)
        try:
            check_voice(voice)
        except VoiceError as err:
            raise TableError(str(err)) from None
        return recognizer, gate, voice, where

    def ask(self, asked: SetupJudge, runner: Runner, stream: Iterator[Samples | str],
            recognizer: Recognizer) -> S:
        """The game the setup asked for by voice starts (:class:`TableError` if it was not
        finished)."""
        runner.handle(asked.begin())
        runner.drive(stream, recognizer, lambda: asked.done or asked.stopped)
        if not asked.done:
            raise TableError("the setup was not finished; nothing was started")
        return self.begin(asked)

    def host(self, session: S, runner: Runner, stream: Iterator[Samples | str],
             recognizer: Recognizer) -> None:
        """Host the game until it is stopped or the input ends, on the live view; a recording's
        summary at its end."""
        run = self.run_as
        view = LiveView(session, large=run.large, enabled=run.display and sys.stdout.isatty())
        runner.transcript, runner.on_change = view.note, view.refresh
        with view:
            runner.handle(self.game.opening(session, resumed=run.resume))
            runner.drive(stream, recognizer, lambda: session.stopped)
        if run.recording is not None:
            print(self.game.summary(session, run.recording), flush=True)

    def read(self) -> JournalContents:
        """The journal to resume, which must be this game's."""
        assert self.path is not None
        try:
            return read_journal(self.path, self.game.id,
                                untagged=self.game.id if self.game.untagged else None)
        except WrongGameError as err:
            hint = self.run_as.elsewhere(err.found) if self.run_as.elsewhere else None
            raise TableError(f"{err}; resume it with {hint}" if hint else str(err)) from None
        except JournalError as err:
            raise TableError(str(err)) from None

    def restore(self, contents: JournalContents) -> S:
        """The journal's game, replayed."""
        try:
            return self.game.restore(contents, can_answer=not self.recording)
        except JournalError as err:
            raise TableError(str(err)) from None
        except ValueError as err:
            raise TableError(f"journal {self.path} does not replay: {err}; it is left as it "
                             "is") from None

    def inputs(self, gate: SpeakingGate) -> AbstractContextManager[Iterator[Samples | str]]:
        """The recording's utterances, or the microphone's and the keyboard's."""
        if self.run_as.recording is not None:
            return nullcontext(recording_inputs(self.run_as.recording))
        return live_inputs(device=self.run_as.device, gate=gate, keyboard=sys.stdin,
                           ready=self.note)

    def begin(self, asked: SetupJudge) -> S:
        """The new game of the finished setup, its journal started first."""
        setup, session = self.game.begin(asked)
        if self.path is None:
            return session
        try:
            self.book, kept = Journal.create(self.path, setup, self.lang, game=self.game.id)
        except OSError as err:
            raise TableError(f"journal {self.path}: {err.strerror or err}") from None
        if kept is not None:
            self.note(f"the previous journal was kept as {kept}")
        return session

    def reopen(self) -> Journal:
        """The journal to go on with, its torn last line dropped (and said so)."""
        assert self.path is not None
        try:
            made, dropped = Journal.reopen(self.path)
        except OSError as err:
            raise TableError(f"journal {self.path}: {err.strerror or err}") from None
        if dropped:
            self.note(f"the journal's last line was cut off (a crash or a power cut while it "
                      f"was written, so never announced); it was dropped from {self.path}")
        return made
