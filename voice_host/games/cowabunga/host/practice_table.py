"""The practice game's table on the host's seam: Cowabunga's referee, who also knows the
learner's hand and draws the island cards itself.

The learner's announcements are heard, asked about, confirmed and judged exactly as at a real
table (:class:`~voice_host.games.cowabunga.host.game.CowabungaGame` on the host's
:class:`~voice_host.host.dialogue.Dialogue`), in the learner's language. What practice adds: a
play the learner's cards cannot make is a mistake too; the island card drawn after a change of
direction is the deal's, announced rather than asked for; and the learner is "you".
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence

from cowabunga import DirectionChanged, IslandDrawn, TableView
from voice_host.games.cowabunga.host.game import CowabungaGame, Phase
from voice_host.games.cowabunga.host.lines import HostLines
from voice_host.games.cowabunga.host.setup import Setup
from voice_host.games.cowabunga.host.verdict import Accept, Reading, judge
from voice_host.games.cowabunga.words.practice import PracticeWords
from voice_host.host.step import Step
from voice_host.phrases import PhraseTable

NOT_IN_HAND = "card_not_in_hand"
"""The mistake's reason in the log: no card in the learner's hand makes the total said."""

ASKED_OUTSIDE = ("my_cards", "hint")
"""Questions the practice game answers itself (the hand goes to the private device)."""


class PracticeTable(CowabungaGame):
    """Cowabunga's table as a practice game hosts it."""

    def __init__(
        self,
        view: TableView,
        phrases: PhraseTable,
        say: HostLines,
        words: PracticeWords,
        hand: Callable[[], Sequence[int]],
    ) -> None:
        islands = {p: tuple(v) for p, v in zip(view.players, view.islands, strict=True)}
        super().__init__(Setup(view.players, view.total, islands), phrases, say)
        self.view = view
        self.words = words
        """The practice game's own sentences."""
        self.hand = hand
        """The learner's cards now."""
        self.learner = view.players[0]
        """The learner's name (the first seat)."""

    def fill(self, template: str, **fields: str) -> str:
        """``template`` filled in the table's language (capitalised fields included)."""
        return self.say.fill(template, **fields)

    # --- the learner's hand ----------------------------------------------------------------------
    def holds(self, option: Reading) -> bool:
        """Whether the learner's cards can make ``option`` (a wrong total is judged as usual)."""
        verdict = judge(self.view, option)
        return not isinstance(verdict, Accept) or verdict.card in self.hand()

    def judge(self, step: Step, kind: Hashable, readings: list[Reading], confident: bool) -> None:
        """As at a real table, but a total none of the learner's cards makes is a mistake: typed,
        it is said at once; heard, it is asked about first, as any mistake is."""
        top = readings[0]
        if kind is Phase.TURN and not self.holds(top):
            if confident and self.host.typed:
                self.not_in_hand(step, top)
            else:
                self.host.ask(step, Phase.TURN, (top,))
            return
        super().judge(step, kind, readings, confident)

    def resolve(self, step: Step, kind: Hashable, option: Reading) -> None:
        """Act on a settled reading; one the learner's cards cannot make is a mistake."""
        if kind is Phase.TURN and not self.holds(option):
            self.not_in_hand(step, option)
            return
        super().resolve(step, kind, option)

    def costly(self, kind: Hashable, option: Reading) -> bool:
        """A heard total the learner's cards cannot make costs the learner, as a mistake does."""
        if kind is Phase.TURN and not self.host.typed and not self.holds(option):
            return True
        return super().costly(kind, option)

    def not_in_hand(self, step: Step, option: Reading) -> None:
        """Say that no card of the learner's makes the total, and log the mistake."""
        step.records.append({"event": "mistake", "player": self.learner, "said": option.total,
                             "reason": NOT_IN_HAND, "expected": None})
        self.host.say_line(step, self.fill(self.words.not_in_hand, total=self.say.n(option.total)))

    # --- what the host says ----------------------------------------------------------------------
    def direction_line(self, total: int, event: DirectionChanged, drawer: str) -> str:
        """"Thirty-two: counting down." (the island card is the deal's, announced next)."""
        return self.fill(self.words.direction, total=self.say.n(total),
                         way=self.say.direction(event.counting))

    def island_line(self, event: IslandDrawn) -> str:
        """"You draw island twenty-four." or "Ada draws island twenty-four."."""
        island = self.say.n(event.island)
        if event.player == self.learner:
            return self.fill(self.words.you_draw, island=island)
        return self.fill(self.words.draws, player=event.player, island=island)

    def queries(self) -> Mapping[str, Callable[[], str]]:
        """The referee's questions, with the learner's turn said to the learner."""
        asked = {k: v for k, v in super().queries().items() if k not in ASKED_OUTSIDE}
        referee_turn = asked["whose_turn"]

        def whose_turn() -> str:
            view = self.view
            if view.outcome is None and view.pending_island is None and view.to_play == 0:
                return self.words.you_play
            return referee_turn()

        asked["whose_turn"] = whose_turn
        return asked

    def start_line(self) -> str:
        """Who plays, the start card and the learner's islands."""
        view = self.view
        return self.fill(self.words.start, others=self.say.names(view.players[1:]),
                         total=self.say.n(view.total), islands=self.say.values(view.islands[0]))

    def status_line(self) -> str:
        """The total and the direction."""
        return self.fill(self.words.status, total=self.say.n(self.view.total),
                         way=self.say.direction(self.view.counting))

    def cards_line(self) -> str:
        """The learner's hand, said privately."""
        cards = self.say.names([self.say.n(card) for card in sorted(self.hand())])
        return self.fill(self.words.your_cards, cards=cards)

    def bot_line(self, player: str, card: int, total: int) -> str:
        """What a bot says on its turn: "Ada: seven, twenty-four."."""
        return self.fill(self.words.bot_play, player=player, card=self.say.n(card),
                         total=self.say.n(total))
