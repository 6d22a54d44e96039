"""Every training session, kept in SQLite in the user's data folder.

One row per session (quiz or practice) and one per answer or learner turn. The store answers
what the stats need: accuracy and answer time per session, the level to start the next quiz at,
and the numbers that trip the learner most.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from voice_host.settings import data_dir

SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    started REAL NOT NULL,
    seed INTEGER,
    start_level INTEGER,
    end_level INTEGER,
    asked INTEGER NOT NULL,
    correct INTEGER NOT NULL,
    mean_ms REAL,
    summary TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS answers (
    session INTEGER NOT NULL REFERENCES sessions(id),
    idx INTEGER NOT NULL,
    kind TEXT NOT NULL,
    question TEXT NOT NULL,
    answer TEXT NOT NULL,
    heard TEXT NOT NULL,
    correct INTEGER NOT NULL,
    ms INTEGER,
    level INTEGER,
    PRIMARY KEY (session, idx)
);
"""


def default_store_path() -> Path:
    """``progress.sqlite`` in the user's data folder (``$VOICE_HOST_HOME/data`` if set)."""
    return data_dir() / "progress.sqlite"


@dataclass(frozen=True)
class AnswerRecord:
    """One answered question or one learner turn."""

    kind: str
    """``count``, ``direction``, ``island`` (quiz) or ``play`` (practice)."""
    question: str
    """What was asked (or the situation of the turn)."""
    answer: int | str
    """The right answer (the right total for a turn)."""
    heard: Sequence[int | str]
    """What was heard."""
    correct: bool
    """Whether it was right."""
    ms: int | None
    """Answer time in milliseconds, if timed."""
    level: int | None = None
    """The question's level (quiz)."""


@dataclass(frozen=True)
class SessionRow:
    """One stored session, as the stats read it."""

    id: int
    """Row id, in the order sessions were stored."""
    kind: str
    """``quiz`` or ``practice``."""
    started: float
    """Unix time the session was stored."""
    asked: int
    """Questions answered (or learner turns)."""
    correct: int
    """How many were right."""
    mean_ms: float | None
    """Mean answer time."""
    end_level: int | None
    """Level at the end (quiz)."""

    @property
    def accuracy(self) -> float:
        """Share right, 0-1 (0 for an empty session)."""
        return self.correct / self.asked if self.asked else 0.0


@dataclass(frozen=True)
class Tricky:
    """A number that trips the learner."""

    number: int
    """The right answer that was asked for."""
    asked: int
    """How often it was the answer."""
    wrong: int
    """How often the learner got it wrong."""
    mean_ms: float | None
    """Mean answer time for it."""


class ProgressStore:
    """The SQLite store; open with :func:`open_store` or as a context manager."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or default_store_path()
        """The database file."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(self.path))
        self._db.executescript(SCHEMA)

    def __enter__(self) -> ProgressStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the database."""
        self._db.close()

    def add_session(
        self,
        kind: str,
        answers: Iterable[AnswerRecord],
        *,
        summary: dict[str, object] | None = None,
        seed: int | None = None,
        start_level: int | None = None,
        end_level: int | None = None,
        started: float | None = None,
    ) -> int:
        """Store a session and its answers; returns its id."""
        rows = list(answers)
        times = [a.ms for a in rows if a.ms is not None]
        with self._db:
            cur = self._db.execute(
                "INSERT INTO sessions (kind, started, seed, start_level, end_level, asked, "
                "correct, mean_ms, summary) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    kind,
                    time.time() if started is None else started,
                    seed,
                    start_level,
                    end_level,
                    len(rows),
                    sum(a.correct for a in rows),
                    sum(times) / len(times) if times else None,
                    json.dumps(summary or {}),
                ),
            )
            sid = int(cur.lastrowid or 0)
            self._db.executemany(
                "INSERT INTO answers VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        sid,
                        i,
                        a.kind,
                        a.question,
                        json.dumps(a.answer),
                        json.dumps(list(a.heard)),
                        int(a.correct),
                        a.ms,
                        a.level,
                    )
                    for i, a in enumerate(rows)
                ],
            )
        return sid

    def sessions(self, kind: str | None = None) -> list[SessionRow]:
        """Stored sessions, oldest first (only ``kind`` if given)."""
        sql = "SELECT id, kind, started, asked, correct, mean_ms, end_level FROM sessions"
        args: tuple[object, ...] = ()
        if kind is not None:
            sql += " WHERE kind = ?"
            args = (kind,)
        return [SessionRow(*row) for row in self._db.execute(sql + " ORDER BY id", args)]

    def answers(self, session: int) -> list[AnswerRecord]:
        """The answers of one session, in order."""
        out = []
        for kind, question, answer, heard, correct, ms, level in self._db.execute(
            "SELECT kind, question, answer, heard, correct, ms, level FROM answers "
            "WHERE session = ? ORDER BY idx",
            (session,),
        ):
            out.append(
                AnswerRecord(
                    kind, question, json.loads(answer), json.loads(heard), bool(correct), ms, level
                )
            )
        return out

    def last_quiz(self) -> SessionRow | None:
        """The most recent quiz session."""
        rows = self.sessions("quiz")
        return rows[-1] if rows else None

    def tricky_numbers(self, limit: int = 5) -> list[Tricky]:
        """The numeric answers missed most often (then the slowest), worst first."""
        stats: dict[int, list[int]] = {}
        times: dict[int, list[int]] = {}
        for answer, correct, ms in self._db.execute(
            "SELECT answer, correct, ms FROM answers WHERE kind IN ('count', 'island', 'play')"
        ):
            value = json.loads(answer)
            if not isinstance(value, int):
                continue
            asked_wrong = stats.setdefault(value, [0, 0])
            asked_wrong[0] += 1
            asked_wrong[1] += 0 if correct else 1
            if ms is not None:
                times.setdefault(value, []).append(int(ms))
        found = [
            Tricky(n, aw[0], aw[1], sum(times[n]) / len(times[n]) if times.get(n) else None)
            for n, aw in stats.items()
        ]
        found = [t for t in found if t.wrong or t.mean_ms is not None]
        found.sort(key=lambda t: (-t.wrong, -(t.mean_ms or 0.0), t.number))
        return found[:limit]


def open_store(path: Path | None = None) -> ProgressStore:
    """The progress store at ``path`` (default: the user's data folder)."""
    return ProgressStore(path)
