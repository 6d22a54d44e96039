"""Everything the host says, in one place: the sentences come from a language's
:class:`~voice_host.games.cowabunga.words.Wording`, so another language is one more table.

Lines are short: the host speaks only when something happens, and says what happened in as few
words as a person at the table would. Numbers are spoken with the phrase table's
:meth:`~voice_host.phrases.PhraseTable.number_words`, and the words the host asks players to say
(yes, no, resume) and the plus/minus of a sum are the phrase table's too, so the host and the
players share one vocabulary.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from cowabunga import Counting, Outcome, TableView
from voice_host.games.cowabunga.words import EN, WORDINGS, Wording
from voice_host.phrases import PhraseTable, phrase_table


class HostLines:
    """The host's lines in one language: a :class:`Wording` filled with a phrase table's words."""

    def __init__(self, table: PhraseTable, wording: Wording = EN) -> None:
        self.table = table
        """Where number words and the words players answer with come from."""
        self.wording = wording
        """The sentences."""

    # --- pieces --------------------------------------------------------------------------------
    def n(self, value: int) -> str:
        """A number as spoken words."""
        return self.table.number_words(value)

    def cap(self, text: str) -> str:
        """``text`` with its first letter in upper case."""
        return text[:1].upper() + text[1:]

    def fill(self, template: str, **fields: str) -> str:
        """``template`` with ``fields``, each also offered capitalised (``{Total}``)."""
        every = dict(fields)
        for name, value in fields.items():
            every[self.cap(name)] = self.cap(value)
        return template.format(**every)

    def count(self, value: int) -> str:
        """A count of stew pots: "none", "one", "two"..."""
        return self.wording.stew_pot_counts.get(value) or self.n(value)

    def conjunction(self, word: str, following: str) -> str:
        """``word`` in the form it takes before ``following`` (Spanish "o" → "u" before "once")."""
        for plain, other, starts in self.wording.euphony:
            if word == plain and re.match(starts, following, re.IGNORECASE):
                return other
        return word

    def names(self, players: Sequence[str]) -> str:
        """"Emily", "Emily and Maria", "Emily, Maria and Hendrik"."""
        if len(players) <= 1:
            return "".join(players)
        word = self.conjunction(self.wording.and_word, players[-1])
        return f"{', '.join(players[:-1])} {word} {players[-1]}"

    def direction(self, counting: Counting) -> str:
        """The direction as said after a total."""
        return self.wording.up if counting is Counting.UP else self.wording.down

    def sign(self, counting: Counting) -> str:
        """"plus" counting up, "minus" counting down (the phrase table's words)."""
        return self.table.sign_words[+1 if counting is Counting.UP else -1][0]

    def word(self, command: str) -> str:
        """The canonical phrase of a command players say ("yes", "ja")."""
        return self.table.commands[command][0]

    def values(self, held: Sequence[int]) -> str:
        """Island values as a list: "eighteen and twenty-five", or "none"."""
        if not held:
            return self.wording.no_islands
        said = self.n(held[0])
        for value in held[1:]:
            word = self.n(value)
            said += f" {self.conjunction(self.wording.and_word, word)} {word}"
        return said

    def standings(self, stew_pots: Mapping[str, int]) -> str:
        """Stew pots per player as a list, in the order given."""
        return ", ".join(
            self.fill(self.wording.standing, player=p, count=self.count(c))
            for p, c in stew_pots.items()
        )

    # --- the game --------------------------------------------------------------------------------
    def start(self, view: TableView) -> str:
        """Said when a game starts."""
        return self.fill(self.wording.start, total=self.n(view.total), player=view.current_player)

    def resumed(self, view: TableView) -> str:
        """Said when an interrupted game continues."""
        return self.fill(self.wording.resumed, status=self.status(view))

    def stew_pot(self, player: str, holder: str, island: int, count: int) -> str:
        """A total hit another player's island."""
        return self.fill(
            self.wording.stew_pot.pick(count),
            player=player, holder=holder, island=self.n(island), count=self.count(count),
        )

    def direction_change(self, total: int, counting: Counting, drawer: str) -> str:
        """A total reversed the count; the right neighbour draws an island."""
        return self.fill(
            self.wording.direction_change,
            total=self.n(total), way=self.direction(counting), drawer=drawer,
        )

    def island_drawn(self, player: str, island: int) -> str:
        """An island card was read out and taken."""
        return self.fill(self.wording.island_drawn, player=player, island=self.n(island))

    def last_island(self) -> str:
        """The island card just drawn was the last one."""
        return self.wording.last_island

    def game_over(self, outcome: Outcome) -> str:
        """Standings (fewest stew pots first) and the winners."""
        order = dict(sorted(outcome.stew_pots.items(), key=lambda item: item[1]))
        return self.fill(
            self.wording.game_over.pick(len(outcome.winners)),
            standings=self.standings(order), winners=self.names(outcome.winners),
        )

    # --- mistakes --------------------------------------------------------------------------------
    def arithmetic(self, total: int, counting: Counting, card: int, said: int) -> str:
        """The card was given and the sum is wrong: "Sixteen minus five is eleven, not twelve."."""
        right = total + card if counting is Counting.UP else total - card
        return self.fill(
            self.wording.arithmetic,
            total=self.n(total), op=self.sign(counting), card=self.n(card), right=self.n(right),
            said=self.n(said),
        )

    def impossible_step(self, total: int, said: int) -> str:
        """No card value makes this step."""
        return self.fill(self.wording.impossible_step, total=self.n(total), said=self.n(said))

    def wrong_direction(self, total: int, counting: Counting, card: int | None, said: int) -> str:
        """The step goes against the count."""
        way = self.direction(counting)
        if card is None:
            return self.fill(
                self.wording.wrong_direction, way=way, total=self.n(total), said=self.n(said)
            )
        right = total + card if counting is Counting.UP else total - card
        return self.fill(
            self.wording.wrong_direction_card,
            way=way, total=self.n(total), op=self.sign(counting), card=self.n(card),
            right=self.n(right),
        )

    def card_not_available(self, card: int) -> str:
        """Every copy of the card value is already on the discard pile."""
        return self.fill(self.wording.card_not_available, cards=self.wording.card_plurals[card])

    def island_taken(self, island: int, holder: str) -> str:
        """The island read out is already held."""
        return self.fill(self.wording.island_taken, holder=holder, island=self.n(island))

    def not_an_island(self, value: int) -> str:
        """The number read out is not an island value."""
        return self.fill(self.wording.not_an_island, value=self.n(value))

    # --- questions -------------------------------------------------------------------------------
    def ask_options(self, options: Sequence[tuple[int | None, int]]) -> str:
        """"Thirteen or thirty?" (with the card where one was said: "Two, twenty-two?")."""
        if len(options) == 1:
            return self.confirm(*options[0])
        said = [self.reading(card, total) for card, total in options]
        return self.fill(
            self.wording.options,
            first=", ".join(said[:-1]), or_word=self.conjunction(self.wording.or_word, said[-1]),
            last=said[-1],
        )

    def confirm(self, card: int | None, total: int) -> str:
        """A yes/no question about one reading: "Twelve?" ("Five, twelve?" with a card)."""
        return self.fill(self.wording.confirm, reading=self.reading(card, total))

    def confirm_yes_no(self, card: int | None, total: int) -> str:
        """The yes/no question again, when the answer was not a clear yes or no."""
        return self.fill(
            self.wording.confirm_yes_no,
            question=self.confirm(card, total), yes=self.word("yes"), no=self.word("no"),
        )

    def reading(self, card: int | None, total: int) -> str:
        """How a reading is said back: "twenty-four" or "seven, twenty-four"."""
        if card is None:
            return self.n(total)
        return self.fill(self.wording.reading, card=self.n(card), total=self.n(total))

    def try_again(self, mistake: str, player: str) -> str:
        """A mistake's line with who announces again: "Sixteen minus five is eleven, not twelve.
        Emily, try again."."""
        return f"{mistake} {self.fill(self.wording.try_again, player=player)}"

    def say_again(self, player: str) -> str:
        """Nothing could be made of the answer: the player announces again."""
        return self.fill(self.wording.say_again, player=player)

    def resync_question(self, total: int, player: str, *, yes_or_no: bool = False) -> str:
        """"Is the total sixteen now, with Emily to play?" (asking for the yes or no outright
        with ``yes_or_no``)."""
        question = self.fill(self.wording.resync_question, total=self.n(total), player=player)
        if not yes_or_no:
            return question
        return self.fill(self.wording.confirm_yes_no, question=question, yes=self.word("yes"),
                         no=self.word("no"))

    # --- commands --------------------------------------------------------------------------------
    def status(self, view: TableView) -> str:
        """Total, direction and who is to act."""
        total = self.n(view.total)
        if view.outcome is not None:
            return self.fill(self.wording.status_over, total=total)
        way = self.direction(view.counting)
        if view.pending_island is not None:
            drawer = view.players[view.pending_island]
            return self.fill(self.wording.status_island, total=total, way=way, drawer=drawer)
        return self.fill(
            self.wording.status_play, total=total, way=way, player=view.current_player
        )

    def whose_turn(self, view: TableView) -> str:
        """Who is to act."""
        if view.outcome is not None:
            return self.wording.turn_over
        if view.pending_island is not None:
            return self.fill(self.wording.turn_island, drawer=view.players[view.pending_island])
        return self.fill(self.wording.turn_play, player=view.current_player)

    def score(self, stew_pots: Mapping[str, int]) -> str:
        """Stew pots per player, in turn order."""
        return self.fill(self.wording.score, standings=self.standings(stew_pots))

    def islands(self, view: TableView) -> str:
        """Who holds which islands, and how many island cards are left."""
        held = "; ".join(
            self.fill(self.wording.held, player=player, values=self.values(values))
            for player, values in zip(view.players, view.islands, strict=True)
        )
        return self.fill(self.wording.islands, held=held, left=self.island_cards(view))

    def island_cards(self, view: TableView) -> str:
        """How many island cards are left."""
        left = view.island_deck
        return self.fill(self.wording.island_cards.pick(left), count=self.n(left))

    def player_islands(self, view: TableView, seat: int) -> str:
        """One player's islands."""
        held = view.islands[seat]
        return self.fill(
            self.wording.player_islands.pick(len(held)),
            player=view.players[seat], values=self.values(held),
        )

    def last_plays(self, plays: Sequence[tuple[str, int]]) -> str:
        """The last few accepted totals, oldest first."""
        if not plays:
            return self.wording.no_plays
        said = ", ".join(self.fill(self.wording.play, player=p, total=self.n(t)) for p, t in plays)
        return self.fill(self.wording.last_plays, plays=said)

    def hidden_cards(self) -> str:
        """The referee cannot see anyone's hand."""
        return self.wording.hidden_cards

    def undone(self, player: str, total: int, view: TableView) -> str:
        """A turn was taken back."""
        return self.fill(
            self.wording.undone, player=player, total=self.n(total), status=self.status(view)
        )

    def nothing_to_undo(self) -> str:
        """Undo with no accepted turn."""
        return self.wording.nothing_to_undo

    def confirm_undo(self, player: str, total: int) -> str:
        """Taking a turn back by voice is confirmed first."""
        return self.fill(self.wording.confirm_undo, player=player, total=self.n(total),
                         yes=self.word("yes"))

    def paused(self) -> str:
        """The game is paused."""
        return self.fill(self.wording.paused, resume=self.word("resume"))

    def resumed_after_pause(self, view: TableView) -> str:
        """The pause is over."""
        return self.fill(self.wording.resumed_after_pause, status=self.status(view))

    # --- setup by voice ----------------------------------------------------------------------
    def setup_players(self) -> str:
        """Asks for the number of players."""
        return self.wording.setup_players

    def setup_start(self) -> str:
        """Asks for the start card."""
        return self.wording.setup_start

    def setup_island(self, player: str, nth: int) -> str:
        """Asks a player for one island card (``nth`` 1 or 2)."""
        return self.fill(self.wording.setup_island, player=player,
                         nth=self.wording.ordinals[nth - 1])

    def setup_confirm(self, value: int) -> str:
        """Says back what was heard and asks for a yes."""
        return self.fill(self.wording.setup_confirm, value=self.n(value))

    def setup_bad_count(self, value: int, low: int, high: int) -> str:
        """A number of players the game does not allow."""
        return self.fill(
            self.wording.setup_bad_count, value=self.n(value), low=self.n(low), high=self.n(high)
        )

    def setup_bad_start(self, value: int, low: int, high: int) -> str:
        """A start card that is no card value."""
        return self.fill(
            self.wording.setup_bad_start, value=self.n(value), low=self.n(low), high=self.n(high)
        )

    def setup_not_island(self, value: int) -> str:
        """A number read out during setup that is no island value."""
        return self.fill(self.wording.setup_not_island, value=self.n(value))

    def setup_dealt(self, value: int) -> str:
        """An island read out during setup that another player already holds."""
        return self.fill(self.wording.setup_dealt, value=self.n(value))

    def player_name(self, number: int) -> str:
        """The name of a player set up by voice: "Player 1"."""
        return self.fill(self.wording.player_name, number=str(number))

    def confirm_stop(self) -> str:
        """Stopping by voice is confirmed first."""
        return self.fill(self.wording.confirm_stop, yes=self.word("yes"))

    def unknown_input(self, text: str) -> str:
        """What was typed is no total, card and total, or command; what would be valid."""
        commands = ", ".join(phrases[0] for phrases in self.table.commands.values())
        return self.wording.unknown_input.format(text=repr(text), commands=commands)

    def unknown_setup_input(self, text: str) -> str:
        """What was typed during setup is no number, yes or no."""
        yes, no = (self.table.commands[name][0] for name in ("yes", "no"))
        return self.wording.unknown_setup_input.format(text=repr(text), yes=yes, no=no)

    def stopped(self) -> str:
        """The game was stopped; it can be resumed later."""
        return self.wording.stopped


def host_lines(lang: str = "en") -> HostLines:
    """The host's lines for ``lang`` (English, with English words, where it has no wording yet)."""
    wording = WORDINGS.get(lang, EN)
    return HostLines(phrase_table(wording.lang), wording)
