"""Command: ``train schnapp``: solo practice of Schnapp den Sack against bots, kept in the training
statistics (``train stats``)."""

from __future__ import annotations

import random
import sys
from contextlib import ExitStack
from typing import Annotated

import typer

from voice_host.cli.app import UserError, check_input, check_output
from voice_host.cli.table_options import Log, Microphone, Mute, RecordedGame, SpeakTo
from voice_host.cli.train_cmds import train_app


@train_app.command("schnapp")
def schnapp(
    level: Annotated[int, typer.Option(help="The bots' speed: 1 (slow) to 5 (quick).")] = 2,
    bots: Annotated[int, typer.Option(help="How many bots play against you (1-4).")] = 2,
    name: Annotated[str | None, typer.Option(
        help="Your name at the table (default: Du, or You in English).")] = None,
    lang: Annotated[str, typer.Option(help="Language: de, en.")] = "de",
    cards: Annotated[int | None, typer.Option(
        help="Stop after this many cards (default: the whole game).")] = None,
    wait: Annotated[float, typer.Option(help="Seconds the host waits for a call.")] = 3.0,
    seed: Annotated[int | None, typer.Option(help="Fix the deal and the bots.")] = None,
    keyboard: Annotated[bool, typer.Option(
        "--keyboard", help="Call by pressing Enter instead of speaking.")] = False,
    buzzers: Annotated[bool, typer.Option(
        "--buzzers", help="Call by pressing your buzzer key (your name's first letter), no "
                          "Enter, as at a table with --buzzers.")] = False,
    input_: RecordedGame = None,
    device: Microphone = None,
    speak_to: SpeakTo = None,
    mute: Mute = False,
    log: Log = None,
    store: Annotated[
        bool, typer.Option("--store/--no-store", help="Keep the session in your progress.")
    ] = True,
) -> None:
    """Schnapp den Sack alone against bots: the host flips, you call your word (or press Enter
    with --keyboard, your key with --buzzers) when a card makes a row's target, before the bots
    do. Your reaction time and your right, wrong and missed calls go into `voice-host train
    stats`."""
    from voice_host.audio import AudioDeviceError, AudioFileError
    from voice_host.ear.backends import EngineError, load_recognizer
    from voice_host.ear.game_words import GameWordEar
    from voice_host.games.schnapp_den_sack.host.practice import (
        PracticeError,
        check_level,
        check_table,
    )
    from voice_host.games.schnapp_den_sack.host.practice_table import PracticeRun, run_practice
    from voice_host.games.schnapp_den_sack.host.setup import check_wait
    from voice_host.games.schnapp_den_sack.rules import SchnappError
    from voice_host.games.schnapp_den_sack.words import LANGUAGES
    from voice_host.progress.store import open_store
    from voice_host.voice import VoiceError

    if lang not in LANGUAGES:
        raise UserError(f"--lang {lang!r}: choose one of {', '.join(LANGUAGES)}")
    if cards is not None and cards < 1:
        raise UserError(f"--cards {cards}: play at least 1 card")
    name = name or ("Du" if lang == "de" else "You")
    try:
        check_level(level)
        check_wait(wait)
        check_table(name, bots, lang)
    except (PracticeError, SchnappError) as err:
        raise UserError(str(err)) from None
    if buzzers and (keyboard or input_ is not None):
        raise UserError(f"--buzzers and {'--keyboard' if keyboard else '--input'}: choose one "
                        "way to call")
    if input_ is not None:
        check_input(input_, "--input", "a recording of your calls")
    check_output(speak_to, "--speak-to")
    check_output(log, "--log")
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 31)
        print(f"voice-host: seed {seed}", file=sys.stderr)
    with ExitStack() as stack:
        log_file = stack.enter_context(open(log, "w", encoding="utf-8")) if log else None
        try:
            ear = None if keyboard or buzzers else GameWordEar(load_recognizer("ear", lang),
                                                  game="schnapp-den-sack")
            run = PracticeRun(level, bots, name, seed,
                              lang=lang, wait_s=wait, cards=cards, recording=input_,
                              keyboard=keyboard, buzzers=buzzers,
                              device=int(device) if device and device.isdigit() else device,
                              speak_to=speak_to, mute=mute, log=log_file)
            keep = stack.enter_context(open_store()) if store else None
            tally = run_practice(run, ear, keep)
        except AudioDeviceError as err:
            raise UserError(f"{err} (or --keyboard: press Enter to call; --input: a recording "
                            "of your calls)") from None
        except (PracticeError, EngineError, AudioFileError, VoiceError) as err:
            raise UserError(str(err)) from None
    print(f"summary: {tally.line()}")
    if store and tally.records:
        print("your progress: voice-host train stats")
