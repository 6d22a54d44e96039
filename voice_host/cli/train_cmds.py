"""Commands: ``train quiz | practice | stats`` and ``settings show | set``."""

from __future__ import annotations

import json
import random
import sys
from contextlib import ExitStack
from dataclasses import asdict, replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO

import typer

from voice_host.cli.app import UserError, app, check_output

if TYPE_CHECKING:
    from voice_host.host.channels import Output, Replies, SpeakerOutput
    from voice_host.recognition import Recognizer
    from voice_host.settings import Settings

train_app = typer.Typer(
    help="Training: a quiz, a practice game against bots, and your progress.",
    no_args_is_help=True,
)
settings_app = typer.Typer(help="Speech rate, voice, volume, verbosity, earcons, devices.")
app.add_typer(train_app, name="train")
app.add_typer(settings_app, name="settings")

EngineOpt = Annotated[
    str | None, typer.Option("--engine", help="Recognizer: pocketsphinx, vosk, ear.")
]
InputOpt = Annotated[
    Path | None,
    typer.Option("--input", help="Take the replies from this recording (endpointed, in order)."),
]
KeyboardOpt = Annotated[
    bool, typer.Option("--keyboard", help="Type the replies instead of speaking them.")
]
SpeakToOpt = Annotated[
    Path | None, typer.Option("--speak-to", help="Write the host's speech to this WAV.")
]
SpeakOpt = Annotated[
    bool | None,
    typer.Option(
        "--speak/--no-speak",
        help="Speak on the speakers (default: yes, except with --input).",
    ),
]
VerbosityOpt = Annotated[
    str | None, typer.Option("--verbosity", help="terse, normal or teaching (default: setting).")
]


def _settings(verbosity: str | None = None) -> Settings:
    from voice_host.settings import SettingsError, load_settings, parse_value

    try:
        s = load_settings()
        if verbosity is not None:
            s = replace(s, verbosity=parse_value("verbosity", verbosity))  # type: ignore[arg-type]
    except SettingsError as err:
        raise UserError(str(err)) from None
    return s


def _recognizer(engine: str | None, lang: str) -> Recognizer:
    from voice_host.ear.backends import DEFAULT_ENGINE, EngineError, load_recognizer

    try:
        return load_recognizer(engine or DEFAULT_ENGINE, lang=lang)
    except EngineError as err:
        raise UserError(str(err)) from None


def _output(
    settings: Settings,
    speak: bool | None,
    speak_to: Path | None,
    private_to: Path | None = None,
    stream: TextIO | None = None,
    *,
    live: bool = True,
) -> tuple[Output, SpeakerOutput | None]:
    """Where the host's lines go: ``speak`` None is the default (the speakers when ``live``, and
    printed only when there are none)."""
    from voice_host.audio import SpeakingGate
    from voice_host.host import runner

    asked = speak is not None
    speak = live if speak is None else speak
    from voice_host.host.channels import SpeakerOutput, Transcript, WavOutput

    transcript = Transcript(stream=stream, earcons=settings.earcons)
    if speak_to is not None:
        return WavOutput(settings, speak_to, private_to, transcript), None
    if speak and not runner.has_output_device():
        if asked:
            raise UserError("--speak: no speakers found (see `voice-host devices`); use "
                            "--no-speak to read the host, or --speak-to FILE.wav")
        print("voice-host: no speakers found; the host's lines are printed (--speak-to "
              "FILE.wav keeps its voice)", file=sys.stderr)
        return transcript, None
    if speak:
        speaker = SpeakerOutput(settings, transcript, SpeakingGate())
        return speaker, speaker
    return transcript, None


def _replies(
    settings: Settings,
    input_wav: Path | None,
    keyboard: bool,
    engine: str | None,
    speaker: SpeakerOutput | None,
) -> Replies:
    from voice_host.host.channels import KeyboardReplies, MicrophoneReplies, RecordingReplies
    from voice_host.phrases import phrase_table

    table = phrase_table(settings.lang)
    if keyboard:
        return KeyboardReplies(table)
    recognizer = _recognizer(engine, settings.lang)
    if input_wav is not None:
        from voice_host.audio import read_wav

        read_wav(input_wav)  # a clear error for an unreadable file, before anything is asked
        return RecordingReplies(input_wav, recognizer, table)
    gate = speaker.gate if speaker is not None else None
    device = settings.input_device
    dev: str | int | None = int(device) if device and device.isdigit() else device
    return MicrophoneReplies(recognizer, table, dev, gate)


def _closed_at_exit(stack: ExitStack, replies: Replies) -> Replies:
    """``replies``, closed when ``stack`` exits (a microphone and its recognition worker)."""
    close = getattr(replies, "close", None)
    if callable(close):
        stack.callback(close)
    return replies


@train_app.command("quiz")
def quiz(
    questions: Annotated[int, typer.Option("--questions", help="How many questions.")] = 10,
    seed: Annotated[
        int | None,
        typer.Option(help="Fix the questions (a seeded session follows a fixed ramp of levels)."),
    ] = None,
    input_wav: InputOpt = None,
    log: Annotated[
        Path | None, typer.Option("--log", help="One JSON line per question, then the summary.")
    ] = None,
    print_questions: Annotated[
        bool,
        typer.Option("--print-questions", help="Print the questions and answers as JSON; exit."),
    ] = False,
    level: Annotated[
        int | None, typer.Option(help="Start level 1-5 (default: 1 when seeded, else your own).")
    ] = None,
    adapt: Annotated[
        bool, typer.Option("--adapt", help="Adapt the level to the answers even when seeded.")
    ] = False,
    engine: EngineOpt = None,
    keyboard: KeyboardOpt = False,
    speak: SpeakOpt = None,
    speak_to: SpeakToOpt = None,
    verbosity: VerbosityOpt = None,
    store: Annotated[
        bool, typer.Option("--store/--no-store", help="Keep the session in your progress.")
    ] = True,
) -> None:
    """Arithmetic quiz from real game situations, answered aloud; marked, timed, adaptive."""
    from voice_host.audio import AudioDeviceError, AudioFileError
    from voice_host.games.cowabunga.trainer.plan import QuizPlan, suggest_level
    from voice_host.games.cowabunga.trainer.quiz import Marked, run_quiz
    from voice_host.progress.store import AnswerRecord, open_store
    from voice_host.voice import VoiceError

    if questions < 1:
        raise UserError(f"--questions {questions}: ask at least 1")
    check_output(speak_to, "--speak-to")
    check_output(log, "--log")
    if level is not None and not 1 <= level <= 5:
        raise UserError(f"--level {level}: levels go from 1 to 5")
    seeded = seed is not None
    adaptive = adapt or not seeded
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 31)
    if level is None and seeded:
        level = 1
    elif level is None:
        with open_store() as st:
            last = st.last_quiz()
        level = suggest_level(last.end_level if last else None, last.accuracy if last else None)
    if not seeded:
        print(f"voice-host: seed {seed}, starting at level {level}", file=sys.stderr)
    plan = QuizPlan(seed, questions, level, adaptive)
    if print_questions:
        for q in plan.ideal_questions():
            print(json.dumps(q.to_json(), ensure_ascii=False))
        return
    settings = _settings(verbosity)
    live = input_wav is None
    with ExitStack() as stack:
        log_file = stack.enter_context(log.open("w", encoding="utf-8")) if log else None

        def write(marked: Marked) -> None:
            """Log one marked question as it happens."""
            if log_file is not None:
                log_file.write(json.dumps(marked.to_json(), ensure_ascii=False) + "\n")
                log_file.flush()

        try:
            out, speaker = _output(settings, speak, speak_to, live=live)
            replies = _closed_at_exit(stack, _replies(settings, input_wav, keyboard, engine,
                                                      speaker))
            result = run_quiz(plan, replies, out, settings.verbosity, write)
        except (AudioFileError, AudioDeviceError, VoiceError) as err:
            raise UserError(str(err)) from None
        summary = result.summary()
        if log_file is not None:
            log_file.write(json.dumps({"summary": summary}, ensure_ascii=False) + "\n")
    if store and result.marked:
        with open_store() as st:
            st.add_session(
                "quiz",
                [
                    AnswerRecord(
                        m.question.kind,
                        m.question.text,
                        m.question.answer,
                        m.heard,
                        m.correct,
                        m.ms,
                        m.question.level,
                    )
                    for m in result.marked
                ],
                summary=summary,
                seed=seed,
                start_level=plan.start_level,
                end_level=result.end_level,
            )
    print(quiz_summary(summary))


def quiz_summary(summary: dict[str, object]) -> str:
    """The quiz's last printed line: how many were right, the time an answer took (when it was
    timed), and what became of the level, said so a fixed ramp does not read as a reward."""
    line = f"summary: {summary['correct']}/{summary['asked']} right"
    if summary["mean_ms"] is not None:
        line += f", {summary['mean_ms']} ms per answer"
    start, end = summary["start_level"], summary["end_level"]
    if not summary["adaptive"]:
        return line + f"; levels {start} to {end} on the fixed ramp of --seed (--adapt follows " \
            "your answers)"
    if start == end:
        return line + f"; level stays at {start}"
    way = "up" if int(str(end)) > int(str(start)) else "down"
    return line + f"; level {way} from {start} to {end}"


@train_app.command("practice")
def practice(
    bots: Annotated[
        str, typer.Option(help="Bot kinds for the other seats, comma separated.")
    ] = "careful,careful",
    seed: Annotated[int | None, typer.Option(help="Fix the deal and the bots.")] = None,
    name: Annotated[str, typer.Option(help="Your name at the table.")] = "You",
    lang: Annotated[
        str | None,
        typer.Option(help="Language of the game: en, de, es, fr, it (default: your settings)."),
    ] = None,
    input_wav: InputOpt = None,
    keyboard: KeyboardOpt = False,
    engine: EngineOpt = None,
    speak: SpeakOpt = None,
    speak_to: SpeakToOpt = None,
    private_to: Annotated[
        Path | None,
        typer.Option("--private-to", help="With --speak-to: write your hand to this WAV."),
    ] = None,
    private_device: Annotated[
        str | None,
        typer.Option("--private-device", help="Headphones for your hand (index or name part)."),
    ] = None,
    device: Annotated[
        str | None, typer.Option("--device", help="Speakers for the table (index or name part).")
    ] = None,
    log: Annotated[
        Path | None, typer.Option("--log", help="One JSON line per event of the game.")
    ] = None,
    large: Annotated[
        bool, typer.Option("--large", help="Large-print, high-contrast view.")
    ] = False,
    verbosity: VerbosityOpt = None,
    store: Annotated[
        bool, typer.Option("--store/--no-store", help="Keep the game in your progress.")
    ] = True,
    as_json: Annotated[
        bool, typer.Option("--json", help="End with the summary as one JSON object.")
    ] = False,
) -> None:
    """A full game against bots: say "seven, twenty-four" (or the total); ask "my cards", "hint"."""
    from voice_host.audio import AudioDeviceError, AudioFileError
    from voice_host.games.cowabunga.host.practice import PracticeError, run_practice
    from voice_host.progress.store import open_store
    from voice_host.voice import VoiceError

    for path, flag in ((speak_to, "--speak-to"), (private_to, "--private-to"), (log, "--log")):
        check_output(path, flag)
    settings = _settings(verbosity)
    if lang is not None:
        from voice_host.phrases import LANGUAGES

        if lang not in LANGUAGES:
            raise UserError(f"--lang {lang!r}: choose one of {', '.join(LANGUAGES)}")
        settings = replace(settings, lang=lang)
    if private_device is not None:
        settings = replace(settings, private_device=private_device)
    if device is not None:
        settings = replace(settings, output_device=device)
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 31)
        print(f"voice-host: seed {seed}", file=sys.stderr)
    live = input_wav is None
    with ExitStack() as stack:
        log_file = stack.enter_context(log.open("w", encoding="utf-8")) if log else None
        try:
            out, speaker = _output(settings, speak, speak_to, private_to, live=live)
            replies = _closed_at_exit(stack, _replies(settings, input_wav, keyboard, engine,
                                                      speaker))
            game = run_practice(
                replies,
                out,
                seed=seed,
                name=name,
                bots=[b.strip() for b in bots.split(",") if b.strip()],
                verbosity=settings.verbosity,
                log=log_file,
                large=large,
                show=sys.stdout.isatty(),
                lang=settings.lang,
            )
        except PracticeError as err:
            raise UserError(str(err)) from None
        except (AudioFileError, AudioDeviceError, VoiceError) as err:
            raise UserError(str(err)) from None
    if store and game.turns:
        with open_store() as st:
            st.add_session("practice", game.records(), summary=game.summary(), seed=seed)
    if as_json:
        print(json.dumps({"summary": game.summary()}, ensure_ascii=False))
    else:
        print(practice_summary(game.summary()))


def practice_summary(summary: dict[str, object]) -> str:
    """The practice game's last printed line, for a person."""
    turns = f"{summary['turns']} turn{'' if summary['turns'] == 1 else 's'}"
    line = f"summary: {turns}, {summary['correct']} right, {summary['mistakes']} mistakes"
    if summary["hints"]:
        line += f", {summary['hints']} hints"
    if summary["mean_ms"] is not None:
        line += f", {summary['mean_ms']} ms per answer"
    if not summary["finished"]:
        return line + "; the game was stopped"
    winners = summary["winners"]
    names = ", ".join(map(str, winners)) if isinstance(winners, list) else ""
    return line + f"; won by {names}"


@train_app.command("stats")
def stats(
    png: Annotated[
        Path | None, typer.Option("--png", help="Where to write the chart (default: data folder).")
    ] = None,
    terminal: Annotated[
        bool, typer.Option("--terminal/--no-terminal", help="Draw the chart in the terminal.")
    ] = True,
    as_json: Annotated[bool, typer.Option("--json", help="Print the numbers as JSON.")] = False,
) -> None:
    """Accuracy and answer time over your sessions, and the numbers that trip you most."""
    from voice_host.progress.chart import collect, terminal_chart, write_png
    from voice_host.progress.store import open_store

    check_output(png, "--png")
    with open_store() as st:
        data = collect(st)
    if not data.sessions:
        print("no training sessions yet: try `voice-host train quiz`")
        return
    path = write_png(data, png)
    if as_json:
        print(json.dumps({**data.to_json(), "png": str(path)}))
        return
    if terminal:
        print(terminal_chart(data))
    print(data.table())
    print(f"chart: {path}")


@settings_app.command("show")
def settings_show(
    as_json: Annotated[bool, typer.Option("--json", help="As one JSON object.")] = False,
) -> None:
    """The remembered settings and where they are kept."""
    from voice_host.settings import settings_path

    s = _settings()
    if as_json:
        print(json.dumps(asdict(s)))
        return
    for key, value in asdict(s).items():
        print(f"{key} = {'default' if value is None else value}")
    print(f"# {settings_path()}")


@settings_app.command("set", context_settings={"ignore_unknown_options": True})
def settings_set(
    name: Annotated[str, typer.Argument(help="Setting name (see `settings show`).")],
    value: Annotated[str, typer.Argument(help="New value; `default` clears a device or voice.")],
) -> None:
    """Change one setting and remember it."""
    from voice_host.settings import SettingsError, check_available, parse_value, set_setting

    try:
        check_available(name, parse_value(name, value))  # not a voice or device that is not there
        s = set_setting(name, value)
    except SettingsError as err:
        raise UserError(str(err)) from None
    shown = getattr(s, name)
    print(f"{name} = {'default' if shown is None else shown}")
