"""The host's voice: real WAVs the recognizer hears back, languages, short lines, stale lines."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
import wave
from pathlib import Path

import numpy as np
import pytest

from voice_host.audio import read_wav
from voice_host.recognition import SAMPLE_RATE
from voice_host.voice import (
    LANG_VOICES,
    Announcer,
    HostVoice,
    VoiceError,
    VoiceSettings,
    WavVoice,
    pick_voice,
    short_line,
    synthesize,
)

REPO = Path(__file__).resolve().parents[2]


def _rms(x: np.ndarray) -> float:
    return float(np.sqrt(np.mean(x.astype(np.float64) ** 2)))


def test_to_wav_writes_a_real_wav_the_recognizer_hears(tmp_path: Path) -> None:
    from voice_host.ear.backends import load_recognizer

    out = tmp_path / "line.wav"
    t0 = time.perf_counter()
    HostVoice().to_wav("forty two", out)
    elapsed = time.perf_counter() - t0
    with wave.open(str(out)) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, SAMPLE_RATE)
        seconds = w.getnframes() / w.getframerate()
    assert 0.5 < seconds < 2.5
    samples = read_wav(out)
    assert _rms(samples) > 1000
    assert elapsed < 2.0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["line.wav"]  # no temp left behind
    assert load_recognizer("pocketsphinx").recognize(samples).numbers == (42,)


@pytest.mark.parametrize("lang", sorted(LANG_VOICES))
def test_each_language_has_a_voice(lang: str, tmp_path: Path) -> None:
    voice = HostVoice(VoiceSettings(lang=lang))
    assert voice.voice_id() == LANG_VOICES[lang][0]
    samples = voice.samples("7")
    assert 0.2 < len(samples) / SAMPLE_RATE < 2.0 and _rms(samples) > 500


def test_rate_and_volume_change_the_speech() -> None:
    slow = HostVoice(VoiceSettings(rate=120)).samples("forty two, your turn")
    fast = HostVoice(VoiceSettings(rate=260)).samples("forty two, your turn")
    quiet = HostVoice(VoiceSettings(volume=0.2)).samples("forty two, your turn")
    assert len(slow) > 1.4 * len(fast)
    assert _rms(quiet) < 0.4 * _rms(fast)


def test_pick_voice() -> None:
    voices = [("gmw/en-us", "English (America)"), ("gmw/de", "German"), ("roa/it", "Italian")]
    assert pick_voice(voices, "de") == "gmw/de"
    assert pick_voice(voices, "en", "german") == "gmw/de"
    assert pick_voice(voices, "en", "gmw/en-us") == "gmw/en-us"
    with pytest.raises(VoiceError, match="no voice matches 'klingon'"):
        pick_voice(voices, "en", "klingon")
    with pytest.raises(VoiceError, match="no espeak-ng voice for language 'xx'"):
        pick_voice(voices, "xx")


def test_short_lines() -> None:
    assert short_line("  forty\n two  ") == "forty two"
    long = "Anna plays seven, the total is forty two. " * 10
    cut = short_line(long, max_chars=60)
    assert len(cut) <= 60 and cut.endswith(".")


def test_wav_voice_appends_lines_to_one_session_file(tmp_path: Path) -> None:
    out = tmp_path / "session.wav"
    voice = WavVoice(out)
    voice.speak("forty two")
    first = len(read_wav(out))
    voice.speak("eleven")
    total = len(read_wav(out))
    assert total > first + 0.3 * SAMPLE_RATE
    assert voice.lines == ["forty two", "eleven"]


def test_synthesize_for_tests() -> None:
    samples = synthesize("twenty four", voice="en+f3", rate=150, pitch=70)
    assert samples.dtype == np.int16 and 0.5 < len(samples) / SAMPLE_RATE < 2.5
    assert _rms(samples) > 1000


class SlowVoice:
    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.started = threading.Event()
        self.starts: list[str] = []
        self._cond = threading.Condition()

    def speak(self, text: str) -> None:
        with self._cond:
            self.starts.append(text)
            self._cond.notify_all()
        self.started.set()
        time.sleep(self.seconds)

    def spoken_wait(self, timeout: float, text: str) -> bool:
        """Wait until ``text`` has started to be spoken."""
        with self._cond:
            return self._cond.wait_for(lambda: text in self.starts, timeout)


def test_stale_announcements_are_dropped_not_queued() -> None:
    voice = SlowVoice(0.3)
    announcer = Announcer(voice, max_age_s=5.0)
    try:
        announcer.announce("Anna's turn")
        assert voice.started.wait(2)
        # While the first plays, three more arrive: only the newest survives.
        announcer.announce("total twelve")
        announcer.announce("total nineteen")
        announcer.announce("total twenty four")
        assert announcer.wait_idle(5)
        assert announcer.spoken == ["Anna's turn", "total twenty four"]
        assert announcer.dropped == ["total twelve", "total nineteen"]
        # One that cannot start within its max age is dropped: nothing supersedes it, it waits
        # 0.3 s for the line being spoken, longer than its 0.1 s.
        announcer.announce("Ben's turn")
        assert voice.spoken_wait(1, "Ben's turn")
        announcer.announce("stale by then", max_age_s=0.1)
        assert announcer.wait_idle(5)
        assert announcer.spoken == ["Anna's turn", "total twenty four", "Ben's turn"]
        assert announcer.dropped == ["total twelve", "total nineteen", "stale by then"]
    finally:
        announcer.close()


def test_an_announcement_that_waited_too_long_is_dropped() -> None:
    now = [0.0]
    voice = SlowVoice(0.0)
    gate = threading.Event()

    def clock() -> float:
        return now[0]

    class Blocking:
        def speak(self, text: str) -> None:
            gate.wait(5)
            voice.speak(text)

    announcer = Announcer(Blocking(), max_age_s=1.0, clock=clock)
    try:
        announcer.announce("first")
        time.sleep(0.1)
        announcer.announce("stale by the time it could start")
        now[0] = 10.0
        gate.set()
        assert announcer.wait_idle(5)
        assert announcer.spoken == ["first"]
        assert announcer.dropped == ["stale by the time it could start"]
    finally:
        announcer.close()


def test_say_cli_speak_to(tmp_path: Path) -> None:
    out = tmp_path / "say.wav"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "voice_host",
            "say",
            "eleven",
            "--speak-to",
            str(out),
            "--lang",
            "en",
            "--rate",
            "160",
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout == ""
    assert _rms(read_wav(out)) > 1000


def test_say_cli_bad_input_is_one_line(tmp_path: Path) -> None:
    for args in (["--volume", "3"], ["--voice", "no-such-voice"], ["--lang", "xx"]):
        run = subprocess.run(
            [
                sys.executable,
                "-m",
                "voice_host",
                "say",
                "hi",
                "--speak-to",
                str(tmp_path / "x.wav"),
                *args,
            ],
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert run.returncode == 2, (args, run.stderr)
        assert run.stderr.count("\n") == 1 and run.stderr.startswith("voice-host: ")
    assert not (tmp_path / "x.wav").exists()


@pytest.mark.needs_audio
def test_say_to_the_speaker_shuts_the_gate(virtual_audio: object) -> None:
    from tests.fixtures_audio import VirtualAudio
    from voice_host.audio import SpeakingGate

    assert isinstance(virtual_audio, VirtualAudio)
    gate = SpeakingGate(tail_s=0.2)
    seen = []
    recording: list[np.ndarray] = []
    rec = threading.Thread(target=lambda: recording.append(virtual_audio.record_speaker(2.5)))
    rec.start()
    time.sleep(0.3)
    watcher_stop = threading.Event()

    def watch() -> None:
        while not watcher_stop.is_set():
            seen.append(gate.is_speaking)
            time.sleep(0.01)

    watcher = threading.Thread(target=watch)
    watcher.start()
    t0 = time.perf_counter()
    HostVoice(gate=gate).say("forty two")
    took = time.perf_counter() - t0
    blocked_after = gate.blocks()
    watcher_stop.set()
    watcher.join()
    rec.join()
    assert any(seen) and not gate.is_speaking and blocked_after
    assert 0.5 < took < 3.0
    assert _rms(recording[0]) > 300, "nothing reached the speaker"
