"""Command: ``schnapp-den-sack`` (hidden; ``voice-host play schnapp-den-sack`` runs it): a table of
Schnapp den Sack: the host deals, flips and says each card and judges the first call, heard in a
recorded game (``--input``, the wait on the recording's clock) or typed at the keyboard (a call
word or a name; an empty line says the wait ran out)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO

import typer

from voice_host.cli.app import UserError, app, check_input, check_output
from voice_host.cli.table_options import (
    Large,
    Log,
    Microphone,
    Mute,
    NoDisplay,
    RecordedGame,
    SpeakTo,
)

if TYPE_CHECKING:
    from voice_host.audio.gate import SpeakingGate
    from voice_host.games.schnapp_den_sack.host.session import SchnappSession
    from voice_host.host.runner import Runner
    from voice_host.host.step import Step


@app.command(name="schnapp-den-sack", hidden=True)
def schnapp_den_sack(
    players: Annotated[str, typer.Option(help="Players in turn order: 'Anna,Ben,Cleo'.")] = (
        "Anna,Ben,Cleo"),
    plates: Annotated[str, typer.Option(help="The target: '6', '8', '6,12', or one per row "
                                             "'dudel=7,traenen=8,frech=9,wander=12'.")] = "6",
    lang: Annotated[str, typer.Option(help="Language: de, en.")] = "de",
    wait: Annotated[float, typer.Option(help="Seconds the host waits for a call.")] = 3.0,
    seed: Annotated[int, typer.Option(help="Seed of the deal (a repeatable game).")] = 1,
    log: Log = None,
    speak_to: SpeakTo = None,
    mute: Mute = False,
    input_: RecordedGame = None,
    keyboard: Annotated[
        bool, typer.Option("--keyboard", help="Calls typed only: no microphone.")
    ] = False,
    device: Microphone = None,
    large: Large = False,
    no_display: NoDisplay = False,
) -> None:
    """Host a table of Schnapp den Sack by microphone (or a recorded game, --input). Typed lines
    work too: who called (their call word or name), an empty line when nobody called in time,
    or a command (Reihen, punkte, langsamer, rückgängig, stopp)."""
    from voice_host.audio.gate import SpeakingGate
    from voice_host.games.schnapp_den_sack.host.session import seeded_session
    from voice_host.games.schnapp_den_sack.host.setup import (
        check_wait,
        parse_plates,
        parse_players,
    )
    from voice_host.games.schnapp_den_sack.rules import SchnappError
    from voice_host.games.schnapp_den_sack.words import LANGUAGES
    from voice_host.host.live_view import LiveView
    from voice_host.host.runner import Runner, open_voice

    if lang not in LANGUAGES:
        raise UserError(f"--lang {lang!r}: choose one of {', '.join(LANGUAGES)}")
    try:
        names, targets, seconds = parse_players(players), parse_plates(plates), check_wait(wait)
    except SchnappError as err:
        raise UserError(str(err)) from None
    check_output(log, "--log")
    check_output(speak_to, "--speak-to")
    if input_ is not None:
        check_input(input_, "--input", "a recorded game's WAV")
    session = seeded_session(names, seed, lang=lang, plates=targets, wait_s=seconds)
    gate = SpeakingGate()
    voice, _ = open_voice(speak_to, lang=lang, mute=mute, gate=gate)
    log_file: TextIO | None = None
    if log is not None:
        try:
            log_file = open(log, "w", encoding="utf-8")  # noqa: SIM115
        except OSError as err:
            raise UserError(f"--log {log}: {err.strerror or err}") from None
    view = LiveView(session, large=large, enabled=not no_display and sys.stdout.isatty())
    runner = Runner(session, None, log_file, voice, view.note, on_change=view.refresh)
    try:
        with view:
            if input_ is not None:
                hear_recording(session, input_, runner, lang)
                return
            if not keyboard:
                hear_microphone(session, runner, lang, device, gate)
                return
            runner.handle(session.start())
            for line in sys.stdin:
                step = session.time_up() if not line.strip() else session.type(line)
                runner.handle(step)
                if step.message:
                    print(step.message, flush=True)
                if session.stopped or session.game.over:
                    break
    finally:
        if log_file is not None:
            log_file.close()


def hear_recording(session: SchnappSession, path: Path, runner: Runner, lang: str) -> None:
    """Host the recorded game in ``path`` through the real ear, on the recording's clock."""
    from voice_host.audio.chunks import AudioFileError, read_wav, samples_to_chunks
    from voice_host.ear.game_words import GameWordEar
    from voice_host.games.schnapp_den_sack.host.listen import StreamTable, hear_stream
    from voice_host.host.early_ear import referee_endpointer
    from voice_host.recognizers import EngineError, load_recognizer

    try:
        samples = read_wav(path)
        ear = GameWordEar(load_recognizer("ear", lang))
    except (AudioFileError, EngineError) as err:
        raise UserError(f"--input {path}: {err}") from None

    def handle(step: Step) -> float:
        runner.handle(step)
        return 0.0

    table = StreamTable(session, ear, referee_endpointer(), handle)
    hear_stream(table, samples_to_chunks(samples))


def hear_microphone(session: SchnappSession, runner: Runner, lang: str, device: str | None,
                    gate: SpeakingGate) -> None:
    """Host a live table: the microphone (shut while the host speaks) and the keyboard; the
    wait for a call begins when the host has said the card."""
    import queue
    import threading
    import time

    from voice_host.audio import MicrophoneSource
    from voice_host.audio.mic import AudioDeviceError
    from voice_host.ear.game_words import GameWordEar
    from voice_host.games.schnapp_den_sack.host.listen import StreamTable, hear_live
    from voice_host.host.early_ear import referee_endpointer
    from voice_host.recognizers import EngineError, load_recognizer

    try:
        ear = GameWordEar(load_recognizer("ear", lang))
    except EngineError as err:
        raise UserError(str(err)) from None

    def handle(step: Step) -> float:
        start = time.monotonic()
        runner.handle(step)
        return time.monotonic() - start

    typed: queue.Queue[str | None] = queue.Queue()

    def read_keyboard() -> None:
        for line in sys.stdin:
            typed.put(line)
        typed.put(None)

    threading.Thread(target=read_keyboard, daemon=True).start()
    try:
        with MicrophoneSource(device=device) as source:
            table = StreamTable(session, ear, referee_endpointer(gate), handle)
            hear_live(table, source, typed)
    except AudioDeviceError as err:
        raise UserError(f"{err} (or --keyboard: calls typed only; --input: a recording)") from None
