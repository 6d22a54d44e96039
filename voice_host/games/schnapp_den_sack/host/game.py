"""Schnapp den Sack on the host's seam: the host is the deck and the judge.

The host flips each player's next card in turn and says it ("Anna: Tränensack, drei."), then waits
for the first call. A player calls with the call word the host gave them at setup (a long word
the ear tells apart far better than a short name), so the call itself says who called; a table
that wants the exact order of close calls gives each player a buzzer key instead. A right
call wins the row, a wrong one costs the caller's last won card; a reachable target nobody calls
before the wait runs out is announced ("Zu spät: sechs Wandersäcke!"). The game has no clock: the
driver says when the wait ran out (:meth:`SchnappGame.time_up`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from voice_host.games.schnapp_den_sack import rules
from voice_host.games.schnapp_den_sack.host.buzzers import Buzzers
from voice_host.games.schnapp_den_sack.rules import ROWS, Card, Flip, Kind, Settle, State
from voice_host.games.schnapp_den_sack.words import Words
from voice_host.host.seam import Host
from voice_host.host.step import JSONObject, Step
from voice_host.phrases import PhraseTable
from voice_host.recognition import Expectation, Hearing

CALL = "call"
"""The one kind of announcement the game waits for: the first call after a flip."""

EARCONS = {"flipped": "listening", "grabbed": "accepted", "false_grab": "mistake"}
"""The earcon that marks each of the game's events (a flip, a grab, a wrong grab), by the log
record's event name: playable by ear alone."""

WAIT_S, MIN_WAIT_S, MAX_WAIT_S, WAIT_STEP_S = 3.0, 1.0, 8.0, 1.0
"""The wait for a call after a flip is said (seconds): default, bounds, and the step of one
"slower" or "faster"."""


@dataclass(frozen=True)
class Call:
    """One reading of an utterance heard while the host waits: a player's call, or a question
    or pace command for the host."""

    player: str | None
    """Who called (None for a question)."""
    confidence: float
    """How sure the ear is of it."""
    query: str | None = None
    """A question or pace command (``rows``, ``slower``, ``faster``) instead of a call."""

    def key(self) -> Hashable:
        """Readings naming the same caller (or question) are the same."""
        return (self.player, self.query)


@dataclass(frozen=True)
class Verdict:
    """A settled flip, kept so that undo can take it back."""

    before: State
    """The table just after the flip, before it was settled."""
    caller: str | None
    """Who was taken as the first caller (None: nobody in time)."""
    events: tuple[rules.Event, ...]
    """What settling it caused (the next flip not included)."""


def made_plate(state: State, card: Card, row: Kind) -> int:
    """The plate ``card`` makes in ``row`` (the first in order), for "Zu spät: sechs ..."."""
    found = state.row(row)
    plates = state.plates_of(row)
    made = [found.count + card.sacks, *(found.count - top.sacks + card.sacks
                                        for top in found.visible)]
    return next(p for p in plates if p in made)


class SchnappGame:
    """Schnapp den Sack's table as the host drives it (a
    :class:`~voice_host.host.seam.HostedGame`)."""

    def __init__(self, state: State, words: Words, phrases: PhraseTable,
                 calls: Mapping[str, str] | None = None, wait_s: float = WAIT_S) -> None:
        self.state = state
        """The table now (a card flipped and waiting, between flips)."""
        self.words = words
        """The game's words in the table's language."""
        self.phrases = phrases
        """The language's phrase table: typed lines, yes and no, commands, number words."""
        self.calls: dict[str, str] = dict(calls) if calls is not None else {
            p: words.buzz[i] for i, p in enumerate(state.players)}
        """Each player's call word (their name works as well when typed)."""
        self.wait_s = wait_s
        """How long the host waits for a call after a flip is said (the driver keeps time)."""
        self.verdicts: list[Verdict] = []
        """Settled flips, oldest first (for undo)."""
        self.events: list[rules.Event] = []
        """Every engine event so far, in order (the replay contract's objects)."""
        self.last_flip_line = ""
        """The last flip as said (for status and resume)."""
        self.buzzers: Buzzers | None = None
        """Each player's buzzer key when the table calls by key (:mod:`.buzzers`): a key press
        is then the only call, and a spoken call word is heard but no call."""
        self._host: Host[Call] | None = None

    def bind(self, host: Host[Call]) -> None:
        """Attach the host this game asks and speaks through."""
        self._host = host

    @property
    def host(self) -> Host[Call]:
        """The host this game asks and speaks through."""
        assert self._host is not None, "bind() the game to a host first"
        return self._host

    # --- words ---------------------------------------------------------------------------------
    def n(self, value: int) -> str:
        """A number as spoken words."""
        return self.phrases.number_words(value)

    def sack(self, kind: Kind, plural: bool = False) -> str:
        """A row's sack as spoken, singular or plural."""
        return self.words.rows[str(kind)][int(plural)]

    def plates_text(self, plates: Sequence[int]) -> str:
        """Plates as spoken: "sechs", "sechs, zwölf"."""
        return ", ".join(self.n(p) for p in plates)

    def target_text(self) -> str:
        """The target of every row: one or two shared plates, or one per row."""
        plates = self.state.plates
        if all(p == plates[0] for p in plates):
            return self.plates_text(plates[0])
        return ", ".join(f"{self.sack(row, True)} {self.plates_text(p)}"
                         for row, p in zip(ROWS, plates, strict=True))

    def flip_line(self, event: rules.Flipped) -> str:
        """"Anna: Tränensack, drei." or "Anna: Joker!"."""
        if event.card.is_joker:
            return self.words.flip_joker.format(player=event.player)
        return self.words.flip.format(player=event.player, sack=self.sack(event.card.kind),
                                      n=self.n(event.card.sacks))

    def start_line(self) -> str:
        """The target and each player's call word (a player named by their call word is named
        once), or their buzzer key ("Anna drückt A")."""
        if self.buzzers is not None:
            calls = ", ".join(self.words.presses.format(player=p, key=k.upper())
                              for p, k in self.buzzers.keys.items())
        else:
            calls = ", ".join(w if w == p else self.words.calls_as.format(player=p, word=w)
                              for p, w in self.calls.items())
        return self.words.start.format(target=self.target_text(), calls=calls)

    # --- the seam: what is waited for and heard ------------------------------------------------
    @property
    def over(self) -> bool:
        """Whether every pile is empty and the last card is settled."""
        return rules.outcome(self.state) is not None

    def waiting_for(self) -> Hashable | None:
        """A call while a flipped card waits; nothing otherwise."""
        return CALL if self.state.flipped is not None else None

    def call_words(self) -> tuple[tuple[str, str], ...]:
        """The call words as the ear's declared phrases (meaning: the caller)."""
        return tuple((word, player) for player, word in self.calls.items())

    def query_words(self) -> tuple[tuple[str, str], ...]:
        """The host's questions and pace commands as declared phrases."""
        return tuple((phrase, meaning) for meaning, said in self.words.queries.items()
                     for phrase in said)

    def expectation(self, kind: Hashable | None, *, yes_or_no: bool = False) -> Expectation:
        """A call word, a question for the host or a command; never a number."""
        if yes_or_no or kind is None:
            return Expectation(numbers=frozenset(), number_pairs=False)
        return Expectation(numbers=frozenset(), number_pairs=False,
                           words=(*self.call_words(), *self.query_words()))

    def reading(self, meaning: str, confidence: float) -> Call | None:
        """A declared meaning as a reading: a player's call (not with buzzer keys), or a
        question."""
        if meaning in self.state.players:
            if self.buzzers is not None:
                return None
            return Call(meaning, confidence)
        if meaning in self.words.queries:
            return Call(None, confidence, query=meaning)
        return None

    def readings(self, hearing: Hearing) -> list[Call]:
        """The caller heard (or the two the ear hesitates between), best first."""
        found: list[Call] = []
        for meaning in hearing.words:
            call = self.reading(meaning, hearing.confidence)
            if call is not None:
                found.append(call)
        for alt in hearing.alternatives:
            for meaning in alt.words:
                call = self.reading(meaning, alt.confidence)
                if call is not None and call.key() not in {c.key() for c in found}:
                    found.append(call)
        return found

    def withheld(self, hearing: Hearing) -> list[Call]:
        """Nothing: a call the ear did not hear is no call (the wait runs on)."""
        return []

    # --- judging -------------------------------------------------------------------------------
    def judge(self, step: Step, kind: Hashable, readings: list[Call], confident: bool) -> None:
        """A sure call is judged at once (the game is about speed); between two callers the
        host asks; a question is answered."""
        top = readings[0]
        if top.query is not None:
            if confident:
                self.answer(step, top.query)
            return
        calls = [c for c in readings if c.player is not None]
        if confident and (len(calls) == 1 or self.host.typed):
            self.settle(step, calls[0].player)
        elif calls:
            self.host.ask(step, kind, tuple(calls[:2]))

    def resolve(self, step: Step, kind: Hashable, option: Call) -> None:
        """A caller settled by a question."""
        if option.player is not None:
            self.settle(step, option.player)
        elif option.query is not None:
            self.answer(step, option.query)

    def costly(self, kind: Hashable, option: Call) -> bool:
        """A wrong call by a player who has won cards costs one."""
        if option.player is None or self.state.flipped is None:
            return False
        reached = rules.reached_row(self.state, self.state.flipped)
        return reached is None and bool(self.state.won[self.state.index(option.player)])

    def suspect(self, kind: Hashable, option: Call) -> bool:
        """No call is held suspect after an undo (the flip is called afresh)."""
        return False

    def ask_text(self, kind: Hashable, options: tuple[Call, ...], *, yes_or_no: bool) -> str:
        """"Anna oder Ben?", "Anna?" or "Anna? Ja oder nein?"."""
        names = [o.player or "" for o in options]
        if len(names) >= 2:
            return self.words.either.format(a=names[0], b=names[1])
        template = self.words.confirm_outright if yes_or_no else self.words.confirm
        return template.format(a=names[0])

    def describe(self, option: Call) -> JSONObject:
        """A reading as the ``ask`` record's alternative."""
        return {"player": option.player, "confidence": round(option.confidence, 3)}

    def asked_player(self, kind: Hashable) -> str:
        """Everyone: whoever called says their call word again."""
        return self.words.everyone

    # --- acting --------------------------------------------------------------------------------
    def record(self, step: Step, events: Sequence[rules.Event]) -> None:
        """Log ``events`` as the replay contract writes them."""
        self.events.extend(events)
        step.records.extend(e.to_json() for e in events)

    def flip(self, step: Step) -> None:
        """Flip the next card (if any) and say it."""
        if self.over or self.state.flipped is not None:
            return
        self.state, events = rules.apply(self.state, Flip())
        step.actions.append({"action": "flip"})
        self.record(step, events)
        flipped = events[0]
        assert isinstance(flipped, rules.Flipped)
        self.last_flip_line = self.flip_line(flipped)
        self.host.say_line(step, self.last_flip_line)

    def settle(self, step: Step, caller: str | None) -> None:
        """Settle the flipped card with ``caller`` first (None: nobody called in time), say the
        verdict, then flip the next card."""
        before = self.state
        card = before.flipped
        if card is None:
            return
        self.state, events = rules.apply(before, Settle(caller))
        step.actions.append({"action": "settle", "caller": caller})
        self.record(step, events)
        self.verdicts.append(Verdict(before, caller, events))
        line = self.verdict_line(before, card, events)
        if line:
            self.host.say_line(step, line)
        self.flip(step)

    def time_up(self, step: Step) -> None:
        """The wait for a call ran out: nobody called in time."""
        if self.state.flipped is not None:
            self.settle(step, None)

    def verdict_line(self, before: State, card: Card, events: Sequence[rules.Event]) -> str:
        """What the host says of a settled flip (a card laid quietly says nothing)."""
        said: list[str] = []
        for event in events:
            if isinstance(event, rules.Grabbed):
                said.append(self.words.grabbed.format(player=event.player,
                                                      n=self.cap(self.n(event.cards))))
            elif isinstance(event, rules.FalseGrab):
                template = self.words.false_grab if event.returned else self.words.false_grab_free
                said.append(template.format(player=event.player))
            elif isinstance(event, rules.Missed):
                said.append(self.words.missed.format(
                    n=self.n(made_plate(before, card, event.row)),
                    sacks=self.sack(event.row, True)))
            elif isinstance(event, rules.GameOver):
                said.append(self.end_line(event.outcome))
        return " ".join(said)

    @staticmethod
    def cap(text: str) -> str:
        """``text`` with its first letter in upper case."""
        return text[:1].upper() + text[1:]

    def end_line(self, outcome: rules.Outcome) -> str:
        """The scores and the winners."""
        template = self.words.winner if len(outcome.winners) == 1 else self.words.winners
        return self.words.game_over.format(
            scores=self.score_text(), winners=template.format(winners=", ".join(outcome.winners)))

    # --- questions, pace, undo -----------------------------------------------------------------
    def answer(self, step: Step, query: str) -> None:
        """Answer a question or change the pace."""
        if query == "slower":
            self.wait_s = min(MAX_WAIT_S, self.wait_s + WAIT_STEP_S)
            step.actions.append({"action": "pace", "wait_s": self.wait_s})
            self.host.say_line(step, self.words.slower.format(seconds=self.seconds()),
                               remember=False)
        elif query == "faster":
            self.wait_s = max(MIN_WAIT_S, self.wait_s - WAIT_STEP_S)
            step.actions.append({"action": "pace", "wait_s": self.wait_s})
            self.host.say_line(step, self.words.faster.format(seconds=self.seconds()),
                               remember=False)
        else:
            self.host.say_line(step, self.rows_text(), remember=False)

    def seconds(self) -> str:
        """The wait as spoken."""
        return self.words.seconds.format(n=self.n(round(self.wait_s)))

    def rows_text(self) -> str:
        """The four rows read out: the sacks each shows."""
        items = []
        for kind in ROWS:
            row = self.state.row(kind)
            if not row.laid:
                items.append(self.words.empty_row.format(sacks=self.sack(kind, True)))
            else:
                items.append(self.words.row_item.format(sacks=self.sack(kind, True),
                                                        n=self.n(row.count)))
        return ". ".join(items) + "."

    def score_text(self) -> str:
        """Each player's won cards."""
        return ", ".join(self.words.score_item.format(player=p, n=self.n(len(w)))
                         for p, w in zip(self.state.players, self.state.won, strict=True))

    def queries(self) -> Mapping[str, Callable[[], str]]:
        """Score and the rows, by command name."""
        return {"score": self.score_text, "rows": self.rows_text}

    def status(self) -> str:
        """The card waiting (or the last said)."""
        return self.last_flip_line or self.words.nothing_yet

    def resumed_after_pause(self) -> str:
        """The flipped card said again."""
        return self.status()

    def undo_question(self) -> str | None:
        """"Ben schnappt! Vier Karten. zurücknehmen?"; None with no verdict to take back."""
        if not self.verdicts:
            return None
        last = self.verdicts[-1]
        card = last.before.flipped
        assert card is not None
        flip = self.flip_line(rules.Flipped(last.before.flips - 1, "", card)).lstrip(": ")
        verdict = self.verdict_line(last.before, card, last.events) or flip
        return self.words.undo_question.format(verdict=verdict.rstrip(".!"))

    def take_back(self, step: Step) -> None:
        """Take back the last verdict and the flip after it: the card waits for a call again."""
        if not self.verdicts:
            return
        last = self.verdicts.pop()
        self.state = last.before
        step.actions.append({"action": "undo"})
        step.records.append({"event": "undone", "caller": last.caller})
        flip = next(e for e in reversed(self.events) if isinstance(e, rules.Flipped)
                    and e.flip == last.before.flips - 1)
        self.events = self.events[:self.events.index(flip) + 1]
        self.last_flip_line = self.flip_line(flip)
        self.host.say_line(step, self.words.taken_back.format(flip=self.last_flip_line))

    # --- the journal -------------------------------------------------------------------------
    def replay(self, action: JSONObject) -> None:
        """Carry out one journaled action again, saying nothing (a resumed game); raises
        ValueError for an action that does not fit the table."""
        name = action.get("action")
        if name == "flip":
            if self.state.flipped is not None:
                raise ValueError(f"{action}: a card is still waiting")
            self.flip(Step())
        elif name == "settle":
            caller = action.get("caller")
            if self.state.flipped is None or not (caller is None or caller in self.state.players):
                raise ValueError(f"{action}: no card waits, or no such player")
            before = self.state
            self.state, events = rules.apply(before, Settle(caller if isinstance(caller, str)
                                                            else None))
            self.events.extend(events)
            self.verdicts.append(Verdict(before, caller if isinstance(caller, str) else None,
                                         events))
        elif name == "undo":
            if not self.verdicts:
                raise ValueError(f"{action}: no verdict to take back")
            self.take_back(Step())
        elif name == "pace":
            wait = action.get("wait_s")
            if isinstance(wait, bool) or not isinstance(wait, int | float) or not (
                    MIN_WAIT_S <= wait <= MAX_WAIT_S):
                raise ValueError(f"{action}: the wait is {MIN_WAIT_S:g} to {MAX_WAIT_S:g} s")
            self.wait_s = float(wait)
        else:
            raise ValueError(f"{action}: not an action of the game (flip, settle, undo, pace)")

    # --- display -------------------------------------------------------------------------------
    def render(self, large: bool, said: Sequence[str]) -> RenderableType:
        """The four rows (cards shown, count, plates), the players and the host's last lines."""
        style = "bold white on black" if large else ""
        columns = self.words.display_columns
        rows = Table(title=self.words.display_rows, style=style, expand=large)
        for column in columns:
            rows.add_column(column)
        for kind, plates in zip(ROWS, self.state.plates, strict=True):
            row = self.state.row(kind)
            shown = " ".join(str(c.sacks) + ("J" if c.is_joker else "") for c in row.visible)
            rows.add_row(self.sack(kind, True), shown or "-", str(row.count),
                         " / ".join(map(str, plates)))
        people = Table(style=style, expand=large)
        player_column, call_column, *counts = self.words.display_players
        keys = self.buzzers.keys if self.buzzers is not None else None
        for column in (player_column, call_column if keys is None else self.words.display_key,
                       *counts):
            people.add_column(column)
        for player, pile, won in zip(self.state.players, self.state.piles, self.state.won,
                                     strict=True):
            call = self.calls[player] if keys is None else keys[player].upper()
            people.add_row(player, call, str(len(pile)), str(len(won)))
        flipped = self.state.flipped
        head = Text(self.last_flip_line if flipped is not None else "",
                    style="bold reverse" if large else "bold")
        return Group(head, rows, people, *(Text(line) for line in said[-3:]))
