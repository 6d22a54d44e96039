"""A table's setup: players in turn order, the start card, the islands dealt; and flag parsing.

``parse_*`` functions read the command line's text and raise :class:`SetupFlagError` with a one-line
message naming the input and what would be valid.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from cowabunga import CowabungaError, TableView, new_table
from cowabunga.cards import ISLAND_VALUES, MAX_PLAYERS, MIN_PLAYERS
from voice_host.games.cowabunga.errors import SetupFlagError
from voice_host.games.cowabunga.host.lines import host_lines

JSONObject = dict[str, object]


@dataclass(frozen=True)
class Setup:
    """How a game at the table started; enough to rebuild its first table view."""

    players: tuple[str, ...]
    """Names in turn order."""
    start: int
    """The start card, 0–9."""
    islands: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    """Island values dealt to each player."""

    @property
    def island_deck(self) -> int:
        """Island cards left after the deal: 21 minus those dealt."""
        return len(ISLAND_VALUES) - sum(len(v) for v in self.islands.values())

    def table(self) -> TableView:
        """The table view at the start; raises :class:`SetupFlagError` if the rules forbid it."""
        try:
            return new_table(self.players, self.start, self.islands, self.island_deck)
        except CowabungaError as err:
            raise SetupFlagError(str(err)) from None

    def to_json(self) -> JSONObject:
        """The journal's setup object."""
        return {
            "players": list(self.players),
            "start": self.start,
            "islands": {p: list(v) for p, v in self.islands.items()},
        }

    @classmethod
    def from_json(cls, data: object) -> Setup:
        """Read :meth:`to_json`'s object back; raises ValueError if it is not one."""
        if not isinstance(data, dict):
            raise ValueError("setup is not an object")
        players = data.get("players")
        start = data.get("start")
        islands = data.get("islands")
        if (
            not isinstance(players, list)
            or not all(isinstance(p, str) for p in players)
            or not isinstance(start, int)
            or not isinstance(islands, dict)
        ):
            raise ValueError("setup lacks players, start or islands")
        held: dict[str, tuple[int, ...]] = {}
        for name, values in islands.items():
            if not isinstance(values, list) or not all(isinstance(v, int) for v in values):
                raise ValueError(f"islands of {name!r} are not a list of numbers")
            held[str(name)] = tuple(values)
        return cls(tuple(players), start, held)


def parse_players(text: str, lang: str = "en") -> tuple[str, ...]:
    """``"Emily,Maria,Hendrik"`` or a count (``"3"`` → Player 1, Player 2, Player 3, named in
    the host's language ``lang``)."""
    text = text.strip()
    if text.isdigit():
        count = int(text)
        if not MIN_PLAYERS <= count <= MAX_PLAYERS:
            raise SetupFlagError(
                f"--players {text}: a table has {MIN_PLAYERS} to {MAX_PLAYERS} players"
            )
        lines = host_lines(lang)
        return tuple(lines.player_name(i) for i in range(1, count + 1))
    names = tuple(part.strip() for part in text.split(","))
    if any(not n for n in names):
        raise SetupFlagError(f"--players {text!r}: names are separated by commas, none empty")
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        many = "one player" if len(names) == 1 else f"{len(names)} players"
        raise SetupFlagError(
            f"--players {text!r}: {many}; a table has {MIN_PLAYERS} to {MAX_PLAYERS} players"
        )
    if len(set(n.lower() for n in names)) != len(names):
        raise SetupFlagError(f"--players {text!r}: a name is given twice")
    return names


def parse_start(value: int) -> int:
    """The start card: a number card 0–9."""
    if not 0 <= value <= 9:
        raise SetupFlagError(f"--start {value}: the start card is a number card, 0 to 9")
    return value


def parse_islands(text: str, players: tuple[str, ...]) -> dict[str, tuple[int, ...]]:
    """``"Emily=18:25,Maria=12:20,Hendrik=14"``: every player's islands, values 10–30, each
    once; ``NAME=`` for a player dealt none. A player left out is an error: a table where the
    host does not know someone's islands would miss their stew pots."""
    held: dict[str, tuple[int, ...]] = {}
    seen: dict[int, str] = {}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name, eq, values = part.partition("=")
        name = name.strip()
        match = [p for p in players if p.lower() == name.lower()]
        if not eq or not match:
            raise SetupFlagError(
                f"--islands {part!r}: expected NAME=V[:V] with NAME one of {', '.join(players)}"
            )
        player = match[0]
        if player in held:
            raise SetupFlagError(f"--islands: {player} is given twice")
        numbers: list[int] = []
        for v in values.split(":") if values.strip() else ():
            v = v.strip()
            if not v.isdigit() or int(v) not in ISLAND_VALUES:
                raise SetupFlagError(f"--islands {part!r}: {v!r} is not an island value (10 to 30)")
            value = int(v)
            if value in seen:
                raise SetupFlagError(f"--islands: {value} is given to {seen[value]} and {player}")
            seen[value] = player
            numbers.append(value)
        held[player] = tuple(numbers)
    missing = [p for p in players if p not in held]
    if missing:
        lines = host_lines()
        raise SetupFlagError(
            f"--islands {text!r} leaves out {lines.names(missing)}: give every player's islands "
            f"({', '.join(f'{p}=…' for p in missing)}; NAME= for a player dealt none)"
        )
    return held
