"""Property tests of the referee: random conversations keep the table equal to a replay of the
journal, and a journal cut at any byte resumes to a prefix of the game.

Only the session's public API: :class:`Session`, its ``hear``/``type``/``restore``, ``view`` and
``actions``, and the :class:`Step` each input returns.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cowabunga import Counting, TableView
from voice_host.games.cowabunga.host import JournalError, Session, Step
from voice_host.games.cowabunga.host.journal import Journal, load_journal
from voice_host.phrases import phrase_table

from .helpers import heard, table_setup

EN = phrase_table("en")
KINDS = ("play", "play", "play", "card first", "wrong", "heard", "unsure", "yes", "no",
         "undo", "heard undo", "status", "pause", "resume")
"""What a player does next (plays weighted up): type or say a total, a wrong one, an answer, a
command."""


def next_input(session: Session, kind: str, card: int, island: int) -> str | tuple[str, float]:
    """A typed line, or (words said, confidence), for ``kind`` at the session's table now."""
    view = session.view
    step = card if view.counting is Counting.UP else -card
    total = min(99, max(0, view.total + step))
    if view.pending_island is not None and kind in ("play", "card first", "heard"):
        return str(island)
    if kind == "play":
        return str(total)
    if kind == "card first":
        return f"{'+' if step >= 0 else '-'}{card} {total}"
    if kind == "wrong":
        return str(min(99, total + 1 + card % 3))
    if kind == "heard":
        return (EN.number_words(total), 0.95)
    if kind == "unsure":
        return (EN.number_words(total), 0.3)
    if kind == "heard undo":
        return ("undo", 0.95)
    return kind


def feed(session: Session, said: str | tuple[str, float]) -> Step:
    if isinstance(said, str):
        return session.type(said)
    words, confidence = said
    other = EN.number_words((session.view.total + 10) % 100)
    return session.hear(heard(words, confidence, (words, confidence), (other, 0.2)))


def accepted(actions: list[dict[str, object]]) -> list[dict[str, object]]:
    """The journal's plays and island draws that no undo took back (an undo takes back the
    last turn: its play and the island card it made someone draw)."""
    turns: list[list[dict[str, object]]] = []
    for action in actions:
        if action["action"] == "play":
            turns.append([action])
        elif action["action"] == "island":
            turns[-1].append(action)
        elif action["action"] == "undo":
            turns.pop()
    return [a for turn in turns for a in turn]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(KINDS), st.integers(0, 9), st.integers(10, 30)),
                min_size=1, max_size=40))
def test_the_table_is_a_replay_of_its_journal(moves: list[tuple[str, int, int]]) -> None:
    """Whatever is typed or heard, answered, undone, paused: the view equals a replay of the
    accepted turns (and of the journal) after every input, and the journal is exactly what the
    steps handed out."""
    setup = table_setup()
    session = Session(setup)
    written: list[dict[str, object]] = []
    for kind, card, island in moves:
        written += feed(session, next_input(session, kind, card, island)).actions
        assert written == session.actions
        assert Session.restore(setup, accepted(written)).view == session.view, (kind, written)
        assert Session.restore(setup, written).view == session.view, (kind, written)


def play_a_game(seed: int) -> tuple[Session, dict[int, TableView]]:
    """A game typed in with a few mistakes and undos, to the end or 60 inputs; and the table as
    it stood live after each input, by the number of journal actions then."""
    rng = random.Random(seed)
    session = Session(table_setup())
    live = {0: session.view}
    for _ in range(60):
        if session.view.is_over:
            break
        kind = rng.choice(("play", "play", "play", "card first", "wrong", "undo"))
        said = next_input(session, kind, rng.randrange(10), rng.randrange(10, 31))
        session.type(said if isinstance(said, str) else said[0])
        live[len(session.actions)] = session.view
    return session, live


@pytest.mark.parametrize("seed", [1, 2])
def test_a_journal_cut_at_any_byte_resumes_to_a_prefix_of_the_game(
    tmp_path: Path, seed: int
) -> None:
    setup = table_setup()
    game, live = play_a_game(seed)
    assert game.view.is_over and len(live) > 20
    path = tmp_path / "journal.jsonl"
    journal, _ = Journal.create(path, setup, "en")
    for action in game.actions:
        journal.append([action])
    whole = path.read_bytes()
    assert load_journal(path) == (setup, "en", game.actions)
    header = whole.index(b"\n") + 1
    cut = tmp_path / "cut.jsonl"
    for end in range(len(whole) + 1):
        cut.write_bytes(whole[:end])
        if end < header:
            with pytest.raises(JournalError):
                load_journal(cut)
            continue
        _, _, actions = load_journal(cut)
        kept = whole[header:end].count(b"\n")
        assert actions == game.actions[:kept], end
        if kept in live:
            assert Session.restore(setup, actions).view == live[kept], end
