"""Everything the host says, in one place, so another language is one more class.

Lines are short: the host speaks only when something happens, and says what happened in as few
words as a person at the table would. Numbers are spoken with the phrase table's
:meth:`~voice_host.phrases.PhraseTable.number_words`, so the host and the players share one
vocabulary.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cowabunga import Counting, Outcome, TableView
from voice_host.phrases import PhraseTable, phrase_table


class HostLines:
    """The host's English lines; subclass and override to add a language."""

    def __init__(self, table: PhraseTable) -> None:
        self.table = table
        """Where number words come from."""

    # --- pieces --------------------------------------------------------------------------------
    def n(self, value: int) -> str:
        """A number as spoken words."""
        return self.table.number_words(value)

    def cap(self, text: str) -> str:
        """``text`` with its first letter in upper case."""
        return text[:1].upper() + text[1:]

    def count(self, value: int) -> str:
        """A count of stew pots: "none", "one", "two"..."""
        return "none" if value == 0 else self.n(value)

    def names(self, players: Sequence[str]) -> str:
        """"Emily", "Emily and Maria", "Emily, Maria and Hendrik"."""
        if len(players) <= 1:
            return "".join(players)
        return f"{', '.join(players[:-1])} and {players[-1]}"

    def direction(self, counting: Counting) -> str:
        """The direction as said after a total."""
        return "counting up" if counting is Counting.UP else "counting down"

    # --- the game --------------------------------------------------------------------------------
    def start(self, view: TableView) -> str:
        """Said when a game starts."""
        return f"The start card is {self.n(view.total)}. {view.current_player} starts."

    def resumed(self, view: TableView) -> str:
        """Said when an interrupted game continues."""
        return f"Back to the game. {self.status(view)}"

    def stew_pot(self, player: str, holder: str, island: int, count: int) -> str:
        """A total hit another player's island."""
        return (
            f"Stew pot for {player}: {holder} holds {self.n(island)}. "
            f"{player} has {self.n(count)}."
        )

    def direction_change(self, total: int, counting: Counting, drawer: str) -> str:
        """A total reversed the count; the right neighbour draws an island."""
        word = "counting up" if counting is Counting.UP else "counting down"
        return f"{self.cap(self.n(total))}: {word}. {drawer}, draw an island card and read it out."

    def island_drawn(self, player: str, island: int) -> str:
        """An island card was read out and taken."""
        return f"{player} has {self.n(island)}."

    def last_island(self) -> str:
        """The island card just drawn was the last one."""
        return "That was the last island card."

    def game_over(self, outcome: Outcome) -> str:
        """Standings (fewest stew pots first) and the winners."""
        order = sorted(outcome.stew_pots.items(), key=lambda item: item[1])
        standings = ", ".join(f"{p} {self.count(c)}" for p, c in order)
        verb = "wins" if len(outcome.winners) == 1 else "win"
        return f"Game over. Stew pots: {standings}. {self.names(outcome.winners)} {verb}."

    # --- mistakes --------------------------------------------------------------------------------
    def arithmetic(self, total: int, counting: Counting, card: int, said: int) -> str:
        """The card was given and the sum is wrong: "Sixteen minus five is eleven, not twelve."."""
        op = "plus" if counting is Counting.UP else "minus"
        right = total + card if counting is Counting.UP else total - card
        start, step, result = self.cap(self.n(total)), self.n(card), self.n(right)
        return f"{start} {op} {step} is {result}, not {self.n(said)}."

    def impossible_step(self, total: int, said: int) -> str:
        """No card value makes this step."""
        return f"No card goes from {self.n(total)} to {self.n(said)}."

    def wrong_direction(self, total: int, counting: Counting, card: int | None, said: int) -> str:
        """The step goes against the count."""
        if card is None:
            return f"We are {self.direction(counting)} from {self.n(total)}, not to {self.n(said)}."
        op = "plus" if counting is Counting.UP else "minus"
        right = total + card if counting is Counting.UP else total - card
        return (
            f"We are {self.direction(counting)}: {self.n(total)} {op} {self.n(card)} "
            f"is {self.n(right)}."
        )

    def card_not_available(self, card: int) -> str:
        """Every copy of the card value is already on the discard pile."""
        plural = "zeros" if card == 0 else ("sixes" if card == 6 else f"{self.n(card)}s")
        return f"All the {plural} are played."

    def island_taken(self, island: int, holder: str) -> str:
        """The island read out is already held."""
        return f"{holder} already holds {self.n(island)}. Which island card?"

    def not_an_island(self, value: int) -> str:
        """The number read out is not an island value."""
        return f"{self.cap(self.n(value))} is not an island card. Which island card?"

    # --- questions -------------------------------------------------------------------------------
    def ask_options(self, options: Sequence[tuple[int | None, int]]) -> str:
        """"Thirteen or thirty?" (with the card where one was said: "Plus two, twenty-two?")."""
        if len(options) == 1:
            return self.confirm(*options[0])
        said = [self.reading(card, total) for card, total in options]
        return f"{self.cap(', '.join(said[:-1]))} or {said[-1]}?"

    def confirm(self, card: int | None, total: int) -> str:
        """A yes/no question about one reading: "Twelve?" ("Five, twelve?" with a card)."""
        return f"{self.cap(self.reading(card, total))}?"

    def confirm_yes_no(self, card: int | None, total: int) -> str:
        """The yes/no question again, when the answer was not a clear yes or no."""
        return f"{self.confirm(card, total)} Say yes or no."

    def reading(self, card: int | None, total: int) -> str:
        """How a reading is said back: "twenty-four" or "seven, twenty-four"."""
        return self.n(total) if card is None else f"{self.n(card)}, {self.n(total)}"

    def say_again(self, player: str) -> str:
        """Nothing could be made of the answer: the player announces again."""
        return f"{player}, please say it again."

    # --- commands --------------------------------------------------------------------------------
    def status(self, view: TableView) -> str:
        """Total, direction and who is to act."""
        if view.outcome is not None:
            return f"{self.cap(self.n(view.total))}. The game is over."
        head = f"{self.cap(self.n(view.total))}, {self.direction(view.counting)}."
        if view.pending_island is not None:
            return f"{head} {view.players[view.pending_island]} draws an island card."
        return f"{head} {view.current_player} to play."

    def whose_turn(self, view: TableView) -> str:
        """Who is to act."""
        if view.outcome is not None:
            return "The game is over."
        if view.pending_island is not None:
            return f"{view.players[view.pending_island]} draws an island card."
        return f"{view.current_player}'s turn."

    def score(self, stew_pots: Mapping[str, int]) -> str:
        """Stew pots per player, in turn order."""
        return "Stew pots: " + ", ".join(f"{p} {self.count(c)}" for p, c in stew_pots.items()) + "."

    def islands(self, view: TableView) -> str:
        """Who holds which islands, and how many island cards are left."""
        parts = []
        for player, held in zip(view.players, view.islands, strict=True):
            values = " and ".join(self.n(v) for v in held) if held else "none"
            parts.append(f"{player} {values}")
        left = view.island_deck
        cards = "card" if left == 1 else "cards"
        return f"Islands: {'; '.join(parts)}. {self.cap(self.count(left))} island {cards} left."

    def island_cards(self, view: TableView) -> str:
        """How many island cards are left."""
        left = view.island_deck
        return f"{self.cap(self.count(left))} island {'card' if left == 1 else 'cards'} left."

    def player_islands(self, view: TableView, seat: int) -> str:
        """One player's islands."""
        held = view.islands[seat]
        values = " and ".join(self.n(v) for v in held) if held else "none"
        return f"{view.players[seat]} holds {values}."

    def last_plays(self, plays: Sequence[tuple[str, int]]) -> str:
        """The last few accepted totals, oldest first."""
        if not plays:
            return "No plays yet."
        return "Last plays: " + ", ".join(f"{p} {self.n(t)}" for p, t in plays) + "."

    def hidden_cards(self) -> str:
        """The referee cannot see anyone's hand."""
        return "I can't see the cards in your hand."

    def undone(self, player: str, total: int, view: TableView) -> str:
        """A turn was taken back."""
        return f"Taken back: {player}'s {self.n(total)}. {self.status(view)}"

    def nothing_to_undo(self) -> str:
        """Undo with no accepted turn."""
        return "Nothing to take back."

    def paused(self) -> str:
        """The game is paused."""
        return "Paused. Say resume to go on."

    def resumed_after_pause(self, view: TableView) -> str:
        """The pause is over."""
        return f"Go on. {self.status(view)}"

    # --- setup by voice ----------------------------------------------------------------------
    def setup_players(self) -> str:
        """Asks for the number of players."""
        return "How many players?"

    def setup_start(self) -> str:
        """Asks for the start card."""
        return "What is the start card?"

    def setup_island(self, player: str, nth: int) -> str:
        """Asks a player for one island card."""
        which = "first" if nth == 1 else "second"
        return f"{player}, read out your {which} island card."

    def setup_confirm(self, value: int) -> str:
        """Says back what was heard and asks for a yes."""
        return f"{self.cap(self.n(value))}. Is that right?"

    def confirm_stop(self) -> str:
        """Stopping by voice is confirmed first."""
        return "Stop the game? Say yes to stop."

    def stopped(self) -> str:
        """The game was stopped; it can be resumed later."""
        return "Game stopped. It can be resumed."


LINES: dict[str, type[HostLines]] = {"en": HostLines}
"""Language code → its lines; languages without their own lines use English sentences."""


def host_lines(lang: str = "en") -> HostLines:
    """The host's lines for ``lang`` (English sentences where the language has none yet)."""
    cls = LINES.get(lang, HostLines)
    return cls(phrase_table(lang if lang in LINES else "en"))
