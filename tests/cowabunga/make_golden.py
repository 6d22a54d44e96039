"""Write the golden replay scripts and their transcripts under ``golden/``.

Run ``.venv/bin/python -m tests.cowabunga.make_golden`` after a deliberate change to the output,
then review the diff of ``golden/*.jsonl`` before committing it.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from cowabunga import CarefulBot, Play, apply, deal, observe, replay
from cowabunga.events import Event, JSONObject

from .helpers import NAMES, script_of

GOLDEN = Path(__file__).parent / "golden"
"""Where the scripts (``*.json``) and transcripts (``*.jsonl``) live."""

HAND_WRITTEN: dict[str, JSONObject] = {
    "rulebook_counting_up": {
        "players": ["Emily", "Maria", "Hendrik"],
        "start_card": 4,
        "islands": {"Emily": [18], "Maria": [26]},
        "island_deck": [24, 13],
        "plays": [7, 9, 2],
    },
    "rulebook_counting_down": {
        "players": ["Emily", "Maria", "Hendrik"],
        "start_card": 4,
        "islands": {},
        "island_deck": [12, 24, 13],
        "plays": [9, 9, 9, 7, 4, 0, 4, 5, 8, 6],
    },
    "rulebook_stew_pot": {
        "players": ["Emily", "Maria", "Hendrik"],
        "start_card": 6,
        "islands": {"Emily": [18], "Hendrik": [20]},
        "island_deck": [24, 13],
        "plays": [9, 3, 2],
    },
}
"""The rulebook's worked examples as scripts."""

SEEDED: dict[str, tuple[int, int, bool, int | None]] = {
    "careful_2p": (2, 3, True, None),
    "careful_3p": (3, 1, True, None),
    "random_4p": (4, 2, False, None),
    "careful_5p": (5, 4, True, None),
    "careful_3p_cut": (3, 9, True, 25),
}
"""Whole games: name → (players, seed, careful bots?, keep only this many plays)."""


def seeded_script(players: int, seed: int, careful: bool, cut: int | None) -> JSONObject:
    """A bot game as a replay script."""
    rng = random.Random(seed)
    state = deal(NAMES[:players], rng)
    start = state
    bot = CarefulBot()
    events: list[Event] = []
    while state.outcome is None:
        seat = state.to_play
        card = bot.choose(observe(state, seat)) if careful else rng.choice(state.hands[seat])
        state, more = apply(state, Play(card))
        events.extend(more)
    script = script_of(start, events)
    if cut is not None:
        script["plays"] = script["plays"][:cut]  # type: ignore[index]
    return script


def scripts() -> dict[str, JSONObject]:
    """Every golden script by name."""
    out = dict(HAND_WRITTEN)
    for name, (players, seed, careful, cut) in SEEDED.items():
        out[name] = seeded_script(players, seed, careful, cut)
    return out


def transcript(text: str) -> str:
    """What ``cowabunga replay`` prints for a script."""
    return "".join(json.dumps(line) + "\n" for line in replay(text))


PLAYTHROUGH = GOLDEN / "playthrough_2p_seed3.txt"
"""A full-game playthrough (hands, draw pile, every event, reshuffles included)."""


def playthrough(players: int = 2, seed: int = 3) -> str:
    """A seeded careful-bot game with everything visible, one line per turn: it pins the deal,
    the reshuffle order and the events, so a seed always means the same game."""
    state = deal(NAMES[:players], random.Random(seed))
    lines = [
        f"hands {[list(h) for h in state.hands]} start {state.table.total} "
        f"islands {[list(h) for h in state.table.islands]} island_deck {list(state.island_deck)}"
    ]
    bot = CarefulBot()
    while state.outcome is None:
        seat = state.to_play
        hand = sorted(state.hands[seat])
        state, events = apply(state, Play(bot.choose(observe(state, seat))))
        shown = " ".join(json.dumps(e.to_json()) for e in events)
        lines.append(f"{hand} pile {len(state.draw_pile)} | {shown}")
    return "\n".join(lines) + "\n"


def main() -> None:
    """(Re)write every script, transcript and the playthrough."""
    GOLDEN.mkdir(exist_ok=True)
    for name, script in scripts().items():
        text = json.dumps(script) + "\n"
        (GOLDEN / f"{name}.json").write_text(text)
        (GOLDEN / f"{name}.jsonl").write_text(transcript(text))
    PLAYTHROUGH.write_text(playthrough())


if __name__ == "__main__":
    main()
