"""Solo practice of Schnapp den Sack against the computer: the host flips, one person calls, bots
call after their reaction time; quick addition under time pressure, measured.

A level sets the bots' speed (and their slips). After each flip is said, the person has until the
first bot's call (or the end of the wait) to call: a right call wins the row, a wrong one costs a
card, and a target they let pass goes to the faster bot or is announced as missed. Each call's
reaction time runs from the end of the host's last words while the card waits (the flip said, or
its answer to a question) to the call's start; the bots' times run from there too. The clock
and the person's calls come from a :class:`CallSource` (the keyboard, the real ear on a stream,
or a script), so the loop itself holds no clock of its own.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from voice_host.games.schnapp_den_sack import rules
from voice_host.games.schnapp_den_sack.host.session import SchnappSession
from voice_host.host.step import Step
from voice_host.progress.store import AnswerRecord
from voice_host.recognition import Recognizer, Samples

KIND = "schnapp"
"""The training statistics' name for a practice session and its calls."""

BOT_NAMES = {"de": ("Bruno", "Clara", "Dora", "Emil"), "en": ("Bruno", "Clara", "Dora", "Emil")}
"""The bots' names, seat by seat after the person's."""


@dataclass(frozen=True)
class Level:
    """How quick and how sure the bots are."""

    reaction_s: float
    """The bots' median time from the flip said to their call."""
    miss_rate: float
    """How often a bot does not see a target."""
    error_rate: float
    """How often a bot calls a card that reaches nothing."""


LEVELS = {
    1: Level(2.4, 0.30, 0.02),
    2: Level(1.9, 0.22, 0.03),
    3: Level(1.5, 0.15, 0.04),
    4: Level(1.1, 0.10, 0.05),
    5: Level(0.8, 0.05, 0.05),
}
"""The levels, slowest bots first."""


class PracticeError(ValueError):
    """A practice that cannot be set up; one line for the user."""


@dataclass(frozen=True)
class HumanCall:
    """What the person did while a card waited: a call (typed or spoken) or a command."""

    at: float
    """When it began, on the source's clock (seconds)."""
    line: str | None = None
    """A typed line: empty for a call, else a command or a call word."""
    samples: Samples | None = None
    """A spoken utterance, for the ear."""


class CallSource(Protocol):
    """The person's side of the table: the clock, and what they do before a deadline."""

    @property
    def done(self) -> bool:
        """Whether nothing more can come (a recording or a script ran out, the keyboard closed)."""
        ...

    def now(self) -> float:
        """The time now (seconds)."""
        ...

    def next(self, since: float, deadline: float | None) -> HumanCall | None:
        """The person's next call or command that begins at or after ``since`` and before
        ``deadline`` (None: no deadline); None when the deadline passed first."""
        ...


@dataclass(frozen=True)
class PracticeBot:
    """A bot at the practice table."""

    name: str
    """Its name (its call word is the host's, by seat)."""
    pace: float
    """Its own factor on the level's reaction time."""


@dataclass
class Tally:
    """The person's calls, against the truth of each card."""

    targets: int = 0
    """Cards that reached a row."""
    right: int = 0
    """Targets the person called first."""
    wrong: int = 0
    """Calls on cards that reached nothing."""
    missed: int = 0
    """Targets the person let pass."""
    beaten: int = 0
    """Of those, targets a bot called first."""
    reaction_ms: list[int] = field(default_factory=list)
    """The time of each call, from the end of the flip's announcement to the call's start."""
    records: list[AnswerRecord] = field(default_factory=list)
    """Every call and every target let pass, for the training statistics."""

    def p50_ms(self) -> int | None:
        """The median reaction time (None without a call)."""
        times = sorted(self.reaction_ms)
        return times[(len(times) - 1) // 2] if times else None

    def summary(self) -> dict[str, object]:
        """The numbers of the session (what the statistics keep)."""
        return {"targets": self.targets, "right": self.right, "wrong": self.wrong,
                "missed": self.missed, "beaten": self.beaten,
                "p50_ms": self.p50_ms()}

    def line(self) -> str:
        """The summary for a person."""
        p50 = self.p50_ms()
        speed = f"reaction p50 {p50} ms" if p50 is not None else "no call made"
        return (f"{speed}; {self.right} of {self.targets} targets called first, "
                f"{self.wrong} wrong calls, {self.missed} targets missed "
                f"({self.beaten} taken by a bot)")


def check_table(human: str, count: int, lang: str) -> tuple[str, ...]:
    """The players: the person, then ``count`` bots; raises :class:`PracticeError`."""
    if not 1 <= count <= 4:
        raise PracticeError(f"--bots {count}: play against 1 to 4 bots")
    players = (human, *BOT_NAMES.get(lang, BOT_NAMES["en"])[:count])
    try:
        rules.new_game(players, [1, 1, 1, 1], [() for _ in players])
    except rules.SchnappError as err:
        raise PracticeError(f"--name {human!r}: {err}") from None
    return players


def make_bots(count: int, rng: random.Random, lang: str) -> list[PracticeBot]:
    """``count`` bots, each a little quicker or slower than the level."""
    if not 1 <= count <= 4:
        raise PracticeError(f"--bots {count}: play against 1 to 4 bots")
    names = BOT_NAMES.get(lang, BOT_NAMES["en"])
    return [PracticeBot(names[i], rng.uniform(0.9, 1.1)) for i in range(count)]


def check_level(level: int) -> Level:
    """The level's bots; raises :class:`PracticeError`."""
    if level not in LEVELS:
        raise PracticeError(f"--level {level}: levels go from 1 (slow bots) to {len(LEVELS)}")
    return LEVELS[level]


class SchnappPractice:
    """One person against bots; ``handle`` carries out each step (log, view, voice)."""

    def __init__(self, session: SchnappSession, human: str, bots: Sequence[PracticeBot],
                 level: Level, rng: random.Random, source: CallSource,
                 handle: Callable[[Step], None], ear: Recognizer | None = None) -> None:
        self.session = session
        """The host."""
        self.human = human
        """The person's name at the table."""
        self.bots = list(bots)
        """The other seats."""
        self.level = level
        """The bots' speed."""
        self.rng = rng
        """The bots' randomness."""
        self.source = source
        """The person's calls and the clock."""
        self.handle = handle
        """Carries out a step."""
        self.ear = ear
        """The real ear, for spoken calls."""
        self.tally = Tally()
        """The person's calls so far."""
        self.said_at = 0.0
        """When the host finished saying the waiting card."""

    def play(self, max_flips: int | None = None) -> Tally:
        """Play until the game ends, the person stops it, the source runs out or ``max_flips``
        cards were settled."""
        self.carry(self.session.start())
        settled = 0
        while not (self.session.game.over or self.session.stopped or self.source.done):
            done = max_flips is not None and settled >= max_flips
            if done or self.session.state.flipped is None:
                break
            if self.turn():
                settled += 1
        return self.tally

    def carry(self, step: Step) -> None:
        """Carry out ``step``; the card it flips waits from when the host has said it."""
        self.handle(step)
        self.said_at = self.source.now()

    def bot_call(self, reaches: bool) -> tuple[float, PracticeBot] | None:
        """The first bot to call this card, and when (after the flip was said), if any."""
        calls = []
        for bot in self.bots:
            sees = (self.rng.random() >= self.level.miss_rate if reaches
                    else self.rng.random() < self.level.error_rate)
            if sees:
                calls.append((self.level.reaction_s * bot.pace
                              * self.rng.lognormvariate(0.0, 0.25), bot))
        return min(calls, key=lambda c: c[0]) if calls else None

    def turn(self) -> bool:
        """One card: the person's call, a bot's, or the wait running out; whether it was
        settled (not stopped or paused)."""
        state = self.session.state
        card = state.flipped
        if card is None:
            return False
        flips = state.flips
        reaches = rules.reached_row(state, card) is not None
        self.tally.targets += reaches
        bot = self.bot_call(reaches)
        wait = self.session.wait_s
        question = self.session.table.last_flip_line
        while self.session.state.flips == flips and not (
                self.session.game.over or self.session.stopped):
            held = self.session.waiting_for() is None
            first = bot[0] if bot is not None and bot[0] < wait else None
            until = None if held else self.said_at + (wait if first is None else first)
            got = self.source.next(self.said_at, until)
            if got is None:
                if self.source.done and held:
                    return False
                self.let_pass(reaches, question, bot if first is not None else None)
                continue
            self.person(got, reaches, question, flips)
        return self.session.state.flips != flips or self.session.game.over

    def let_pass(self, reaches: bool, question: str,
                 bot: tuple[float, PracticeBot] | None) -> None:
        """Nobody called before the first bot (who calls now) or before the wait ran out."""
        if reaches:
            self.tally.missed += 1
            self.tally.beaten += bot is not None
            self.tally.records.append(AnswerRecord(KIND, question, "call", [], False, None))
        if bot is not None:
            self.carry(self.session.type(self.session.table.calls[bot[1].name]))
        else:
            self.carry(self.session.time_up())

    def names_a_player(self, line: str) -> bool:
        """Whether a typed line is a player's name or call word: at the keyboard the person
        calls for themselves, whoever's word they type."""
        table = self.session.table
        said = line.casefold()
        return any(said in (p.casefold(), w.casefold()) for p, w in table.calls.items())

    def person(self, got: HumanCall, reaches: bool, question: str, flips: int) -> None:
        """The person's call or command, judged by the host."""
        if got.samples is not None and self.ear is not None:
            step = self.session.hear(self.ear.recognize(got.samples, self.session.expectation()))
        else:
            line = (got.line or "").strip()
            step = self.session.type(self.human if not line or self.names_a_player(line)
                                     else line)
        called = next((r for r in step.records if r.get("event") in ("grabbed", "false_grab")
                       and r.get("player") == self.human), None)
        if called is not None and self.session.state.flips != flips:
            ms = max(0, round(1000 * (got.at - self.said_at)))
            right = called["event"] == "grabbed"
            self.tally.reaction_ms.append(ms)
            self.tally.right += right
            self.tally.wrong += not right
            self.tally.records.append(AnswerRecord(KIND, question, "call" if reaches else "pass",
                                                   ["call"], right, ms))
        self.carry(step)


def practice_session(human: str, bots: Sequence[PracticeBot], seed: int, *, lang: str,
                     wait_s: float) -> SchnappSession:
    """The host of a practice deal: the person first, then the bots."""
    from voice_host.games.schnapp_den_sack.host.session import seeded_session

    players = (human, *(b.name for b in bots))
    try:
        return seeded_session(players, seed, lang=lang, wait_s=wait_s)
    except rules.SchnappError as err:
        raise PracticeError(f"--name {human!r}: {err}") from None
