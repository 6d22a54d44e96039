"""The journal: every accepted action on disk (fsync'd) before the host announces it.

One JSON object per line: a header ``{"journal": 1, "setup": {...}, "lang": "en"}``, then actions
``{"action": "play", "player": P, "card": C}``, ``{"action": "island", "island": V}``,
``{"action": "undo"}``. Replaying the actions on the setup gives the table exactly as it stood.

A last line without its newline was cut off by a crash before it was confirmed (and so before
anything was announced): :func:`load_journal` ignores it, and :meth:`Journal.reopen` drops it from
the file (atomically) before anything is appended. Anything else that does not read is a corrupt
journal: :class:`~voice_host.referee.errors.JournalError`, and the file is never touched.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

from voice_host.referee.errors import JournalError
from voice_host.referee.setup import Setup

JSONObject = dict[str, object]

VERSION = 1
"""The journal format's version."""


def default_journal_path() -> Path:
    """Where the journal lives unless ``--journal`` says otherwise: the user's data folder
    (``$VOICE_HOST_HOME/data`` when that is set)."""
    from voice_host.settings import data_dir

    return data_dir() / "referee-journal.jsonl"


class Journal:
    """An open journal that actions are appended to."""

    def __init__(self, path: Path) -> None:
        self.path = path
        """The journal file."""

    @classmethod
    def create(cls, path: Path, setup: Setup, lang: str) -> tuple[Journal, Path | None]:
        """Start a new journal at ``path``; an existing one is kept under a dated name, which is
        returned (nothing is ever overwritten)."""
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
        journal = cls(path)
        header: JSONObject = {"journal": VERSION, "setup": setup.to_json(), "lang": lang}
        with open(path, "x", encoding="utf-8") as out:
            out.write(json.dumps(header) + "\n")
            out.flush()
            os.fsync(out.fileno())
        _fsync_dir(path.parent)
        return journal, kept

    @classmethod
    def reopen(cls, path: Path) -> tuple[Journal, bool]:
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


def load_journal(path: Path) -> tuple[Setup, str, list[JSONObject]]:
    """The setup, language and actions of the journal at ``path``.

    Raises :class:`JournalError` (one line, the file left as it is) if it is missing or corrupt.
    """
    keep = "it is left as it is; start a new game with --journal OTHER.jsonl"
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise JournalError(f"no journal at {path}: there is no game to resume") from None
    except OSError as err:
        raise JournalError(f"cannot read journal {path}: {err.strerror or err}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise JournalError(f"journal {path} is corrupt (not UTF-8 text); {keep}") from None
    lines = text.split("\n")
    # The last piece is "" after a final newline, or a line cut off by a crash: never confirmed.
    lines = lines[:-1]
    if not lines:
        raise JournalError(f"journal {path} is empty; {keep}")
    objects: list[JSONObject] = []
    for number, line in enumerate(lines, start=1):
        try:
            obj = json.loads(line)
        except json.JSONDecodeError:
            raise JournalError(
                f"journal {path} is corrupt at line {number} (not JSON); {keep}"
            ) from None
        if not isinstance(obj, dict):
            raise JournalError(f"journal {path} is corrupt at line {number}; {keep}")
        objects.append(obj)
    header = objects[0]
    version = header.get("journal")
    if not isinstance(version, int) or isinstance(version, bool):
        raise JournalError(f"{path} is not a referee journal; {keep}")
    if version != VERSION:
        raise JournalError(
            f"journal {path} is version {version}; this voice-host reads version {VERSION} "
            f"(a newer voice-host wrote it?); {keep}"
        )
    try:
        setup = Setup.from_json(header.get("setup"))
    except ValueError as err:
        raise JournalError(f"journal {path} has a bad setup ({err}); {keep}") from None
    lang = header.get("lang")
    return setup, lang if isinstance(lang, str) else "en", objects[1:]


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
