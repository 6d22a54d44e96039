"""The Decktet (P.D. Magnus) as data: every card's name, rank and suits, and a shuffled deck.

The basic deck has 36 cards: an ace and a crown of each of the six suits, and for each number 2-9
three cards of two suits each, the three together holding each suit once. So every suit is on ten
basic cards (its ace, its crown, one card of each number). The extended deck adds four pawns and
four courts of three suits each (every suit on two pawns and two courts) and the Excuse, with
no rank and no suit.

Source of the card list (names, ranks, suits), as published with the deck:
  - the ``decktet`` Ruby gem's card table, https://github.com/brodyf42/decktet
    (``lib/decktet/card.rb``; documented at https://rubydoc.info/gems/decktet/Decktet);
  - checked against P.D. Magnus's "Decktet charts and tables" (the suit pairs of every rank, the
    pawns' and courts' suits), https://dokk.org/library/the_decktet_charts_tables_2010_Magnus,
    and the card names at https://1d4chan.org/wiki/Decktet.
The English names are the deck's own. No published Italian edition was found: the Italian names
are this project's translation (the host says "Il Mercante, nove di Foglie e Nodi").
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from voice_host.games.turtle_soup.cards import Card, Rank, Suit

M, S, V, L, W, K = Suit.MOONS, Suit.SUNS, Suit.WAVES, Suit.LEAVES, Suit.WYRMS, Suit.KNOTS

SUIT_NAMES: Final[dict[Suit, tuple[str, str]]] = {
    M: ("Moons", "Lune"),
    S: ("Suns", "Soli"),
    V: ("Waves", "Onde"),
    L: ("Leaves", "Foglie"),
    W: ("Wyrms", "Draghi"),
    K: ("Knots", "Nodi"),
}
"""Each suit's name in English and in Italian."""


@dataclass(frozen=True, slots=True)
class DecktetCard:
    """One card of the real deck, with its names."""

    name: str
    """Its English name, as printed ("The Author")."""

    name_it: str
    """Its Italian name ("L'Autore")."""

    card: Card
    """Its rank and suits, as the rules see it."""

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return self.card.rank

    @property
    def suits(self) -> tuple[Suit, ...]:
        """The card's suits, in the deck's order."""
        return self.card.suits


def _card(name: str, name_it: str, rank: Rank, *suits: Suit) -> DecktetCard:
    return DecktetCard(name, name_it, Card(rank, suits))


ACES: Final = tuple(
    _card(f"The Ace of {en}", f"L'Asso di {it}", "ace", suit)
    for suit, (en, it) in SUIT_NAMES.items()
)
"""The six aces, one suit each."""

NUMBER_CARDS: Final = (
    _card("The Author", "L'Autore", 2, M, K),
    _card("The Desert", "Il Deserto", 2, S, W),
    _card("The Origin", "L'Origine", 2, V, L),
    _card("The Journey", "Il Viaggio", 3, M, V),
    _card("The Painter", "Il Pittore", 3, S, K),
    _card("The Savage", "Il Selvaggio", 3, L, W),
    _card("The Mountain", "La Montagna", 4, M, S),
    _card("The Sailor", "Il Marinaio", 4, V, L),
    _card("The Battle", "La Battaglia", 4, W, K),
    _card("The Forest", "La Foresta", 5, M, L),
    _card("The Discovery", "La Scoperta", 5, S, V),
    _card("The Soldier", "Il Soldato", 5, W, K),
    _card("The Lunatic", "Il Lunatico", 6, M, V),
    _card("The Penitent", "Il Penitente", 6, S, W),
    _card("The Market", "Il Mercato", 6, L, K),
    _card("The Chance Meeting", "L'Incontro", 7, M, L),
    _card("The Castle", "Il Castello", 7, S, K),
    _card("The Cave", "La Caverna", 7, V, W),
    _card("The Diplomat", "Il Diplomatico", 8, M, S),
    _card("The Mill", "Il Mulino", 8, V, L),
    _card("The Betrayal", "Il Tradimento", 8, W, K),
    _card("The Pact", "Il Patto", 9, M, S),
    _card("The Darkness", "L'Oscurità", 9, V, W),
    _card("The Merchant", "Il Mercante", 9, L, K),
)
"""The 24 number cards, 2-9, two suits each."""

CROWNS: Final = (
    _card("The Huntress", "La Cacciatrice", "crown", M),
    _card("The Bard", "Il Bardo", "crown", S),
    _card("The Sea", "Il Mare", "crown", V),
    _card("The End", "La Fine", "crown", L),
    _card("The Calamity", "La Calamità", "crown", W),
    _card("The Windfall", "La Fortuna", "crown", K),
)
"""The six crowns, one suit each."""

PAWNS: Final = (
    _card("The Harvest", "Il Raccolto", "pawn", M, S, L),
    _card("The Watchman", "La Sentinella", "pawn", M, W, K),
    _card("The Light Keeper", "Il Guardiano del Faro", "pawn", S, V, K),
    _card("The Borderland", "La Frontiera", "pawn", V, L, W),
)
"""The extended deck's four pawns, three suits each."""

COURTS: Final = (
    _card("The Consul", "Il Console", "court", M, V, K),
    _card("The Rite", "Il Rito", "court", M, L, W),
    _card("The Island", "L'Isola", "court", S, V, W),
    _card("The Window", "La Finestra", "court", S, L, K),
)
"""The extended deck's four courts, three suits each."""

EXCUSE: Final = _card("The Excuse", "La Scusa", "excuse")
"""The extended deck's Excuse: no rank, no suit."""

BASIC_DECK: Final[tuple[DecktetCard, ...]] = ACES + NUMBER_CARDS + CROWNS
"""The 36 cards of the basic deck."""

EXTENDED_DECK: Final[tuple[DecktetCard, ...]] = BASIC_DECK + PAWNS + COURTS + (EXCUSE,)
"""The 45 cards of the extended deck."""

_BY_CARD: Final = {(c.rank, frozenset(c.suits)): c for c in EXTENDED_DECK}


def deck(extended: bool = False) -> tuple[DecktetCard, ...]:
    """The basic deck, or with ``extended`` the extended one, in the order above."""
    return EXTENDED_DECK if extended else BASIC_DECK


def named(card: Card) -> DecktetCard | None:
    """The real Decktet card with ``card``'s rank and suits (in any order), or None if the deck
    has no such card."""
    return _BY_CARD.get((card.rank, frozenset(card.suits)))


def shuffled(rng: random.Random, extended: bool = False) -> tuple[Card, ...]:
    """A dinner's deck, top first: the whole deck shuffled by ``rng`` (the only chance there is)."""
    cards = [c.card for c in deck(extended)]
    rng.shuffle(cards)
    return tuple(cards)
