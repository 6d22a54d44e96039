"""The practice game's hint: the safest card from a quick search, and why.

The search is the engine's :func:`~cowabunga.mc_hint` (Monte Carlo over the hidden cards), run in
small batches until :data:`HINT_ROLLOUTS` playouts are done or :data:`HINT_BUDGET_MS` has passed,
whichever comes first, so the hint always answers within the budget. The reason is read off the
table: where each card lands (an island, the learner's own island, a turn of the count).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from cowabunga import Observation, mc_hint
from voice_host.games.cowabunga.trainer.questions import cap, words

HINT_ROLLOUTS = 480
"""Playouts per hint when time allows."""

HINT_BUDGET_MS = 60.0
"""The search stops after this long (the hint's goal is 100 ms in all)."""

_BATCH_ROUNDS = 12


@dataclass(frozen=True)
class Hint:
    """The suggested card and what it is based on."""

    card: int
    """The card to play."""
    total: int
    """The total it announces."""
    scores: dict[int, float]
    """Estimated chance of winning per distinct card in hand."""
    reason: str
    """Why, in one or two short sentences."""
    rollouts: int
    """Playouts the estimate is based on."""
    ms: float
    """How long the search took."""

    def to_json(self) -> dict[str, object]:
        """The ``hint`` event of the practice log."""
        return {
            "event": "hint",
            "card": self.card,
            "total": self.total,
            "scores": {str(c): round(s, 3) for c, s in sorted(self.scores.items())},
            "reason": self.reason,
        }


def landing(obs: Observation, card: int) -> str:
    """Where ``card`` lands, as a short phrase ("on Ada's twenty-nine", "turns the count")."""
    view = obs.table
    total = view.total_after(card)
    holder = view.stew_pot_holder(total, obs.seat)
    if holder is not None:
        return f"lands on {view.players[holder]}'s {words(total)}"
    if total in view.islands[obs.seat]:
        return f"lands on your own {words(total)}"
    if view.reverses(card):
        drawer = view.players[view.right_neighbour(obs.seat)]
        return f"turns the count and {drawer} draws an island"
    return f"makes {words(total)}, which nobody holds"


def explain(obs: Observation, best: int, scores: dict[int, float]) -> str:
    """The reason for ``best``, with the danger of the others."""
    view = obs.table
    line = f"Play {words(best)}: it {landing(obs, best)}."
    if view.stew_pot_holder(view.total_after(best), obs.seat) is not None:
        line = f"Every card is risky; {words(best)} is the least bad: it {landing(obs, best)}."
    worse = [c for c in sorted(scores) if c != best]
    dangers = [
        f"{words(c)} {landing(obs, c)}"
        for c in worse
        if view.stew_pot_holder(view.total_after(c), obs.seat) is not None
    ]
    if dangers:
        line += " " + cap("; ".join(dangers)) + "."
    return line


def quick_hint(
    obs: Observation,
    rng: random.Random,
    rollouts: int = HINT_ROLLOUTS,
    budget_ms: float = HINT_BUDGET_MS,
) -> Hint:
    """The safest card for the observer (who must be the one to play) and why."""
    t0 = time.perf_counter()
    cards = sorted(set(obs.hand))
    sums = dict.fromkeys(cards, 0.0)
    rounds = 0
    want = max(1, rollouts // max(1, len(cards)))
    while rounds < want:
        batch = min(_BATCH_ROUNDS, want - rounds)
        part = mc_hint(obs, rng, batch * len(cards))
        for card, score in part.items():
            sums[card] += score * batch
        rounds += batch
        if len(cards) == 1 or (time.perf_counter() - t0) * 1000 >= budget_ms:
            break
    scores = {card: total / rounds for card, total in sums.items()}
    view = obs.table
    # Ties go to the card that does not hit an island, then the smaller card.
    best = max(
        cards,
        key=lambda c: (
            round(scores[c], 3),
            view.stew_pot_holder(view.total_after(c), obs.seat) is None,
            -c,
        ),
    )
    reason = explain(obs, best, scores)
    ms = (time.perf_counter() - t0) * 1000
    return Hint(best, view.total_after(best), scores, reason, rounds * len(cards), ms)
