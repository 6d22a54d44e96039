"""The journal of a hosted game: every accepted action on disk (fsync'd) before it is announced.

One JSON object per line: a header ``{"journal": 1, "game": ID, "setup": {...}, "lang": "en"}``
naming the game, then the actions its steps carried, in order. Replaying the actions on the
setup gives the table exactly as it stood; what an action or a setup means is the game's own.

A last line without its newline was cut off by a crash before it was confirmed (and so before
anything was announced): :func:`read_journal` ignores it, and :meth:`Journal.reopen` drops it from
the file (atomically) before anything is appended. Anything else that does not read is a corrupt
journal: :class:`JournalError`, and the file is never touched.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, Self

from voice_host.host.step import JSONObject
from voice_host.settings import data_dir

VERSION = 1
"""The journal format's version."""

KEEP = "it is left as it is; start a new game with --journal OTHER.jsonl"
"""How every refusal to read a journal ends: the file is untouched, and what to do instead."""


class JournalError(ValueError):
    """A journal cannot be read or continued; one line, and the file is left untouched."""


class WrongGameError(JournalError):
    """A journal of another game than the table resumes."""

    def __init__(self, message: str, found: str, expected: str) -> None:
        super().__init__(message)
        self.found = found
        """The game the journal holds."""
        self.expected = expected
        """The game the table resumes."""


class GameSetup(Protocol):
    """A game's setup as its journal keeps it."""

    def to_json(self) -> JSONObject:
        """The header's setup object."""
        ...


@dataclass(frozen=True)
class JournalContents:
    """What a journal holds: the game, how it started and every action since."""

    path: Path
    """The journal file."""
    game: str
    """The game's id (``cowabunga``)."""
    setup: object
    """The header's setup object, for the game to read."""
    lang: str
    """The table's language."""
    actions: list[JSONObject]
    """The actions in the order they were accepted."""


def default_journal_path(name: str) -> Path:
    """Where a journal called ``name`` lives unless ``--journal`` says otherwise: the user's data
    folder (``$VOICE_HOST_HOME/data`` when that is set)."""
    return data_dir() / name


class Journal:
    """An open journal that actions are appended to."""

    def __init__(self, path: Path) -> None:
        self.path = path
        """The journal file."""

    @classmethod
    def create(
        cls, path: Path, setup: GameSetup, lang: str, *, game: str
    ) -> tuple[Self, Path | None]:
        """Start a new journal of ``game`` at ``path``; an existing one is kept under a dated
        name, which is returned (nothing is ever overwritten)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        kept: Path | None = None
        if path.exists():
            stamp = time.strftime("%Y%m%d-%H%M%S")
            kept = path.with_name(f"{path.stem}-{stamp}{path.suffix}")
            n = 1
            while kept.exists():
                kept = path.with_name(f"{path.stem}-{stamp}-{n}{path.suffix}")
                n += 1
            os.replace(path, kept)
        header: JSONObject = {"journal": VERSION, "game": game, "setup": setup.to_json(),
                              "lang": lang}
        with open(path, "x", encoding="utf-8") as out:
            out.write(json.dumps(header) + "\n")
            out.flush()
            os.fsync(out.fileno())
        _fsync_dir(path.parent)
        return cls(path), kept

    @classmethod
    def reopen(cls, path: Path) -> tuple[Self, bool]:
        """The journal at ``path``, to continue; and whether a last line cut off by a crash (never
        confirmed, so never announced) was dropped first. The file is repaired atomically: the
        whole lines are written to a temporary file, synced, and put in its place."""
        raw = path.read_bytes()
        if not raw or raw.endswith(b"\n"):
            return cls(path), False
        whole = raw[: raw.rfind(b"\n") + 1]
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(whole)
                out.flush()
                os.fsync(out.fileno())
            os.chmod(tmp, path.stat().st_mode & 0o777)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        _fsync_dir(path.parent)
        return cls(path), True

    def append(self, actions: Iterable[JSONObject]) -> None:
        """Write ``actions`` and make them durable before returning."""
        text = "".join(json.dumps(a) + "\n" for a in actions)
        if not text:
            return
        with open(self.path, "a", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())


def read_journal(path: Path, game: str, *, untagged: str | None = None) -> JournalContents:
    """The journal at ``path``, which must be a journal of ``game``. A header naming no game
    (written before journals named theirs) holds ``untagged``'s game; None refuses it.

    Raises :class:`JournalError` (one line, the file left as it is) if it is missing, corrupt or
    of a later version, and :class:`WrongGameError` if it holds another game.
    """
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise JournalError(f"no journal at {path}: there is no game to resume") from None
    except IsADirectoryError:
        raise JournalError(f"journal {path} is a folder, not a journal; {KEEP}") from None
    except OSError as err:
        raise JournalError(f"cannot read journal {path}: {err.strerror or err}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise JournalError(f"journal {path} is corrupt (not UTF-8 text); {KEEP}") from None
    # The last piece is "" after a final newline, or a line cut off by a crash: never confirmed.
    lines = text.split("\n")[:-1]
    if not lines:
        raise JournalError(f"journal {path} is empty; {KEEP}")
    objects: list[JSONObject] = []
    for number, line in enumerate(lines, start=1):
        try:
            obj = json.loads(line)
        except json.JSONDecodeError:
            raise JournalError(
                f"journal {path} is corrupt at line {number} (not JSON); {KEEP}"
            ) from None
        if not isinstance(obj, dict):
            raise JournalError(f"journal {path} is corrupt at line {number}; {KEEP}")
        objects.append(obj)
    header = objects[0]
    version = header.get("journal")
    if not isinstance(version, int) or isinstance(version, bool):
        raise JournalError(f"{path} is not a referee journal; {KEEP}")
    if version != VERSION:
        raise JournalError(
            f"journal {path} is version {version}; this voice-host reads version {VERSION} "
            f"(a newer voice-host wrote it?); {KEEP}"
        )
    found = journal_game(path, header, game, untagged)
    lang = header.get("lang")
    return JournalContents(path, found, header.get("setup"),
                           lang if isinstance(lang, str) else "en", objects[1:])


def journal_game(path: Path, header: JSONObject, game: str, untagged: str | None) -> str:
    """The game a journal's ``header`` names, which must be ``game``; raises
    :class:`JournalError` (:class:`WrongGameError` for another game's journal)."""
    named = header.get("game", untagged)
    if named is None:
        raise JournalError(f"journal {path} names no game (a {game} journal's header has "
                           f'"game": "{game}"); {KEEP}')
    if not isinstance(named, str) or not named.strip():
        raise JournalError(f"journal {path} names no game it could be ({named!r}; a {game} "
                           f'journal\'s header has "game": "{game}"); {KEEP}')
    if named != game:
        raise WrongGameError(f"journal {path} is a game of {named}, and this table resumes "
                             f"{game} games only; {KEEP}", named, game)
    return named


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
