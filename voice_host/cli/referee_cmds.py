"""Commands: ``referee`` (a real table, by voice) and ``demo`` (a whole game with bots)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Annotated, TextIO

import typer

from voice_host.cli.app import UserError, app, check_input, check_output
from voice_host.cli.table_options import (
    JournalFile,
    Large,
    Log,
    Microphone,
    Mute,
    NoDisplay,
    Resume,
    SpeakTo,
)
from voice_host.ear.backends import DEFAULT_ENGINE, ENGINE_HELP
from voice_host.games.entry import DemoError, DemoRequest, GameEntry


def _device_arg(device: str | None) -> str | int | None:
    if device is None:
        return None
    return int(device) if device.strip().isdigit() else device


@app.command()
def referee(
    players: Annotated[
        str | None,
        typer.Option(help="Players in turn order, 'Emily,Maria,Hendrik', or a count (3)."),
    ] = None,
    start: Annotated[int | None, typer.Option(help="The start card, 0-9.")] = None,
    islands: Annotated[
        str | None,
        typer.Option(help="Islands dealt: 'Emily=18:25,Maria=12:20,Hendrik=14:29'."),
    ] = None,
    engine: Annotated[str, typer.Option(help=ENGINE_HELP)] = DEFAULT_ENGINE,
    lang: Annotated[str, typer.Option(help="Language: en, de, es, fr, it.")] = "en",
    model: Annotated[Path | None, typer.Option(help="Model folder for the engine.")] = None,
    input_: Annotated[
        Path | None,
        typer.Option("--input", help="Referee a recorded game (WAV) instead of the microphone."),
    ] = None,
    speak_to: SpeakTo = None,
    log: Log = None,
    resume: Resume = False,
    journal: JournalFile = None,
    large: Large = False,
    device: Microphone = None,
    no_display: NoDisplay = False,
    mute: Mute = False,
) -> None:
    """Referee a real table: listen to the announced totals, judge them, speak when it matters.

    What the flags leave out (players, start card, islands) the host asks for by voice."""
    from voice_host.ear import backends as recognizers
    from voice_host.games.cowabunga.host.journal import FILE_NAME
    from voice_host.games.cowabunga.host.play import SetupFlags, run_referee
    from voice_host.games.registry import GAMES
    from voice_host.host.table import TableError, TableRun, journal_path
    from voice_host.phrases import LANGUAGES
    from voice_host.recognition import Recognizer

    if lang not in LANGUAGES:
        raise UserError(f"--lang {lang!r}: choose one of {', '.join(LANGUAGES)}")
    if engine not in recognizers.ENGINES:
        raise UserError(f"--engine {engine!r}: choose one of {', '.join(recognizers.ENGINES)}")
    if input_ is not None:
        check_input(input_, "--input", "a recorded game's WAV")

    def ear(table_lang: str) -> Recognizer:
        return recognizers.load_recognizer(engine, lang=table_lang, model=model)

    def elsewhere(game_id: str) -> str | None:
        entry = GAMES.get(game_id)
        if entry is None or entry.table_command is None:
            return None
        return f"voice-host play {game_id} --resume" + (f" --journal {journal}" if journal else "")

    run = TableRun(
        lang=lang, ear=ear,
        again="voice-host referee --resume" + (f" --journal {journal}" if journal else ""),
        recording=input_, device=_device_arg(device), journal=journal, resume=resume, log=log,
        speak_to=speak_to, mute=mute, large=large, display=not no_display, elsewhere=elsewhere,
    )
    try:
        journal_file = journal_path(FILE_NAME, run)
        for path, flag in ((speak_to, "--speak-to"), (log, "--log"), (journal_file, "--journal")):
            check_output(path, flag)
        code = run_referee(SetupFlags(players, start, islands), replace(run, journal=journal_file))
    except TableError as err:
        raise UserError(str(err)) from None
    if code:
        raise typer.Exit(code)


@app.command()
def demo(
    game: Annotated[
        str, typer.Option("--game", help="The game to play (see `voice-host games`).")
    ] = "cowabunga",
    seed: Annotated[int, typer.Option(help="Seed of the deal, the bots and the mistakes.")] = 7,
    players: Annotated[
        str, typer.Option(help="Bot names in turn order, comma-separated (the game's own if "
                               "left out; Cowabunga: Emily,Maria,Hendrik).")
    ] = "",
    speak_to: Annotated[
        Path | None,
        typer.Option("--speak-to", help="Write the whole game's sound into this WAV."),
    ] = None,
    log: Log = None,
    engine: Annotated[str, typer.Option(help=ENGINE_HELP)] = DEFAULT_ENGINE,
    lang: Annotated[str, typer.Option(help="Language: en, de, es, fr, it (the game's home "
                                           "language if left out; Cowabunga: en).")] = "",
    max_turns: Annotated[
        int, typer.Option("--max-turns", help="Stop after this many turns (0: play to the end).")
    ] = 0,
    confirm_falls: Annotated[
        str | None, typer.Option("--confirm-falls", help="Kapitän Wackelpudding: which falls "
                                 "heard wait for a yes, 'unsure' (the default) or 'always'.")
    ] = None,
) -> None:
    """Play a whole game with no one at the table, in --lang.

    Bots speak, the real ear hears, the referee judges and the host answers."""
    from voice_host.cli.game_cmds import known_game
    from voice_host.ear.backends import ENGINES, EngineError, load_recognizer
    from voice_host.games.cowabunga.host import RefereeError
    from voice_host.games.cowabunga.host.demo import run_demo
    from voice_host.games.cowabunga.host.setup import parse_players
    from voice_host.games.cowabunga.words import EN, WORDINGS
    from voice_host.voice import SynthesisError, VoiceError

    entry = known_game(game)
    lang = lang or ("en" if entry.has_demo else entry.languages[0])
    if confirm_falls is not None:
        _check_confirm_falls(entry, confirm_falls)
    if entry.demo is not None:
        _game_demo(entry, seed=seed, players=players, lang=lang, speak_to=speak_to, log=log,
                   max_turns=max_turns, confirm_falls=confirm_falls)
        return
    players = players or "Emily,Maria,Hendrik"
    if not entry.has_demo:
        raise UserError(f"--game {game}: {entry.title} has no demo yet")
    if lang not in entry.languages:
        raise UserError(f"--lang {lang!r}: choose one of {', '.join(entry.languages)}")
    if engine not in ENGINES:
        raise UserError(f"--engine {engine!r}: choose one of {', '.join(ENGINES)}")
    try:
        names = parse_players(players, lang)
    except RefereeError as err:
        raise UserError(str(err)) from None
    if any(n.isdigit() for n in players.split(",")) or players.strip().isdigit():
        names = tuple(f"Bot {i}" for i in range(1, len(names) + 1))
    speakers, wav = _demo_sound(speak_to, log)
    try:
        recognizer = load_recognizer(engine, lang=lang)
    except EngineError as err:
        raise UserError(str(err)) from None
    log_file = _open_log(log)
    where = "the speakers" if speakers else str(wav)
    print(f"voice-host demo: seed {seed}, {', '.join(names)}; sound goes to {where}", flush=True)
    try:
        result = run_demo(
            names,
            seed=seed,
            recognizer=recognizer,
            wav=wav,
            speakers=speakers,
            log=log_file,
            transcript=lambda line: print(line, flush=True),
            max_turns=max_turns or None,
            lang=lang,
        )
    except (SynthesisError, VoiceError) as err:
        raise UserError(str(err)) from None
    finally:
        if log_file is not None:
            log_file.close()
    print(result.summary(WORDINGS.get(lang, EN)), flush=True)
    if wav is not None:
        print(f"the game's sound is in {wav}", flush=True)


def _check_confirm_falls(entry: GameEntry, text: str) -> None:
    """``--confirm-falls`` is Kapitän Wackelpudding's, and one of its settings."""
    from voice_host.games.kapitaen_wackelpudding.host.confirm import (
        ConfirmFallsError,
        parse_confirm_falls,
    )

    if entry.id != "kapitaen-wackelpudding":
        raise UserError(f"--confirm-falls: {entry.title} has no falls to confirm "
                        "(Kapitän Wackelpudding has)")
    try:
        parse_confirm_falls(text)
    except ConfirmFallsError as err:
        raise UserError(str(err)) from None


def _game_demo(entry: GameEntry, *, seed: int, players: str, lang: str,
               speak_to: Path | None, log: Path | None, max_turns: int,
               confirm_falls: str | None = None) -> None:
    """``demo --game GAME`` for a game whose entry carries its own demo."""
    from voice_host.voice import SynthesisError, VoiceError

    if lang not in entry.languages:
        raise UserError(f"--lang {lang!r}: {entry.title} speaks {', '.join(entry.languages)}")
    names = tuple(n.strip() for n in players.split(",")) if players.strip() else None
    low, high = entry.players
    if names is not None and not (low <= len(names) <= high and len(set(names)) == len(names)
                                  and all(names)):
        raise UserError(f"--players {players!r}: {entry.title} needs {low}-{high} different "
                        "names, comma-separated")
    speakers, wav = _demo_sound(speak_to, log)
    log_file = _open_log(log)
    where = "the speakers" if speakers else str(wav)
    print(f"voice-host demo: {entry.title}, seed {seed}, {lang}; sound goes to {where}",
          flush=True)
    assert entry.demo is not None
    request = DemoRequest(seed=seed, lang=lang, players=names, log=log_file, wav=wav,
                          speakers=speakers, transcript=lambda line: print(line, flush=True),
                          max_turns=max_turns or None, confirm_falls=confirm_falls)
    try:
        summary = entry.demo(request)
    except (DemoError, SynthesisError, VoiceError) as err:
        raise UserError(str(err)) from None
    finally:
        if log_file is not None:
            log_file.close()
    print(summary, flush=True)
    if wav is not None:
        print(f"the game's sound is in {wav}", flush=True)


def _demo_sound(speak_to: Path | None, log: Path | None) -> tuple[bool, Path | None]:
    """Where a demo's sound goes (the speakers, or a WAV: ``--speak-to``, else
    ``demo-game.wav`` on a machine without speakers), its outputs checked before it begins."""
    from voice_host.host.runner import has_output_device

    speakers = speak_to is None and has_output_device()
    wav = speak_to if speak_to is not None else (None if speakers else Path("demo-game.wav"))
    check_output(wav, "--speak-to")
    check_output(log, "--log")
    return speakers, wav


def _open_log(log: Path | None) -> TextIO | None:
    """The demo's ``--log`` opened for writing, or a one-line error."""
    if log is None:
        return None
    try:
        return open(log, "w", encoding="utf-8")
    except OSError as err:
        raise UserError(f"--log {log}: {err.strerror or err}") from None
