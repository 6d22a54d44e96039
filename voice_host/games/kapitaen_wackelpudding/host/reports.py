"""What a player may say at each moment of a turn, as (phrase, meaning) pairs for the ear.

Pure. The reports of a fall are narrowed to what is possible: only goods aboard, never more of one
than the ship carries. A fall of one good is said up to :data:`MOST_OF_ONE` items, a fall of two
goods up to :data:`MOST_OF_EACH` of each ("zwei Särge und ein Käse"), the goods in the order the
rules list them; a larger fall is typed. Every declared phrase costs the scorer time, so the set
stays small.
"""

from __future__ import annotations

from itertools import combinations

from voice_host.games.kapitaen_wackelpudding.rules import Cargo, parse_good
from voice_host.games.kapitaen_wackelpudding.words.schema import Words

ROLL = "roll"
"""Meaning: roll the die."""
ARRIVED = "arrived"
"""Meaning: the ship arrived (the turn ends)."""
NOTHING = "nothing"
"""Meaning: nothing fell, the ship arrived."""
TOUCHED_LAND = "touched_land"
"""Meaning: the ship touched land."""
RULE_FOR_ALL = "rule_for_all"
"""Meaning: a "rule for all" card was drawn."""
SHIP = "ship"
"""Meaning: what is on the ship?"""
FELL = "fell:"
"""Prefix of a fall's meaning: ``fell:coffin=2+cheese=1``."""

MOST_OF_ONE = 3
"""The most items of one good a declared fall phrase names."""
MOST_OF_EACH = 2
"""The most items of each good a declared fall of two goods names."""

Pairs = tuple[tuple[str, str], ...]
"""Declared phrases: (as spoken, meaning)."""


def fall_meaning(cargo: Cargo) -> str:
    """The meaning key of a fall: ``fell:coffin=2+cheese=1``."""
    return FELL + "+".join(f"{g.value}={n}" for g, n in cargo.items())


def parse_fall(meaning: str) -> Cargo | None:
    """The cargo a fall's meaning names; None when ``meaning`` is no fall."""
    if not meaning.startswith(FELL):
        return None
    cargo = Cargo()
    for part in meaning.removeprefix(FELL).split("+"):
        name, _, count = part.partition("=")
        good = parse_good(name)
        if good is None or not count.isdigit() or int(count) < 1:
            return None
        cargo = cargo.plus(good, int(count))
    return cargo if cargo.total else None


def possible_falls(ship: Cargo) -> list[Cargo]:
    """The falls a player may report aboard ``ship``: one good (up to :data:`MOST_OF_ONE`) or two
    (up to :data:`MOST_OF_EACH` of each), never more than aboard."""
    aboard = list(ship.items())
    falls = [Cargo().plus(g, n) for g, held in aboard for n in range(1, min(held, MOST_OF_ONE) + 1)]
    for (g1, h1), (g2, h2) in combinations(aboard, 2):
        for n1 in range(1, min(h1, MOST_OF_EACH) + 1):
            for n2 in range(1, min(h2, MOST_OF_EACH) + 1):
                falls.append(Cargo().plus(g1, n1).plus(g2, n2))
    return falls


def said(cargo: Cargo, words: Words) -> str:
    """A fall as said: "zwei Särge und ein Käse"."""
    return words.cargo({g.value: n for g, n in cargo.items()})


def fall_phrases(ship: Cargo, words: Words) -> Pairs:
    """Every fall that may be reported aboard ``ship``, as (phrase, meaning)."""
    return tuple((said(c, words), fall_meaning(c)) for c in possible_falls(ship))


def fixed(meaning: str, words: Words) -> Pairs:
    """The phrases of one of the fixed meanings (roll, arrived...)."""
    phrases = {ROLL: words.roll, ARRIVED: words.arrived, NOTHING: words.nothing,
               TOUCHED_LAND: words.touched_land, RULE_FOR_ALL: words.rule_for_all,
               SHIP: words.ship_query}[meaning]
    return tuple((p, meaning) for p in phrases)


def as_said(meaning: str, words: Words) -> str:
    """A meaning as the host repeats it: the fall's goods, or the first phrase."""
    cargo = parse_fall(meaning)
    return said(cargo, words) if cargo is not None else fixed(meaning, words)[0][0]


def goods_of(cargo: Cargo) -> dict[str, int]:
    """``cargo`` as ``{good id: n}`` for the goods held."""
    return {g.value: n for g, n in cargo.items()}

