"""Helpers for the referee tests: scripted stand-ins for the recognizer's hearings."""

from __future__ import annotations

from voice_host.games.cowabunga.host import Policy, Session, Setup
from voice_host.recognition import Alternative, Hearing

PLAYERS = ("Emily", "Maria", "Hendrik")
ISLANDS = {"Emily": (18, 25), "Maria": (12, 20), "Hendrik": (14, 29)}


def table_setup(start: int = 4) -> Setup:
    """The rulebook's table: Emily, Maria, Hendrik; start card 4 unless said."""
    return Setup(PLAYERS, start, ISLANDS)


def session(
    start: int = 4,
    *,
    can_answer: bool = True,
    typed: tuple[str, ...] = (),
    policy: Policy | None = None,
) -> Session:
    """A fresh session, with ``typed`` lines already played."""
    s = Session(table_setup(start), can_answer=can_answer, policy=policy)
    for line in typed:
        s.type(line)
    return s


def heard(text: str, confidence: float = 0.9, *alts: tuple[str, float]) -> Hearing:
    """A scripted stand-in for a recognizer's hearing of ``text`` (numbers only when confident,
    as the real recognizers report them), with alternatives given as (text, confidence)."""
    from voice_host.phrases import phrase_table

    table = phrase_table("en")
    parsed = table.parse(text)
    sure = confidence >= 0.5
    numbers = parsed.numbers if parsed is not None and sure else ()
    command = parsed.command if parsed is not None and sure else None
    alternatives = []
    for alt_text, alt_conf in alts:
        alt = table.parse(alt_text)
        assert alt is not None, alt_text
        alternatives.append(Alternative(alt_text, alt.numbers, alt.command, alt_conf))
    return Hearing(text, numbers, command, confidence, tuple(alternatives))


def events(step_records: list[dict[str, object]], name: str) -> list[dict[str, object]]:
    """The records of one event name."""
    return [r for r in step_records if r["event"] == name]


def host(step_records: list[dict[str, object]]) -> list[str]:
    """The host lines among the records."""
    return [str(r["text"]) for r in step_records if r["event"] == "host"]
