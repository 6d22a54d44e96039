"""Command: ``schnapp-den-sack`` (hidden; ``voice-host play schnapp-den-sack`` runs it): a table of
Schnapp den Sack: the host deals, flips and says each card and judges the first call, heard by
microphone, in a recorded game (``--input``, the wait on the recording's clock) or typed at the
keyboard (a call word or a name; an empty line says the wait ran out). The game is journaled
(``--resume`` continues the same deal) and earcons mark each flip, grab and wrong grab."""

from __future__ import annotations

import random
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

PLATES, WAIT = "6", 3.0
"""The plates and the wait of a table whose flags leave them out (without --players, they are
asked for by voice). Without --seed each game is a new deal (the journal keeps it)."""


@app.command(name="schnapp-den-sack", hidden=True)
def schnapp_den_sack(
    players: Annotated[str | None, typer.Option(
        help="Players in turn order, 'Anna,Ben,Cleo' (left out: the host asks how many play, "
             "names them by their call words, and asks for the plates and the wait the flags "
             "leave out).")] = None,
    plates: Annotated[str | None, typer.Option(
        help="The target: '6' (default), '8', '6,12', or one per row "
             "'dudel=7,traenen=8,frech=9,wander=12'.")] = None,
    lang: Annotated[str, typer.Option(help="Language: de, en.")] = "de",
    wait: Annotated[float | None, typer.Option(
        help=f"Seconds the host waits for a call (default {WAIT:g}).")] = None,
    seed: Annotated[int | None, typer.Option(
        help="Seed of the deal, a repeatable game (default: a new deal each game).")] = None,
    log: Log = None,
    speak_to: SpeakTo = None,
    mute: Mute = False,
    input_: RecordedGame = None,
    keyboard: Annotated[
        bool, typer.Option("--keyboard", help="Calls typed only: no microphone.")
    ] = False,
    buzzers: Annotated[bool, typer.Option(
        "--buzzers", help="Each player calls by pressing a key of their own (no Enter), timed "
                          "as it arrives: the exact order of two calls close together. Voice "
                          "stays on for questions and commands (with --keyboard: keys only).",
    )] = False,
    keys: Annotated[str | None, typer.Option(
        help="The buzzer keys in turn order, 'a,l,p' (default: each name's first letter, else "
             "a free key).")] = None,
    resume: Resume = False,
    journal: JournalFile = None,
    device: Microphone = None,
    large: Large = False,
    no_display: NoDisplay = False,
) -> None:
    """Host a table of Schnapp den Sack by microphone (or a recorded game, --input). Typed lines
    work too: who called (their call word or name), an empty line when nobody called in time,
    or a command (Reihen, punkte, langsamer, rückgängig, stopp). --buzzers: each player calls by
    their own key. --resume continues the game in the journal."""
    from voice_host.cli.game_table import game_table_run, with_checked_outputs
    from voice_host.games.schnapp_den_sack.host.journal import FILE_NAME, SchnappSetup, new_setup
    from voice_host.games.schnapp_den_sack.host.play import BuzzerKeys, run_schnapp
    from voice_host.games.schnapp_den_sack.host.session import seeded_session
    from voice_host.games.schnapp_den_sack.host.setup import (
        check_wait,
        parse_plates,
        parse_players,
    )
    from voice_host.games.schnapp_den_sack.host.voice_setup import SchnappVoiceSetup
    from voice_host.games.schnapp_den_sack.rules import SchnappError
    from voice_host.games.schnapp_den_sack.words import LANGUAGES
    from voice_host.host.table import TableError

    if lang not in LANGUAGES:
        raise UserError(f"--lang {lang!r}: choose one of {', '.join(LANGUAGES)}")
    given = [flag for flag, value in (("--players", players), ("--plates", plates),
                                      ("--wait", wait), ("--seed", seed)) if value is not None]
    if resume and given:
        raise UserError(f"--resume continues the journal's game; leave out {', '.join(given)}")
    setup: SchnappSetup | SchnappVoiceSetup | None = None
    dealt = random.SystemRandom().randrange(1 << 31) if seed is None else seed
    if not resume and players is None:
        try:  # the players, and what else the flags leave out, asked for by voice
            setup = SchnappVoiceSetup(
                lang, plates=parse_plates(plates) if plates is not None else None,
                wait_s=check_wait(wait) if wait is not None else None,
                seed=dealt, can_answer=input_ is None)
        except SchnappError as err:
            raise UserError(str(err)) from None
    elif not resume:
        try:
            names = parse_players(players or "")
            targets, seconds = parse_plates(plates or PLATES), check_wait(
                WAIT if wait is None else wait)
        except SchnappError as err:
            raise UserError(str(err)) from None
        setup = new_setup(seeded_session(names, dealt, lang=lang, plates=targets,
                                         wait_s=seconds), dealt)
    given_keys = check_buzzers(buzzers, keys, players=players, resume=resume,
                               recording=input_ is not None)
    if input_ is not None:
        check_input(input_, "--input", "a recorded game's WAV")

    run = game_table_run("schnapp-den-sack", lang=lang, recording=input_, device=device,
                         journal=journal, resume=resume, log=log, speak_to=speak_to, mute=mute,
                         large=large, display=not no_display)
    checked = with_checked_outputs(run, FILE_NAME)
    if setup is not None and seed is None:
        typer.echo(f"voice-host: deal {dealt} (--seed {dealt} deals this game again)", err=True)
    try:
        code = run_schnapp(setup, checked, keyboard=keyboard,
                           buzzers=BuzzerKeys(given_keys) if buzzers else None)
    except TableError as err:
        raise UserError(str(err)) from None
    if code:
        raise typer.Exit(code)


def check_buzzers(buzzers: bool, keys: str | None, *, players: str | None, resume: bool,
                  recording: bool) -> tuple[str, ...] | None:
    """The buzzer keys the flags give (None: chosen by the names); raises :class:`UserError`
    for flags that do not go together or keys that clash."""
    from voice_host.games.schnapp_den_sack.host.buzzers import (
        BuzzerError,
        assign_keys,
        parse_keys,
    )
    from voice_host.games.schnapp_den_sack.host.setup import parse_players

    if keys is not None and not buzzers:
        raise UserError("--keys gives the buzzer keys: add --buzzers")
    if buzzers and recording:
        raise UserError("--buzzers: a recording has no keys; leave out --input or --buzzers")
    if keys is None:
        return None
    if players is None and not resume:
        raise UserError("--keys needs --players (one key per player in turn order); without "
                        "it, the keys follow the names the table is set up with")
    try:
        given = parse_keys(keys)
        if players is not None:
            assign_keys(parse_players(players), given)
    except (BuzzerError, ValueError) as err:
        raise UserError(str(err)) from None
    return given
