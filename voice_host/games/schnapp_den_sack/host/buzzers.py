"""Buzzer keys: each player calls by pressing a key of their own on the laptop's keyboard, for a
table that wants the exact order of two calls close together (one microphone cannot tell which of
two overlapping words began first; a key is timed when it arrives).

Pure: which key is whose. A player gets the first letter of their name unless an earlier player
has it or it is no letter a-z, else the next free key of :data:`FREE_KEYS`; a table may give
every key itself (``--keys a,l,p``).
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

FREE_KEYS = "qpzmghtyvb"
"""The keys handed out when a name's first letter cannot be a player's key: the keyboard's
corners first, then its middle, so that hands reaching at once do not collide. Ten of them, so
five players always find one."""

KEY_CHARACTERS = frozenset(string.ascii_lowercase + string.digits)
"""What can be a buzzer key: a letter a-z or a digit (the same on every keyboard layout)."""


class BuzzerError(ValueError):
    """Buzzer keys that cannot work; one line for the user."""


@dataclass(frozen=True)
class Buzzers:
    """Which key is whose."""

    keys: Mapping[str, str]
    """Each player's key (a lower-case letter or a digit), in turn order."""

    def player(self, key: str) -> str | None:
        """Whose key ``key`` is (either case); None for a key of nobody."""
        return next((p for p, k in self.keys.items() if k == key.casefold()), None)


def parse_keys(text: str) -> tuple[str, ...]:
    """"a,l,p" as keys in turn order: each one letter or digit, none twice; raises
    :class:`BuzzerError`."""
    keys = tuple(k.strip().casefold() for k in text.split(","))
    for key in keys:
        if len(key) != 1 or key not in KEY_CHARACTERS:
            raise BuzzerError(f"--keys {text!r}: {key!r} is not one key (a letter a-z or a "
                              "digit)")
    doubled = sorted({k for k in keys if keys.count(k) > 1})
    if doubled:
        raise BuzzerError(f"--keys {text!r}: key {doubled[0]} is given twice; each player "
                          "needs a key of their own")
    return keys


def assign_keys(players: Sequence[str], given: Sequence[str] | None = None) -> Buzzers:
    """Each player's key: ``given`` in turn order (from :func:`parse_keys`), or chosen by the
    first letter of the name with :data:`FREE_KEYS` beside it; raises :class:`BuzzerError`."""
    if given is not None:
        if len(given) != len(players):
            noun = "key" if len(given) == 1 else "keys"
            raise BuzzerError(f"--keys: {len(given)} {noun} for {len(players)} players "
                              f"({', '.join(players)}); give one per player in turn order")
        return Buzzers(dict(zip(players, given, strict=True)))
    keys: dict[str, str] = {}
    for player in players:
        first = player[:1].casefold()
        if first in string.ascii_lowercase and first not in keys.values():
            keys[player] = first
    for player in players:
        if player not in keys:
            keys[player] = next(k for k in FREE_KEYS if k not in keys.values())
    return Buzzers({p: keys[p] for p in players})
