"""Schnapp den Sack's journal: the deal itself in the header, so a resumed game is the same game
whatever the seed would deal today, then the host's actions (flip, settle, undo, pace).

The header's setup holds the deal as a replay script (players, plates, start cards, piles: the
replay contract's own fields, read by its own parser) beside the seed, the wait and the call words.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

from voice_host.games.schnapp_den_sack import rules
from voice_host.games.schnapp_den_sack.host.game import MAX_WAIT_S, MIN_WAIT_S
from voice_host.games.schnapp_den_sack.host.session import SchnappSession
from voice_host.games.schnapp_den_sack.replay import read_script
from voice_host.host.journal import JournalContents, JournalError
from voice_host.host.step import JSONObject

GAME = "schnapp-den-sack"
"""The game's id, named in its journal."""
FILE_NAME = "schnapp-den-sack-journal.jsonl"
"""The default journal's name in the user's data folder."""


def card_json(card: rules.Card) -> list[object]:
    """A card as the replay script writes it: ``["traenen", 3]`` or ``["joker"]``."""
    return ["joker"] if card.is_joker else [card.kind.value, card.sacks]


def deal_json(state: rules.State) -> JSONObject:
    """A table before its first flip as a replay script's setup (no calls)."""
    if state.flips or any(len(row.laid) != 1 for row in state.rows):
        raise ValueError("only a table before its first flip is a deal")
    plates = state.plates
    deal: JSONObject = {"players": list(state.players)}
    if all(p == plates[0] for p in plates):
        deal["targets"] = list(plates[0])
    else:
        deal["row_targets"] = {row.value: p[0] for row, p in zip(rules.ROWS, plates, strict=True)}
    deal["rows"] = {row.value: state.row(row).laid[0].card.sacks for row in rules.ROWS}
    deal["piles"] = {p: [card_json(c) for c in pile]
                     for p, pile in zip(state.players, state.piles, strict=True)}
    return deal


@dataclass(frozen=True)
class SchnappSetup:
    """A table's setup as its journal keeps it: the deal, the wait and the call words."""

    state: rules.State
    """The table before the first flip."""
    wait_s: float
    """How long the host waits for a call."""
    calls: Mapping[str, str]
    """Each player's call word."""
    seed: int | None = None
    """The seed that dealt it (kept to say where the deal came from; never dealt again)."""

    def to_json(self) -> JSONObject:
        """The journal header's setup object."""
        return {"deal": deal_json(self.state), "seed": self.seed, "wait_s": self.wait_s,
                "call_words": dict(self.calls)}

    def session(self, *, lang: str, can_answer: bool = True) -> SchnappSession:
        """A new host of this table."""
        return SchnappSession(self.state, lang=lang, calls=self.calls, wait_s=self.wait_s,
                              can_answer=can_answer)


def new_setup(session: SchnappSession, seed: int | None) -> SchnappSetup:
    """The setup of a session that has not flipped yet."""
    return SchnappSetup(session.state, session.wait_s, dict(session.table.calls), seed)


def read_setup(journal: JournalContents) -> SchnappSetup:
    """The setup in ``journal``'s header; raises :class:`JournalError` naming what is wrong."""
    setup = journal.setup
    where = f"journal {journal.path}: its setup"
    if not isinstance(setup, dict):
        raise JournalError(f"{where} {setup!r} is not an object")
    deal, wait, calls, seed = (setup.get(k) for k in ("deal", "wait_s", "call_words", "seed"))
    try:
        script = read_script(json.dumps(deal))
    except rules.SchnappError as err:
        raise JournalError(f"{where}'s deal: {err}") from None
    if isinstance(wait, bool) or not isinstance(wait, int | float) or not (
            MIN_WAIT_S <= wait <= MAX_WAIT_S):
        raise JournalError(f"{where}'s wait_s {wait!r} is not {MIN_WAIT_S:g} to "
                           f"{MAX_WAIT_S:g} seconds")
    if not isinstance(calls, dict) or set(calls) != set(script.players) or not all(
            isinstance(w, str) for w in calls.values()):
        raise JournalError(f"{where}'s call_words {calls!r} do not name each player's word")
    if not (seed is None or (isinstance(seed, int) and not isinstance(seed, bool))):
        raise JournalError(f"{where}'s seed {seed!r} is not a number")
    state = rules.new_game(script.players, script.start, script.piles, script.plates)
    return SchnappSetup(state, float(wait), {p: str(calls[p]) for p in script.players}, seed)


def restore(journal: JournalContents, *, can_answer: bool = True) -> SchnappSession:
    """The journal's game replayed to where it stood; raises :class:`JournalError` (its setup)
    or ValueError (an action that does not fit)."""
    session = read_setup(journal).session(lang=journal.lang, can_answer=can_answer)
    for action in journal.actions:
        session.table.replay(action)
    return session
