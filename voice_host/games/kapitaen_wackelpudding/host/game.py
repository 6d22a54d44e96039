"""Kapitän Wackelpudding on the host's seam: the host loads, rolls the die, hears what fell and
keeps the books (a :class:`~voice_host.host.seam.HostedGame`).

Each turn the host tells the player what to load (and from where) and applies the load itself;
on the roll word it rolls the die (an injected ``random.Random``) and says where to sail, or,
on the ship's own colour, to load once more. During the journey it hears what fell, "nothing",
"arrived" and "touched land". A fall costs the player, so a heard fall is confirmed with a yes
before it is booked, and an unsure hearing is asked about, never booked. Everything the engine
says happened is logged as the replay contract's events.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from voice_host.games.kapitaen_wackelpudding.host import reports
from voice_host.games.kapitaen_wackelpudding.host.board import render_board
from voice_host.games.kapitaen_wackelpudding.rules import (
    ISLANDS,
    Action,
    Arrive,
    CardDrawn,
    Cargo,
    Event,
    Fall,
    GameOver,
    Load,
    Loaded,
    NameRule,
    NothingToLoad,
    Phase,
    Port,
    Roll,
    Rules,
    Source,
    State,
    Stayed,
    apply,
    new_game,
    parse_good,
    parse_port,
    roll_die,
)
from voice_host.games.kapitaen_wackelpudding.words.schema import Words
from voice_host.host.seam import Host
from voice_host.host.step import JSONObject, Step
from voice_host.phrases import PhraseTable
from voice_host.recognition import COMMANDS_ONLY, Expectation, Hearing

if TYPE_CHECKING:
    from rich.console import RenderableType


class Wait(enum.Enum):
    """What the host waits for."""

    ROLL = "roll"
    """The roll word (a fall while loading may be reported too)."""
    SAIL = "sail"
    """The journey: falls, "touched land", "nothing" or "arrived"."""


@dataclass(frozen=True)
class Report:
    """One way of understanding what a player said: a meaning of :mod:`.reports`."""

    meaning: str
    """``roll``, ``arrived``, ``fell:coffin=2``..."""
    confidence: float = 1.0
    """How sure the ear is of it."""

    def key(self) -> Hashable:
        """Reports with the same meaning are the same announcement."""
        return self.meaning


@dataclass(frozen=True)
class Move:
    """An accepted report that changed the game, for undo."""

    before: State
    """The game before it."""
    kind: str
    """``roll``, ``fell``, ``arrived`` or ``rule``."""
    what: str
    """What it was, as said (the goods of a fall)."""
    started_at: Port
    """Where the journey under way had started, before it."""


class WackelpuddingGame:
    """Kapitän Wackelpudding's table as the host drives it."""

    def __init__(self, players: Sequence[str], words: Words, phrases: PhraseTable,
                 rng: random.Random, rules: Rules | None = None) -> None:
        self.state: State = new_game(list(players), rules)
        """The game now."""
        self.words = words
        """The table's language."""
        self.phrases = phrases
        """The language's phrase table: typed lines, yes and no, commands."""
        self.rng = rng
        """The die's randomness."""
        self.moves: list[Move] = []
        """Accepted reports that changed the game, oldest first."""
        self.actions: list[JSONObject] = []
        """Every engine action so far, as the journal keeps them."""
        self.started_at: Port = self.state.port
        """Where the journey under way started (where "touched land" sends the ship back)."""
        self.acted: list[str] = []
        """The meaning of every report acted on, in order (queries included)."""
        self._host: Host[Report] | None = None
        self._taken_back: str | None = None

    def bind(self, host: Host[Report]) -> None:
        """Attach the host this game asks and speaks through."""
        self._host = host

    @property
    def host(self) -> Host[Report]:
        """The host this game asks and speaks through."""
        assert self._host is not None, "bind() the game to a host first"
        return self._host

    # --- what is said now ----------------------------------------------------------------------
    @property
    def over(self) -> bool:
        """Whether the game is over."""
        return self.state.outcome is not None

    def waiting_for(self) -> Wait | None:
        """The roll word before the die is thrown, the journey's reports after; None at the
        end."""
        if self.state.phase is Phase.ROLL:
            return Wait.ROLL
        if self.state.phase is Phase.SAIL:
            return Wait.SAIL
        return None

    def declared(self, kind: Hashable | None) -> reports.Pairs:
        """The phrases that may be said now: the falls possible aboard, and the turn's words."""
        w = self.words
        falls = reports.fall_phrases(self.state.ship, w)
        asked = reports.fixed(reports.SHIP, w)
        if kind is Wait.ROLL:
            rule = (reports.fixed(reports.RULE_FOR_ALL, w) if self.state.port is Port.SNARCH
                    else ())
            return (*reports.fixed(reports.ROLL, w), *rule, *falls, *asked)
        if kind is Wait.SAIL:
            return (*reports.fixed(reports.ARRIVED, w), *reports.fixed(reports.NOTHING, w),
                    *reports.fixed(reports.TOUCHED_LAND, w), *falls, *asked)
        return ()

    def expectation(self, kind: Hashable | None, *, yes_or_no: bool = False) -> Expectation:
        """The declared phrases and commands, no numbers (a count is part of a phrase)."""
        if yes_or_no or kind is None:
            return COMMANDS_ONLY
        return Expectation(numbers=frozenset(), card_first=False, commands=True,
                           words=self.declared(kind))

    # --- readings ------------------------------------------------------------------------------
    def readings(self, hearing: Hearing) -> list[Report]:
        """The meaning heard for sure, or the two the ear was unsure between; none for table
        talk."""
        out = [Report(m, hearing.confidence) for m in hearing.words[:1]]
        for alt in hearing.alternatives:
            for m in alt.words[:1]:
                if all(r.meaning != m for r in out):
                    out.append(Report(m, alt.confidence))
        return out

    def withheld(self, hearing: Hearing) -> list[Report]:
        """None: the ear's unsure readings come as alternatives already."""
        return []

    # --- judging -------------------------------------------------------------------------------
    def judge(self, step: Step, kind: Hashable, readings: list[Report], confident: bool) -> None:
        """Act on a sure report that costs nobody; confirm a sure fall first; ask about an
        unsure one."""
        top = readings[0]
        if confident and not self.costly(kind, top) and not self.suspect(kind, top):
            self.act(step, top)
        elif confident:
            self.host.ask(step, kind, (top,))
        else:
            self.host.ask(step, kind, tuple(readings[:2]))

    def resolve(self, step: Step, kind: Hashable, option: Report) -> None:
        """Act on a report a question settled."""
        self.act(step, option)

    def costly(self, kind: Hashable, option: Report) -> bool:
        """A fall heard (not typed) costs the steering player: only a sure yes books it."""
        return reports.parse_fall(option.meaning) is not None and not self.host.typed

    def suspect(self, kind: Hashable, option: Report) -> bool:
        """Whether ``option`` is what the last undo took back (heard again, it is asked about)."""
        return not self.host.typed and option.meaning == self._taken_back

    # --- acting --------------------------------------------------------------------------------
    def act(self, step: Step, report: Report) -> None:
        """Carry out a settled report and say what happened."""
        meaning = report.meaning
        self.acted.append(meaning)
        cargo = reports.parse_fall(meaning)
        handlers: dict[str, Callable[[Step], None]] = {
            reports.ROLL: self._roll,
            reports.ARRIVED: lambda s: self._arrive(s, self.words.arrived_line),
            reports.NOTHING: lambda s: self._arrive(s, self.words.nothing_line),
            reports.TOUCHED_LAND: self._touched_land,
            reports.RULE_FOR_ALL: self._rule,
            reports.SHIP: lambda s: self.host.say_line(s, self.ship_line(), remember=False),
        }
        if cargo is not None:
            self._fall(step, cargo)
        elif meaning in handlers:
            handlers[meaning](step)

    def start(self, step: Step) -> None:
        """The opening line and the first player's load."""
        w = self.words
        events = self._apply(step, Load())
        opening = w.start.format(players=self.names(self.state.players),
                                 port=w.ports[self.state.port.value])
        self.host.say_line(step, f"{opening} {self.load_line(events)}")

    def _roll(self, step: Step) -> None:
        before, started = self.state, self.started_at
        face = roll_die(self.state.rules, self.rng)
        events = self._apply(step, Roll(face.port))
        w = self.words
        colour = w.colours[face.colour]
        if any(isinstance(e, Stayed) for e in events):
            if self.state.phase is Phase.RELOAD:
                events += self._apply(step, Load())
            loaded = next((e for e in events if isinstance(e, Loaded)), None)
            if face.port is Port.SNARCH:
                line = w.stay_card.format(colour=colour, arrived=w.arrived[0])
            elif loaded is not None:
                line = w.stay.format(colour=colour, one=w.one_object(loaded.good.value),
                                     arrived=w.arrived[0])
            else:
                line = w.arrived_line
        else:
            self.started_at = before.port
            line = w.sail.format(colour=colour, port=w.ports[face.port.value],
                                 arrived=w.arrived[0])
        self._moved(before, "roll", w.undo_what["roll"], started)
        self.host.say_line(step, line)

    def _fall(self, step: Step, cargo: Cargo) -> None:
        before, player = self.state, self.state.player
        goods = reports.said(cargo, self.words)
        events = self._apply(step, Fall(cargo))
        self._moved(before, "fell", goods, self.started_at)
        line = self.words.fell.format(goods=self.cap(goods), player=player)
        over = next((e for e in events if isinstance(e, GameOver)), None)
        if over is not None:
            line = f"{line} {self.game_over_line(over)}"
        self.host.say_line(step, line)

    def _arrive(self, step: Step, said: str) -> None:
        before, started = self.state, self.started_at
        self._apply(step, Arrive())
        self.started_at = self.state.port
        events = self._apply(step, Load())
        self._moved(before, "arrived", self.words.undo_what["arrived"], started)
        self.host.say_line(step, f"{said} {self.load_line(events)}")

    def _touched_land(self, step: Step) -> None:
        port = self.words.ports[self.started_at.value]
        self.host.say_line(step, self.words.touched_land_line.format(port=port))

    def _rule(self, step: Step) -> None:
        before = self.state
        count = len(self.state.rules_for_all) + 1
        self._apply(step, NameRule(f"rule for all {count}"))
        self._moved(before, "rule", self.words.undo_what["rule"], self.started_at)
        self.host.say_line(step, self.words.rule_line.format(count=str(count)))

    def _apply(self, step: Step, action: Action) -> tuple[Event, ...]:
        """Apply ``action``, journal it and log its events."""
        self.state, events = apply(self.state, action)
        journal = action_json(action)
        self.actions.append(journal)
        step.actions.append(journal)
        step.records.extend(e.to_json() for e in events)
        return events

    def _moved(self, before: State, kind: str, what: str, started_at: Port) -> None:
        self.moves.append(Move(before, kind, what, started_at))
        self._taken_back = None

    # --- lines ---------------------------------------------------------------------------------
    @staticmethod
    def cap(text: str) -> str:
        """``text`` with its first letter in upper case."""
        return text[:1].upper() + text[1:]

    def names(self, names: Sequence[str]) -> str:
        """"Anna", "Anna und Ben", "Anna, Ben und Cem"."""
        if len(names) <= 1:
            return "".join(names)
        return f"{', '.join(names[:-1])} {self.words.and_word} {names[-1]}"

    def load_line(self, events: Sequence[Event]) -> str:
        """What the player to move loads (or draws), then the roll word asked for."""
        w = self.words
        player = self.state.player
        then = w.then_roll.format(roll=w.roll[0])
        for e in events:
            if isinstance(e, CardDrawn):
                return f"{w.card.format(player=player)} {then}"
            if isinstance(e, NothingToLoad):
                return (f"{w.nothing_to_load.format(many=w.goods[e.good.value][2], player=player)}"
                        f" {then}")
            if isinstance(e, Loaded):
                island = w.ports[self.state.port.value]
                one = w.one_object(e.good.value)
                if e.source is Source.PORT:
                    line = w.load_port.format(player=player, one=one, island=island)
                elif e.source is Source.OWN_PILE:
                    line = w.load_own.format(player=player, one=one, island=island)
                else:
                    line = w.load_other.format(player=player, one=one, island=island,
                                               donor=e.donor or "")
                return f"{line} {then}"
        return then

    def game_over_line(self, over: GameOver) -> str:
        """The end: goods left, the piles, the winners."""
        o = over.outcome
        template = self.words.game_over if len(o.winners) == 1 else self.words.game_over_tie
        left = f"{o.lands} {self.words.goods_word[o.lands != 1]}"
        return template.format(lands=left, piles=self.piles_text(),
                               winners=self.names(o.winners))

    def ship_line(self) -> str:
        """What is on the ship."""
        ship = reports.goods_of(self.state.ship)
        if not ship:
            return self.words.ship_empty
        return self.words.ship_line.format(goods=self.words.cargo(ship))

    def islands_text(self) -> str:
        """"Video Insel 8, Kindien 7, ..."."""
        lands = self.state.lands
        return ", ".join(f"{self.words.ports[p.value]} {lands[g]}"
                         for p in ISLANDS if (g := p.good) is not None)

    def piles_text(self) -> str:
        """"Anna 2, Ben 0"."""
        return ", ".join(f"{p} {n}" for p, n in self.state.screw_ups().items())

    # --- questions -----------------------------------------------------------------------------
    def ask_text(self, kind: Hashable, options: tuple[Report, ...], *, yes_or_no: bool) -> str:
        """"Zwei Särge runtergefallen?", "Würfeln?", "Ein Sarg oder zwei Särge?"."""
        w = self.words
        if len(options) >= 2:
            a, b = (reports.as_said(o.meaning, w) for o in options[:2])
            return w.choice.format(a=self.cap(a), b=b)
        meaning = options[0].meaning
        said = self.cap(reports.as_said(meaning, w))
        text = (w.fell_question.format(goods=said)
                if reports.parse_fall(meaning) is not None else f"{said}?")
        if yes_or_no:
            yes, no = (self.phrases.commands[c][0] for c in ("yes", "no"))
            text = f"{text} {w.say_yes_or_no.format(yes=yes, no=no)}"
        return text

    def describe(self, option: Report) -> JSONObject:
        """A report as an ``ask`` record's alternative."""
        return {"meaning": option.meaning, "confidence": round(option.confidence, 3)}

    def asked_player(self, kind: Hashable) -> str:
        """The player to move."""
        return self.state.player

    def queries(self) -> Mapping[str, Callable[[], str]]:
        """Whose turn, the islands, the screw-up piles (score)."""
        w = self.words
        piles = lambda: w.piles_line.format(piles=self.piles_text())  # noqa: E731
        return {
            "whose_turn": lambda: w.whose_turn.format(player=self.state.player),
            "islands": lambda: w.islands_line.format(islands=self.islands_text()),
            "score": piles,
            "stew_pots": piles,
        }

    def status(self) -> str:
        """Whose turn, where the ship is and what it carries, the cards drawn."""
        w, s = self.words, self.state
        return w.status.format(player=s.player, port=w.ports[s.port.value],
                               ship=w.cargo(reports.goods_of(s.ship)), cards=str(sum(s.cards)))

    def resumed_after_pause(self) -> str:
        """Going on, and where the game stands."""
        return f"{self.words.resumed} {self.status()}"

    # --- undo ----------------------------------------------------------------------------------
    def undo_question(self) -> str | None:
        """"Zwei Särge zurücknehmen?"; None before anything was accepted."""
        if not self.moves:
            return None
        return self.words.confirm_undo.format(what=self.moves[-1].what,
                                              What=self.cap(self.moves[-1].what))

    def take_back(self, step: Step) -> None:
        """Take back the last accepted report with everything it caused, and say so."""
        move = self.moves.pop()
        self.state, self.started_at = move.before, move.started_at
        self._taken_back = None if move.kind == "roll" else self._meaning_of(move)
        journal: JSONObject = {"action": "undo"}
        self.actions.append(journal)
        step.actions.append(journal)
        step.records.append({"event": "undone", "player": self.state.player, "what": move.kind})
        undone = self.words.undone.format(what=move.what, What=self.cap(move.what))
        self.host.say_line(step, f"{undone} {self.status()}")

    def _meaning_of(self, move: Move) -> str | None:
        if move.kind == "fell":
            return next((m for _, m in reports.fall_phrases(move.before.ship, self.words)
                         if reports.as_said(m, self.words) == move.what), None)
        return {"arrived": reports.ARRIVED, "rule": reports.RULE_FOR_ALL}.get(move.kind)

    def replay(self, action: JSONObject) -> None:
        """Carry out one journal ``action`` again, silently (a resumed game); raises ValueError
        (a :class:`~voice_host.games.kapitaen_wackelpudding.rules.WackelpuddingError` among
        them) on one that does not fit."""
        kind = action.get("action")
        before, started = self.state, self.started_at
        engine = journal_action(action)
        if engine is None:
            if kind != "undo" or not self.moves:
                raise ValueError(f"journal action {action!r} does not fit the game")
            move = self.moves.pop()
            self.state, self.started_at = move.before, move.started_at
            self.actions.append(action)
            return
        self._apply(Step(), engine)
        if isinstance(engine, Roll) and self.state.port is not before.port:
            self.started_at = before.port
        elif isinstance(engine, Arrive):
            self.started_at = self.state.port
        if not isinstance(engine, Load):
            what = (reports.said(engine.goods, self.words) if isinstance(engine, Fall)
                    else self.words.undo_what[MOVE_KINDS[type(engine)]])
            self._moved(before, MOVE_KINDS[type(engine)], what, started)

    # --- the display ---------------------------------------------------------------------------
    def render(self, large: bool, said: Sequence[str]) -> RenderableType:
        """The board's counts: islands, ship, piles, whose turn, the host's last lines."""
        return render_board(self.state, self.words, large, said)


MOVE_KINDS: dict[type, str] = {Roll: "roll", Fall: "fell", Arrive: "arrived", NameRule: "rule"}
"""The move each engine action (but a load) begins, as undo names it."""


def journal_action(action: JSONObject) -> Action | None:
    """The engine action a journal entry names; None for an undo or an entry it cannot read."""
    kind = action.get("action")
    donor, port, goods, text = (action.get(k) for k in ("from_pile", "port", "goods", "text"))
    if kind == "load" and (donor is None or isinstance(donor, str)):
        return Load(donor)
    if kind == "roll" and (found := parse_port(port)) is not None:
        return Roll(found)
    if kind == "fall" and isinstance(goods, dict):
        cargo = Cargo()
        for name, n in goods.items():
            good = parse_good(name)
            if good is None or not isinstance(n, int):
                return None
            cargo = cargo.plus(good, n)
        return Fall(cargo)
    if kind == "arrive":
        return Arrive()
    if kind == "rule_for_all" and isinstance(text, str):
        return NameRule(text)
    return None


def action_json(action: Action) -> JSONObject:
    """An engine action as the journal keeps it."""
    if isinstance(action, Load):
        return {"action": "load", "from_pile": action.donor}
    if isinstance(action, Roll):
        return {"action": "roll", "port": action.port.value}
    if isinstance(action, Fall):
        return {"action": "fall", "goods": action.goods.to_json()}
    if isinstance(action, Arrive):
        return {"action": "arrive"}
    return {"action": "rule_for_all", "text": action.text}

