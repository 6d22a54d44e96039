"""Kapitän Wackelpudding at a real table: its parts handed to the host's table app
(:func:`~voice_host.host.table.run_table`), which runs the ear, the microphone or a recording,
the journal, the log, the voice and the live view the same for every game. The players come from
the flags (youngest first); without them the host asks how many play
(:mod:`voice_host.host.voice_setup`) and names them "Spieler 1", "Spieler 2"... ("Player 1" in
English), the youngest first. Which falls are confirmed (:mod:`.confirm`) is a flag, kept in the
journal's setup so a resumed game keeps it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from voice_host.games.cowabunga.host.lines import host_lines
from voice_host.games.kapitaen_wackelpudding.host.confirm import (
    DEFAULT_CONFIRM_FALLS,
    ConfirmFalls,
    ConfirmFallsError,
    parse_confirm_falls,
)
from voice_host.games.kapitaen_wackelpudding.host.session import WackelpuddingSession
from voice_host.games.kapitaen_wackelpudding.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    WackelpuddingError,
    new_game,
)
from voice_host.games.kapitaen_wackelpudding.words import words
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

GAME = "kapitaen-wackelpudding"
"""The game's id, named in its journal."""
FILE_NAME = "kapitaen-wackelpudding-journal.jsonl"
"""The default journal's name in the user's data folder."""
ASKS_FROM = 0.4
"""A fall the phrase head found likeliest but was not sure of, at least this probable, is asked
about ("Ein Sarg runtergefallen?") where it was heard as nothing (``GameWordEar.asks_from``; a
recording, with nobody to answer, never)."""


@dataclass(frozen=True)
class Players:
    """The table's setup: the players in turn order and the die's seed (a journal's header)."""

    names: tuple[str, ...]
    """Youngest first."""
    seed: int | None = None
    """Seed of the die (None: unseeded)."""
    confirm_falls: ConfirmFalls = DEFAULT_CONFIRM_FALLS
    """Which falls heard are confirmed with a yes before they are booked."""

    def to_json(self) -> JSONObject:
        """The journal header's setup object."""
        return {"players": list(self.names), "seed": self.seed,
                "confirm_falls": self.confirm_falls.value}


class WackelpuddingTable:
    """Kapitän Wackelpudding's parts of a table (a :class:`~voice_host.host.table.TableGame`)."""

    id = GAME
    untagged = False
    journal_name = FILE_NAME

    def __init__(self, players: Players | None, *, lang: str, can_answer: bool,
                 confirm_falls: ConfirmFalls | None = None) -> None:
        self.players = players
        """The setup (None when resuming; no names: asked for by voice)."""
        self.lang = lang
        self.can_answer = can_answer
        self.confirm_falls = confirm_falls
        """The setting asked for when resuming (None: the journal's)."""

    def ask_setup(self) -> SetupJudge:
        """The setup the flags gave, or the players asked for by voice when they named none."""
        assert self.players is not None
        if not self.players.names:
            return SpokenSetup(wackelpudding_questions(self.lang), host_lines(self.lang),
                               can_answer=self.can_answer)
        return FlagSetup(self.players, host_lines(self.lang))

    def begin(self, setup: SetupJudge) -> tuple[GameSetup, WackelpuddingSession]:
        """The new game."""
        assert self.players is not None
        if isinstance(setup, SpokenSetup):
            count = setup.answers["players"]
            assert isinstance(count, int)
            p = Players(default_names(host_lines(self.lang), count), self.players.seed,
                        self.players.confirm_falls)
        else:
            assert isinstance(setup, FlagSetup)
            p = setup.setup
        return p, WackelpuddingSession(p.names, lang=self.lang, seed=p.seed,
                                       can_answer=self.can_answer,
                                       confirm_falls=p.confirm_falls)

    def restore(self, journal: JournalContents, *, can_answer: bool) -> WackelpuddingSession:
        """The journal's game; raises JournalError (a bad setup) or ValueError (a bad action)."""
        setup = journal.setup
        names = setup.get("players") if isinstance(setup, dict) else None
        seed = setup.get("seed") if isinstance(setup, dict) else None
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names) or not (
                seed is None or isinstance(seed, int)):
            raise JournalError(f"journal {journal.path}: its setup {setup!r} names no players")
        kept = (setup.get("confirm_falls", DEFAULT_CONFIRM_FALLS.value)
                if isinstance(setup, dict) else DEFAULT_CONFIRM_FALLS.value)
        try:
            confirm = self.confirm_falls or parse_confirm_falls(str(kept))
        except ConfirmFallsError:
            raise JournalError(f"journal {journal.path}: its setup's confirm_falls {kept!r} is "
                               f"none of {', '.join(c.value for c in ConfirmFalls)}") from None
        session = WackelpuddingSession(names, lang=journal.lang, seed=seed,
                                       can_answer=can_answer, confirm_falls=confirm)
        for action in journal.actions:
            session.table.replay(action)
        return session

    def opening(self, session: WackelpuddingSession, *, resumed: bool) -> Step:
        """The opening line and first load, or where a restored game stands."""
        if not resumed:
            return session.start()
        step = Step()
        session.say_line(step, session.table.status())
        return step

    def summary(self, session: WackelpuddingSession, recording: Path) -> str:
        """What a recording's game came to."""
        state = session.state
        piles = session.table.piles_text()
        if state.outcome is not None:
            return (f"end of {recording.name}: the game is over; screw-up piles: {piles}; won "
                    f"by {', '.join(state.outcome.winners)}")
        return (f"end of {recording.name}: the game was not over, {state.player} to move; "
                f"screw-up piles: {piles}")


def wackelpudding_questions(lang: str) -> Callable[[Mapping[str, Answer]], SetupQuestion | None]:
    """Kapitän Wackelpudding's setup by voice: how many play (2-5); "Player 1" is the
    youngest."""
    asked = players_question(host_lines(lang), MIN_PLAYERS, MAX_PLAYERS,
                             words(lang).setup_players)
    return lambda answers: None if "players" in answers else asked


def parse_players(text: str) -> tuple[str, ...]:
    """Names from ``'Anna,Ben,Cem'``, youngest first; raises :class:`TableError` unless 2-5
    different names."""
    names = tuple(n.strip() for n in text.split(","))
    try:
        new_game(list(names))
    except WackelpuddingError as err:
        raise TableError(f"--players {text!r}: {err}") from None
    return names


def run_wackelpudding(players: Sequence[str] | None, seed: int | None, run: TableRun,
                      confirm_falls: ConfirmFalls | None = None) -> int:
    """Host a real table of Kapitän Wackelpudding; the exit status (without ``players`` they are
    asked for by voice; ``confirm_falls`` None: the default, or the resumed journal's). Raises
    :class:`TableError`."""
    if run.resume and players:
        raise TableError("--resume continues the journal's game; leave out --players")
    given = None if run.resume else Players(tuple(players or ()), seed,
                                            confirm_falls or DEFAULT_CONFIRM_FALLS)
    table = WackelpuddingTable(given, lang=run.lang, can_answer=run.recording is None,
                               confirm_falls=confirm_falls)
    return run_table(table, run)
