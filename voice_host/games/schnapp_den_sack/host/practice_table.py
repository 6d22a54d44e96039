"""A practice table of Schnapp den Sack: one person against bots, by keyboard, microphone or a
recording, the host's voice and earcons, the event log, and the session kept in the training
statistics at the end (also when the person stops it)."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from voice_host.audio.chunks import AudioChunk
from voice_host.audio.gate import SpeakingGate
from voice_host.games.schnapp_den_sack.host.buzzers import assign_keys
from voice_host.games.schnapp_den_sack.host.game import EARCONS
from voice_host.games.schnapp_den_sack.host.keypresses import key_mode
from voice_host.games.schnapp_den_sack.host.practice import (
    KIND,
    CallSource,
    PracticeError,
    SchnappPractice,
    Tally,
    check_level,
    make_bots,
    practice_session,
)
from voice_host.games.schnapp_den_sack.host.practice_calls import (
    KeyboardCalls,
    KeyCalls,
    StreamCalls,
)
from voice_host.host.runner import Runner, open_voice
from voice_host.host.table import check_voice
from voice_host.host.table_earcons import earcon_player
from voice_host.progress.store import ProgressStore
from voice_host.recognition import Recognizer


@dataclass(frozen=True)
class PracticeRun:
    """How a practice is run."""

    level: int
    """The bots' speed, 1 (slow) to 5."""
    bots: int
    """How many bots play (1-4)."""
    name: str
    """The person's name at the table."""
    seed: int
    """The deal and the bots' randomness."""
    lang: str = "de"
    """The table's language."""
    wait_s: float = 3.0
    """How long the host waits for a call."""
    cards: int | None = None
    """Stop after this many cards (None: the whole game)."""
    recording: Path | None = None
    """Calls from a recording (WAV) instead of the microphone."""
    keyboard: bool = False
    """Calls typed: an empty line is a call."""
    buzzers: bool = False
    """Calls by the person's buzzer key (no Enter, no microphone)."""
    device: str | int | None = None
    """The microphone."""
    speak_to: Path | None = None
    """A WAV the host speaks into."""
    mute: bool = False
    """The host does not speak aloud."""
    log: TextIO | None = None
    """Where every event goes as JSON lines."""


def open_calls(run: PracticeRun, gate: SpeakingGate, stack: ExitStack) -> CallSource:
    """The person's calls: typed, recorded or live."""
    from voice_host.ear.early import table_endpointer

    if run.buzzers:
        stack.enter_context(key_mode(sys.stdin.fileno()))
        return KeyCalls(sys.stdin, person_key(run.name))
    if run.keyboard:
        return KeyboardCalls(sys.stdin)
    if run.recording is not None:
        from voice_host.audio.chunks import read_wav, samples_to_chunks

        chunks: Iterator[AudioChunk | None] = iter(samples_to_chunks(read_wav(run.recording)))
        return StreamCalls(chunks, table_endpointer())
    from voice_host.audio import MicrophoneSource

    source = stack.enter_context(MicrophoneSource(device=run.device))

    def live() -> Iterator[AudioChunk | None]:
        while True:
            yield source.read(timeout=0.05)

    return StreamCalls(live(), table_endpointer(gate), live=True)


def person_key(name: str) -> str:
    """The practising person's buzzer key, as a table would give it (their name's first
    letter)."""
    return assign_keys((name,)).keys[name]


def how_to_call(run: PracticeRun) -> str:
    """How the person calls, when it is not by voice."""
    if run.buzzers:
        return f": press {person_key(run.name).upper()} to call"
    return ": press Enter to call" if run.keyboard else ""


def run_practice(run: PracticeRun, ear: Recognizer | None,
                 store: ProgressStore | None) -> Tally:
    """Play a practice as ``run`` says, keep it in ``store`` (if any, and if anything was called
    or missed) and return the person's tally. Raises :class:`PracticeError`, VoiceError,
    AudioFileError or AudioDeviceError (before anything is played)."""
    level = check_level(run.level)
    rng = random.Random(run.seed)
    bots = make_bots(run.bots, rng, run.lang)
    session = practice_session(run.name, bots, run.seed, lang=run.lang, wait_s=run.wait_s)
    if not (run.keyboard or run.buzzers) and ear is None:
        raise PracticeError("calls by voice need the ear")
    gate = SpeakingGate()
    voice, _ = open_voice(run.speak_to, lang=run.lang, gate=gate, mute=run.mute)
    check_voice(voice)
    with ExitStack() as stack:
        source = open_calls(run, gate, stack)
        runner = Runner(session, None, run.log, voice, print, recording=run.recording is not None,
                        earcons=earcon_player(voice, EARCONS, gate=gate))
        practice = SchnappPractice(session, run.name, bots, level, rng, source, runner.handle,
                                   ear=ear)
        print(f"{run.name} ({session.table.calls[run.name]}) against "
              f"{', '.join(f'{b.name} ({session.table.calls[b.name]})' for b in bots)}, level "
              f"{run.level}" + how_to_call(run), flush=True)
        try:
            practice.play(run.cards)
        except KeyboardInterrupt:
            print("\nvoice-host: practice stopped", file=sys.stderr)
        finally:
            if store is not None and practice.tally.records:
                store.add_session(KIND, practice.tally.records,
                                  summary={**practice.tally.summary(), "level": run.level,
                                           "bots": run.bots},
                                  seed=run.seed, start_level=run.level, end_level=run.level)
    return practice.tally
