"""Cowabunga at a real table: its setup flags read, its parts handed to the host's table app
(:func:`~voice_host.host.table.run_table`), which runs everything else the same for every game.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from voice_host.games.cowabunga.errors import RefereeError
from voice_host.games.cowabunga.host.journal import FILE_NAME, GAME, read_setup
from voice_host.games.cowabunga.host.session import Session
from voice_host.games.cowabunga.host.setup import parse_islands, parse_players, parse_start
from voice_host.games.cowabunga.host.voice_setup import VoiceSetup
from voice_host.host.journal import GameSetup, JournalContents
from voice_host.host.step import Step
from voice_host.host.table import SetupJudge, TableError, TableRun, run_table


@dataclass(frozen=True)
class SetupFlags:
    """The referee's setup flags as given (None: left out, asked for by voice)."""

    players: str | None = None
    """Players in turn order, or a count."""
    start: int | None = None
    """The start card."""
    islands: str | None = None
    """The islands dealt, ``Emily=18:25,Maria=12:20``."""

    @property
    def given(self) -> bool:
        """Whether any of them was given."""
        return bool(self.players) or self.start is not None or bool(self.islands)


class CowabungaTable:
    """Cowabunga's parts of a table (a :class:`~voice_host.host.table.TableGame`)."""

    id = GAME
    untagged = True
    journal_name = FILE_NAME

    def __init__(self, asked: VoiceSetup | None = None, *, lang: str = "en",
                 can_answer: bool = True) -> None:
        self.asked = asked
        """The setup to finish by voice (None when resuming)."""
        self.lang = lang
        """The language a new game is hosted in."""
        self.can_answer = can_answer
        """Whether anyone can answer the host's questions (False for a recording)."""

    def ask_setup(self) -> SetupJudge:
        """The setup the flags began."""
        assert self.asked is not None
        return self.asked

    def begin(self, setup: SetupJudge) -> tuple[GameSetup, Session]:
        """The new game of the finished setup; :class:`TableError` if the rules refuse it."""
        assert isinstance(setup, VoiceSetup)
        done = setup.setup()
        try:
            done.table()
        except RefereeError as err:
            raise TableError(str(err)) from None
        return done, Session(done, lang=self.lang, can_answer=self.can_answer)

    def restore(self, journal: JournalContents, *, can_answer: bool) -> Session:
        """The journal's game; raises JournalError (a bad setup) or ValueError (a bad action)."""
        setup = read_setup(journal.path, journal.setup)
        return Session.restore(setup, journal.actions, lang=journal.lang, can_answer=can_answer)

    def opening(self, session: Session, *, resumed: bool) -> Step:
        """The opening line, or where a restored game stands."""
        return session.resume_line() if resumed else session.start()

    def summary(self, session: Session, recording: Path) -> str:
        """What a recording's game came to."""
        return recording_summary(session, recording)


def recording_summary(game: Session, path: Path) -> str:
    """What a recording's game came to, printed when the recording ends."""
    view = game.view
    pots = ", ".join(f"{p} {n}" for p, n in zip(view.players, view.stew_pots, strict=True))
    turns = f"{view.plays} turn{'' if view.plays == 1 else 's'} accepted"
    if view.outcome is not None:
        winners = ", ".join(view.outcome.winners)
        why = view.outcome.reason.value.replace("_", " ")
        return (f"end of {path.name}: {turns}; the game is over ({why}); stew pots: {pots}; "
                f"won by {winners}")
    return (f"end of {path.name}: {turns}; the game was not over: total {view.total}, counting "
            f"{view.counting.value}, {view.current_player} to play; stew pots: {pots}")


def cowabunga_table(flags: SetupFlags, run: TableRun) -> CowabungaTable:
    """Cowabunga's parts for ``run``, its setup flags read and checked by the rules before
    anything starts; raises :class:`TableError` (one line)."""
    try:
        if run.resume:
            if flags.given:
                raise TableError("--resume continues the journal's game; leave out --players, "
                                 "--start and --islands")
            return CowabungaTable()
        if flags.islands and not flags.players:
            raise TableError("--islands needs --players (the names it deals to)")
        lang = run.lang
        names = parse_players(flags.players, lang) if flags.players else None
        first = parse_start(flags.start) if flags.start is not None else None
        dealt = parse_islands(flags.islands, names) if flags.islands and names else None
        asked = VoiceSetup(names, first, dealt, lang=lang, can_answer=run.recording is None)
        if asked.done:
            asked.setup().table()  # the rules' own check, before anything starts
    except RefereeError as err:
        raise TableError(str(err)) from None
    return CowabungaTable(asked, lang=lang, can_answer=run.recording is None)


def run_referee(flags: SetupFlags, run: TableRun) -> int:
    """Referee a real table of Cowabunga; the exit status. Raises :class:`TableError`."""
    return run_table(cowabunga_table(flags, run), run)
