"""The practice game: a full game against bots, played by voice (or keyboard), then a review.

The app deals (the engine's full game, seeded). The learner's turns are heard, asked about and
judged by the same host as a real table's (:class:`~voice_host.games.cowabunga.host.practice_table.
PracticeTable` on the host's :class:`~voice_host.host.dialogue.Dialogue`), in the learner's
language: "seven, twenty-four" or just the total; a mistake is explained and the learner says it
again. Bots choose with the engine's bots and announce their totals in their own voices. Between
plays the learner may ask anything the screen shows ("my cards" goes to the private device), or
"hint" for the safest card from a quick search. After the game, a review lists the learner's
mistakes and risky plays.

Everything said is printed as a transcript and, with ``log``, written as JSON lines: the referee's
records (``played``, ``stew_pot``, ``direction``, ``island_drawn``, ``game_over``, ``heard``,
``mistake``, ``ask``, ``command``) plus ``hint`` and ``host``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TextIO

from cowabunga import (
    BOT_NAMES,
    Bot,
    Counting,
    GameState,
    IslandDrawn,
    Outcome,
    Play,
    Reshuffled,
    apply,
    deal,
    make_bot,
    observe,
)
from voice_host.games.cowabunga.host.lines import host_lines
from voice_host.games.cowabunga.host.practice_table import ASKED_OUTSIDE, PracticeTable
from voice_host.games.cowabunga.host.verdict import Reading
from voice_host.games.cowabunga.trainer.hint import Hint, quick_hint
from voice_host.games.cowabunga.trainer.queries import listing
from voice_host.games.cowabunga.trainer.questions import words
from voice_host.games.cowabunga.words.practice import PRACTICE_WORDS, PracticeWords
from voice_host.host.channels import Output, Replies, Reply
from voice_host.host.dialogue import Dialogue
from voice_host.host.step import Step
from voice_host.phrases import phrase_table
from voice_host.progress.store import AnswerRecord
from voice_host.recognition import Hearing
from voice_host.settings import Verbosity

if TYPE_CHECKING:
    from rich.console import RenderableType

BOT_PLAYERS = ("Ada", "Ben", "Cleo", "Dan")
"""Names of the bot seats, in turn order after the learner."""

REVIEW_ROLLOUTS = 120
"""Playouts behind the review's judgement of each of the learner's plays."""

RISKY_MARGIN = 0.15
"""A play whose estimated chance of winning is this much below the best card's is risky."""

MAX_SPOKEN_REVIEW = 3
"""Review items spoken aloud (all are printed; all are spoken in teaching verbosity)."""


class PracticeError(ValueError):
    """A practice game cannot start as asked; the message says what would be valid."""


@dataclass(frozen=True)
class Slip:
    """A mistake the learner made before a turn was accepted, as the log recorded it."""

    reason: str
    """The mistake's kind: ``arithmetic``, ``wrong_direction``, ``impossible_step``,
    ``card_not_available`` or ``card_not_in_hand``."""
    said: int
    """The total the learner said."""
    expected: int | None
    """The right total when the card was known."""


@dataclass(frozen=True)
class LearnerTurn:
    """One of the learner's plays, as the review and the progress store see it."""

    total: int
    """The total before the play."""
    counting: Counting
    """The direction before the play."""
    hand: tuple[int, ...]
    """The learner's cards before the play."""
    card: int
    """The card played."""
    right_total: int
    """The total the card makes (the one finally accepted)."""
    heard: tuple[int | str, ...]
    """Everything heard during the turn."""
    ms: int | None
    """From the host's prompt to the start of the first reply."""
    slips: tuple[Slip, ...]
    """The mistakes made before the play was accepted."""
    judged: Hint | None
    """The search's view of the position, for the review."""
    stew_pot: bool
    """Whether the play cost a stew pot."""

    @property
    def mistakes(self) -> tuple[str, ...]:
        """The kinds of the mistakes made in the turn."""
        return tuple(slip.reason for slip in self.slips)

    @property
    def correct(self) -> bool:
        """Announced right at the first go."""
        return not self.slips

    @property
    def safer(self) -> int | None:
        """The card the search found clearly safer than the one played (a stew pot it avoided,
        or a chance of winning :data:`RISKY_MARGIN` higher), or None."""
        j = self.judged
        if j is None or j.card == self.card:
            return None
        margin = j.scores.get(j.card, 0.0) - j.scores.get(self.card, 0.0)
        if self.stew_pot or margin >= RISKY_MARGIN:
            return j.card
        return None

    def situation(self) -> str:
        """The position in words, for the progress store."""
        way = "up" if self.counting is Counting.UP else "down"
        return f"Counting {way} from {words(self.total)}, holding {listing(self.hand)}."


@dataclass
class PracticeGame:
    """A finished (or stopped) practice game."""

    seed: int
    """The seed of the deal and the bots."""
    players: tuple[str, ...]
    """Names in turn order; the learner is first."""
    lang: str = "en"
    """The language it was played in."""
    turns: list[LearnerTurn] = field(default_factory=list)
    """The learner's plays, in order."""
    outcome: Outcome | None = None
    """How the game ended, or None if it was stopped."""
    hints: int = 0
    """Hints asked for."""
    queries: int = 0
    """Voice queries answered."""

    def review(self) -> list[str]:
        """The learner's mistakes and risky plays, one line each, in the game's language."""
        say, w = host_lines(self.lang), PRACTICE_WORDS[self.lang]
        lines = []
        for i, t in enumerate(self.turns, 1):
            def line(what: str, turn: int = i, total: int = t.total) -> str:
                return say.fill(w.review_turn, turn=say.n(turn), total=say.n(total), what=what)

            for slip in t.slips:
                if slip.reason == "arithmetic":
                    lines.append(line(say.arithmetic(t.total, t.counting, t.card, slip.said)))
                else:
                    lines.append(line(say.fill(w.no_total, said=say.n(slip.said))))
            if t.safer is not None:
                lines.append(line(say.fill(w.risky, safer=say.n(t.safer), card=say.n(t.card))))
        return lines

    def summary(self) -> dict[str, object]:
        """Counts for the log and the progress store."""
        times = [t.ms for t in self.turns if t.ms is not None]
        return {
            "players": list(self.players),
            "seed": self.seed,
            "lang": self.lang,
            "turns": len(self.turns),
            "correct": sum(t.correct for t in self.turns),
            "mistakes": sum(len(t.slips) for t in self.turns),
            "risky": sum(t.safer is not None for t in self.turns),
            "hints": self.hints,
            "queries": self.queries,
            "mean_ms": round(sum(times) / len(times)) if times else None,
            "stew_pots": dict(self.outcome.stew_pots) if self.outcome else None,
            "winners": list(self.outcome.winners) if self.outcome else None,
            "finished": self.outcome is not None,
        }

    def records(self) -> list[AnswerRecord]:
        """The learner's turns for the progress store."""
        return [
            AnswerRecord("play", t.situation(), t.right_total, t.heard, t.correct, t.ms)
            for t in self.turns
        ]


def new_game(seed: int, name: str, bots: Sequence[str]) -> tuple[GameState, list[Bot]]:
    """The deal and the bots of a practice game: a pure function of its arguments."""
    if not 1 <= len(bots) <= len(BOT_PLAYERS):
        raise PracticeError(f"{len(bots)} bots: a practice game has 1 to {len(BOT_PLAYERS)}")
    for kind in bots:
        if kind not in BOT_NAMES:
            raise PracticeError(f"unknown bot {kind!r}: choose from {', '.join(BOT_NAMES)}")
    if not name.strip() or name in BOT_PLAYERS[: len(bots)]:
        raise PracticeError(f"name {name!r}: give a name other than the bots' names")
    players = (name, *BOT_PLAYERS[: len(bots)])
    state = deal(players, random.Random(f"practice:{seed}"))
    made = [
        make_bot(kind, random.Random(f"bot:{seed}:{i}"), rollouts=300)
        for i, kind in enumerate(bots)
    ]
    return state, made


class _Session:
    """One practice game in progress (the loop behind :func:`run_practice`): the bots' turns, and
    the learner's heard through the host's dialogue."""

    def __init__(
        self,
        replies: Replies,
        out: Output,
        state: GameState,
        bots: list[Bot],
        seed: int,
        verbosity: Verbosity,
        log: TextIO | None,
        show: bool,
        large: bool,
        lang: str,
    ) -> None:
        self.replies = replies
        self.out = out
        self.state = state
        self.bots = bots
        self.verbosity = verbosity
        self.log = log
        self.show = show
        self.large = large
        self.words: PracticeWords = PRACTICE_WORDS[lang]
        self.say_lines = host_lines(lang)
        self.table = PracticeTable(state.table, phrase_table(lang), self.say_lines, self.words,
                                   lambda: self.state.hands[0])
        self.host: Dialogue[Reading] = Dialogue(self.table, self.say_lines,
                                                can_answer=replies.interactive)
        self.table.bind(self.host)
        self.game = PracticeGame(seed, state.table.players, lang)
        self.plays: list[tuple[str, int, int]] = []
        self.hint_rng = random.Random(f"hint:{seed}")

    # --- output ------------------------------------------------------------------------------
    def emit(self, obj: dict[str, object]) -> None:
        """Write one JSON object to the log."""
        if self.log is not None:
            self.log.write(json.dumps(obj, ensure_ascii=False) + "\n")
            self.log.flush()

    def say(self, text: str, *, private: bool = False, speaker: int | None = None) -> None:
        """Log and say one line (a bot's in its own voice, the hand privately)."""
        self.emit({"event": "host", "text": text, "private": private, "speaker": speaker})
        if not private and speaker is None:
            self.host.last_line = text
        self.out.say(text, private=private, speaker=speaker)

    def handle(self, step: Step) -> None:
        """Carry out one step of the host: log its records, mark it with earcons, say its
        lines."""
        for record in step.records:
            event = record["event"]
            if event == "host":
                self.emit({**record, "private": False, "speaker": None})
                self.out.say(str(record["text"]))
                continue
            self.emit(record)
            if event == "played":
                self.plays.append((str(record["player"]), int(str(record["card"])),
                                   int(str(record["total"]))))
            earcon = {"mistake": "mistake", "ask": "question", "stew_pot": "stew_pot",
                      "direction": "direction"}.get(str(event))
            if earcon is not None:
                self.out.earcon(earcon)
        if step.message is not None:
            self.out.say(step.message)

    def display(self) -> None:
        """Draw the table and the hand (only when there is a screen)."""
        if not self.show:
            return
        from rich.console import Console

        Console().print(practice_view(self.state, self.plays, self.large))

    # --- the game ----------------------------------------------------------------------------
    def start(self) -> None:
        """Introduce the table: the start card, the learner's islands, then the hand privately."""
        self.say(self.table.start_line())
        self.say(self.table.cards_line(), private=True)

    def advance(self, card: int) -> None:
        """Play ``card`` in the full game too, and announce the island card the deal gives after
        a change of direction."""
        self.state, events = apply(self.state, Play(card))
        for event in events:
            if isinstance(event, IslandDrawn):
                step = Step()
                self.table.draw(step, event.island)
                self.handle(step)
            elif isinstance(event, Reshuffled) and self.verbosity == "teaching":
                self.say(self.words.reshuffled)
        if self.state.outcome is not None:
            self.game.outcome = self.state.outcome

    def bot_turn(self, seat: int) -> None:
        """A bot chooses, announces its total in its own voice, and plays."""
        card = self.bots[seat - 1].choose(observe(self.state, seat))
        name = self.state.table.players[seat]
        self.say(self.table.bot_line(name, card, self.state.table.total_after(card)),
                 speaker=seat - 1)
        step = Step()
        self.table.play(step, card)
        self.handle(step)
        self.advance(card)

    def prompt(self) -> None:
        """Tell the learner it is their turn."""
        if self.verbosity == "terse":
            self.say(self.words.your_turn_terse)
        else:
            self.say(self.say_lines.fill(self.words.your_turn, status=self.table.status_line()))
        if self.verbosity == "teaching":
            self.say(self.table.cards_line(), private=True)
        self.out.earcon("listening")

    def ask_outside(self, name: str, heard: Reply) -> None:
        """Answer "my cards" (privately) or "hint", which the practice game answers itself."""
        if heard.hearing is not None:
            self.emit(heard.hearing.heard_event())
        self.emit({"event": "command", "name": name})
        if name == "hint":
            self.game.hints += 1
            hint = quick_hint(observe(self.state, 0), self.hint_rng)
            self.emit(hint.to_json())
            text = (hint.reason if self.words.lang == "en" else self.say_lines.fill(
                self.words.hint, card=self.say_lines.n(hint.card),
                total=self.say_lines.n(hint.total)))
            self.say(text)
            return
        self.game.queries += 1
        self.say(self.table.cards_line(), private=True)

    def reply_step(self, reply: Reply) -> Step:
        """The host's step for one reply: a hearing is heard, a typed line typed."""
        if reply.hearing is not None:
            return self.host.hear(reply.hearing)
        if not reply.text:
            return self.host.hear(Hearing("", (), None, 0.0))
        if reply.command is not None and self.table.phrases.parse(reply.text) is None:
            # A typed word of the keyboard's own ("q"): the command's phrase.
            return self.host.type(self.table.phrases.commands[reply.command][0])
        return self.host.type(reply.text)

    def learner_turn(self) -> bool:
        """The learner's turn; False if the game stops (stop said, or the input ended)."""
        view = self.state.table
        hand = self.state.hands[0]
        judged = quick_hint(
            observe(self.state, 0), random.Random(f"review:{view.plays}"), rollouts=REVIEW_ROLLOUTS
        )
        self.display()
        self.prompt()
        self.replies.mark()
        heard: list[int | str] = []
        slips: list[Slip] = []
        first_ms: int | None = None
        before = len(self.table.turns)
        while len(self.table.turns) == before:
            reply = self.replies.next(self.host.expectation())
            if reply is None:
                self.say(self.words.recording_ended)
                return False
            heard += reply.heard()
            if first_ms is None:
                first_ms = reply.ms
            if (reply.command in ASKED_OUTSIDE and self.host.question is None
                    and (reply.hearing is None or reply.sure)):
                self.ask_outside(reply.command or "", reply)
                self.replies.mark()
                continue
            step = self.reply_step(reply)
            self.handle(step)
            slips += [Slip(str(r["reason"]), int(str(r["said"])),
                           None if r["expected"] is None else int(str(r["expected"])))
                      for r in step.records if r["event"] == "mistake"]
            if self.host.stopped:
                if not step.lines:
                    self.say(self.words.stopped)
                return False
            if step.lines:
                self.replies.mark()
        turn = self.table.turns[-1]
        self.out.earcon("accepted")
        if self.verbosity == "teaching":
            self.say(self.words.right)
        self.game.turns.append(
            LearnerTurn(
                total=view.total,
                counting=view.counting,
                hand=tuple(sorted(hand)),
                card=turn.card,
                right_total=turn.total,
                heard=tuple(heard),
                ms=first_ms,
                slips=tuple(slips),
                judged=judged,
                stew_pot=turn.stew_pot,
            )
        )
        self.advance(turn.card)
        if self.verbosity == "teaching" and self.state.outcome is None:
            self.say(self.table.cards_line(), private=True)
        return True

    def play(self) -> PracticeGame:
        """Play the game to its end (or until stopped), then the review."""
        self.start()
        while self.state.outcome is None:
            seat = self.state.to_play
            if seat == 0:
                if not self.learner_turn():
                    break
            else:
                self.bot_turn(seat)
        review = self.game.review()
        if review:
            spoken = review if self.verbosity == "teaching" else review[:MAX_SPOKEN_REVIEW]
            n = self.say_lines.n
            mistakes = sum(len(t.slips) for t in self.game.turns)
            risky = sum(t.safer is not None for t in self.game.turns)
            self.say(self.say_lines.fill(self.words.review_head, mistakes=n(mistakes),
                                         risky=n(risky)))
            for line in spoken:
                self.say(line)
            for line in review[len(spoken) :]:
                self.emit({"event": "review", "text": line})
        elif self.game.turns:
            self.say(self.words.review_clean)
        return self.game


def practice_view(
    state: GameState, plays: Sequence[tuple[str, int, int]], large: bool = False
) -> RenderableType:
    """The table as the referee's display draws it (large print with ``large``), with the
    learner's cards below."""
    from rich.console import Group
    from rich.panel import Panel
    from rich.text import Text

    from voice_host.games.cowabunga.host.display import RecentPlay, render_table

    recent = [RecentPlay(p, c, t) for p, c, t in plays[-5:]]
    cards = "  ".join(str(c) for c in sorted(state.hands[0]))
    hand = Text(
        f"YOUR CARDS:  {cards}" if large else f"your cards:  {cards}",
        style="bold yellow on black" if large else "bold",
    )
    return Group(
        render_table(state.table, recent, large=large),
        Panel(hand, style="white on black" if large else "", border_style="bold white"),
    )


def run_practice(
    replies: Replies,
    out: Output,
    *,
    seed: int,
    name: str = "You",
    bots: Sequence[str] = ("careful", "careful"),
    verbosity: Verbosity = "normal",
    log: TextIO | None = None,
    large: bool = False,
    show: bool = False,
    lang: str = "en",
) -> PracticeGame:
    """Play a whole practice game in ``lang``; returns it with the learner's turns for the
    review."""
    if lang not in PRACTICE_WORDS:
        raise PracticeError(f"language {lang!r}: choose one of {', '.join(PRACTICE_WORDS)}")
    if name == PRACTICE_WORDS["en"].you:
        name = PRACTICE_WORDS[lang].you
    state, made = new_game(seed, name, bots)
    session = _Session(replies, out, state, made, seed, verbosity, log, show, large, lang)
    return session.play()
