"""Command: ``voice-host ear train-phrases GAME --lang L``: a game's phrase head, trained on its
fixed phrases (:mod:`voice_host.ear_training.phrase_training`), written where the ear finds it."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer

from voice_host.cli.app import UserError
from voice_host.cli.ear_cmds import ear_app, writable_folder


@ear_app.command("train-phrases")
def train_phrases(
    game: Annotated[str, typer.Argument(help="The game (see `voice-host games`).")],
    lang: Annotated[str, typer.Option(help="The language of its phrases.")] = "de",
    seed: Annotated[int, typer.Option(help="Seed of the data and the weights.")] = 0,
    out: Annotated[Path | None, typer.Option(
        help="Where to write the head (default: where the ear looks for it).")] = None,
    neural: Annotated[float, typer.Option(
        min=0.0, max=0.5, help="Share of training utterances said by the Kokoro voices that "
                               "train (slow to synthesize: about a second each).")] = 0.0,
    per_phrase: Annotated[int | None, typer.Option(
        min=1, show_default=False,
        help="Training utterances of each phrase (default: the recipe's, 40).")] = None,
    quick: Annotated[bool, typer.Option(
        "--quick", help="A tiny run that exercises the pipeline (not a usable head).")] = False,
) -> None:
    """Train a game's phrase head: its fixed phrases and table talk said by the training voices,
    calibrated on the val voices (a few minutes on two cores)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    from voice_host.ear.phrase_head import head_path
    from voice_host.ear_training import phrase_training
    from voice_host.games.entry import UnknownGameError
    from voice_host.games.registry import GAMES
    from voice_host.games.registry import game as find_game

    try:
        entry = find_game(game)
    except UnknownGameError as err:
        raise UserError(str(err)) from None
    if entry.head_phrases is None:
        having = ", ".join(g for g, e in GAMES.items() if e.head_phrases is not None)
        raise UserError(f"{game} has no fixed phrases for a phrase head; games with one: "
                        f"{having}")
    if lang not in entry.languages:
        raise UserError(f"--lang {lang!r}: {entry.title} speaks {', '.join(entry.languages)}")
    path = out or head_path(game, lang)
    writable_folder(path.parent, "--out")
    said = entry.head_phrases(lang)
    recipe = replace(phrase_training.QUICK if quick else phrase_training.PhraseRecipe(),
                     neural=neural)
    if per_phrase is not None:
        recipe = replace(recipe, per_phrase=per_phrase)
    console = Console(stderr=True)
    with Progress("{task.description}", BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console) as bars:
        def stage(name: str, total: int) -> Callable[[int], None]:
            task = bars.add_task(name, total=total)
            return lambda n: bars.update(task, advance=n)

        head = phrase_training.train(game, lang, said.phrases, said.near_misses,
                                     said_at_once=said.said_at_once, recipe=recipe, seed=seed,
                                     stage=stage)
    head.save(path)
    console.print(f"wrote {path}: {len(said.phrases)} phrases, threshold "
                  f"{head.threshold:.2f}; val {json.dumps(head.meta['val'])}")
