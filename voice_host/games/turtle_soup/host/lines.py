"""What the Turtle Soup host says: the language's :class:`SoupWords` filled with cards, tokens,
names and spoken numbers; and the host's own lines (say again, paused, stop) from the shared
wording, as Cowabunga's host says them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from voice_host.games.cowabunga.words import WORDINGS, Wording
from voice_host.games.turtle_soup import decktet
from voice_host.games.turtle_soup.cards import SUITS, Card, Suit
from voice_host.games.turtle_soup.rules import Tokens
from voice_host.games.turtle_soup.words import SoupWords, words
from voice_host.phrases import PhraseTable, phrase_table


class SoupLines:
    """The host's lines in one language (a :class:`~voice_host.host.seam.HostWords` too)."""

    def __init__(self, lang: str) -> None:
        self.words: SoupWords = words(lang)
        """The game's words."""
        self.wording: Wording = WORDINGS[lang]
        """The host's own sentences, shared by every game."""
        self.table: PhraseTable = phrase_table(lang)
        """Number words and the commands' words."""

    # --- pieces --------------------------------------------------------------------------------
    def n(self, value: int) -> str:
        """A number as spoken words."""
        return self.table.number_words(value)

    def word(self, command: str) -> str:
        """A command's canonical phrase ("sì", "yes")."""
        return self.table.commands[command][0]

    def names(self, items: Sequence[str]) -> str:
        """"Anna", "Anna e Ben", "Anna, Ben e Cleo"; "nessuno" for none."""
        if not items:
            return self.words.nobody
        if len(items) == 1:
            return items[0]
        return f"{', '.join(items[:-1])} {self.words.and_word} {items[-1]}"

    def suit(self, suit: Suit) -> str:
        """A suit's name ("Foglie", "Leaves")."""
        english, italian = decktet.SUIT_NAMES[suit]
        return italian if self.words.lang == "it" else english

    def suits(self, suits: Iterable[Suit]) -> str:
        """Suits in the deck's order, as a list."""
        chosen = set(suits)
        return self.names([self.suit(s) for s in SUITS if s in chosen])

    def tokens(self, heap: Tokens) -> str:
        """"nove piccoli e un grande", "niente"."""
        parts = []
        for kind, count in (("small", heap.small), ("large", heap.large), ("extra", heap.extra)):
            if count == 1:
                parts.append(self.words.one[kind])
            elif count > 1:
                parts.append(f"{self.n(count)} {self.words.tokens[kind][1]}")
        return self.names(parts) if parts else self.words.nothing

    def card(self, card: Card) -> str:
        """"Il Mercante, nove di Foglie e Nodi"; "L'Asso di Lune"."""
        real = decktet.named(card)
        rank = self.words.ranks["number" if isinstance(card.rank, int) else card.rank]
        said = rank.format(n=self.n(card.rank) if isinstance(card.rank, int) else "",
                           suits=self.suits(card.suits))
        if real is None:
            return cap(said)
        name = real.name_it if self.words.lang == "it" else real.name
        if card.rank in ("ace", "excuse"):
            return name
        return f"{name}, {said}"

    # --- the game's lines ----------------------------------------------------------------------
    def revealed(self, card: Card, added: Tokens) -> str:
        """"Il Mercante, nove di Foglie e Nodi: nove piccoli in pentola."."""
        return self.words.into_pot.format(name=self.card(card), what=self.tokens(added))

    def payout(self, takers: Sequence[str], each: Tokens) -> str:
        """"Anna e Ben: quattro piccoli ciascuno."."""
        if not takers:
            return self.words.nobody_takes
        if len(takers) == 1:
            return self.words.share_one.format(taker=takers[0], share=self.tokens(each))
        return self.words.share_each.format(takers=self.names(takers), share=self.tokens(each))

    def confirm_round(self, takers: Sequence[str], *, yes_or_no: bool) -> str:
        """"Prendono Anna e Ben. Giusto?" (asking for the yes or no outright with
        ``yes_or_no``)."""
        text = (self.words.confirm_takers.format(takers=self.names(takers)) if takers
                else self.words.confirm_nobody)
        return self.asked(text, yes_or_no)

    def asked(self, text: str, yes_or_no: bool) -> str:
        """``text``, with "Say yes or no." after it when ``yes_or_no``."""
        if not yes_or_no:
            return text
        return f"{text} {self.words.say_yes_or_no.format(yes=self.words.yes, no=self.words.no)}"

    def scores(self, scores: Mapping[str, int]) -> str:
        """"Anna 12, Ben 9"."""
        return ", ".join(self.words.points.format(player=p, points=self.n(v))
                         for p, v in scores.items())

    def winners(self, players: Sequence[str]) -> str:
        """"Vince Anna!" or "Vincono Anna e Ben!"."""
        if len(players) == 1:
            return self.words.winner.format(player=players[0])
        return self.words.winners.format(players=self.names(players))

    def hint(self, points: int, spoiling: int, cards: int) -> str:
        """"Taking now: 7 points; 8 of the 20 cards left spoil the soup."."""
        return self.words.hint.format(points=self.n(points), k=self.n(spoiling), n=self.n(cards))

    # --- the host's own lines (HostWords) ------------------------------------------------------
    def say_again(self, player: str) -> str:
        """The answer could not be made out: ``player`` says it again."""
        return self.wording.say_again.format(player=player)

    def unknown_input(self, text: str) -> str:
        """A typed line that is no answer and no command."""
        commands = ", ".join(phrases[0] for phrases in self.table.commands.values())
        return self.words.unknown_input.format(text=repr(text), take=self.words.take[0],
                                               wait=self.words.wait[0], commands=commands)

    def nothing_to_undo(self) -> str:
        """Undo with no round to take back."""
        return self.wording.nothing_to_undo

    def paused(self) -> str:
        """The game is paused."""
        return self.wording.paused.format(resume=self.word("resume"))

    def confirm_stop(self) -> str:
        """Stopping by voice is confirmed first."""
        return self.wording.confirm_stop.format(yes=self.words.yes)

    def stopped(self) -> str:
        """The host stops."""
        return self.wording.stopped


def cap(text: str) -> str:
    """``text`` with its first letter in upper case."""
    return text[:1].upper() + text[1:]
