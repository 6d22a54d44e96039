"""Turtle Soup's words, one file per language (``it.toml``, the rules' language, and ``en.toml``):
what players say (take, wait), the host's sentences and the display's labels, read into
:class:`SoupWords` (the scheme of :mod:`voice_host.languages`); the host fills the sentences in.
Adding a language is adding its file here."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from voice_host.languages import build, codes


@dataclass(frozen=True)
class SoupWords:
    """Everything Turtle Soup says and hears in one language."""

    lang: str
    """Language code."""
    take: tuple[str, ...]
    """What a player says to take a share now (heard by the ear), the first canonical."""
    wait: tuple[str, ...]
    """What a player says to wait for a richer pot, the first canonical."""
    yes: str
    """The yes the host asks for and the bots say (one of the phrase table's yes phrases, the one
    the ear hears best)."""
    no: str
    """The no, likewise."""
    tokens: Mapping[str, tuple[str, str]]
    """Each kind of token (small, large, extra), singular and plural."""
    one: Mapping[str, str]
    """"One" before each kind of token ("un piccolo", "un grande")."""
    ranks: Mapping[str, str]
    """A card's rank as said after its name: "{n} of {suits}", "crown of {suits}"..."""
    and_word: str
    """"and" in a list."""
    nothing: str
    """No tokens at all."""
    into_pot: str
    """"{name}: {what} into the pot."""
    dinner: str
    """A dinner begins: {number}, {dinners}."""
    open_fists: str
    """After the reveal: the fists open and the first waiting {player} is asked."""
    ask_player: str
    """Asks {player} whether they take or wait (the next one, or a choice)."""
    does_take: str
    """Asks whether {player} takes (yes/no)."""
    does_wait: str
    """Asks whether {player} waits (yes/no)."""
    confirm_takers: str
    """Repeats the round before the payout: {takers} take."""
    confirm_nobody: str
    """Repeats a round where everybody waits."""
    say_yes_or_no: str
    """Asks for the answer word outright: {yes}, {no}."""
    share_each: str
    """The payout to several takers: {takers}, {share} each."""
    share_one: str
    """The payout to one taker: {taker}, {share}."""
    nobody_takes: str
    """A round where everybody waits."""
    still_waiting: str
    """Who still waits: {players}."""
    spoiled: str
    """The soup spoiled; {players} go without."""
    all_served: str
    """Everybody took a share."""
    deck_empty: str
    """The deck ran out."""
    returned: str
    """{pot} goes back to the bank."""
    game_over: str
    """The end: {scores}, {winners}."""
    winner: str
    """One winner: {player}."""
    winners: str
    """Several winners: {players}."""
    points: str
    """{player} {points} (points in the scores)."""
    status: str
    """Where the game stands: {number}, {dinners}, {pot}, {suits}, {waiting}."""
    between: str
    """Between dinners or over: {number}, {dinners}, {scores}."""
    pot: str
    """What is in the pot: {pot}."""
    cards: str
    """The cards turned up this dinner: {cards}; {suits} on the table, {missing} missing."""
    waiting: str
    """Who waits: {players}; whose answer is awaited: {player}."""
    nobody: str
    """No player."""
    hint: str
    """Taking now is worth {points}; {k} of the {n} cards left spoil the soup."""
    hint_none: str
    """No dinner on: no hint."""
    dinners_left: str
    """{n} dinners left."""
    confirm_undo: str
    """Asks whether to take back the last round ({takers}), say {yes}."""
    undone: str
    """The round was taken back: {status}."""
    resumed: str
    """After a pause: {status}."""
    unknown_input: str
    """A typed line that means nothing: {text}, {take}, {wait}, {commands}."""
    labels: Mapping[str, str]
    """The display's labels: dinner, pot, suits, waiting, served, scores, missing."""


HERE = Path(__file__).resolve().parent
"""The folder of the game's language files."""
HOME = "it"
"""The rules' language, listed first."""
LANGUAGES = (HOME, *(c for c in codes(HERE) if c != HOME))
"""The languages the game's words exist in."""


@cache
def words(lang: str) -> SoupWords:
    """The words of ``lang`` (one of :data:`LANGUAGES`)."""
    if lang not in LANGUAGES:
        raise KeyError(lang)
    return build(SoupWords, lang, "words", folder=HERE)
