"""Turtle Soup on the host's seam: the host deals the Decktet, keeps the pot and hears who takes.

After the cards are turned up the players open their fists at once, and the host asks each
waiting player in seat order: take or wait (two phrases the ear's closed-set scorer tells apart).
An answer heard for sure is taken; an unsure one is asked about. When every waiting player has
answered, the host repeats the round ("Prendono Anna e Ben. Giusto?") and pays out only on a
yes; a payout is costly, so an unsure yes is asked again, and a no has the round said again from
its first player. Then it turns the next card, or the soup spoils and the next dinner is dealt.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from voice_host.games.turtle_soup import rules
from voice_host.games.turtle_soup.cards import SUITS, Card, Suit, is_rank, rank_choices
from voice_host.games.turtle_soup.host.lines import SoupLines
from voice_host.games.turtle_soup.rules import (
    DinnerEnd,
    DinnerOver,
    DinnerStarted,
    Event,
    GameOver,
    NewDinner,
    Phase,
    Revealed,
    RoundPlayed,
    Spoiled,
    State,
    Tokens,
)
from voice_host.host.seam import Host
from voice_host.host.step import JSONObject, Step
from voice_host.phrases import PhraseTable
from voice_host.recognition import COMMANDS_ONLY, Expectation, Hearing

TAKE = "take"
"""The meaning of a phrase that takes a share now."""
WAIT = "wait"
"""The meaning of a phrase that waits."""


@dataclass(frozen=True)
class Answer:
    """The kind of announcement awaited from one waiting player: take or wait."""

    player: str
    """Who is to answer."""


class Round(enum.Enum):
    """The kind of the question that repeats a round before the payout."""

    CONFIRM = "confirm"
    """"Prendono Anna e Ben. Giusto?"."""


@dataclass(frozen=True)
class Choice:
    """One reading: a player's answer (``take``), or a whole round (``takers``)."""

    take: bool | None
    """True to take, False to wait; None for a round."""
    takers: tuple[str, ...] = ()
    """For a round: who takes."""
    confidence: float = 1.0
    """How sure the ear is of it."""

    def key(self) -> Hashable:
        """Readings with the same answer (or the same takers) are the same."""
        return (self.take, self.takers)


@dataclass(frozen=True)
class Played:
    """A round carried out, with the game before it (for undo)."""

    before: State
    """The game before the round."""
    takers: tuple[str, ...]
    """Who took."""


class SoupGame:
    """Turtle Soup's table as the host drives it (a :class:`~voice_host.host.seam.HostedGame`)."""

    def __init__(self, players: Sequence[str], say: SoupLines, *, dinners: int = rules.MIN_DINNERS,
                 extended: bool = False, seed: int | None = None,
                 decks: Sequence[Sequence[Card]] | None = None) -> None:
        self.say = say
        """The host's lines."""
        self.phrases: PhraseTable = say.table
        """The language's phrase table (typed lines, yes and no, commands)."""
        self.state: State = rules.new_game(players, rules.Rules(dinners=dinners,
                                                                extended=extended))
        """The game now."""
        self.rng = random.Random(seed)
        """The shuffles (a seed makes them repeatable)."""
        self.decks: list[tuple[Card, ...]] = [tuple(d) for d in decks or ()]
        """Each dinner's deck as dealt (given, or shuffled when the dinner begins); a dinner
        taken back and played again is dealt the same deck."""
        self.answers: dict[str, bool] = {}
        """This round's answers so far: True takes."""
        self.played: list[Played] = []
        """Rounds carried out, oldest first."""
        self.actions: list[JSONObject] = []
        """Every journal action so far."""
        self._host: Host[Choice] | None = None
        heard = [(p, TAKE) for p in say.words.take] + [(p, WAIT) for p in say.words.wait]
        self.words: tuple[tuple[str, str], ...] = tuple(heard)
        """The phrases an answer may be, with their meanings."""

    def bind(self, host: Host[Choice]) -> None:
        """Attach the host this game asks and speaks through."""
        self._host = host

    @property
    def host(self) -> Host[Choice]:
        """The host this game asks and speaks through."""
        assert self._host is not None, "bind() the game to a host first"
        return self._host

    # --- state ---------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        """Whether the last dinner has ended."""
        return self.state.phase is Phase.OVER

    def waiting_for(self) -> Answer | None:
        """The answer of the next waiting player who has not answered this round; None between
        dinners or at the end."""
        if self.state.phase is not Phase.DECIDING:
            return None
        pending = [p for p in self.state.waiting if p not in self.answers]
        return Answer(pending[0]) if pending else None

    def expectation(self, kind: Hashable | None, *, yes_or_no: bool = False) -> Expectation:
        """An answer: take or wait, no number, no command (the ear's command head hears "prendo"
        as "riprendi" and "aspetto" as "pausa"); anything else, a command or a yes or no."""
        if yes_or_no or not isinstance(kind, Answer):
            return COMMANDS_ONLY
        return Expectation(numbers=frozenset(), number_pairs=False, commands=False,
                           words=self.words)

    # --- readings ------------------------------------------------------------------------------
    def readings(self, hearing: Hearing) -> list[Choice]:
        """Take or wait, heard for sure (one reading) or unsure (both, likeliest first)."""
        out: list[Choice] = []
        if hearing.words:
            out.append(Choice(hearing.words[0] == TAKE, confidence=hearing.confidence))
        for alt in hearing.alternatives:
            if alt.words:
                choice = Choice(alt.words[0] == TAKE, confidence=alt.confidence)
                if all(c.key() != choice.key() for c in out):
                    out.append(choice)
        return out

    def withheld(self, hearing: Hearing) -> list[Choice]:
        """None: the ear's unsure answers come as two readings already."""
        return []

    # --- judging -------------------------------------------------------------------------------
    def judge(self, step: Step, kind: Hashable, readings: list[Choice], confident: bool) -> None:
        """A player's answer: taken when sure, else asked about ("Anna, prendi o aspetti?")."""
        if not isinstance(kind, Answer) or readings[0].take is None:
            return
        if confident and len(readings) == 1:
            self.answer(step, kind.player, readings[0].take)
            return
        self.host.ask(step, kind, tuple(readings[:2]))

    def resolve(self, step: Step, kind: Hashable, option: Choice) -> None:
        """An answer a question settled, or the round confirmed: the payout."""
        if isinstance(kind, Answer) and option.take is not None:
            self.answer(step, kind.player, option.take)
        elif kind is Round.CONFIRM:
            self.play(step, option.takers)

    def costly(self, kind: Hashable, option: Choice) -> bool:
        """A round that pays someone out is settled by a sure yes only."""
        return kind is Round.CONFIRM and bool(option.takers)

    def suspect(self, kind: Hashable, option: Choice) -> bool:
        """Never: a round taken back is answered afresh."""
        return False

    def answer(self, step: Step, player: str, take: bool) -> None:
        """Note ``player``'s answer; ask the next player, or repeat the round when all have
        answered."""
        self.answers[player] = take
        step.records.append({"event": "answer", "player": player, "take": take})
        nxt = self.waiting_for()
        if nxt is not None:
            self.host.say_line(step, self.say.words.ask_player.format(player=nxt.player))
            return
        takers = tuple(p for p in self.state.waiting if self.answers[p])
        # The answers are heard again from the first player if the round is not confirmed.
        self.answers = {}
        self.host.ask(step, Round.CONFIRM, (Choice(None, takers),))

    # --- changing the table --------------------------------------------------------------------
    def start(self, step: Step) -> None:
        """Deal the first dinner (or the next one) and ask the first player."""
        self._deal(step)
        self._ask_first(step)

    def play(self, step: Step, takers: Sequence[str]) -> None:
        """Carry out a confirmed round: pay the takers, turn the next card or end the dinner (and
        deal the next one)."""
        before = self.state
        self.state, events = rules.decide(self.state, tuple(takers))
        self.answers = {}
        self.played.append(Played(before, tuple(takers)))
        self._journal(step, {"action": "decide", "takers": list(takers)})
        lines = self._announce(step, events)
        if self.state.phase is Phase.BETWEEN:
            self.host.say_line(step, " ".join(lines))
            self.start(step)
            return
        if self.state.phase is Phase.DECIDING:
            lines.append(self.say.words.open_fists.format(player=self.state.waiting[0]))
        self.host.say_line(step, " ".join(lines))

    def _deal(self, step: Step) -> None:
        number = self.state.dinner + 1
        while len(self.decks) < number:
            self.decks.append(rules.deal(self.state, self.rng).deck)
        deck = self.decks[number - 1]
        self.state, events = rules.apply(self.state, NewDinner(deck))
        self._journal(step, {"action": "dinner", "number": number,
                             "deck": [c.to_json() for c in deck]})
        self.host.say_line(step, " ".join(self._announce(step, events)))

    def _ask_first(self, step: Step) -> None:
        if self.state.phase is Phase.DECIDING:
            self.host.say_line(step, self.say.words.open_fists.format(player=self.state.waiting[0]))

    def _journal(self, step: Step, action: JSONObject) -> None:
        self.actions.append(action)
        step.actions.append(action)

    def _announce(self, step: Step, events: Sequence[Event]) -> list[str]:
        """Log ``events`` as the replay contract writes them; the lines that say them."""
        w, say = self.say.words, self.say
        lines: list[str] = []
        for event in events:
            step.records.append(event.to_json())
            if isinstance(event, DinnerStarted):
                lines.append(w.dinner.format(number=say.n(event.number),
                                             dinners=say.n(self.state.dinners)))
            elif isinstance(event, Revealed):
                lines.append(say.revealed(event.card,
                                          rules.ingredients(event.card, self.state.rules)))
            elif isinstance(event, RoundPlayed):
                lines.append(say.payout(event.takers, event.each))
                left = [p for p in self.state.waiting]
                if left and len(event.takers) > 0:
                    lines.append(w.still_waiting.format(players=say.names(left)))
            elif isinstance(event, Spoiled):
                lines.append(w.spoiled.format(players=say.names(self.waiting_before_spoil())))
            elif isinstance(event, DinnerOver):
                if event.reason is DinnerEnd.ALL_SERVED:
                    lines.append(w.all_served)
                elif event.reason is DinnerEnd.DECK_EMPTY:
                    lines.append(w.deck_empty)
                if event.returned != Tokens():
                    lines.append(w.returned.format(pot=cap(say.tokens(event.returned))))
            elif isinstance(event, GameOver):
                lines.append(w.game_over.format(scores=say.scores(event.outcome.scores),
                                                winners=say.winners(event.outcome.winners)))
        return lines

    def waiting_before_spoil(self) -> tuple[str, ...]:
        """Who was still waiting when the soup spoiled (the last round's non-takers)."""
        if not self.played:
            return ()
        last = self.played[-1]
        return tuple(p for p in last.before.waiting if p not in last.takers)

    # --- questions -----------------------------------------------------------------------------
    def ask_text(self, kind: Hashable, options: tuple[Choice, ...], *, yes_or_no: bool) -> str:
        """"Anna, prendi o aspetti?", "Anna prende?", "Prendono Anna e Ben. Giusto?"."""
        w = self.say.words
        if kind is Round.CONFIRM:
            return self.say.confirm_round(options[0].takers, yes_or_no=yes_or_no)
        player = kind.player if isinstance(kind, Answer) else ""
        if len(options) == 1:
            text = (w.does_take if options[0].take else w.does_wait).format(player=player)
            return self.say.asked(text, yes_or_no)
        return w.ask_player.format(player=player)

    def describe(self, option: Choice) -> JSONObject:
        """A reading as an ``ask`` record's alternative."""
        if option.take is None:
            return {"takers": list(option.takers), "confidence": round(option.confidence, 3)}
        return {"take": option.take, "confidence": round(option.confidence, 3)}

    def asked_player(self, kind: Hashable) -> str:
        """Who says it again: the player asked, or for a round its first waiting player."""
        if isinstance(kind, Answer):
            return kind.player
        waiting = self.state.waiting
        return waiting[0] if waiting else self.state.players[0]

    def queries(self) -> Mapping[str, Callable[[], str]]:
        """What players may ask, by the phrase table's command names: the scores ("punteggio"),
        who waits ("a chi tocca"), the pot ("pentole"), the cards and suits turned up ("ultime
        giocate"), the hint with the chance of spoiling ("suggerimento") and the dinners left
        ("quante carte isola", the nearest the shared phrase table has)."""
        return {
            "score": lambda: self.say.scores(self.state.scores()),
            "whose_turn": self.waiting_line,
            "stew_pots": lambda: self.say.words.pot.format(pot=self.say.tokens(self.state.pot)),
            "last_plays": self.cards_line,
            "hint": self.hint_line,
            "island_cards": self.dinners_line,
        }

    def waiting_line(self) -> str:
        """Who waits, and whose answer is awaited."""
        kind = self.waiting_for()
        first = kind.player if kind is not None else self.say.words.nobody
        return self.say.words.waiting.format(players=self.say.names(self.state.waiting),
                                             player=first)

    def cards_line(self) -> str:
        """The cards turned up this dinner and the suits on the table and missing."""
        say, state = self.say, self.state
        missing = [s for s in SUITS if s not in state.suits]
        return say.words.cards.format(cards="; ".join(say.card(c) for c in state.turned),
                                      suits=say.suits(state.suits), missing=say.suits(missing))

    def hint_line(self) -> str:
        """"Taking now: 7 points; the next card spoils it 2 times in 5."."""
        state = self.state
        if state.phase is not Phase.DECIDING:
            return self.say.words.hint_none
        share = state.pot.share(len(state.waiting))
        return self.say.hint(state.rules.value(share), spoiling(state), len(state.deck))

    def dinners_line(self) -> str:
        """How many dinners are left, the one on included."""
        state = self.state
        left = state.dinners - state.dinner + (1 if state.phase is Phase.DECIDING else 0)
        return self.say.words.dinners_left.format(n=self.say.n(left))

    def status(self) -> str:
        """The dinner, the pot, the suits on the table and who waits."""
        say, state = self.say, self.state
        if state.phase is not Phase.DECIDING:
            return say.words.between.format(number=say.n(state.dinner),
                                            dinners=say.n(state.dinners),
                                            scores=say.scores(state.scores()))
        return say.words.status.format(number=say.n(state.dinner), dinners=say.n(state.dinners),
                                       pot=say.tokens(state.pot), suits=say.suits(state.suits),
                                       waiting=say.names(state.waiting))

    def resumed_after_pause(self) -> str:
        """Where the game stands, said on resume."""
        return self.say.words.resumed.format(status=self.status())

    # --- taking back ---------------------------------------------------------------------------
    def undo_question(self) -> str | None:
        """"Annullo l'ultimo giro, Anna e Ben? Di' sì."; None before the first round."""
        if not self.played:
            return None
        takers = self.played[-1].takers
        shown = self.say.names(takers) if takers else self.say.words.nobody
        return self.say.words.confirm_undo.format(takers=shown, yes=self.say.words.yes)

    def take_back(self, step: Step) -> None:
        """Take back the last round with all it caused (payout, cards turned, a dinner dealt)."""
        if not self.played:
            self.host.say_line(step, self.say.nothing_to_undo())
            return
        last = self.played.pop()
        self.state = last.before
        self.answers = {}
        self._journal(step, {"action": "undo"})
        step.records.append({"event": "undone", "dinner": self.state.dinner,
                             "takers": list(last.takers)})
        line = self.say.words.undone.format(status=self.status())
        first = self.state.waiting[0]
        self.host.say_line(step, f"{line} {self.say.words.ask_player.format(player=first)}")

    def restore(self, actions: Sequence[JSONObject]) -> None:
        """Carry a journal's ``actions`` out again, silently, from the first dinner on; raises
        ValueError on one that does not fit."""
        for action in actions:
            if action.get("action") == "dinner":
                number, cards = action.get("number"), action.get("deck")
                if not isinstance(number, int) or not isinstance(cards, list) or not (
                        1 <= number <= len(self.decks) + 1):
                    raise ValueError(f"journal action {action!r} is no dinner's deck")
                deck = tuple(card_from_json(c) for c in cards)
                self.decks[number - 1:number] = [deck]
        scratch = Step()
        self.start(scratch)
        for action in actions:
            kind, takers = action.get("action"), action.get("takers")
            if kind == "decide" and isinstance(takers, list):
                self.play(scratch, [str(t) for t in takers])
            elif kind == "undo":
                self.take_back(scratch)
            elif kind != "dinner":
                raise ValueError(f"unknown journal action {action!r}")

    # --- the display ---------------------------------------------------------------------------
    def render(self, large: bool, said: Sequence[str]) -> RenderableType:
        """The pot, the suits on the table and missing, who waits, the scores and the host's last
        lines; large print puts the pot and who waits in bold on their own lines."""
        say, state, labels = self.say, self.state, self.say.words.labels
        table = Table(show_header=False, box=None, expand=False)
        table.add_column(style="bold" if large else "dim")
        table.add_column(style="bold yellow" if large else "")
        table.add_row(labels["dinner"], f"{state.dinner} / {state.dinners}")
        table.add_row(labels["pot"], say.tokens(state.pot))
        table.add_row(labels["suits"], say.suits(state.suits))
        table.add_row(labels["missing"], say.suits(s for s in SUITS if s not in state.suits))
        table.add_row(labels["waiting"], say.names(state.waiting))
        table.add_row(labels["deck"], str(len(state.deck)))
        table.add_row(labels["scores"], ", ".join(f"{p} {v}" for p, v in state.scores().items()))
        lines = [Text(line, style="bold" if large else "") for line in said[-3:]]
        return Group(table, *lines)


def card_from_json(value: object) -> Card:
    """A card as the journal (and the replay contract) writes it; raises ValueError."""
    if not isinstance(value, dict) or not isinstance(value.get("suits"), list):
        raise ValueError(f"{value!r} is no card")
    rank = value.get("rank")
    if not is_rank(rank):
        raise ValueError(f"{value!r} is no card: {rank_choices()}")
    return Card(rank, tuple(Suit(s) for s in value["suits"]))


def spoiling(state: State) -> int:
    """How many of the cards not yet turned up would spoil the soup if turned up next."""
    return sum(1 for card in state.deck if len(state.suits | set(card.suits)) == len(SUITS))


def cap(text: str) -> str:
    """``text`` with its first letter in upper case."""
    return text[:1].upper() + text[1:]
