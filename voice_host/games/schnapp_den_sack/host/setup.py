"""A table of Schnapp den Sack set up by flags: the players, the plates (the variant), the wait.

Pure parsing: each function returns a value or raises the rules' own
:class:`~voice_host.games.schnapp_den_sack.rules.SchnappError` with a one-line message.
"""

from __future__ import annotations

from voice_host.games.schnapp_den_sack import rules
from voice_host.games.schnapp_den_sack.host.game import MAX_WAIT_S, MIN_WAIT_S


def parse_players(text: str) -> tuple[str, ...]:
    """"Anna,Ben,Cleo" as names in turn order (2-5 unique names)."""
    names = tuple(name.strip() for name in text.split(","))
    rules.new_game(names, [1, 1, 1, 1], [() for _ in names])  # the rules check the names
    return names


def parse_plates(text: str) -> rules.Plates:
    """"6" (the game), "8" (variant 1), "6,12" (variant 2) or "dudel=7,traenen=8,frech=9,
    wander=12" (variant 3, one plate per row)."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if parts and all("=" in p for p in parts):
        given: dict[rules.Kind, object] = {}
        for part in parts:
            name, _, value = part.partition("=")
            row = rules.parse_row(name.strip(), "--plates")
            given[row] = int(value) if value.strip().isdigit() else value.strip()
        return rules.row_plates(given, "--plates")
    values: list[object] = [int(p) if p.isdigit() else p for p in parts]
    return rules.shared_plates(values, "--plates")


def check_wait(seconds: float) -> float:
    """The wait for a call, within the host's bounds."""
    if not MIN_WAIT_S <= seconds <= MAX_WAIT_S:
        raise rules.SchnappError(f"--wait {seconds:g}: the host waits {MIN_WAIT_S:g} to "
                                 f"{MAX_WAIT_S:g} seconds for a call")
    return seconds
