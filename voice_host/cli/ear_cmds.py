"""Commands of the trained ear: ``voice-host ear train | calibrate | info``."""

from __future__ import annotations

import contextlib
import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Annotated, cast

import typer

from voice_host.cli.app import UserError, app

if TYPE_CHECKING:
    from rich.console import Console

    from voice_host.ear_training.train import Progress

CARDS_DIR = Path(__file__).resolve().parents[2] / "docs" / "ear"
"""Where the shipped heads' cards are (in a checkout of the project)."""

ear_app = typer.Typer(help="The trained ear: our own recognizer for the game's vocabulary.",
                      no_args_is_help=True)
app.add_typer(ear_app, name="ear")


@ear_app.command("train")
def train_cmd(
    seed: Annotated[int, typer.Option(help="Seed of the data and the training.")] = 0,
    draw: Annotated[
        int | None,
        typer.Option(help="Draw of the training (its seeds; the data stays that of --seed). "
                     "Default: the draw of the language's shipped head."),
    ] = None,
    quick: Annotated[bool, typer.Option(help="A tiny subset, to exercise the pipeline.")] = False,
    lang: Annotated[str, typer.Option(help="Language code.")] = "en",
    out: Annotated[Path | None, typer.Option(help="Write the head here (default: shipped).")]
    = None,
    cache: Annotated[
        Path | None,
        typer.Option(help="Cache folder for embedded data (default: ear-data in the user's "
                     "cache folder)."),
    ] = None,
    workers: Annotated[int, typer.Option(help="Worker processes for synthesis.")] = 2,
    arch: Annotated[str, typer.Option(help="Head: conv (needs torch to train) or mlp.")]
    = "conv",
    members: Annotated[
        int, typer.Option(help="Conv heads in the ensemble (the shipped heads have two).")
    ] = 2,
) -> None:
    """Synthesize the data, train the head, calibrate it on held-out voices, write it."""
    from rich.console import Console

    from voice_host.ear.features import FrontEndError
    from voice_host.ear.recognizer import default_head_path
    from voice_host.phrases import LANGUAGES

    train = _training()
    if lang not in LANGUAGES:
        raise UserError(f"no phrase table for {lang!r}; choose one of: {', '.join(LANGUAGES)}")
    # Checked before the data is made, which takes most of an hour.
    if arch not in train.ARCHS:
        raise UserError(f"--arch {arch!r}: choose {' or '.join(train.ARCHS)}")
    if draw is not None and draw < 0:
        raise UserError(f"--draw {draw}: draws are numbered from 0")
    if members < 1:
        raise UserError(f"--members {members}: an ensemble needs at least one head (give 1 or "
                        "more)")
    writable_folder((out or default_head_path(lang)).parent, "--out")
    writable_folder(cache or train.data_dir(), "--cache")
    console = Console(stderr=True)
    with _bars(console) as bars:
        try:
            result = train.train(lang=lang, seed=seed, quick=quick, out=out, progress=bars,
                                 workers=workers, cache=cache, arch=arch, members=members,
                                 draw=draw)
        except (RuntimeError, FrontEndError) as err:
            raise UserError(str(err)) from err
    figs = ", ".join(f"{k} {v:.1%}" for k, v in result.figures.items())
    console.print(f"wrote {result.path} in {result.seconds:.0f} s; held-out voices: {figs}")


def _training() -> ModuleType:
    """The training recipe (:mod:`voice_host.ear_training.train`), loaded only by the commands
    that train: what runs at the table never loads it."""
    from voice_host.ear_training import train

    return train


@contextlib.contextmanager
def _bars(console: Console) -> Iterator[Progress]:
    """Rich progress bars for the trainer's stages, one bar per stage."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.progress import Progress as Bars

    from voice_host.ear_training.train import Progress as Stages

    class Shown(Stages):
        def __init__(self, bars: Bars) -> None:
            self.bars = bars
            self.task: object = None

        def stage(self, name: str, total: int) -> None:
            self.task = self.bars.add_task(name, total=total, note="")

        def advance(self, steps: int = 1, note: str = "") -> None:
            self.bars.update(self.task, advance=steps, note=note)  # type: ignore[arg-type]

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TimeRemainingColumn(), TextColumn("{task.fields[note]}"))
    with Bars(*columns, console=console) as bars:
        yield Shown(bars)


def writable_folder(folder: Path, option: str) -> None:
    """A one-line error, before any work, unless files can be written in ``folder`` (made if
    missing): what the run would write there at its end."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=folder):
            pass
    except OSError as err:
        raise UserError(f"{option}: cannot write in {folder} ({err.strerror or err}); give a "
                        "folder you can write to") from err


def _head_path(lang: str, model: Path | None) -> Path:
    """The head file ``--model`` names (a file or a folder holding one), or ``lang``'s shipped
    head; a one-line error when there is none."""
    from voice_host.ear.recognizer import default_head_path, shipped_languages

    path = model or default_head_path(lang)
    if path.is_dir():
        path = path / "head.npz"
    if not path.exists():
        ships = ", ".join(shipped_languages()) or "none"
        raise UserError(f"no ear head at {path} (shipped: {ships}); "
                        f"train one with: voice-host ear train --lang {lang}")
    return path


@ear_app.command("calibrate")
def calibrate_cmd(
    lang: Annotated[
        str | None, typer.Option(help="Language code (default: the --model head's, or en).")
    ] = None,
    model: Annotated[Path | None, typer.Option(help="A head file instead of the shipped one.")]
    = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed of the val data (default: the head's own).")
    ] = None,
    cache: Annotated[
        Path | None,
        typer.Option(help="Cache folder for embedded data (default: ear-data in the user's "
                     "cache folder)."),
    ] = None,
    workers: Annotated[int, typer.Option(help="Worker processes for synthesis.")] = 2,
) -> None:
    """Fit a trained head's thresholds per band of SNR on the val voices and write them into
    it (its temperatures and its one threshold stay); training does this itself."""
    from rich.console import Console

    from voice_host.ear.features import FrontEndError
    from voice_host.ear.head import Head
    from voice_host.ear_training.calibration import calibrate_bands
    from voice_host.phrases import LANGUAGES

    train = _training()
    if lang is not None and lang not in LANGUAGES:
        raise UserError(f"no phrase table for {lang!r}; choose one of: {', '.join(LANGUAGES)}")
    path = _head_path(lang or "en", model)
    try:
        head = Head.load(path)
    except (OSError, ValueError, KeyError) as err:
        raise UserError(f"cannot read the ear head {path} ({err}); give a head written by "
                        "voice-host ear train") from err
    own = str(head.meta.get("lang", lang or "en"))
    if lang is not None and own != lang:
        raise UserError(f"{path} is a head for {own!r}, not {lang!r}; give --lang {own} or "
                        "leave --lang out")
    lang = own
    front = str(head.meta.get("front", "speech-embedding"))
    quick = bool(head.meta.get("quick", False))
    if seed is None:
        seed = int(head.meta.get("seed", 0))  # type: ignore[call-overload]
    writable_folder(path.parent, "--model")
    writable_folder(cache or train.data_dir(), "--cache")
    console = Console(stderr=True)
    with _bars(console) as bars:
        try:
            val = train.build_all(lang, "val", quick, seed, bars, workers, cache, front)
            bars.stage("fit the thresholds per band of SNR", 1)
            head.meta.update(calibrate_bands(head, val))
            bars.advance(1)
        except (RuntimeError, FrontEndError) as err:
            raise UserError(str(err)) from err
    head.save(path)
    open_bands = _bands_line(head.meta, "snr_thresholds", "val_figures_in_bands")
    turn = _bands_line(head.meta, "turn_snr_thresholds", "val_figures_turn_in_bands")
    console.print(f"wrote {path}: {open_bands}")
    console.print(f"narrowed to a turn: {turn}")


def _bands_line(meta: dict[str, object], bands_key: str, figures_key: str) -> str:
    """One printed line of a head's thresholds per band of SNR and its val figures there."""
    pairs = cast(list[list[float]], meta[bands_key])
    bands = ", ".join(f"{lo:g} dB up {t:.2f}" for lo, t in pairs)
    figs = cast(dict[str, float], meta[figures_key])
    shown = ", ".join(f"{k} {v:.1%}" for k, v in figs.items())
    return f"thresholds {bands}; held-out voices: {shown}"


@ear_app.command("info")
def info_cmd(
    lang: Annotated[str, typer.Option(help="Language code.")] = "en",
    model: Annotated[Path | None, typer.Option(help="A head file instead of the shipped one.")]
    = None,
) -> None:
    """Show the head's language, recipe, calibration and held-out figures as JSON, and where
    its card is."""
    from voice_host.ear.head import Head

    path = _head_path(lang, model)
    try:
        head = Head.load(path)
    except (OSError, ValueError, KeyError) as err:
        raise UserError(f"cannot read the ear head {path} ({err}); give a head written by "
                        "voice-host ear train") from err
    info: dict[str, object] = {"path": str(path), "bytes": path.stat().st_size, **head.meta}
    card = CARDS_DIR / f"{head.meta.get('lang', lang)}.md"
    if model is None and card.exists():
        info["card"] = str(card)
    typer.echo(json.dumps(info, indent=2, sort_keys=True))
