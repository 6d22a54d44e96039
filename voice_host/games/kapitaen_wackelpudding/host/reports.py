"""What a player may say at each moment of a turn, as (phrase, meaning) pairs for the ear.

Pure. The reports of a fall are narrowed to what is possible: only goods aboard, never more of one
than the ship carries. A fall of one good is said up to :data:`MOST_OF_ONE` items, a fall of two
goods up to :data:`MOST_OF_EACH` of each ("zwei Särge und ein Käse"), the goods in the order the
rules list them; a larger fall is typed. A load's donor is named only among the players who hold
the good ("von Ben"). Every declared phrase costs the scorer time, so the set stays small.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from voice_host.games.kapitaen_wackelpudding.rules import GOODS, Cargo, parse_good
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
DONOR = "donor:"
"""Prefix of a named donor's meaning: ``donor:Ben``, the load from Ben's screw-up pile."""

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


def donor_meaning(player: str) -> str:
    """The meaning key of a load named from ``player``'s pile: ``donor:Ben``."""
    return DONOR + player


def parse_donor(meaning: str) -> str | None:
    """The player a donor's meaning names; None when ``meaning`` names none."""
    if not meaning.startswith(DONOR):
        return None
    return meaning.removeprefix(DONOR) or None


def donor_phrases(holders: Sequence[str], words: Words) -> Pairs:
    """The ways to name each holder's pile ("von Ben", "Ben"), as (phrase, meaning): only the
    players who hold the good, so a name without one is never heard."""
    return tuple((template.format(name=p), donor_meaning(p))
                 for p in holders for template in words.donor_phrases)


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


FIXED = (ROLL, ARRIVED, NOTHING, TOUCHED_LAND, RULE_FOR_ALL, SHIP)
"""The meanings whose phrases do not depend on the cargo."""


def every_phrase(words: Words) -> tuple[str, ...]:
    """Every phrase the host may declare in a game, the falls of a full ship included: what the
    game's phrase head learns."""
    full = Cargo.of(dict.fromkeys(GOODS, MOST_OF_ONE))
    falls = (phrase for phrase, _ in fall_phrases(full, words))
    return tuple(dict.fromkeys([*falls, *(p for m in FIXED for p, _ in fixed(m, words))]))


def as_said(meaning: str, words: Words) -> str:
    """A meaning as the host repeats it: the fall's goods, or the first phrase."""
    cargo = parse_fall(meaning)
    if cargo is not None:
        return said(cargo, words)
    donor = parse_donor(meaning)
    if donor is not None:
        return words.donor_phrases[0].format(name=donor)
    return fixed(meaning, words)[0][0]


def goods_of(cargo: Cargo) -> dict[str, int]:
    """``cargo`` as ``{good id: n}`` for the goods held."""
    return {g.value: n for g, n in cargo.items()}

