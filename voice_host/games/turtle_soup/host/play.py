"""Turtle Soup at a real table: its parts handed to the host's table app
(:func:`~voice_host.host.table.run_table`), which runs the ear, the microphone or a recording,
the journal, the log, the voice and the live view the same for every game. The setup comes from
the flags (players, dinners, the extended deck, the seed of the shuffles); without players named,
the host asks how many play (:mod:`voice_host.host.voice_setup`) and names them "Giocatore 1",
"Giocatore 2"... ("Player 1" in English)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from voice_host.games.cowabunga.host.lines import host_lines
from voice_host.games.turtle_soup.errors import TurtleSoupError
from voice_host.games.turtle_soup.host.lines import SoupLines
from voice_host.games.turtle_soup.host.session import SoupSession
from voice_host.games.turtle_soup.rules import (
    MAX_PLAYERS,
    MIN_DINNERS,
    MIN_PLAYERS,
    Rules,
    new_game,
)
from voice_host.host.journal import GameSetup, JournalContents, JournalError
from voice_host.host.step import JSONObject, Step
from voice_host.host.table import FlagSetup, SetupJudge, TableError, TableRun, run_table
from voice_host.host.voice_setup import (
    Answer,
    SetupQuestion,
    SpokenSetup,
    default_names,
    players_question,
)

GAME = "turtle-soup"
"""The game's id, named in its journal."""
FILE_NAME = "turtle-soup-journal.jsonl"
"""The default journal's name in the user's data folder."""


@dataclass(frozen=True)
class SoupSetup:
    """The table's setup as the journal's header keeps it."""

    players: tuple[str, ...]
    """The players in seat order (none yet: asked by voice)."""
    dinners: int = MIN_DINNERS
    """How many dinners."""
    extended: bool = False
    """Whether the extended deck is dealt."""
    seed: int | None = None
    """Seed of the shuffles (None: unseeded; the journal keeps every deck dealt anyway)."""

    def to_json(self) -> JSONObject:
        """The journal header's setup object."""
        return {"players": list(self.players), "dinners": self.dinners,
                "extended": self.extended, "seed": self.seed}


class SoupTableGame:
    """Turtle Soup's parts of a table (a :class:`~voice_host.host.table.TableGame`)."""

    id = GAME
    untagged = False
    journal_name = FILE_NAME

    def __init__(self, setup: SoupSetup | None, *, lang: str, can_answer: bool) -> None:
        self.setup = setup
        """The setup (None when resuming)."""
        self.lang = lang
        self.can_answer = can_answer

    def ask_setup(self) -> SetupJudge:
        """The setup the flags gave, or the players asked for by voice when they named none."""
        assert self.setup is not None
        if not self.setup.players:
            return SpokenSetup(soup_questions(self.lang), host_lines(self.lang),
                               can_answer=self.can_answer)
        return FlagSetup(self.setup, SoupLines(self.lang))

    def begin(self, setup: SetupJudge) -> tuple[GameSetup, SoupSession]:
        """The new game."""
        assert self.setup is not None
        if isinstance(setup, SpokenSetup):
            count = setup.answers["players"]
            assert isinstance(count, int)
            s = replace(self.setup, players=default_names(host_lines(self.lang), count))
        else:
            assert isinstance(setup, FlagSetup)
            s = setup.setup
        return s, SoupSession(s.players, lang=self.lang, dinners=s.dinners, extended=s.extended,
                              seed=s.seed, can_answer=self.can_answer)

    def restore(self, journal: JournalContents, *, can_answer: bool) -> SoupSession:
        """The journal's game; raises JournalError (a bad setup) or ValueError (a bad action)."""
        s = journal.setup
        if not isinstance(s, dict):
            raise JournalError(f"journal {journal.path}: its setup {s!r} is no Turtle Soup table")
        players, dinners = s.get("players"), s.get("dinners", MIN_DINNERS)
        extended, seed = s.get("extended", False), s.get("seed")
        if not (isinstance(players, list) and all(isinstance(p, str) for p in players)
                and isinstance(dinners, int) and isinstance(extended, bool)
                and (seed is None or isinstance(seed, int))):
            raise JournalError(f"journal {journal.path}: its setup {s!r} is no Turtle Soup table")
        session = SoupSession(players, lang=journal.lang, dinners=dinners, extended=extended,
                              seed=seed, can_answer=can_answer)
        session.table.restore(journal.actions)
        return session

    def opening(self, session: SoupSession, *, resumed: bool) -> Step:
        """The first dinner dealt, or where a restored game stands and who answers."""
        if not resumed:
            return session.start()
        step = Step()
        kind = session.table.waiting_for()
        line = session.table.status()
        if kind is not None:
            line += " " + session.say.words.ask_player.format(player=kind.player)
        session.say_line(step, line)
        return step

    def summary(self, session: SoupSession, recording: Path) -> str:
        """What a recording's game came to."""
        state = session.table.state
        scores = ", ".join(f"{p} {v}" for p, v in state.scores().items())
        if session.table.over:
            return f"end of {recording.name}: the game is over; scores: {scores}"
        return (f"end of {recording.name}: dinner {state.dinner} of {state.dinners} was on; "
                f"scores: {scores}")


def soup_questions(lang: str) -> Callable[[Mapping[str, Answer]], SetupQuestion | None]:
    """Turtle Soup's setup by voice: how many play (4-6)."""
    asked = players_question(host_lines(lang), MIN_PLAYERS, MAX_PLAYERS)
    return lambda answers: None if "players" in answers else asked


def check_dinners(dinners: int) -> int:
    """``dinners``; raises :class:`TableError` unless at least five."""
    if dinners < MIN_DINNERS:
        raise TableError(f"--dinners {dinners}: Turtle Soup is played over at least "
                         f"{MIN_DINNERS} dinners")
    return dinners


def check_setup(players: str, dinners: int) -> tuple[str, ...]:
    """The players' names from ``'Anna,Ben,Cleo,Dan'``; raises :class:`TableError` unless 4-6
    different names and at least five dinners."""
    names = tuple(n.strip() for n in players.split(","))
    check_dinners(dinners)
    try:
        new_game(names, Rules(dinners=dinners))
    except TurtleSoupError as err:
        raise TableError(f"--players {players!r}: {err}") from None
    return names


def run_turtle_soup(players: Sequence[str] | None, setup: SoupSetup | None,
                    run: TableRun) -> int:
    """Host a real table of Turtle Soup; the exit status (a ``setup`` without players asks for
    them by voice). Raises :class:`TableError`."""
    if run.resume and players:
        raise TableError("--resume continues the journal's game; leave out --players")
    if not run.resume and setup is None:
        raise TableError("a new table needs its setup (the dinners, the deck, the seed)")
    table = SoupTableGame(setup, lang=run.lang, can_answer=run.recording is None)
    return run_table(table, run)
