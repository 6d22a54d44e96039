"""The practice game: a full game against bots, played by voice (or keyboard), then a review.

The app deals (the engine's full game, seeded). On the learner's turn the host says the total;
the learner says "seven, twenty-four" (or "play seven, twenty-four", or just the total, from
which the card is inferred) and the host checks the arithmetic the way the referee does. Bots
choose with the engine's bots and announce their totals in their own voices. Between plays the
learner may ask anything the screen shows ("my cards" goes to the private device), or "hint"
for the safest card from a quick search and why. After the game, a review lists the learner's
mistakes and risky plays.

Everything said is printed as a transcript and, with ``log``, written as JSON lines: the
engine's events (``played``, ``stew_pot``, ``direction``, ``island_drawn``, ``game_over``) plus
``heard``, ``mistake``, ``command``, ``hint`` and ``host``.
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
    DirectionChanged,
    Event,
    GameOver,
    GameState,
    IslandDrawn,
    Outcome,
    Play,
    Played,
    Reshuffled,
    StewPot,
    apply,
    deal,
    make_bot,
    observe,
)
from voice_host.recognition import COMMANDS_ONLY, Expectation
from voice_host.settings import Verbosity
from voice_host.training.channels import Output, Replies, Reply
from voice_host.training.hint import Hint, quick_hint
from voice_host.training.progress import AnswerRecord
from voice_host.training.queries import QUERIES, answer_query, listing
from voice_host.training.questions import cap, words

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
    """The total the card makes."""
    said: int | None
    """The total the learner announced (None: only the card was said)."""
    heard: tuple[int | str, ...]
    """Everything heard during the turn."""
    ms: int | None
    """From the host's prompt to the start of the play."""
    mistakes: tuple[str, ...]
    """What went wrong in the turn: ``arithmetic``, ``not_announced``, ``impossible_step``,
    ``card_not_in_hand``."""
    judged: Hint | None
    """The search's view of the position, for the review."""
    stew_pot: bool
    """Whether the play cost a stew pot."""

    @property
    def correct(self) -> bool:
        """Announced right at the first go."""
        return not self.mistakes

    @property
    def risky(self) -> str | None:
        """Why the play was risky, or None."""
        j = self.judged
        if j is None or j.card == self.card:
            return None
        if self.stew_pot:
            return f"{words(self.card)} cost a stew pot; {words(j.card)} was safer"
        if j.scores.get(j.card, 0.0) - j.scores.get(self.card, 0.0) >= RISKY_MARGIN:
            return f"{words(j.card)} was safer than {words(self.card)}"
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
    turns: list[LearnerTurn] = field(default_factory=list)
    """The learner's plays, in order."""
    outcome: Outcome | None = None
    """How the game ended, or None if it was stopped."""
    hints: int = 0
    """Hints asked for."""
    queries: int = 0
    """Voice queries answered."""

    def review(self) -> list[str]:
        """The learner's mistakes and risky plays, one line each."""
        lines = []
        for i, t in enumerate(self.turns, 1):
            start = f"Turn {words(i)}, at {words(t.total)}"
            if "arithmetic" in t.mistakes and t.said is not None:
                op = "plus" if t.counting is Counting.UP else "minus"
                lines.append(
                    f"{start}: {words(t.total)} {op} {words(t.card)} is "
                    f"{words(t.right_total)}, not {words(t.said)}."
                )
            elif "not_announced" in t.mistakes:
                lines.append(f"{start}: you did not say the total, {words(t.right_total)}.")
            for other in ("impossible_step", "card_not_in_hand"):
                if other in t.mistakes:
                    lines.append(f"{start}: you named a play your cards could not make.")
            risky = t.risky
            if risky is not None:
                lines.append(f"{start}: risky. {cap(risky)}.")
        return lines

    def summary(self) -> dict[str, object]:
        """Counts for the log and the progress store."""
        times = [t.ms for t in self.turns if t.ms is not None]
        return {
            "players": list(self.players),
            "seed": self.seed,
            "turns": len(self.turns),
            "correct": sum(t.correct for t in self.turns),
            "mistakes": sum(len(t.mistakes) for t in self.turns),
            "risky": sum(t.risky is not None for t in self.turns),
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


def infer_play(
    reply: Reply, total_after: dict[int, int], hand: Sequence[int]
) -> tuple[int, int | None] | str:
    """(card, total said) from a reply, or the mistake kind when the cards cannot make it.

    ``total_after`` maps each card in hand to the total it makes. "seven, twenty-four" names the
    card; a lone total names the card that makes it; "play seven" (or a lone card value that no
    card makes as a total) is the card without a total.
    """
    nums = reply.numbers[-2:]
    if len(nums) == 2:
        card, said = nums
        return (card, said) if card in hand else "card_not_in_hand"
    (n,) = nums
    if reply.play and n in hand:
        return n, None
    makes = [c for c in sorted(set(hand)) if total_after[c] == n]
    if makes:
        return makes[0], n
    if n in hand and n <= 9:
        return n, None
    return "impossible_step"


class _Session:
    """One practice game in progress (the loop behind :func:`run_practice`)."""

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
    ) -> None:
        self.replies = replies
        self.out = out
        self.state = state
        self.bots = bots
        self.verbosity = verbosity
        self.log = log
        self.show = show
        self.large = large
        self.game = PracticeGame(seed, state.table.players)
        self.plays: list[tuple[str, int, int]] = []
        self.last_line = ""
        self.hint_rng = random.Random(f"hint:{seed}")
        self.stopped = False

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
            self.last_line = text
        self.out.say(text, private=private, speaker=speaker)

    def name(self, seat: int) -> str:
        """The learner is "you"; everyone else is named."""
        return "you" if seat == 0 else self.state.table.players[seat]

    def display(self) -> None:
        """Draw the table and the hand (only when there is a screen)."""
        if not self.show:
            return
        from rich.console import Console

        Console().print(practice_view(self.state, self.plays, self.large))

    # --- the game ----------------------------------------------------------------------------
    def start(self) -> None:
        """Introduce the table: the start card, everyone's islands, then the hand privately."""
        view = self.state.table
        others = "; ".join(
            f"{view.players[s]} holds {listing(view.islands[s])}"
            for s in range(1, len(view.players))
        )
        self.say(
            f"New game with {listing_names(view.players[1:])}. The start card is "
            f"{words(view.total)}. Your islands: {listing(view.islands[0])}. {others}."
        )
        self.say(answer_query("my_cards", view, 0, self.state.hands[0]) or "", private=True)

    def events(self, events: Sequence[Event]) -> None:
        """Announce what a play caused, with earcons, and keep the last plays."""
        for ev in events:
            if not isinstance(ev, Reshuffled):
                self.emit(ev.to_json())
            if isinstance(ev, Played):
                self.plays.append((ev.player, ev.card, ev.total))
            elif isinstance(ev, StewPot):
                self.out.earcon("stew_pot")
                holder = self.state.table.players.index(ev.holder)
                who = self.state.table.players.index(ev.player)
                has = "You have" if who == 0 else f"{ev.player} has"
                self.say(
                    f"Stew pot for {self.name(who)}: {self.name(holder)} "
                    f"{'hold' if holder == 0 else 'holds'} {words(ev.island)}. "
                    f"{has} {words(ev.count)}."
                )
            elif isinstance(ev, DirectionChanged):
                self.out.earcon("direction")
                way = "counting up" if ev.counting is Counting.UP else "counting down"
                self.say(f"{words(self.state.table.total).capitalize()}: {way}.")
            elif isinstance(ev, IslandDrawn):
                who = self.state.table.players.index(ev.player)
                verb = "You draw" if who == 0 else f"{ev.player} draws"
                self.say(f"{verb} island {words(ev.island)}.")
            elif isinstance(ev, GameOver):
                self.game.outcome = ev.outcome
                order = sorted(ev.outcome.stew_pots.items(), key=lambda item: item[1])
                pots = ", ".join(
                    f"{'you' if p == self.state.table.players[0] else p} "
                    f"{'none' if n == 0 else words(n)}"
                    for p, n in order
                )
                winners = [
                    "you" if w == self.state.table.players[0] else w for w in ev.outcome.winners
                ]
                verb = "win" if len(winners) > 1 or winners == ["you"] else "wins"
                self.say(f"Game over. Stew pots: {pots}. {cap(listing_names(winners))} {verb}.")
            elif isinstance(ev, Reshuffled) and self.verbosity == "teaching":
                self.say("The discard pile becomes the new draw pile.")

    def bot_turn(self, seat: int) -> None:
        """A bot chooses, plays and announces its total in its own voice."""
        card = self.bots[seat - 1].choose(observe(self.state, seat))
        before = self.state
        self.state, events = apply(self.state, Play(card))
        total = before.table.total_after(card)
        line = f"{words(card)}, {words(total)}."
        if self.verbosity == "terse":
            line = cap(line)
        else:
            line = f"{self.state.table.players[seat]}: {line}"
        self.say(line, speaker=seat - 1)
        self.events(events)

    def prompt(self) -> None:
        """Tell the learner it is their turn."""
        view = self.state.table
        if self.verbosity == "terse":
            line = "Your turn."
        else:
            line = f"Your turn. {answer_query('status', view, 0)}"
        if self.verbosity == "teaching":
            self.say(line)
            self.say(answer_query("my_cards", view, 0, self.state.hands[0]) or "", private=True)
        else:
            self.say(line)
        self.out.earcon("listening")

    def query(self, name: str) -> None:
        """Answer a voice query or command between plays."""
        view = self.state.table
        self.emit({"event": "command", "name": name})
        if name == "hint":
            self.game.hints += 1
            hint = quick_hint(observe(self.state, 0), self.hint_rng)
            self.emit(hint.to_json())
            self.say(hint.reason)
            return
        if name == "repeat":
            self.say(self.last_line or answer_query("status", view, 0) or "")
            return
        if name in QUERIES:
            self.game.queries += 1
            text = answer_query(name, view, 0, self.state.hands[0], self.plays)
            self.say(text or "", private=name == "my_cards")
            return
        if name in ("pause", "resume"):
            self.say("Take your time. Say your card and the total when you are ready.")
            return
        if name == "undo":
            self.say("In practice, play on; the review comes at the end.")
            return
        self.say("Say your card and the total, or ask for a hint.")

    def expectation(self) -> Expectation:
        """What may be said on the learner's turn: totals within a card of the total."""
        total = self.state.table.total
        return Expectation(numbers=frozenset(range(max(0, total - 9), total + 10)))

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
        mistakes: list[str] = []
        after = {c: view.total_after(c) for c in set(hand)}
        while True:
            reply = self.replies.next(self.expectation())
            if reply is None:
                self.say("The recording has ended; the game stops here.")
                return False
            heard += reply.heard()
            self.emit(
                {
                    "event": "heard",
                    "text": reply.text,
                    "numbers": list(reply.numbers),
                    "command": reply.command,
                    "sure": reply.sure,
                }
            )
            if reply.command == "stop":
                self.emit({"event": "command", "name": "stop"})
                self.say("Game stopped.")
                return False
            if reply.command is not None and not reply.numbers:
                self.query(reply.command)
                self.replies.mark()
                continue
            if reply.is_empty:
                self.say("Say that again?")
                self.replies.mark()
                continue
            play = infer_play(reply, after, hand)
            if isinstance(play, str):
                mistakes.append(play)
                said = reply.numbers[-1]
                self.emit(
                    {
                        "event": "mistake",
                        "player": view.players[0],
                        "said": said,
                        "reason": play,
                        "expected": None,
                    }
                )
                self.out.earcon("mistake")
                if play == "card_not_in_hand":
                    line = f"You don't hold a {words(reply.numbers[-2])}."
                else:
                    line = f"None of your cards makes {words(said)}."
                self.say(f"{line} {answer_query('my_cards', view, 0, hand)}")
                self.replies.mark()
                continue
            card, said_total = play
            if not reply.sure and self.replies.interactive:
                self.out.earcon("question")
                what = words(card) + (f", {words(said_total)}" if said_total is not None else "")
                self.say(f"{cap(what)}?")
                confirm = self.replies.next(COMMANDS_ONLY)
                if confirm is None:
                    return False
                heard += confirm.heard()
                if confirm.command != "yes":
                    self.say("Then say it again, please.")
                    self.replies.mark()
                    continue
            break
        right = after[card]
        if said_total is None:
            mistakes.append("not_announced")
            self.say(f"{words(card).capitalize()} makes {words(right)}.")
        elif said_total != right:
            mistakes.append("arithmetic")
            self.emit(
                {
                    "event": "mistake",
                    "player": view.players[0],
                    "said": said_total,
                    "reason": "arithmetic",
                    "expected": right,
                }
            )
            self.out.earcon("mistake")
            op = "plus" if view.counting is Counting.UP else "minus"
            self.say(
                f"{words(view.total).capitalize()} {op} {words(card)} is {words(right)}, "
                f"not {words(said_total)}."
            )
        else:
            self.out.earcon("accepted")
            if self.verbosity == "teaching":
                self.say("Right.")
        self.state, events = apply(self.state, Play(card))
        stew = any(isinstance(ev, StewPot) for ev in events)
        self.game.turns.append(
            LearnerTurn(
                total=view.total,
                counting=view.counting,
                hand=tuple(sorted(hand)),
                card=card,
                right_total=right,
                said=said_total,
                heard=tuple(heard),
                ms=reply.ms,
                mistakes=tuple(mistakes),
                judged=judged,
                stew_pot=stew,
            )
        )
        self.events(events)
        if self.verbosity == "teaching" and self.state.outcome is None:
            drawn = [c for c in self.state.hands[0]]
            self.say(f"Your cards now: {listing(sorted(drawn))}.", private=True)
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
            n_m = sum(len(t.mistakes) for t in self.game.turns)
            n_r = sum(t.risky is not None for t in self.game.turns)
            self.say(f"Review: {plural(n_m, 'mistake')} and {plural(n_r, 'risky play')}.")
            for line in spoken:
                self.say(line)
            for line in review[len(spoken) :]:
                self.emit({"event": "review", "text": line})
        elif self.game.turns:
            self.say("Review: no mistakes and no risky plays. Well played.")
        return self.game


def practice_view(
    state: GameState, plays: Sequence[tuple[str, int, int]], large: bool = False
) -> RenderableType:
    """The table as the referee's display draws it (large print with ``large``), with the
    learner's cards below."""
    from rich.console import Group
    from rich.panel import Panel
    from rich.text import Text

    from voice_host.display import RecentPlay, render_table

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


def plural(n: int, noun: str) -> str:
    """ "no mistakes", "one mistake", "two mistakes"."""
    if n == 0:
        return f"no {noun}s"
    return f"{words(n)} {noun}" + ("" if n == 1 else "s")


def listing_names(names: Sequence[str]) -> str:
    """ "Ada", "Ada and Ben", "Ada, Ben and Cleo"."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


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
) -> PracticeGame:
    """Play a whole practice game; returns it with the learner's turns for the review."""
    state, made = new_game(seed, name, bots)
    session = _Session(replies, out, state, made, seed, verbosity, log, show, large)
    return session.play()
