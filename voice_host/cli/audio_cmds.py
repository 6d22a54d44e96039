"""Commands: ``say`` (the host's voice), ``devices`` (audio devices), ``listen`` (microphone)."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from voice_host.cli.app import UserError, app, check_output
from voice_host.ear.backends import DEFAULT_ENGINE, ENGINE_HELP

if TYPE_CHECKING:
    from voice_host.recognition import Samples


@app.command()
def say(
    text: Annotated[str, typer.Argument(help="What the host says.")],
    speak_to: Annotated[
        Path | None,
        typer.Option("--speak-to", help="Write the speech to this WAV instead of the speakers."),
    ] = None,
    lang: Annotated[str, typer.Option(help="Language of the voice: en, de, es, fr, it.")] = "en",
    voice: Annotated[
        str | None, typer.Option(help="An espeak-ng voice id or name (overrides --lang).")
    ] = None,
    rate: Annotated[int, typer.Option(help="Words per minute, 80 to 400.")] = 175,
    volume: Annotated[float, typer.Option(help="Loudness from 0.0 to 1.0.")] = 1.0,
    device: Annotated[
        str | None, typer.Option(help="Output device: index or name part (see `devices`).")
    ] = None,
) -> None:
    """Speak TEXT with the host's voice, to the speakers or to a WAV file."""
    from voice_host.audio.mic import AudioDeviceError
    from voice_host.settings import MAX_RATE, MIN_RATE, RATE_HELP
    from voice_host.voice import HostVoice, VoiceError, VoiceSettings

    if not text.strip():
        raise UserError('the text is empty; give what the host says: voice-host say "Anna, your '
                        'turn"')
    if not 0.0 <= volume <= 1.0:
        raise UserError(f"--volume {volume} is out of range; use 0.0 to 1.0")
    if not MIN_RATE <= rate <= MAX_RATE:
        raise UserError(f"--rate {rate} is out of range; {RATE_HELP}")
    check_output(speak_to, "--speak-to")
    settings = VoiceSettings(lang=lang, voice=voice, rate=rate, volume=volume)
    host = HostVoice(settings, device=_device_arg(device))
    try:
        if speak_to is not None:
            host.to_wav(text, speak_to)
        else:
            host.say(text)
    except (VoiceError, AudioDeviceError) as err:
        raise UserError(str(err)) from None
    except OSError as err:
        raise UserError(f"cannot write {speak_to}: {err.strerror or err}") from None


@app.command()
def devices(
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per device.")] = False,
) -> None:
    """List the audio devices; the default microphone and speaker are marked."""
    from dataclasses import asdict

    from voice_host.audio.mic import AudioDeviceError, list_devices

    try:
        found = list_devices()
    except AudioDeviceError as err:
        raise UserError(str(err)) from None
    if as_json:
        for d in found:
            print(json.dumps(asdict(d)))
        return
    if not found:
        print("no audio devices (no sound card or sound server found)")
        return
    for d in found:
        marks = []
        if d.default_input:
            marks.append("default input")
        if d.default_output:
            marks.append("default output")
        star = "*" if marks else " "
        note = f"  [{', '.join(marks)}]" if marks else ""
        print(
            f"{star} {d.index:>3}  {d.name}  ({d.hostapi}; {d.inputs} in, {d.outputs} out, "
            f"{d.default_rate:.0f} Hz){note}"
        )


def _device_arg(device: str | None) -> str | int | None:
    if device is None:
        return None
    return int(device) if device.strip().isdigit() else device


@app.command()
def listen(
    device: Annotated[
        str | None, typer.Option(help="Input device: index or name part (see `devices`).")
    ] = None,
    engine: Annotated[str, typer.Option(help=ENGINE_HELP)] = DEFAULT_ENGINE,
    lang: Annotated[str, typer.Option(help="Language: en, de, es, fr, it.")] = "en",
    model: Annotated[Path | None, typer.Option(help="Model folder for the engine.")] = None,
    max_utterances: Annotated[
        int | None, typer.Option("--max-utterances", help="Stop after this many utterances.")
    ] = None,
    seconds: Annotated[
        float | None, typer.Option(help="Stop after listening this many seconds.")
    ] = None,
    hangover_ms: Annotated[
        int,
        typer.Option(
            "--hangover-ms",
            help="Silence that ends an utterance; shorter answers sooner but may split "
            "'plus seven, twenty-four' at the comma.",
        ),
    ] = 300,
    save_utterances: Annotated[
        Path | None,
        typer.Option("--save-utterances", help="Also save each utterance as a WAV in this folder."),
    ] = None,
    early: Annotated[
        bool,
        typer.Option(
            "--early/--no-early",
            help="Start recognizing at a short pause, so the result is ready when the "
            "utterance ends instead of a recognition later.",
        ),
    ] = True,
    close_early: Annotated[
        bool,
        typer.Option(
            "--close-early/--no-close-early",
            help="With --early: when what was heard at the short pause is whole (a sure total "
            "above 9, or a card and a total), answer then instead of after the full hangover; "
            "a lone 0-9 still waits, as it may be the card of 'seven, twenty-four'.",
        ),
    ] = True,
) -> None:
    """Listen on the microphone and print one JSON line per utterance, as `hear` does."""
    from voice_host.audio.early import EarlyRecognizer, Recognized
    from voice_host.audio.endpoint import Endpointer, EndpointerConfig
    from voice_host.audio.mic import AudioDeviceError, MicrophoneSource
    from voice_host.ear.backends import EngineError, load_recognizer
    from voice_host.recognition import Hearing, is_whole

    if not 60 <= hangover_ms <= 2000:
        raise UserError(f"--hangover-ms {hangover_ms} is out of range; use 60 to 2000")
    try:
        recognizer = load_recognizer(engine, lang=lang, model=model)
    except EngineError as err:
        raise UserError(str(err)) from None
    endpointer = Endpointer(EndpointerConfig(hangover_ms=hangover_ms))
    deadline = None if seconds is None else time.monotonic() + seconds
    heard = 0

    def out(r: Recognized[Hearing]) -> None:
        _save(save_utterances, heard, r.utterance.samples)
        line = {**r.result.to_json(), "ms": round(r.recognize_ms)}
        print(json.dumps(line, ensure_ascii=False), flush=True)

    try:
        source = MicrophoneSource(device=_device_arg(device))
        whole = is_whole if early and close_early else None
        loop = EarlyRecognizer(recognizer.recognize, endpointer, early=early, close_early=whole)
        with source, loop:
            where = "the default input" if source.device is None else f"device {source.device}"
            print(f"voice-host: listening on {where}", file=sys.stderr, flush=True)
            while max_utterances is None or heard < max_utterances:
                if deadline is not None and time.monotonic() >= deadline:
                    break
                chunk = source.read(timeout=0.1)
                if chunk is None:
                    continue
                for r in loop.process(chunk):
                    heard += 1
                    out(r)
            last = loop.flush()
            if last is not None and (max_utterances is None or heard < max_utterances):
                heard += 1
                out(last)
    except AudioDeviceError as err:
        raise UserError(str(err)) from None


def _save(folder: Path | None, n: int, samples: Samples) -> None:
    if folder is None:
        return
    from voice_host.audio.chunks import write_wav

    write_wav(folder / f"utterance-{n:03d}.wav", samples)

