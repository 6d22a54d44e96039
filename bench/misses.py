"""Referee bench: why a correct announcement was not accepted at its first utterance, at a
simulated table.

The referee bench counts the announcements accepted at once; this says what became of the rest,
so a figure short of the goal points at its cause: the ear (nothing sure enough to accept or to
ask about, or a reading asked about), the referee's care (a sure reading checked before a mistake
or a stew pot is announced), or a mishearing taken for the truth.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from voice_host.games.cowabunga.host.demo import Stats

WHY = ("rejected", "asked", "confirmed", "misheard", "false mistake")
"""What became of a first utterance not accepted at once, in the order the bench prints them:

* ``rejected``: no reading sure enough to accept or to ask about; the player says it again;
* ``asked``: the host asked about a reading the ear was unsure of;
* ``confirmed``: the ear was sure, and the host checked before announcing a mistake or a stew
  pot (the referee's policy);
* ``misheard``: a total the player did not say was accepted (the player takes it back);
* ``false mistake``: a mistake was announced on what was said correctly.
"""


@dataclass(frozen=True)
class Miss:
    """A correct announcement that was not accepted at its first utterance."""

    voice: str
    """The voice that said it."""
    said: str
    """What it said."""
    heard: str
    """What the ear heard of the first utterance (empty: nothing sure enough)."""
    confidence: float
    """The confidence of the ear's likeliest reading."""
    why: str
    """One of :data:`WHY`."""
    offered: bool
    """Whether a question the host asked offered the total said."""


def miss(voice: str, said: str, total: int, records: Sequence[Mapping[str, object]],
         accepted_wrong: bool) -> Miss:
    """What the referee made of the first utterance of ``said`` (whose total is ``total``),
    from the log ``records`` of that utterance; ``accepted_wrong`` if it took another total."""
    heard = next((r for r in records if r.get("event") == "heard"), {})
    asks = [r for r in records if r.get("event") == "ask"]
    offered = any(
        isinstance(alt, dict) and alt.get("total") == total
        for ask in asks
        for alt in _list(ask.get("alternatives"))
    )
    if accepted_wrong:
        why = "misheard"
    elif asks:
        why = "confirmed" if _list(heard.get("numbers")) else "asked"
    elif any(r.get("event") == "mistake" for r in records):
        why = "false mistake"
    else:
        why = "rejected"
    confidence = heard.get("confidence", 0.0)
    return Miss(voice, said, str(heard.get("text", "")),
                float(confidence) if isinstance(confidence, (int, float)) else 0.0,
                why, offered)


def misses_of(stats: Stats) -> list[Miss]:
    """The misses of a simulated table's game: each correct announcement it did not accept at
    its first utterance, and why."""
    return [miss(n.voice, n.said, n.total, n.records, n.accepted_wrong) for n in stats.misses]


def _list(value: object) -> list[object]:
    return list(value) if isinstance(value, list) else []


def tally(misses: Iterable[Miss]) -> dict[str, int]:
    """How many misses of each kind (every kind of :data:`WHY`, zero where none), and of the
    asked and the confirmed, how many questions offered the total said (``asked, offered`` and
    ``confirmed, offered``: a confirmed reading that was not said is a false mistake or stew pot
    the question kept from being announced)."""
    found = list(misses)
    counts = Counter(m.why for m in found)
    out = {why: counts.get(why, 0) for why in WHY}
    for why in ("asked", "confirmed"):
        out[f"{why}, offered"] = sum(1 for m in found if m.why == why and m.offered)
    return out
