"""Command ``hear FILE...``: recognize audio files and print one JSON line per file.

:func:`hearing_record` and :func:`print_hearing` build and print the line, so ``listen`` can print
exactly the same shape for each live utterance.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import IO, TYPE_CHECKING, Annotated

import typer

from voice_host.cli.app import UserError, app
from voice_host.ear.backends import DEFAULT_ENGINE, ENGINE_HELP

if TYPE_CHECKING:
    from voice_host.recognition import Hearing, Recognizer, Samples


def hearing_record(hearing: Hearing, ms: float, file: str | None = None) -> dict[str, object]:
    """The ``hear`` contract's object: file (when given), text, numbers, command, confidence, ms."""
    record: dict[str, object] = {} if file is None else {"file": file}
    record.update(hearing.to_json())
    record["ms"] = round(ms)
    return record


def recognize_timed(
    recognizer: Recognizer, samples: Samples, file: str | None = None
) -> dict[str, object]:
    """Recognize one utterance and return its contract object with the time it took."""
    t0 = time.perf_counter()
    hearing = recognizer.recognize(samples)
    return hearing_record(hearing, (time.perf_counter() - t0) * 1000, file)


def print_hearing(record: dict[str, object], out: IO[str] | None = None) -> None:
    """Print one contract object as a JSON line and flush."""
    print(json.dumps(record, ensure_ascii=False), file=out or sys.stdout, flush=True)


def _read_audio(path: Path) -> Samples:
    """16 kHz mono int16 samples of an audio file; raises AudioFileError."""
    from voice_host.audio import read_wav

    return read_wav(path)


@app.command()
def hear(
    files: Annotated[list[Path], typer.Argument(help="Audio files, one utterance each.")],
    engine: Annotated[str, typer.Option(help=ENGINE_HELP)] = DEFAULT_ENGINE,
    lang: Annotated[str, typer.Option(help="Language: en, de, es, fr, it.")] = "en",
    model: Annotated[Path | None, typer.Option(help="Model folder for the engine.")] = None,
) -> None:
    """Recognize each file and print one JSON line per file: numbers only when confident."""
    from voice_host.audio import AudioFileError
    from voice_host.ear.backends import EngineError, load_recognizer

    try:
        recognizer = load_recognizer(engine, lang=lang, model=model)
    except EngineError as err:
        raise UserError(str(err)) from None
    failed = False
    for path in files:
        try:
            samples = _read_audio(path)
        except AudioFileError as err:
            failed = True
            print_hearing({"file": str(path), "error": str(err)})
            continue
        print_hearing(recognize_timed(recognizer, samples, str(path)))
    if failed:
        raise typer.Exit(2)
