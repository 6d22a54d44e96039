"""Setup by voice: the host asks for what the flags did not give (how many players, the start
card, each player's islands), says back what it heard and waits for a yes.

Pure, like :class:`~voice_host.games.cowabunga.host.Session`: hearings and typed lines in,
:class:`Step` out.
Players set up by voice are "Player 1", "Player 2"... ("Spieler 1" in German: the recognizer
knows numbers, not names).
"""

from __future__ import annotations

from collections.abc import Mapping

from cowabunga.cards import ISLAND_VALUES, MAX_PLAYERS, MIN_PLAYERS
from voice_host.games.cowabunga.host.lines import HostLines, host_lines
from voice_host.games.cowabunga.host.session import Step
from voice_host.games.cowabunga.host.setup import Setup
from voice_host.phrases import PhraseTable, phrase_table
from voice_host.recognition import COMMANDS_ONLY, Expectation, Hearing

ANSWER_CONFIDENCE = 0.6
"""A yes or no heard at least this sure answers "Is that right?" (see the session's policy)."""


def islands_per_player(players: int) -> int:
    """Islands dealt to each player: two with 2-3 players, one with 4-5."""
    return 2 if players <= 3 else 1


class VoiceSetup:
    """Asks for the missing parts of a setup, one confirmed answer at a time."""

    def __init__(
        self,
        players: tuple[str, ...] | None = None,
        start: int | None = None,
        islands: Mapping[str, tuple[int, ...]] | None = None,
        *,
        lang: str = "en",
        can_answer: bool = True,
    ) -> None:
        self.players = players
        """Names in turn order, once known."""
        self.start = start
        """The start card, once known."""
        self.islands: dict[str, list[int]] | None = (
            {p: list(v) for p, v in islands.items()} if islands is not None else None
        )
        """Islands per player, once asked for (None: not asked yet, or given by flag)."""
        self._given_islands = islands is not None
        self.can_answer = can_answer
        """Whether anyone can answer "is that right?" (False for a recording)."""
        self.phrases: PhraseTable = phrase_table(lang)
        self.say: HostLines = host_lines(lang)
        self.stopped = False
        """Whether the setup was abandoned with "stop"."""
        self._pending: int | None = None
        self._last = ""

    # --- state ---------------------------------------------------------------------------------
    @property
    def done(self) -> bool:
        """Whether everything is known."""
        return self._stage() is None

    def setup(self) -> Setup:
        """The finished setup (only when :attr:`done`)."""
        assert self.players is not None and self.start is not None
        held = {p: tuple(v) for p, v in (self.islands or {}).items()}
        return Setup(self.players, self.start, held)

    def _stage(self) -> str | None:
        if self.players is None:
            return "count"
        if self.start is None:
            return "start"
        if not self._given_islands:
            if self.islands is None:
                self.islands = {p: [] for p in self.players}
            if self._island_seat() is not None:
                return "island"
        return None

    def _island_seat(self) -> int | None:
        assert self.players is not None and self.islands is not None
        k = islands_per_player(len(self.players))
        for seat, name in enumerate(self.players):
            if len(self.islands.get(name, [])) < k:
                return seat
        return None

    def expectation(self) -> Expectation:
        """What may be said now: while an answer waits for its yes, yes, no or a command and
        no number (the ear would hear a "yes" as the number said back: a new question)."""
        if self._pending is not None:
            return COMMANDS_ONLY
        stage = self._stage()
        if stage == "count":
            numbers = frozenset(range(MIN_PLAYERS, MAX_PLAYERS + 1))
        elif stage == "start":
            numbers = frozenset(range(10))
        else:
            numbers = frozenset(ISLAND_VALUES)
        return Expectation(numbers=numbers, number_pairs=False, commands=True)

    # --- talking -------------------------------------------------------------------------------
    def begin(self) -> Step:
        """The first question (nothing when the flags gave everything)."""
        step = Step()
        if not self.done:
            self._host(step, self._question())
        return step

    def _question(self) -> str:
        stage = self._stage()
        if stage == "count":
            return self.say.setup_players()
        if stage == "start":
            return self.say.setup_start()
        assert self.players is not None and self.islands is not None
        seat = self._island_seat()
        assert seat is not None
        name = self.players[seat]
        return self.say.setup_island(name, len(self.islands[name]) + 1)

    def type(self, line: str) -> Step:
        """A typed answer."""
        parsed = self.phrases.parse(line.strip())
        if parsed is None:
            return Step(message=self.say.unknown_setup_input(line.strip()))
        step = self.hear(Hearing(line.strip(), parsed.numbers, parsed.command, 1.0))
        step.records[0]["typed"] = True
        return step

    def hear(self, hearing: Hearing) -> Step:
        """One answer."""
        step = Step()
        step.records.append(hearing.heard_event())
        if self.done or self.stopped:
            return step
        # Every answer is said back for a yes, so an unsure hearing is worth saying back too.
        parsed = self.phrases.parse(hearing.text) if hearing.text else None
        command = hearing.command
        if (
            command is None
            and parsed is not None
            and parsed.command in ("yes", "no")
            and hearing.confidence >= ANSWER_CONFIDENCE
        ):
            command = parsed.command
        if command is not None:
            step.records.append({"event": "command", "name": command})
            self._command(step, command)
            return step
        numbers = hearing.numbers or (parsed.numbers if parsed is not None else ())
        if len(numbers) != 1:
            if hearing.text:
                self._host(step, self._question())
            return step
        value = numbers[0]
        problem = self._problem(value)
        if problem is not None:
            self._host(step, f"{problem} {self._question()}")
            return step
        if self.can_answer and hearing.confidence < 1.0:
            self._pending = value
            self._host(step, self.say.setup_confirm(value))
            return step
        self._commit(step, value)
        return step

    def _command(self, step: Step, name: str) -> None:
        if name == "yes" and self._pending is not None:
            value, self._pending = self._pending, None
            self._commit(step, value)
        elif name == "no" and self._pending is not None:
            self._pending = None
            self._host(step, self._question())
        elif name == "repeat":
            self._host(step, self._last or self._question())
        elif name == "stop":
            self.stopped = True

    def _problem(self, value: int) -> str | None:
        stage = self._stage()
        if stage == "count" and not MIN_PLAYERS <= value <= MAX_PLAYERS:
            return self.say.setup_bad_count(value, MIN_PLAYERS, MAX_PLAYERS)
        if stage == "start" and not 0 <= value <= 9:
            return self.say.setup_bad_start(value, 0, 9)
        if stage == "island":
            if value not in ISLAND_VALUES:
                return self.say.setup_not_island(value)
            assert self.islands is not None
            if any(value in v for v in self.islands.values()):
                return self.say.setup_dealt(value)
        return None

    def _commit(self, step: Step, value: int) -> None:
        stage = self._stage()
        if stage == "count":
            self.players = tuple(self.say.player_name(i) for i in range(1, value + 1))
        elif stage == "start":
            self.start = value
        else:
            assert self.players is not None and self.islands is not None
            seat = self._island_seat()
            assert seat is not None
            self.islands[self.players[seat]].append(value)
        if not self.done:
            self._host(step, self._question())

    def _host(self, step: Step, text: str) -> None:
        step.records.append({"event": "host", "text": text})
        self._last = text
