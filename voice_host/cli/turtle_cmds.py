"""Command: ``turtle-soup`` (hidden; ``voice-host play turtle-soup`` runs it): a real table of
Turtle Soup, by voice."""

from __future__ import annotations

from typing import Annotated

import typer

from voice_host.cli.app import UserError, app, check_input
from voice_host.cli.table_options import (
    JournalFile,
    Large,
    Log,
    Microphone,
    Mute,
    NoDisplay,
    RecordedGame,
    Resume,
    SpeakTo,
)


@app.command(name="turtle-soup", hidden=True)
def turtle_soup(
    players: Annotated[
        str | None, typer.Option(help="4-6 players in seat order: 'Anna,Ben,Cleo,Dan' (left out: "
                                 "the host asks how many play).")
    ] = None,
    dinners: Annotated[int, typer.Option(help="Dinners in the game (at least 5).")] = 5,
    extended: Annotated[
        bool, typer.Option("--extended", help="Deal the extended Decktet (pawns, courts).")
    ] = False,
    lang: Annotated[str, typer.Option(help="Language: it, en.")] = "it",
    seed: Annotated[int | None, typer.Option(help="Seed of the shuffles (repeatable).")] = None,
    input_: RecordedGame = None,
    speak_to: SpeakTo = None,
    log: Log = None,
    resume: Resume = False,
    journal: JournalFile = None,
    large: Large = False,
    device: Microphone = None,
    no_display: NoDisplay = False,
    mute: Mute = False,
) -> None:
    """Host a real table of Turtle Soup: the host shuffles and turns up the Decktet, keeps the
    pot, hears who takes and who waits, and pays out. Without --players the host asks how many
    play. Typed lines work as well as spoken ones."""
    from voice_host.cli.game_table import game_table_run, with_checked_outputs
    from voice_host.games.turtle_soup.host.play import (
        FILE_NAME,
        SoupSetup,
        check_dinners,
        check_setup,
        run_turtle_soup,
    )
    from voice_host.host.table import TableError

    if lang not in ("it", "en"):
        raise UserError(f"--lang {lang!r}: choose one of it, en")
    if input_ is not None:
        check_input(input_, "--input", "a recorded game's WAV")

    run = game_table_run("turtle-soup", lang=lang, recording=input_, device=device, journal=journal,
                         resume=resume, log=log, speak_to=speak_to, mute=mute, large=large,
                         display=not no_display)
    try:
        names = check_setup(players, dinners) if players else None
        setup = None if resume else SoupSetup(names or (), check_dinners(dinners), extended, seed)
        code = run_turtle_soup(names, setup, with_checked_outputs(run, FILE_NAME))
    except TableError as err:
        raise UserError(str(err)) from None
    if code:
        raise typer.Exit(code)
