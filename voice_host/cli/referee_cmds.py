"""Commands: ``referee`` (a real table, by voice) and ``demo`` (a whole game with bots)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO

import typer

from voice_host.cli.app import UserError, app, check_input, check_output
from voice_host.games.entry import DemoError, DemoRequest, GameEntry
from voice_host.recognizers import DEFAULT_ENGINE, ENGINE_HELP

if TYPE_CHECKING:
    from voice_host.recognition import Samples
    from voice_host.referee import Session


def _device_arg(device: str | None) -> str | int | None:
    if device is None:
        return None
    return int(device) if device.strip().isdigit() else device


def check_voice(voice: object) -> None:
    """Find the host's espeak-ng voice now (raises VoiceError), so a missing voice stops the
    command before anything starts rather than at the host's first line."""
    from voice_host.voice import HostVoice, WavVoice

    host = voice.voice if isinstance(voice, WavVoice) else voice
    if isinstance(host, HostVoice):
        host.voice_id()


def recording_summary(game: Session, path: Path) -> str:
    """What a recording's game came to, printed when the recording ends."""
    view = game.view
    pots = ", ".join(f"{p} {n}" for p, n in zip(view.players, view.stew_pots, strict=True))
    turns = f"{view.plays} turn{'' if view.plays == 1 else 's'} accepted"
    if view.outcome is not None:
        winners = ", ".join(view.outcome.winners)
        why = view.outcome.reason.value.replace("_", " ")
        return (f"end of {path.name}: {turns}; the game is over ({why}); stew pots: {pots}; "
                f"won by {winners}")
    return (f"end of {path.name}: {turns}; the game was not over: total {view.total}, counting "
            f"{view.counting.value}, {view.current_player} to play; stew pots: {pots}")


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
    speak_to: Annotated[
        Path | None, typer.Option("--speak-to", help="The host speaks into this WAV.")
    ] = None,
    log: Annotated[Path | None, typer.Option(help="Write every event as JSON lines here.")] = None,
    resume: Annotated[
        bool, typer.Option("--resume", help="Continue the interrupted game in the journal.")
    ] = False,
    journal: Annotated[
        Path | None, typer.Option(help="Journal file (default: in the user's data folder).")
    ] = None,
    large: Annotated[bool, typer.Option("--large", help="Large-print, high-contrast view.")] = (
        False
    ),
    device: Annotated[
        str | None, typer.Option(help="Microphone: index or name part (see `devices`).")
    ] = None,
    no_display: Annotated[
        bool, typer.Option("--no-display", help="Print a plain transcript, no live view.")
    ] = False,
    mute: Annotated[bool, typer.Option("--mute", help="The host does not speak aloud.")] = False,
) -> None:
    """Referee a real table: listen to the announced totals, judge them, speak when it matters.

    What the flags leave out (players, start card, islands) the host asks for by voice."""
    from voice_host.audio.chunks import AudioFileError, read_wav
    from voice_host.audio.gate import SpeakingGate
    from voice_host.audio.mic import AudioDeviceError
    from voice_host.host.inputs import live_inputs, recording_inputs
    from voice_host.host.live_view import LiveView
    from voice_host.host.runner import Runner, open_voice
    from voice_host.phrases import LANGUAGES
    from voice_host.recognizers import ENGINES, EngineError, load_recognizer
    from voice_host.referee import RefereeError, Session
    from voice_host.referee.journal import Journal, default_journal_path, load_journal
    from voice_host.referee.setup import parse_islands, parse_players, parse_start
    from voice_host.referee.voice_setup import VoiceSetup
    from voice_host.voice import VoiceError

    if lang not in LANGUAGES:
        raise UserError(f"--lang {lang!r}: choose one of {', '.join(LANGUAGES)}")
    if engine not in ENGINES:
        raise UserError(f"--engine {engine!r}: choose one of {', '.join(ENGINES)}")
    recording = input_ is not None
    if input_ is not None:
        check_input(input_, "--input", "a recorded game's WAV")
    if recording and journal is None and resume:
        raise UserError("--resume with --input needs --journal FILE: a recording's run leaves "
                        "the live game's journal alone")
    # A recording's run keeps no journal unless asked to: the live game's stays as it is.
    journal_path = journal or (None if recording else default_journal_path())
    for path, flag in ((speak_to, "--speak-to"), (log, "--log"), (journal_path, "--journal")):
        check_output(path, flag)
    session: Session | None = None
    book: Journal | None = None
    asked: VoiceSetup | None = None
    try:
        if resume:
            assert journal_path is not None
            if players or start is not None or islands:
                raise UserError("--resume continues the journal's game; leave out --players, "
                                "--start and --islands")
            setup, lang, actions = load_journal(journal_path)
            session = Session.restore(setup, actions, lang=lang, can_answer=not recording)
        else:
            if islands and not players:
                raise UserError("--islands needs --players (the names it deals to)")
            names = parse_players(players, lang) if players else None
            first = parse_start(start) if start is not None else None
            dealt = parse_islands(islands, names) if islands and names else None
            asked = VoiceSetup(names, first, dealt, lang=lang, can_answer=not recording)
            if asked.done:
                asked.setup().table()  # the rules' own check, before anything starts
    except RefereeError as err:
        raise UserError(str(err)) from None
    except ValueError as err:
        raise UserError(f"journal {journal_path} does not replay: {err}; it is left as it is") \
            from None
    except OSError as err:
        raise UserError(f"journal {journal_path}: {err.strerror or err}") from None

    try:
        recognizer = load_recognizer(engine, lang=lang, model=model)
    except EngineError as err:
        raise UserError(str(err)) from None
    if input_ is not None:
        try:
            read_wav(input_)  # every input is checked before a journal is made
        except AudioFileError as err:
            raise UserError(str(err)) from None
    gate = SpeakingGate()
    voice, where = open_voice(speak_to, lang=lang, gate=gate, mute=mute)
    try:
        check_voice(voice)
    except VoiceError as err:
        raise UserError(str(err)) from None
    show = not no_display and sys.stdout.isatty()
    again = "voice-host referee --resume" + (f" --journal {journal}" if journal else "")

    def begin(setup_done: VoiceSetup) -> tuple[Session, Journal | None]:
        setup = setup_done.setup()
        try:
            setup.table()
            if journal_path is None:
                return Session(setup, lang=lang, can_answer=not recording), None
            made, kept = Journal.create(journal_path, setup, lang)
        except RefereeError as err:
            raise UserError(str(err)) from None
        except OSError as err:
            raise UserError(f"journal {journal_path}: {err.strerror or err}") from None
        if kept is not None:
            print(f"voice-host: the previous journal was kept as {kept}", file=sys.stderr)
        return Session(setup, lang=lang, can_answer=not recording), made

    def reopen() -> Journal:
        assert journal_path is not None
        try:
            made, dropped = Journal.reopen(journal_path)
        except OSError as err:
            raise UserError(f"journal {journal_path}: {err.strerror or err}") from None
        if dropped:
            print(f"voice-host: the journal's last line was cut off (a crash or a power cut "
                  f"while it was written, so never announced); it was dropped from "
                  f"{journal_path}", file=sys.stderr)
        return made

    kept_in = "no journal (a recording)" if journal_path is None else f"journal {journal_path}"
    log_file: TextIO | None = None
    try:
        if input_ is not None:
            inputs: AbstractContextManager[Iterator[Samples | str]] = nullcontext(
                recording_inputs(input_)
            )
        else:
            inputs = live_inputs(
                device=_device_arg(device),
                gate=gate,
                keyboard=sys.stdin,
                ready=lambda msg: print(f"voice-host: {msg}", file=sys.stderr, flush=True),
            )
        with inputs as stream:
            if log is not None:
                try:
                    log_file = open(log, "a" if resume else "w", encoding="utf-8")  # noqa: SIM115
                except OSError as err:
                    raise UserError(f"--log {log}: {err.strerror or err}") from None
            if session is not None:
                book = reopen()
            elif asked is not None and asked.done:
                session, book = begin(asked)
            print(f"voice-host: {kept_in}; host speaks to {where}", file=sys.stderr)
            if session is None and asked is not None:
                setup_ref = Runner(asked, None, log_file, voice, print, recording=recording,
                                    wording=asked.say.wording)
                setup_ref.handle(asked.begin())
                setup_ref.drive(stream, recognizer, lambda: asked.done or asked.stopped)
                if not asked.done:
                    raise UserError("the setup was not finished; nothing was started")
                session, book = begin(asked)
            assert session is not None
            game = session
            view = LiveView(game, large=large, enabled=show)
            ref = Runner(game, book, log_file, voice, view.note, view.refresh,
                          recording=recording, wording=game.say.wording)
            with view:
                ref.handle(game.resume_line() if resume else game.start())
                ref.drive(stream, recognizer, lambda: game.stopped)
            if input_ is not None:
                print(recording_summary(game, input_), flush=True)
    except AudioFileError as err:
        raise UserError(str(err)) from None
    except (AudioDeviceError, VoiceError) as err:
        if book is None:
            raise UserError(f"{err}; nothing was started") from None
        raise UserError(f"{err} (the game is in {journal_path}; continue with {again})") \
            from None
    except KeyboardInterrupt:
        if book is None:
            print("\nvoice-host: stopped before the game began; nothing to resume",
                  file=sys.stderr)
        else:
            print(f"\nvoice-host: stopped; the game is in {journal_path}: continue with {again}",
                  file=sys.stderr)
        raise typer.Exit(130) from None
    finally:
        if log_file is not None:
            log_file.close()


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
    log: Annotated[Path | None, typer.Option(help="Write every event as JSON lines here.")] = None,
    engine: Annotated[str, typer.Option(help=ENGINE_HELP)] = DEFAULT_ENGINE,
    lang: Annotated[str, typer.Option(help="Language: en, de, es, fr, it (the game's home "
                                           "language if left out; Cowabunga: en).")] = "",
    max_turns: Annotated[
        int, typer.Option("--max-turns", help="Stop after this many turns (0: play to the end).")
    ] = 0,
) -> None:
    """Play a whole game with no one at the table, in --lang.

    Bots speak, the real ear hears, the referee judges and the host answers."""
    from voice_host.cli.game_cmds import known_game
    from voice_host.host.runner import has_output_device
    from voice_host.recognizers import ENGINES, EngineError, load_recognizer
    from voice_host.referee import RefereeError
    from voice_host.referee.demo import run_demo
    from voice_host.referee.setup import parse_players
    from voice_host.referee.wording import EN, WORDINGS
    from voice_host.voice import SynthesisError, VoiceError

    entry = known_game(game)
    lang = lang or ("en" if entry.has_demo else entry.languages[0])
    if entry.demo is not None:
        _game_demo(entry, seed=seed, players=players, lang=lang, speak_to=speak_to, log=log,
                   max_turns=max_turns)
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
    speakers = speak_to is None and has_output_device()
    wav = speak_to if speak_to is not None else (None if speakers else Path("demo-game.wav"))
    check_output(wav, "--speak-to")
    check_output(log, "--log")
    try:
        recognizer = load_recognizer(engine, lang=lang)
    except EngineError as err:
        raise UserError(str(err)) from None
    log_file: TextIO | None = None
    if log is not None:
        try:
            log_file = open(log, "w", encoding="utf-8")  # noqa: SIM115
        except OSError as err:
            raise UserError(f"--log {log}: {err.strerror or err}") from None
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


def _game_demo(entry: GameEntry, *, seed: int, players: str, lang: str,
               speak_to: Path | None, log: Path | None, max_turns: int) -> None:
    """``demo --game GAME`` for a game whose entry carries its own demo."""
    from voice_host.host.runner import has_output_device
    from voice_host.voice import SynthesisError, VoiceError

    if lang not in entry.languages:
        raise UserError(f"--lang {lang!r}: {entry.title} speaks {', '.join(entry.languages)}")
    names = tuple(n.strip() for n in players.split(",")) if players.strip() else None
    low, high = entry.players
    if names is not None and not (low <= len(names) <= high and len(set(names)) == len(names)
                                  and all(names)):
        raise UserError(f"--players {players!r}: {entry.title} needs {low}-{high} different "
                        "names, comma-separated")
    speakers = speak_to is None and has_output_device()
    wav = speak_to if speak_to is not None else (None if speakers else Path("demo-game.wav"))
    check_output(wav, "--speak-to")
    check_output(log, "--log")
    log_file: TextIO | None = None
    if log is not None:
        try:
            log_file = open(log, "w", encoding="utf-8")  # noqa: SIM115
        except OSError as err:
            raise UserError(f"--log {log}: {err.strerror or err}") from None
    where = "the speakers" if speakers else str(wav)
    print(f"voice-host demo: {entry.title}, seed {seed}, {lang}; sound goes to {where}",
          flush=True)
    assert entry.demo is not None
    request = DemoRequest(seed=seed, lang=lang, players=names, log=log_file, wav=wav,
                          speakers=speakers, transcript=lambda line: print(line, flush=True),
                          max_turns=max_turns or None)
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
