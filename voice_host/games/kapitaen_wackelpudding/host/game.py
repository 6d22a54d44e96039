"""Kapitän Wackelpudding on the host's seam: the host loads, rolls the die, hears what fell and
keeps the books (a :class:`~voice_host.host.seam.HostedGame`).

Each turn the host tells the player what to load (and from where) and applies the load itself;
when it must come from another player's pile and several hold the good, it says whose pile it
proposes and waits: the table may name another holder ("von Clara"), and the word that goes on
(roll, or arrived after a stay) takes the one proposed. On the roll word it rolls the die (an
injected ``random.Random``) and says where to sail, or, on the ship's own colour, to load once
more. During the journey it hears what fell, "nothing", "arrived" and "touched land". A fall
costs the player: as the table sets it (:mod:`.confirm`), a fall heard for sure is booked at once
and said back, the player objecting right after to take it back, or confirmed with a yes first.
An unsure hearing is asked about, never booked; a pile named by voice is confirmed (misheard, it
would spare one player at another's cost). Everything the engine says happened is logged as the
replay contract's events.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from voice_host.games.kapitaen_wackelpudding.host import reports
from voice_host.games.kapitaen_wackelpudding.host.board import render_board
from voice_host.games.kapitaen_wackelpudding.host.confirm import (
    DEFAULT_CONFIRM_FALLS,
    ConfirmFalls,
    books_at_once_in,
)
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
    donors,
    new_game,
    parse_good,
    parse_port,
    proposed_donor,
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
    DONOR = "donor"
    """A load waits for the table to name whose pile it comes from, or for the word that goes
    on (roll; arrived after a stay) and takes the pile proposed."""


@dataclass(frozen=True)
class Report:
    """One way of understanding what a player said: a meaning of :mod:`.reports`."""

    meaning: str
    """``roll``, ``arrived``, ``fell:coffin=2``..."""
    confidence: float = 1.0
    """How sure the ear is of it."""
    snr_db: float | None = None
    """How far the utterance stood above its noise, as the ear measured it (None: typed or not
    measured)."""

    def key(self) -> Hashable:
        """Reports with the same meaning are the same announcement."""
        return self.meaning


@dataclass(frozen=True)
class Move:
    """An accepted report that changed the game, for undo."""

    before: State
    """The game before it."""
    kind: str
    """``roll``, ``fell``, ``arrived``, ``rule`` or ``donor``."""
    what: str
    """What it was, as said (the goods of a fall)."""
    started_at: Port
    """Where the journey under way had started, before it."""
    meaning: str | None = None
    """The report that made it, when what was said cannot be told from ``kind`` (a donor)."""


class WackelpuddingGame:
    """Kapitän Wackelpudding's table as the host drives it."""

    def __init__(self, players: Sequence[str], words: Words, phrases: PhraseTable,
                 rng: random.Random, rules: Rules | None = None,
                 confirm_falls: ConfirmFalls = DEFAULT_CONFIRM_FALLS) -> None:
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
        self.confirm_falls = confirm_falls
        """Which falls heard are confirmed with a yes before they are booked."""
        self._at_once: Move | None = None
        self._host: Host[Report] | None = None
        self._taken_back: str | None = None
        self._replayed_load: State | None = None

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

    def choosing(self) -> bool:
        """Whether a load waits for the table to say whose pile: it must come from another
        player's and more than one holds the good."""
        return len(donors(self.state)) > 1

    def waiting_for(self) -> Wait | None:
        """The donor while a load waits for one, the roll word before the die is thrown, the
        journey's reports after; None at the end."""
        if self.choosing():
            return Wait.DONOR
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
        rule = reports.fixed(reports.RULE_FOR_ALL, w) if self.rule_due() else ()
        arrived = (*reports.fixed(reports.ARRIVED, w), *reports.fixed(reports.NOTHING, w))
        if kind is Wait.DONOR:
            names = reports.donor_phrases(donors(self.state), w)
            if self.state.phase is Phase.LOAD:
                return (*names, *reports.fixed(reports.ROLL, w), *asked)
            return (*names, *arrived, *falls, *asked)
        if kind is Wait.ROLL:
            return (*reports.fixed(reports.ROLL, w), *rule, *falls, *asked)
        if kind is Wait.SAIL:
            return (*arrived, *reports.fixed(reports.TOUCHED_LAND, w), *rule, *falls, *asked)
        return ()

    def rule_due(self) -> bool:
        """Whether an adventure card drawn this turn may still be named a "rule for all": one
        rule per card, so a rule said twice is not counted twice."""
        s = self.state
        if self.started_at is not Port.SNARCH:
            return False
        stayed = (s.port is Port.SNARCH and s.phase is Phase.SAIL
                  and s.rules.load_again_on_own_colour)
        named = sum(m.kind == "rule" and m.before.turn == s.turn for m in self.moves)
        return 1 + stayed > named

    def expectation(self, kind: Hashable | None, *, yes_or_no: bool = False) -> Expectation:
        """The declared phrases and commands, no numbers (a count is part of a phrase)."""
        if yes_or_no or kind is None:
            return COMMANDS_ONLY
        return Expectation(numbers=frozenset(), number_pairs=False, commands=True,
                           words=self.declared(kind))

    # --- readings ------------------------------------------------------------------------------
    def readings(self, hearing: Hearing) -> list[Report]:
        """The meaning heard for sure, or the two the ear was unsure between; none for table
        talk."""
        out = [Report(m, hearing.confidence, hearing.snr_db) for m in hearing.words[:1]]
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
        """Act on a sure report that costs nobody; book a sure fall at once or confirm it first,
        as the table set; ask about an unsure one."""
        top = readings[0]
        if confident and not self.suspect(kind, top) and self.books_at_once(top):
            self.act(step, top)
            self._at_once = self.moves[-1]
        elif confident and not self.costly(kind, top) and not self.suspect(kind, top):
            self.act(step, top)
        elif confident:
            self.host.ask(step, kind, (top,))
        else:
            self.host.ask(step, kind, tuple(readings[:2]))

    def resolve(self, step: Step, kind: Hashable, option: Report) -> None:
        """Act on a report a question settled."""
        self.act(step, option)

    def costly(self, kind: Hashable, option: Report) -> bool:
        """A fall heard (not typed) costs the steering player, and a pile named by voice, if
        misheard, spares one player at another's cost (a name without the good, or another
        holder's, heard as the one proposed): only a sure yes books either."""
        if self.host.typed:
            return False
        return (reports.parse_fall(option.meaning) is not None
                or reports.parse_donor(option.meaning) is not None)

    def books_at_once(self, option: Report) -> bool:
        """Whether ``option``, heard for sure, is a fall booked without a yes: heard (not typed),
        the table confirms only unsure falls, the ear was sure enough for the noise it was heard
        in (:func:`.confirm.books_at_once_in`), and the fall leaves a turn to object in (it
        does not end the game)."""
        cargo = reports.parse_fall(option.meaning)
        if (self.confirm_falls is not ConfirmFalls.UNSURE or cargo is None or self.host.typed
                or not books_at_once_in(option.confidence, option.snr_db)):
            return False
        _, events = apply(self.state, Fall(cargo))
        return not any(isinstance(e, GameOver) for e in events)

    def objection_open(self) -> bool:
        """Whether the last move is a fall booked at once, which the player may still object
        to: nothing else was booked since."""
        return self._at_once is not None and bool(self.moves) and self.moves[-1] is self._at_once

    def object_to_fall(self, step: Step) -> None:
        """The player objected to the fall just booked at once: take it back and ask what
        fell."""
        assert self.objection_open(), "no fall booked at once to object to"
        self.take_back(step)

    def suspect(self, kind: Hashable, option: Report) -> bool:
        """Whether ``option`` is what the last undo took back (heard again, it is asked about)."""
        return not self.host.typed and option.meaning == self._taken_back

    # --- acting --------------------------------------------------------------------------------
    def act(self, step: Step, report: Report) -> None:
        """Carry out a settled report and say what happened."""
        meaning = report.meaning
        self.acted.append(meaning)
        cargo = reports.parse_fall(meaning)
        donor = reports.parse_donor(meaning)
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
        elif donor is not None:
            self._load_from(step, donor)
        elif meaning in handlers:
            handlers[meaning](step)

    def start(self, step: Step) -> None:
        """The opening line and the first player's load."""
        w = self.words
        events = self._load(step)
        opening = w.start.format(players=self.names(self.state.players),
                                 port=w.ports[self.state.port.value])
        self.host.say_line(step, f"{opening} {self.load_line(events)}")

    def _load(self, step: Step) -> tuple[Event, ...]:
        """Load for the player to move, unless the table may name whose pile it comes from."""
        return () if self.choosing() else self._apply(step, Load())

    def _take_proposed(self, step: Step) -> None:
        """A load that waited for a donor goes on with the pile proposed (the table named none)."""
        if self.state.phase in (Phase.LOAD, Phase.RELOAD):
            self._apply(step, Load())

    def _load_from(self, step: Step, donor: str) -> None:
        """The table named ``donor``'s pile: load from it and say so."""
        if donor not in donors(self.state):
            return
        before = self.state
        events = self._apply(step, Load(donor))
        self._moved(before, "donor", self.undo_donor(donor), self.started_at,
                    reports.donor_meaning(donor))
        self.host.say_line(step, self.load_line(events))

    def _roll(self, step: Step) -> None:
        before, started = self.state, self.started_at
        self._take_proposed(step)
        face = roll_die(self.state.rules, self.rng)
        events = self._apply(step, Roll(face.port))
        w = self.words
        colour = w.colours[face.colour]
        if any(isinstance(e, Stayed) for e in events):
            again = self._load(step) if self.state.phase is Phase.RELOAD else ()
            loaded = next((e for e in again if isinstance(e, Loaded)), None)
            if face.port is Port.SNARCH:
                line = w.stay_card.format(colour=colour, arrived=w.arrived[0])
            elif loaded is not None and loaded.source is Source.PORT:
                line = w.stay.format(colour=colour, one=w.one_object(loaded.good.value),
                                     arrived=w.arrived[0])
            elif again or self.choosing():
                line = f"{w.stay_short.format(colour=colour)} {self.load_line(again)}"
            else:
                line = f"{w.stay_short.format(colour=colour)} {self.then_line()}"
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
        line = self.words.fell.format(goods=self.cap(goods), player=player,
                                      whose=self.words.whose(player))
        over = next((e for e in events if isinstance(e, GameOver)), None)
        if over is not None:
            line = f"{line} {self.game_over_line(over)}"
        self.host.say_line(step, line)

    def _arrive(self, step: Step, said: str) -> None:
        before, started = self.state, self.started_at
        self._take_proposed(step)
        self._apply(step, Arrive())
        self.started_at = self.state.port
        events = self._load(step)
        self._moved(before, "arrived", self.words.undo_what["arrived"], started)
        self.host.say_line(step, f"{said} {self.load_line(events)}")

    def _touched_land(self, step: Step) -> None:
        port = self.words.ports[self.started_at.value]
        self.host.say_line(step, self.words.touched_land_line.format(port=port))

    def _rule(self, step: Step) -> None:
        before = self.state
        named = sum(m.kind == "rule" for m in self.moves) + 1
        self._apply(step, NameRule(f"rule for all {named}"))
        self._moved(before, "rule", self.words.undo_what["rule"], self.started_at)
        line = self.words.rule_line.format(count=str(len(self.state.rules_for_all)))
        self.host.say_line(step, f"{line} {self.then_line()}")

    def _apply(self, step: Step, action: Action) -> tuple[Event, ...]:
        """Apply ``action``, journal it and log its events."""
        self.state, events = apply(self.state, action)
        journal = action_json(action)
        self.actions.append(journal)
        step.actions.append(journal)
        step.records.extend(e.to_json() for e in events)
        return events

    def _moved(self, before: State, kind: str, what: str, started_at: Port,
               meaning: str | None = None) -> None:
        self.moves.append(Move(before, kind, what, started_at, meaning))
        self._taken_back = None
        self._at_once = None

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

    def then_line(self) -> str:
        """The word that goes on: the roll word before the die is thrown, the arrival after."""
        w = self.words
        if self.state.phase in (Phase.LOAD, Phase.ROLL):
            return w.then_roll.format(roll=w.roll[0])
        return w.then_arrive.format(arrived=w.arrived[0])

    def undo_donor(self, donor: str) -> str:
        """A load from ``donor``'s pile, as undo names it."""
        return self.words.undo_what["donor"].format(donor=donor, whose=self.words.whose(donor))

    def choice_line(self) -> str:
        """The pile proposed for a load that waits for a donor, and how to name another."""
        w, s = self.words, self.state
        proposed = proposed_donor(s)
        good = s.port.good
        assert proposed is not None and good is not None, "no load waits for a donor"
        others = f" {w.or_word} ".join(w.quote.format(text=w.donor_phrases[0].format(name=p))
                                       for p in donors(s) if p != proposed)
        return w.load_choice.format(island=w.ports[s.port.value], player=s.player,
                                    one=w.one_object(good.value), donor=proposed,
                                    whose=w.whose(proposed), others=others)

    def load_line(self, events: Sequence[Event]) -> str:
        """What the player to move loads (or draws, or whose pile is proposed), then the word
        that goes on."""
        w = self.words
        player = self.state.player
        then = self.then_line()
        island = w.ports[self.state.port.value]
        for e in events:
            if isinstance(e, CardDrawn):
                return f"{w.card.format(player=player)} {then}"
            if isinstance(e, NothingToLoad):
                nobody = w.nothing_to_load.format(island=island, many=w.goods[e.good.value][2],
                                                  player=player)
                return f"{nobody} {then}"
            if isinstance(e, Loaded):
                one = w.one_object(e.good.value)
                if e.source is Source.PORT:
                    line = w.load_port.format(player=player, one=one, island=island)
                elif e.source is Source.OWN_PILE:
                    line = w.load_own.format(player=player, one=one, island=island)
                else:
                    donor = e.donor or ""
                    line = w.load_other.format(player=player, one=one, island=island,
                                               donor=donor, whose=w.whose(donor))
                return f"{line} {then}"
        if self.choosing():
            return f"{self.choice_line()} {then}"
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
        """Whose turn, where the ship is and what it carries, the cards drawn and the rules for
        all in force; and the pile proposed when a load waits for a donor."""
        w, s = self.words, self.state
        line = w.status.format(player=s.player, port=w.ports[s.port.value],
                               ship=w.cargo(reports.goods_of(s.ship)), cards=str(sum(s.cards)))
        if s.rules_for_all:
            line = f"{line} {w.rules_in_force.format(count=str(len(s.rules_for_all)))}"
        return f"{line} {self.load_line(())}" if self.choosing() else line

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
        """Take back the last accepted report with everything it caused, and say so, then where
        the game stands; a fall booked at once that the player objected to, then what fell."""
        objected = self.objection_open()
        self._at_once = None
        move = self.moves.pop()
        self.state, self.started_at = move.before, move.started_at
        self._taken_back = None if move.kind == "roll" else self._meaning_of(move)
        journal: JSONObject = {"action": "undo"}
        self.actions.append(journal)
        step.actions.append(journal)
        record: JSONObject = {"event": "undone", "player": self.state.player, "what": move.kind}
        if objected:
            record["objected"] = True
        step.records.append(record)
        undone = self.words.undone.format(what=move.what, What=self.cap(move.what))
        then = self.words.fell_again if objected else self.status()
        self.host.say_line(step, f"{undone} {then}")

    def _meaning_of(self, move: Move) -> str | None:
        if move.kind == "fell":
            return next((m for _, m in reports.fall_phrases(move.before.ship, self.words)
                         if reports.as_said(m, self.words) == move.what), None)
        if move.meaning is not None:
            return move.meaning
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
            self._replayed_load = self._at_once = None
            self.actions.append(action)
            return
        choosing = self.choosing()
        self._apply(Step(), engine)
        if isinstance(engine, Load):
            if choosing and engine.donor is not None:
                self._moved(before, "donor", self.undo_donor(engine.donor), started,
                            reports.donor_meaning(engine.donor))
            elif choosing:
                # The pile proposed, taken by the roll or arrival that follows: one move.
                self._replayed_load = before
            return
        if isinstance(engine, Roll) and self.state.port is not before.port:
            self.started_at = before.port
        elif isinstance(engine, Arrive):
            self.started_at = self.state.port
        what = (reports.said(engine.goods, self.words) if isinstance(engine, Fall)
                else self.words.undo_what[MOVE_KINDS[type(engine)]])
        start_of_move = self._replayed_load or before
        self._replayed_load = None
        self._moved(start_of_move, MOVE_KINDS[type(engine)], what, started)

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

