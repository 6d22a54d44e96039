"""Cowabunga on the host's seam: how its announcements are read, judged and announced.

The announcements are a turn's total (with or without its card) and, after a direction change,
the island card the right neighbour draws. A turn is judged on the table view
(:func:`~voice_host.games.cowabunga.host.verdict.judge`): a correct total is accepted quietly, a
mistake is
explained and the same player announces again. Nothing that costs a player (a mistake, a stew
pot) is announced on one hearing: it is confirmed first. The recognizer is narrowed to what can
be said now, never toward the expected total.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from rich.console import RenderableType

from cowabunga import (
    DirectionChanged,
    Event,
    GameOver,
    IslandDrawn,
    Played,
    StewPot,
    TableView,
    draw_island,
    play_card,
)
from cowabunga.cards import ISLAND_VALUES
from voice_host.ear.voice_print import VoiceBook
from voice_host.games.cowabunga.host.display import RecentPlay, display_words, render_table
from voice_host.games.cowabunga.host.lines import HostLines
from voice_host.games.cowabunga.host.resync import MIN_CHAIN, Found, Trail, pass_turn
from voice_host.games.cowabunga.host.setup import Setup
from voice_host.games.cowabunga.host.verdict import (
    Accept,
    Mistake,
    Reading,
    Reason,
    Verdict,
    judge,
    same_outcome,
)
from voice_host.host.seam import Host
from voice_host.host.step import JSONObject, Step
from voice_host.phrases import PhraseTable
from voice_host.recognition import (
    COMMANDS_ONLY,
    Expectation,
    Hearing,
    VoicePrint,
    turn_expectation,
)


class Phase(enum.Enum):
    """What the referee is waiting for."""

    TURN = "turn"
    """The current player's announcement."""
    ISLAND = "island"
    """The pending player's island card, read out."""
    QUESTION = "question"
    """The answer to a question."""
    PAUSED = "paused"
    """Nothing but resume (and questions about the game)."""
    OVER = "over"
    """The game is over."""
    STOPPED = "stopped"
    """The referee was told to stop."""


@dataclass(frozen=True)
class Turn:
    """An accepted turn, with everything it caused (for undo and the display)."""

    before: TableView
    """The view before the card was played."""
    player: str
    """Who played."""
    card: int
    """The card played."""
    total: int
    """The total announced."""
    events: tuple[Event, ...]
    """What it caused, including the island drawn after a direction change."""
    typed: bool = True
    """Whether it was typed or replayed (trusted), not heard: only a heard turn may be found
    misheard later (:mod:`voice_host.games.cowabunga.host.resync`)."""
    voice: VoicePrint | None = field(default=None, compare=False, repr=False)
    """The voice print of the announcement it was taken from (learned as the player's)."""

    @property
    def stew_pot(self) -> bool:
        """Whether it cost a stew pot."""
        return any(isinstance(e, StewPot) for e in self.events)

    @property
    def reversed(self) -> bool:
        """Whether it changed the direction."""
        return any(isinstance(e, DirectionChanged) for e in self.events)

    @property
    def island(self) -> int | None:
        """The island drawn because of it, if any."""
        return next((e.island for e in self.events if isinstance(e, IslandDrawn)), None)


class CowabungaGame:
    """Cowabunga's table as the host drives it (a :class:`~voice_host.host.seam.HostedGame`)."""

    def __init__(self, setup: Setup, phrases: PhraseTable, say: HostLines) -> None:
        self.setup = setup
        """How the game started."""
        self.view: TableView = setup.table()
        """The table view now."""
        self.phrases = phrases
        """The language's phrase table."""
        self.say = say
        """The host's lines."""
        self.turns: list[Turn] = []
        """Accepted turns, oldest first."""
        self.actions: list[JSONObject] = []
        """Every journal action so far (what a restore replays)."""
        self._host: Host[Reading] | None = None
        self._last_mistake: tuple[str, int] | None = None
        self._taken_back: dict[Phase, tuple[str, int]] = {}
        """What the last undo took back, by phase: who announced it, and the total (or the
        island card) heard. Heard again from the same player it is asked about rather than taken
        quietly (:meth:`suspect`); forgotten once that phase's announcement is taken."""
        self.resync = True
        """Whether the referee finds the table again when the announcements carry on from
        another state than its own (:mod:`voice_host.games.cowabunga.host.resync`)."""
        self._trail = Trail(self.view, 0)
        """What was heard since the table a few changes back (the evidence a re-anchoring
        needs)."""
        self.voice_cue = True
        """Whether who spoke counts as evidence in finding the table again: each seat's voice
        is learned from the turns taken as that seat's (:class:`VoiceBook`)."""
        self.voices = VoiceBook()
        """The seats' voices, learned from their accepted turns."""
        self._voice: VoicePrint | None = None
        """The voice print of the announcement being judged."""

    def bind(self, host: Host[Reading]) -> None:
        """Attach the host this game asks and speaks through."""
        self._host = host

    @property
    def host(self) -> Host[Reading]:
        """The host this game asks and speaks through."""
        assert self._host is not None, "bind() the game to a host first"
        return self._host

    # --- state ---------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        """Whether the game is over."""
        return self.view.is_over

    def waiting_for(self) -> Phase | None:
        """:attr:`Phase.ISLAND` while an island card is to be read out, :attr:`Phase.TURN`
        while a total is, None when the game is over."""
        if self.view.is_over:
            return None
        return Phase.ISLAND if self.view.pending_island is not None else Phase.TURN

    def expectation(self, kind: Hashable | None, *, yes_or_no: bool = False) -> Expectation:
        """A turn allows every total within the turn's window of the current one (so wrong
        directions and slips by ten are heard as said); an island card, the island values."""
        if yes_or_no or kind is None:
            return COMMANDS_ONLY
        if kind is Phase.ISLAND:
            return Expectation(numbers=frozenset(ISLAND_VALUES), number_pairs=False, commands=True)
        if self._trail.unexplained() >= MIN_CHAIN and self.resync:
            # The table may have moved on without the referee: any total can be said.
            return Expectation(numbers=None, number_pairs=True)
        return turn_expectation(self.view.total)

    def recent(self, count: int = 5) -> list[Turn]:
        """The last ``count`` accepted turns, oldest first."""
        return self.turns[-count:] if count > 0 else []

    # --- readings ------------------------------------------------------------------------------
    def readings(self, hearing: Hearing) -> list[Reading]:
        """The top reading (from the transcript, confident or not) and the alternatives."""
        out: list[Reading] = []
        voice = hearing.voice
        top = self.phrases.parse(hearing.text) if hearing.text else None
        if top is not None and top.total is not None:
            out.append(Reading(top.total, top.card, top.sign, hearing.confidence, voice))
        elif len(hearing.numbers) in (1, 2):
            card = hearing.numbers[0] if len(hearing.numbers) == 2 else None
            out.append(Reading(hearing.numbers[-1], card, None, hearing.confidence, voice))
        else:
            return out  # the best reading is no number: table talk, not an announcement
        for alt in hearing.alternatives:
            parsed = self.phrases.parse(alt.text) if alt.text else None
            if parsed is not None and parsed.total is not None:
                reading = Reading(parsed.total, parsed.card, parsed.sign, alt.confidence, voice)
            elif len(alt.numbers) in (1, 2):
                card = alt.numbers[0] if len(alt.numbers) == 2 else None
                reading = Reading(alt.numbers[-1], card, None, alt.confidence, voice)
            else:
                continue
            if all(r.key() != reading.key() for r in out):
                out.append(reading)
        return out[:1] + sorted(out[1:], key=lambda r: -r.confidence)

    def withheld(self, hearing: Hearing) -> list[Reading]:
        """The readings of an utterance the ear withheld, if its likeliest is a number at least
        :attr:`~voice_host.host.seam.Policy.unsure_floor` sure, or it and the next together are
        one card word with its total in doubt (:meth:`_card_heard`): to be asked about, never
        acted on; else none."""
        if hearing.text or hearing.numbers or hearing.command or not hearing.alternatives:
            return []
        best, *rest = hearing.alternatives
        readings = self.readings(replace(hearing, text=best.text, numbers=best.numbers,
                                         confidence=best.confidence, alternatives=tuple(rest)))
        if not readings:
            return []
        sure = readings[0].confidence
        if len(readings) > 1 and self._card_heard(readings[0], readings[1]):
            sure += readings[1].confidence
        if sure < self.host.policy.unsure_floor:
            return []
        return readings

    def _card_heard(self, first: Reading, second: Reading) -> bool:
        """Whether two readings are one card word heard with a total in doubt, one of the two
        totals the one that card makes on the table ("two, twelve" or "two, ten" from ten)."""
        return (first.card is not None and first.card == second.card
                and any(isinstance(judge(self.view, r), Accept) for r in (first, second)))

    def rivals(self, readings: list[Reading], verdict: Verdict) -> list[Reading]:
        """The readings after the first at least the policy's rival confidence sure whose
        outcome differs from ``verdict`` (the first one's)."""
        return [
            r
            for r in readings[1:]
            if r.confidence >= self.host.policy.rival_confidence
            and not same_outcome(judge(self.view, r), verdict)
        ]

    # --- judging -------------------------------------------------------------------------------
    def judge(self, step: Step, kind: Hashable, readings: list[Reading], confident: bool) -> None:
        """Judge a turn's announcement or an island card read out."""
        self._voice = readings[0].voice if readings else None
        mismatch = self.voices.mismatch(self._voice) if self.voice_cue else {}
        self._trail.heard(readings, tuple(mismatch.items()))
        if kind is Phase.ISLAND:
            self._island(step, readings, confident)
        else:
            self._turn(step, readings, confident)

    def resolve(self, step: Step, kind: Hashable, option: Reading) -> None:
        """Act on a reading a question settled."""
        self._voice = option.voice
        if isinstance(kind, ResyncQuestion):
            self._resync(step, kind)
        elif kind is Phase.ISLAND:
            self._island_value(step, option.total)
        else:
            self._verdict(step, judge(self.view, option))

    def costly(self, kind: Hashable, option: Reading) -> bool:
        """Whether ``option``, heard (not typed), must be confirmed before it is announced: a
        mistake, or a total that costs a stew pot; and finding the table again."""
        if isinstance(kind, ResyncQuestion):
            return True
        return kind is Phase.TURN and self.costly_verdict(judge(self.view, option))

    def costly_verdict(self, verdict: Verdict) -> bool:
        """Whether ``verdict``, heard (not typed), must be confirmed before it is announced."""
        policy = self.host.policy
        if self.host.typed:
            return False
        if isinstance(verdict, Mistake):
            return policy.confirm_mistakes
        if not policy.confirm_costly:
            return False
        _, events = play_card(self.view, verdict.card)
        return any(isinstance(e, StewPot) for e in events)

    def suspect(self, kind: Hashable, option: Reading) -> bool:
        """Whether ``option`` is what the last undo took back at ``kind``, announced by the same
        player: the ear that misheard the words once hears them the same way again, so only a yes
        takes it. A typed line is never in doubt."""
        if self.host.typed or not isinstance(kind, Phase):
            return False
        who = self.view.island_drawer if kind is Phase.ISLAND else self.view.current_player
        return self._taken_back.get(kind) == (who, option.total)

    def _turn(self, step: Step, readings: list[Reading], confident: bool) -> None:
        top = readings[0]
        verdict = judge(self.view, top)
        if isinstance(verdict, Mistake) and self.resync and self._found_again(step):
            return
        if isinstance(verdict, Accept) and self._in_another_voice(step, verdict):
            return
        rivals = self.rivals(readings, verdict)
        repeated = (
            isinstance(verdict, Mistake)
            and top.card is not None
            and self._last_mistake == (self.view.current_player, top.total)
            and isinstance(judge(self.view, Reading(top.total)), Accept)
        )
        if confident and not rivals and not repeated and not self.suspect(Phase.TURN, top):
            if self.costly_verdict(verdict):
                # Confident, but it costs the player: ask about the one reading first, and after
                # a no about the others the ear offered ("Forty?" no, "Thirty?").
                self.host.ask(step, Phase.TURN, (top,),
                              self._later(readings, verdict, (top,), total_alone=False))
                return
            self._verdict(step, verdict)
            return
        # Unsure, or the same total said again after its card was called wrong: the player may
        # be right and the card word misheard, so ask rather than repeat the verdict.
        options = by_confidence(top, rivals[:2])
        self.host.ask(step, Phase.TURN, options, self._later(readings, verdict, options))

    def _found_again(self, step: Step) -> bool:
        """Whether the announcements heard, the last of which does not fit the table, agree on
        another table: then the host asks whether the table stands there ("Is the total sixteen
        now, with Emily to play?"; a recording takes it) and True."""
        found = self._trail.find(self.view)
        if found is None:
            return False
        question = ResyncQuestion(*found)
        self.host.ask(step, question, (Reading(question.found.view.total),))
        return True

    def _in_another_voice(self, step: Step, verdict: Accept) -> bool:
        """Whether an announcement that fits the table, said clearly in another seat's voice
        than the player to move's, is better explained by the table having moved on (a turn
        misheard, and the next player speaking): then the referee of a recording re-anchors
        (as :meth:`_found_again`), and True. Never otherwise: a player may announce for another,
        and live, where the table hears the host's verdicts, a fitting announcement is never
        held up on a voice."""
        player = self.view.current_player
        if (not self.resync or not self.voice_cue or self.host.typed or self.host.can_answer
                or self._trail.last_unlike(player) < 1.0):
            return False
        after, _ = play_card(self.view, verdict.card)
        found = self._trail.find(after, taking=player)
        if found is None:
            return False
        question = ResyncQuestion(*found)
        self.host.ask(step, question, (Reading(question.found.view.total),))
        return True

    def _resync(self, step: Step, question: ResyncQuestion) -> None:
        """Re-anchor on the table found: take back the accepted turns it reads otherwise, take
        on its moves (journaled), log it and what it caused."""
        found, base = question.found, question.turns
        own: list[tuple[str, int | None]] = []
        ends: list[int] = []
        for turn in self.turns[base:]:
            own.append(("play", turn.card))
            if turn.island is not None:
                own.append(("island", turn.island))
            ends.append(len(own))
        same = 0
        for mine, move in zip(own, found.moves, strict=False):
            if mine != (move.kind, move.value):
                break
            same += 1
        keep = sum(1 for end in ends if end <= same)
        covered = ends[keep - 1] if keep else 0
        while len(self.turns) > base + keep:
            undone = self.turns[-1]
            self.undo()
            self._journal(step, {"action": "undo"})
            step.records.append({"event": "undone", "player": undone.player,
                                 "total": undone.total})
        moves = found.moves[covered:]
        for move in moves:
            self._journal(step, move.action())
            if move.kind == "play" and move.value is not None:
                if move.voice is not None:
                    self.voices.learn(move.player, move.voice)
                self.turns.append(Turn(move.before, move.player, move.value, move.after.total,
                                       move.events, typed=False, voice=move.voice))
            elif move.kind == "island" and self.turns:
                last = self.turns[-1]
                self.turns[-1] = replace(last, events=last.events + move.events)
            self.view = move.after
        self._trail.reset(self.view, len(self.turns))
        self._last_mistake = None
        self._taken_back.clear()
        skipped = [m.player for m in moves if not m.heard and m.kind != "island"]
        step.records.append({"event": "resync", "total": self.view.total,
                             "next": found.next_player, "skipped": skipped})
        lines: list[str] = []
        for event in (e for certain in found.certain[covered:] for e in certain):
            if isinstance(event, Played | StewPot | DirectionChanged | IslandDrawn | GameOver):
                step.records.append(event.to_json())
            if isinstance(event, StewPot):
                lines.append(
                    self.say.stew_pot(event.player, event.holder, event.island, event.count)
                )
            elif isinstance(event, GameOver):
                lines.append(self.say.game_over(event.outcome))
        if self.view.pending_island is not None and not self.view.is_over:
            lines.append(self.say.status(self.view))
        if lines:
            self.host.say_line(step, " ".join(lines))

    def _later(self, readings: list[Reading], verdict: Verdict, options: tuple[Reading, ...],
               *, total_alone: bool = True) -> tuple[Reading, ...]:
        """What to ask about after a no to ``options``: the other readings the ear offered whose
        outcome differs from ``verdict`` (the first reading's), then, with ``total_alone`` and
        when the first reading has a card, its total alone (a short card word is easily heard
        where none was said; not after a confident hearing, whose card was heard for sure)."""
        top = readings[0]
        candidates = list(readings[1:])
        if total_alone and top.card is not None:
            candidates.append(Reading(top.total, None, None, top.confidence / 2, top.voice))
        return tuple(
            r
            for r in candidates
            if all(r.key() != o.key() for o in options)
            and not same_outcome(judge(self.view, r), verdict)
        )

    def _verdict(self, step: Step, verdict: Verdict) -> None:
        if isinstance(verdict, Accept):
            self.play(step, verdict.card)
            return
        self._mistake(step, verdict)

    def _mistake(self, step: Step, m: Mistake) -> None:
        view = self.view
        self._last_mistake = (view.current_player, m.said)
        if (self._voice is not None and not self.host.typed
                and self._trail.last_unlike(view.current_player) < 1.0):
            self.voices.learn(view.current_player, self._voice)  # the player to move spoke
        self._voice = None
        step.records.append(
            {
                "event": "mistake",
                "player": view.current_player,
                "said": m.said,
                "reason": m.reason.value,
                "expected": m.expected,
            }
        )
        if m.reason is Reason.ARITHMETIC and m.card is not None:
            line = self.say.arithmetic(view.total, view.counting, m.card, m.said)
        elif m.reason is Reason.WRONG_DIRECTION:
            line = self.say.wrong_direction(view.total, view.counting, m.card, m.said)
        elif m.reason is Reason.CARD_NOT_AVAILABLE and m.card is not None:
            line = self.say.card_not_available(m.card)
        else:
            line = self.say.impossible_step(view.total, m.said)
        self.host.say_line(step, self.say.try_again(line, view.current_player))

    # --- changing the table --------------------------------------------------------------------
    def play(self, step: Step, card: int) -> None:
        """The current player plays ``card``: journal it, advance the view, announce."""
        self._last_mistake = None
        self._taken_back.pop(Phase.TURN, None)
        typed = self.host.typed if self._host is not None else True
        before = self.view
        player = before.current_player
        after, events = play_card(before, card)
        self._journal(step, {"action": "play", "player": player, "card": card})
        self.view = after
        voice = None if typed else self._voice
        self._voice = None
        if voice is not None:
            self.voices.learn(player, voice)
        self.turns.append(Turn(before, player, card, after.total, events, typed=typed,
                               voice=voice))
        self._trail.changed(Reading(after.total), after, len(self.turns), heard=not typed,
                            speaker=player)
        self._announce(step, events)

    def draw(self, step: Step, island: int) -> None:
        """The pending player draws ``island``: journal it, advance the view, announce."""
        self._taken_back.pop(Phase.ISLAND, None)
        drawer = self.view.island_drawer
        after, events = draw_island(self.view, island)
        self._journal(step, {"action": "island", "island": island})
        self.view = after
        last = self.turns[-1]
        self.turns[-1] = replace(last, events=last.events + events)
        typed = self.host.typed if self._host is not None else True
        self._trail.changed(Reading(island), after, len(self.turns), heard=not typed,
                            speaker=drawer)
        self._announce(step, events)

    def _journal(self, step: Step, action: JSONObject) -> None:
        self.actions.append(action)
        step.actions.append(action)

    def _announce(self, step: Step, events: Iterable[Event]) -> None:
        lines: list[str] = []
        for event in events:
            if isinstance(event, Played | StewPot | DirectionChanged | IslandDrawn | GameOver):
                step.records.append(event.to_json())
            if isinstance(event, StewPot):
                lines.append(
                    self.say.stew_pot(event.player, event.holder, event.island, event.count)
                )
            elif isinstance(event, DirectionChanged):
                drawer = self.view.players[self.view.pending_island or 0]
                lines.append(self.direction_line(self.turns[-1].total, event, drawer))
            elif isinstance(event, IslandDrawn):
                lines.append(self.island_line(event))
                if self.view.island_deck == 0:
                    lines.append(self.say.last_island())
            elif isinstance(event, GameOver):
                lines.append(self.say.game_over(event.outcome))
        if lines:
            self.host.say_line(step, " ".join(lines))

    def direction_line(self, total: int, event: DirectionChanged, drawer: str) -> str:
        """What the host says when ``total`` turned the count: at a real table, who draws an
        island card and reads it out."""
        return self.say.direction_change(total, event.counting, drawer)

    def island_line(self, event: IslandDrawn) -> str:
        """What the host says when an island card was drawn."""
        return self.say.island_drawn(event.player, event.island)

    # --- islands -------------------------------------------------------------------------------
    def _island(self, step: Step, readings: list[Reading], confident: bool) -> None:
        top = readings[0]
        rivals = [
            r
            for r in readings[1:]
            if r.confidence >= self.host.policy.rival_confidence and r.total != top.total
        ]
        if confident and not rivals and not self.suspect(Phase.ISLAND, top):
            self._island_value(step, top.total)
            return
        later = tuple(r for r in readings[1:] if r not in rivals and r.total != top.total)
        self.host.ask(step, Phase.ISLAND, by_confidence(top, rivals[:2]), later)

    def _island_value(self, step: Step, value: int) -> None:
        if value not in ISLAND_VALUES:
            self.host.say_line(step, self.say.not_an_island(value))
            return
        holder = self.view.island_holder(value)
        if holder is not None:
            self.host.say_line(step, self.say.island_taken(value, self.view.players[holder]))
            return
        self.draw(step, value)

    # --- questions -----------------------------------------------------------------------------
    def ask_text(self, kind: Hashable, options: tuple[Reading, ...], *, yes_or_no: bool) -> str:
        """"Thirteen or thirty?", "Plus seven, twenty-four?", "Twelve? Say yes or no.", "Is the
        total sixteen now, with Emily to play?"."""
        if isinstance(kind, ResyncQuestion):
            return self.say.resync_question(kind.found.view.total, kind.found.next_player,
                                            yes_or_no=yes_or_no)
        if kind is Phase.ISLAND:
            return self.say.ask_options([(None, o.total) for o in options])
        if yes_or_no:
            return self.say.confirm_yes_no(options[0].card, options[0].total)
        return self.say.ask_options([(o.card, o.total) for o in options])

    def describe(self, option: Reading) -> JSONObject:
        """A reading as an ``ask`` record's alternative."""
        return {"card": option.card, "total": option.total,
                "confidence": round(option.confidence, 3)}

    def asked_player(self, kind: Hashable) -> str:
        """The island drawer for an island card, else the player to move."""
        view = self.view
        if kind is Phase.ISLAND and view.pending_island is not None:
            return view.players[view.pending_island]
        return view.current_player

    def queries(self) -> Mapping[str, Callable[[], str]]:
        """What players may ask about the game, by command name."""
        view, say = self.view, self.say

        def score() -> str:
            return say.score(dict(zip(view.players, view.stew_pots, strict=True)))

        def my_islands() -> str:
            seat = view.pending_island if view.pending_island is not None else view.to_play
            return say.player_islands(view, seat)

        return {
            "whose_turn": lambda: say.whose_turn(view),
            "score": score,
            "stew_pots": score,
            "islands": lambda: say.islands(view),
            "island_cards": lambda: say.island_cards(view),
            "my_islands": my_islands,
            "last_plays": lambda: say.last_plays([(t.player, t.total) for t in self.recent(5)]),
            "my_cards": say.hidden_cards,
            "hint": say.hidden_cards,
        }

    def status(self) -> str:
        """The total, the direction and whose turn it is."""
        return self.say.status(self.view)

    def resumed_after_pause(self) -> str:
        """Where the game stands, said on resume."""
        return self.say.resumed_after_pause(self.view)

    def start_line(self) -> str:
        """The opening line."""
        return self.say.start(self.view)

    def resume_line(self) -> str:
        """The line said when a restored game continues."""
        if self.over and self.view.outcome is not None:
            return self.say.game_over(self.view.outcome)
        return self.say.resumed(self.view)

    # --- the display ---------------------------------------------------------------------------
    def recent_rows(self, count: int = 5) -> list[RecentPlay]:
        """The last accepted turns as display rows, noted in the table's language."""
        words = display_words(self.say.wording.lang)
        rows = []
        for turn in self.recent(count):
            notes = []
            if turn.stew_pot:
                notes.append(words.note_stew_pot)
            if turn.reversed:
                notes.append(words.note_direction)
            if turn.island is not None:
                notes.append(words.note_island.format(island=turn.island))
            rows.append(RecentPlay(turn.player, turn.card, turn.total, ", ".join(notes)))
        return rows

    def render(self, large: bool, said: Sequence[str]) -> RenderableType:
        """The table: total in big digits, direction, whose turn, islands, stew pots, the last
        plays and the host's last lines."""
        return render_table(self.view, self.recent_rows(), large, list(said),
                            display_words(self.say.wording.lang))

    # --- taking back ---------------------------------------------------------------------------
    def undo_question(self) -> str | None:
        """"Take back Emily's twenty-seven?"; None before the first turn."""
        if not self.turns:
            return None
        last = self.turns[-1]
        return self.say.confirm_undo(last.player, last.total)

    def take_back(self, step: Step) -> None:
        """Take back the last accepted turn, with everything it caused, and say so."""
        undone = self.turns[-1]
        self.undo()
        self._taken_back = {Phase.TURN: (undone.player, undone.total)}
        drawn = next((e for e in undone.events if isinstance(e, IslandDrawn)), None)
        if drawn is not None:
            self._taken_back[Phase.ISLAND] = (drawn.player, drawn.island)
        self._journal(step, {"action": "undo"})
        step.records.append({"event": "undone", "player": undone.player, "total": undone.total})
        self.host.say_line(step, self.say.undone(undone.player, undone.total, self.view))

    def undo(self) -> None:
        """Restore the view before the last accepted turn; raises ValueError with none."""
        if not self.turns:
            raise ValueError("nothing to undo")
        undone = self.turns.pop()
        if undone.voice is not None:
            self.voices.forget(undone.player, undone.voice)
        self.view = undone.before
        self._trail.reset(self.view, len(self.turns))

    def replay(self, action: JSONObject) -> None:
        """Carry out one journal ``action`` again, silently; raises ValueError on a bad one."""
        kind = action.get("action")
        scratch = Step()
        card, island = action.get("card"), action.get("island")
        try:
            if kind == "play" and isinstance(card, int):
                self.play(scratch, card)
                self.turns[-1] = replace(self.turns[-1], typed=True)
            elif kind == "island" and isinstance(island, int):
                self.draw(scratch, island)
            elif kind == "undo":
                self.undo()
                self._journal(scratch, {"action": "undo"})
            elif kind == "pass":
                self._journal(scratch, {"action": "pass", "player": self.view.current_player})
                self.view = pass_turn(self.view)
            else:
                raise ValueError(f"unknown journal action {action!r}")
        except ValueError as err:
            raise ValueError(f"journal action {action!r} does not fit the game: {err}") from None
        self._trail.reset(self.view, len(self.turns))


@dataclass(frozen=True, eq=False)
class ResyncQuestion:
    """The kind of the question whether the table stands where the announcements agree it does
    ("Is the total sixteen now?"): a yes re-anchors the referee on :attr:`found`."""

    found: Found
    """The table the announcements agree on."""
    turns: int
    """The accepted turns of the table it starts from (the later ones it may read otherwise)."""


def by_confidence(top: Reading, rivals: list[Reading]) -> tuple[Reading, ...]:
    """The options of a question, the likeliest first (the top reading wins ties)."""
    return tuple(sorted((top, *rivals), key=lambda r: -r.confidence))
