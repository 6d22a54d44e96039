"""Command: ``kapitaen-wackelpudding`` (hidden; ``voice-host play kapitaen-wackelpudding`` runs
it): a real table of Kapitän Wackelpudding, by voice."""

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


@app.command(name="kapitaen-wackelpudding", hidden=True)
def kapitaen_wackelpudding(
    players: Annotated[
        str | None, typer.Option(help="Players in turn order, youngest first: 'Anna,Ben,Cem' "
                                 "(left out: the host asks how many play).")
    ] = None,
    lang: Annotated[str, typer.Option(help="Language: de, en.")] = "de",
    seed: Annotated[int | None, typer.Option(help="Seed of the die (repeatable rolls).")] = None,
    confirm_falls: Annotated[
        str | None, typer.Option("--confirm-falls", help="Which falls heard wait for a yes: "
                                 "'unsure' (a sure one is booked at once and said back; say "
                                 "'no' right after to take it back) or 'always'. Left out: "
                                 "unsure (a resumed game: the journal's).")
    ] = None,
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
    """Host a real table of Kapitän Wackelpudding: the host says what to load, rolls the die,
    hears what fell and keeps the screw-up piles. Without --players the host asks how many play.
    Typed lines work as well as spoken ones."""
    from voice_host.cli.game_table import game_table_run, with_checked_outputs
    from voice_host.games.kapitaen_wackelpudding.host.confirm import (
        ConfirmFallsError,
        parse_confirm_falls,
    )
    from voice_host.games.kapitaen_wackelpudding.host.play import (
        ASKS_FROM,
        FILE_NAME,
        parse_players,
        run_wackelpudding,
    )
    from voice_host.games.kapitaen_wackelpudding.words import WORDS
    from voice_host.host.table import TableError

    if lang not in WORDS:
        raise UserError(f"--lang {lang!r}: choose one of {', '.join(WORDS)}")
    if input_ is not None:
        check_input(input_, "--input", "a recorded game's WAV")
    try:
        confirm = None if confirm_falls is None else parse_confirm_falls(confirm_falls)
    except ConfirmFallsError as err:
        raise UserError(str(err)) from None

    run = game_table_run("kapitaen-wackelpudding", lang=lang, recording=input_, device=device,
                         journal=journal, resume=resume, log=log, speak_to=speak_to, mute=mute,
                         large=large, display=not no_display, asks_from=ASKS_FROM)
    try:
        names = parse_players(players) if players else None
        code = run_wackelpudding(names, seed, with_checked_outputs(run, FILE_NAME), confirm)
    except TableError as err:
        raise UserError(str(err)) from None
    if code:
        raise typer.Exit(code)
