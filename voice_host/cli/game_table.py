"""What every ``voice-host play GAME`` table builds the same way from its flags: the ear that
hears the game's own words, the resume hint, the :class:`TableRun`, and the outputs checked
before anything starts."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from voice_host.cli.app import check_output
from voice_host.ear.backends import load_recognizer
from voice_host.ear.game_words import GameWordEar
from voice_host.host.table import TableRun, journal_path
from voice_host.recognition import Recognizer


def game_table_run(game: str, *, lang: str, recording: Path | None, device: str | None,
                   journal: Path | None, resume: bool, log: Path | None,
                   speak_to: Path | None, mute: bool, large: bool, display: bool,
                   asks_from: float | None = None) -> TableRun:
    """The run of ``game``'s table (its id, as ``play`` names it): the shared ear listening for
    the game's phrases, a microphone given by index or by name part, and how to resume it.
    ``asks_from``: see :class:`GameWordEar`; a recording, which nobody answers, never asks so."""

    def ear(table_lang: str) -> Recognizer:
        return GameWordEar(load_recognizer("ear", lang=table_lang), game=game,
                           asks_from=asks_from if recording is None else None)

    again = f"voice-host play {game} --resume" + (f" --journal {journal}" if journal else "")
    return TableRun(lang=lang, ear=ear, again=again, recording=recording,
                    device=int(device) if device and device.isdigit() else device,
                    journal=journal, resume=resume, log=log, speak_to=speak_to, mute=mute,
                    large=large, display=display)


def with_checked_outputs(run: TableRun, file_name: str) -> TableRun:
    """``run`` with its journal file named (``file_name`` in the user's data folder unless
    ``--journal`` gave one), once every file the table writes was checked writable. Raises
    :class:`~voice_host.cli.app.UserError` or :class:`~voice_host.host.table.TableError`."""
    journal_file = journal_path(file_name, run)
    for path, flag in ((run.speak_to, "--speak-to"), (run.log, "--log"),
                       (journal_file, "--journal")):
        check_output(path, flag)
    return replace(run, journal=journal_file)
