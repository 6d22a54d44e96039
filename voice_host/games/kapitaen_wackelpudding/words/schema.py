"""The shape of one language's words for Kapitän Wackelpudding's host: the phrases players say
(the ear hears them), the host's sentences and the display's labels. Each language fills one
:class:`Words` in its own file under ``words/``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Words:
    """Everything the host says and hears in one language."""

    lang: str
    """The language code."""
    goods: Mapping[str, tuple[str, str, str]]
    """Good id (``"coffin"``) → (one of it as the subject, "ein Sarg"; one of it as the object,
    "einen Sarg"; the plural noun, "Särge")."""
    counts: Mapping[int, str]
    """Count words from 2 up (``2: "zwei"``); larger counts are said in digits."""
    and_word: str
    """The word joining two goods ("two coffins and a cheese")."""
    possessive: tuple[str, str]
    """A name's possessive (``{name}``), as templates say it in ``{whose}``: the ordinary form
    ("Bens") and the one after an ending of :attr:`possessive_after` ("Jonas'")."""
    possessive_after: tuple[str, ...]
    """The endings (lower case) after which a name takes the second possessive form."""
    ports: Mapping[str, str]
    """Port id (``"kindien"``) → its name as said."""
    colours: Mapping[str, str]
    """Die colour id (``"blue"``) → the colour as called out ("Blau")."""
    near_misses: tuple[str, ...]
    """Talk close to the players' phrases, which the game's phrase head learns to hear as none
    (the bench's own near misses are other words)."""

    # --- what players say: one phrase per meaning (two phrases of one meaning would compete in
    # the ear's scorer, which accepts a phrase only clear of the next best) ---------------------
    roll: tuple[str, ...]
    """Asking the host to roll the die."""
    arrived: tuple[str, ...]
    """The ship reached its port (or, after a stay, the second load is aboard)."""
    nothing: tuple[str, ...]
    """Nothing fell and the ship arrived."""
    touched_land: tuple[str, ...]
    """The ship touched land."""
    rule_for_all: tuple[str, ...]
    """A "rule for all" adventure card was drawn."""
    ship_query: tuple[str, ...]
    """Asking what is on the ship."""
    donor_phrases: tuple[str, ...]
    """Naming whose screw-up pile a load comes from (``{name}``): "von {name}", "{name}"; the
    first is the one the host suggests."""

    # --- the host's sentences (``str.format`` templates) ---------------------------------------
    setup_players: str
    """Setup by voice: how many play, and that "Player 1" is the youngest (no fields)."""
    start: str
    """Opening: ``{players}``, ``{port}``."""
    load_port: str
    """``{player}`` loads ``{one}`` from the island ``{island}``."""
    load_own: str
    """The island is empty: from the player's own pile."""
    load_other: str
    """The island and the own pile are empty: from ``{whose}`` pile (``{donor}``)."""
    load_choice: str
    """The same, when several others hold the good: from ``{whose}`` pile, or say one of
    ``{others}`` (the other holders' phrases, quoted, joined by :attr:`or_word`)."""
    nothing_to_load: str
    """``{island}`` is empty and nobody has any ``{many}`` left."""
    card: str
    """At Snarchland ``{player}`` draws an adventure card."""
    then_roll: str
    """Asks for the roll word (``{roll}``)."""
    then_arrive: str
    """Asks for the arrival word (``{arrived}``)."""
    or_word: str
    """The word between two choices ("oder")."""
    quote: str
    """A phrase to say, quoted: ``{text}``."""
    sail: str
    """``{colour}``! Sail to ``{port}``; say ``{arrived}`` on arrival."""
    stay: str
    """``{colour}``: the ship stays; load ``{one}`` more; say ``{arrived}`` when done."""
    stay_short: str
    """``{colour}``: the ship stays (the load follows: from a pile, or nothing)."""
    stay_card: str
    """``{colour}`` at Snarchland: the ship stays; draw another card."""
    fell: str
    """``{goods}`` fell, into ``{whose}`` pile (``{player}``)."""
    fell_question: str
    """Confirming a fall: ``{goods}``."""
    say_yes_or_no: str
    """Appended to a yes/no question asked again: ``{yes}``, ``{no}``."""
    choice: str
    """A choice between ``{a}`` and ``{b}``."""
    arrived_line: str
    """The ship arrived."""
    nothing_line: str
    """Nothing fell, the ship arrived."""
    touched_land_line: str
    """Back to ``{port}`` and start the journey again."""
    rule_line: str
    """A rule for all noted; ``{count}`` in force now."""
    game_over: str
    """``{lands}`` ("1 Ware", "3 Waren") left; ``{piles}``; ``{winners}`` won."""
    game_over_tie: str
    """The same, when several tie."""
    ship_line: str
    """What is on the ship: ``{goods}``."""
    ship_empty: str
    """The ship is empty."""
    islands_line: str
    """What is left on the islands: ``{islands}``."""
    piles_line: str
    """The screw-up piles: ``{piles}``."""
    whose_turn: str
    """``{player}``'s turn."""
    status: str
    """``{player}``'s turn, the ship at ``{port}`` with ``{ship}``, ``{cards}`` cards drawn."""
    rules_in_force: str
    """Added to the status while "rules for all" are in force: ``{count}``."""
    confirm_undo: str
    """Take back ``{what}`` (``{What}``: capitalised)?"""
    undone: str
    """``{what}`` taken back."""
    fell_again: str
    """Asked after a fall booked at once was objected to and taken back: what fell?"""
    resumed: str
    """Going on after a pause."""
    undo_what: Mapping[str, str]
    """What an undo takes back, by move (``roll``, ``fell`` with ``{goods}``, ``arrived``,
    ``rule``, ``donor`` with ``{whose}``)."""
    nothing_aboard: str
    """The empty cargo, as said."""
    goods_word: tuple[str, str]
    """"good" and "goods" ("Ware", "Waren"), for the goods left at the end."""

    # --- the display ---------------------------------------------------------------------------
    label_islands: str
    """Heading of the islands' counts."""
    label_ship: str
    """Heading of the ship's cargo."""
    label_piles: str
    """Heading of the screw-up piles."""
    label_turn: str
    """"to move"."""
    label_port: str
    """"ship at"."""
    label_cards: str
    """"adventure cards drawn"."""
    label_rules: str
    """"rules for all"."""
    label_over: str
    """"game over"."""

    def whose(self, name: str) -> str:
        """``name``'s possessive: "Bens", "Jonas'", "Ben's"."""
        after = name.lower().endswith(self.possessive_after) and bool(self.possessive_after)
        return self.possessive[after].format(name=name)

    def one(self, good: str) -> str:
        """One ``good`` as the subject ("ein Sarg")."""
        return self.goods[good][0]

    def one_object(self, good: str) -> str:
        """One ``good`` as the object ("lade einen Sarg")."""
        return self.goods[good][1]

    def amount(self, good: str, n: int) -> str:
        """``n`` of ``good`` as said: "ein Sarg", "zwei Särge", "9 Särge"."""
        if n == 1:
            return self.one(good)
        return f"{self.counts.get(n, str(n))} {self.goods[good][2]}"

    def cargo(self, counts: Mapping[str, int]) -> str:
        """Goods as said: "zwei Särge und ein Käse"; :attr:`nothing_aboard` when none."""
        parts = [self.amount(g, n) for g, n in counts.items() if n]
        if not parts:
            return self.nothing_aboard
        if len(parts) == 1:
            return parts[0]
        return f"{', '.join(parts[:-1])} {self.and_word} {parts[-1]}"
