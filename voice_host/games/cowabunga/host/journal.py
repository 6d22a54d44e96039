"""Cowabunga's journal: the host's journal (:mod:`voice_host.host.journal`) with Cowabunga's
setup in its header and its actions after it.

The header is ``{"journal": 1, "game": "cowabunga", "setup": {...}, "lang": "en"}``; the actions
are ``{"action": "play", "player": P, "card": C}``, ``{"action": "island", "island": V}``,
``{"action": "undo"}`` (and the rest
:meth:`~voice_host.games.cowabunga.host.game.CowabungaGame.replay`
reads). A journal whose header names no game was written before journals named theirs: it holds
Cowabunga, the only game hosted then.
"""

from __future__ import annotations

from pathlib import Path
from typing import Self

from voice_host.games.cowabunga.errors import RefereeError
from voice_host.games.cowabunga.host.setup import Setup
from voice_host.host import journal as host_journal
from voice_host.host.journal import KEEP, JournalContents
from voice_host.host.step import JSONObject


class JournalError(RefereeError, host_journal.JournalError):
    """A journal cannot be read or continued; it is left untouched."""


GAME = "cowabunga"
"""The game id a Cowabunga journal's header names."""

FILE_NAME = "referee-journal.jsonl"
"""The default journal's file name in the user's data folder."""


def default_journal_path() -> Path:
    """Where the journal lives unless ``--journal`` says otherwise: the user's data folder
    (``$VOICE_HOST_HOME/data`` when that is set)."""
    return host_journal.default_journal_path(FILE_NAME)


class Journal(host_journal.Journal):
    """An open Cowabunga journal that actions are appended to."""

    @classmethod
    def create(
        cls, path: Path, setup: host_journal.GameSetup, lang: str, *, game: str = GAME
    ) -> tuple[Self, Path | None]:
        """Start a new journal at ``path``; an existing one is kept under a dated name, which is
        returned (nothing is ever overwritten)."""
        return super().create(path, setup, lang, game=game)


def read_contents(path: Path) -> JournalContents:
    """The journal at ``path`` as the host reads it, which must hold Cowabunga; raises
    :class:`JournalError` (one line, the file left as it is)."""
    try:
        return host_journal.read_journal(path, GAME, untagged=GAME)
    except host_journal.JournalError as err:
        raise JournalError(str(err)) from None


def read_setup(path: Path, data: object) -> Setup:
    """The Cowabunga setup of the journal at ``path`` from its header's ``data``; raises
    :class:`JournalError`."""
    try:
        return Setup.from_json(data)
    except ValueError as err:
        raise JournalError(f"journal {path} has a bad setup ({err}); {KEEP}") from None


def load_journal(path: Path) -> tuple[Setup, str, list[JSONObject]]:
    """The setup, language and actions of the journal at ``path``.

    Raises :class:`JournalError` (one line, the file left as it is) if it is missing, corrupt or
    another game's.
    """
    contents = read_contents(path)
    return read_setup(path, contents.setup), contents.lang, contents.actions
