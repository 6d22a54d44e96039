"""The seam between the host and a game: what every hosted game tells the host and does for it.

The host (:class:`~voice_host.host.dialogue.Dialogue`) owns the conversation every game shares:
hearing and typed lines, questions and their yes/no answers, answers heard as nothing, repeat,
pause, resume, undo and stop. A game implements :class:`HostedGame`: what it waits for and can
hear now, how it reads and judges an announcement, what it asks about, what costs a player (and
so is confirmed first), its questions ("score?") and its lines.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from voice_host.host.step import JSONObject, Step
from voice_host.phrases import PhraseTable
from voice_host.recognition import RIVAL_CONFIDENCE, Expectation, Hearing

if TYPE_CHECKING:
    from rich.console import RenderableType

    from voice_host.games.cowabunga.words import Wording


class Option(Protocol):
    """One way of understanding an announcement, as a game reads it."""

    @property
    def confidence(self) -> float:
        """How sure the ear is of it, in [0, 1]."""
        ...

    def key(self) -> Hashable:
        """Options with the same key are the same announcement."""
        ...


T = TypeVar("T", bound=Option)
T_contra = TypeVar("T_contra", bound=Option, contravariant=True)


@dataclass(frozen=True)
class Policy:
    """How sure the host must be before it acts on what it heard."""

    rival_confidence: float = RIVAL_CONFIDENCE
    """An alternative at least this sure, with a different outcome, makes the host ask."""
    max_asks: int = 4
    """Questions on one announcement before the player is asked to say it again."""
    answer_confidence: float = 0.6
    """A "yes" or "no" in the recognizer's transcript at least this sure answers an open
    question, even under the engine's own bar for a sure hearing: the two words are far apart and
    the reading asked about was already likely."""
    confirm_mistakes: bool = True
    """A mistake heard confidently is confirmed ("Twelve?") before it is announced: a confident
    recognizer can still be wrong, and a false mistake costs the player a turn."""
    confirm_costly: bool = True
    """A correct announcement that costs its player (a penalty the rules give for it) is confirmed
    before it is announced."""
    max_unheard: int = 2
    """Answers heard as nothing before the question is dropped and the player is asked to say the
    announcement again: every answer said again is another chance to mishear it, and the
    announcement itself says more than a yes."""
    unsure_floor: float = 0.5
    """An announcement the ear withheld is asked about when its likeliest reading is at least this
    sure ("Twelve?"), rather than met with a silence that leaves the table wondering."""


@dataclass(frozen=True)
class Question(Generic[T]):
    """A question the host asked and waits to have answered.

    Either a choice ("Thirteen or thirty?") or, when ``confirm`` is set, a yes/no question about
    one reading ("Thirteen?"). An unsure answer to a choice turns it into yes/no questions about
    each option in turn: yes and no are told apart far more reliably than two readings.
    """

    kind: Hashable
    """What it is about: the kind of announcement the game waited for (a turn, a player's
    answer)."""
    options: tuple[T, ...]
    """The readings asked about, best first."""
    text: str
    """The question as spoken."""
    asked: int = 1
    """How many questions were asked about this announcement so far."""
    confirm: T | None = None
    """For a yes/no question: the reading asked about."""
    later: tuple[T, ...] = ()
    """Readings to ask about one by one if the answer is no."""
    unheard: int = 0
    """Answers to it heard as nothing so far."""
    yes_only: bool = False
    """Only a yes settles it, not its reading heard again: the reading was heard where a yes or
    no was asked for, so it may be that answer misheard ("nein" heard as "drei", twice)."""


class HostWords(Protocol):
    """The host's own lines, the same for every game, in the table's language."""

    @property
    def wording(self) -> Wording:
        """The language's sentences (the transcript's labels among them)."""
        ...

    def say_again(self, player: str) -> str:
        """Asks ``player`` to say the announcement again."""
        ...

    def unknown_input(self, text: str) -> str:
        """A typed line that means nothing here."""
        ...

    def nothing_to_undo(self) -> str:
        """Undo with nothing to take back."""
        ...

    def paused(self) -> str:
        """The game is paused."""
        ...

    def confirm_stop(self) -> str:
        """Asks whether to stop ("Stop the game?")."""
        ...

    def stopped(self) -> str:
        """The host stops."""
        ...


class Host(Protocol[T_contra]):
    """What a game may ask of the host while it judges: to ask, to speak, whether it was typed."""

    policy: Policy
    """How sure the host must be."""
    typed: bool
    """Whether the input being judged was typed (trusted as it stands)."""
    can_answer: bool
    """Whether anyone can answer a question (False for a recording)."""

    def ask(self, step: Step, kind: Hashable, options: tuple[T_contra, ...],
            later: tuple[T_contra, ...] = (),
            asked: int = 1, *, yes_or_no: bool = False, yes_only: bool = False) -> None:
        """Ask about ``options`` (a choice, or yes/no about one); a recording takes the best."""
        ...

    def say_line(self, step: Step, text: str, *, remember: bool = True) -> None:
        """Speak ``text`` (remembered for "repeat" unless ``remember`` is False)."""
        ...


class HostedGame(Protocol[T]):
    """One game as the host drives it: pure, no audio, no clock, no files."""

    phrases: PhraseTable
    """The language's phrase table: typed lines, yes and no, commands."""

    @property
    def over(self) -> bool:
        """Whether the game is over."""
        ...

    def waiting_for(self) -> Hashable | None:
        """The kind of announcement the game waits for now (None when it waits for none)."""
        ...

    def expectation(self, kind: Hashable | None, *, yes_or_no: bool = False) -> Expectation:
        """What can be said now: for ``kind``'s announcement, or a yes/no answer."""
        ...

    def readings(self, hearing: Hearing) -> list[T]:
        """The hearing's readings as announcements, best first; none for table talk."""
        ...

    def withheld(self, hearing: Hearing) -> list[T]:
        """The readings of an announcement the ear withheld, if sure enough to ask about."""
        ...

    def judge(self, step: Step, kind: Hashable, readings: list[T], confident: bool) -> None:
        """Judge an announcement of ``kind``: accept, announce a mistake, or ask (via the host)."""
        ...

    def resolve(self, step: Step, kind: Hashable, option: T) -> None:
        """Act on ``option``, settled by a question."""
        ...

    def costly(self, kind: Hashable, option: T) -> bool:
        """Whether acting on ``option`` costs a player, so only a sure yes settles it."""
        ...

    def suspect(self, kind: Hashable, option: T) -> bool:
        """Whether ``option`` is what the last undo took back from the same player."""
        ...

    def ask_text(self, kind: Hashable, options: tuple[T, ...], *, yes_or_no: bool) -> str:
        """The question about ``options`` as spoken."""
        ...

    def describe(self, option: T) -> JSONObject:
        """``option`` as the ``ask`` record's alternative."""
        ...

    def asked_player(self, kind: Hashable) -> str:
        """Who is asked to say an announcement of ``kind`` again."""
        ...

    def queries(self) -> Mapping[str, Callable[[], str]]:
        """The questions players may ask, by command name, and their answers."""
        ...

    def status(self) -> str:
        """Where the game stands (for "repeat" before anything was said, and "status")."""
        ...

    def resumed_after_pause(self) -> str:
        """The line said on resume after a pause."""
        ...

    def undo_question(self) -> str | None:
        """The question that confirms a spoken undo ("Take back ...?"); None with nothing to take
        back."""
        ...

    def take_back(self, step: Step) -> None:
        """Take back the last accepted announcement, with everything it caused, and say so."""
        ...

    def render(self, large: bool, said: Sequence[str]) -> RenderableType:
        """The game as the live display draws it (``large``: large print, high contrast), with
        ``said``, the host's last lines."""
        ...
