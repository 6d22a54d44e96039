"""The demo in German: the bots speak the German phrase table's words in German espeak-ng voices,
the German ear hears them, the referee judges in German and the host answers in a German voice;
a language the demo does not know is a one-line error."""

from __future__ import annotations

import io
import json
import random
import shutil
from pathlib import Path
from typing import Any

import pytest

from cowabunga import deal
from voice_host.games.cowabunga.host import host_lines
from voice_host.games.cowabunga.words import WORDINGS
from voice_host.phrases import phrase_table

from .games import run
from .helpers import PLAYERS
from .test_german_host import english_in

DE = phrase_table("de")

SEED = 7
"""The deal, the bots and the planted mistakes: within the first turns one mistake is planted."""

TURNS = 12
"""Turns the short game plays."""


def bot_says(transcript: list[str]) -> list[str]:
    """What the bots said or typed, from the German transcript (not the host's lines, not the
    ear's)."""
    typed = WORDINGS["de"].typed_line.partition("{text}")[0]
    host = WORDINGS["de"].host_line.partition("{text}")[0]
    said = []
    for line in transcript:
        if line.startswith(typed):
            said.append(line.removeprefix(typed))
        elif not line.startswith((host, " ")):
            said.append(line.partition(": ")[2])
    return said


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="needs espeak-ng")
def test_a_german_demo_through_the_german_ear(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import voice_host.voice as voice
    from voice_host.audio.chunks import read_wav
    from voice_host.ear.backends import load_recognizer
    from voice_host.ear.recognizer import default_head_path
    from voice_host.games.cowabunga.host.demo import run_demo

    if not default_head_path("de").exists():
        pytest.skip("no shipped German head")
    hosts: list[voice.HostVoice] = []

    class KeptHostVoice(voice.HostVoice):
        """The real host voice, kept for a look at which voice it resolved to."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            hosts.append(self)

    monkeypatch.setattr(voice, "HostVoice", KeptHostVoice)
    transcript: list[str] = []
    log = io.StringIO()
    wav = tmp_path / "demo.wav"
    stats = run_demo(
        PLAYERS,
        seed=SEED,
        recognizer=load_recognizer("ear", lang="de"),
        wav=wav,
        log=log,
        transcript=transcript.append,
        max_turns=TURNS,
        lang="de",
    )
    records = [json.loads(line) for line in log.getvalue().splitlines()]
    lines = [str(r["text"]) for r in records if r["event"] == "host"]

    # Every turn was accepted, nearly all by ear, and the referee kept to the true game (the
    # table raises if it leaves it).
    assert stats.turns == TURNS and stats.outcome is None
    assert sum(r["event"] == "played" for r in records) >= TURNS
    assert stats.typed <= 2, "\n".join(transcript)

    # The host opens in German on the true deal and speaks only German.
    view = deal(PLAYERS, random.Random(SEED)).table
    assert lines[0] == host_lines("de").start(view)
    assert lines[0].startswith("Die Startkarte ist")
    assert len(lines) > 1 and not any(english_in(line) for line in lines), lines

    # The planted mistake was caught and named in German.
    assert stats.planted >= 1 and stats.caught == stats.planted, "\n".join(transcript)
    caught = [i for i, r in enumerate(records) if r["event"] == "mistake"]
    after = [r for r in records[caught[0] :] if r["event"] == "host"]
    assert after and not english_in(str(after[0]["text"])) and " nicht " in after[0]["text"]

    # The bots spoke (and typed) the German table's words only: totals, cards and its commands.
    said = bot_says(transcript)
    assert said and all(DE.parse(text) is not None for text in said), said
    assert not any(english_in(text) for text in said), said
    assert not any("unknown input" in line for line in transcript), transcript
    if stats.questions:
        yes_no = {DE.commands["yes"][0], DE.commands["no"][0]}
        assert yes_no & set(said), said

    # The host's voice is espeak-ng's German, and the game's sound went into the WAV.
    assert len(hosts) == 1 and hosts[0].settings.lang == "de"
    assert hosts[0].voice_id() == "gmw/de"
    assert len(read_wav(wav)) > 16000 * 10


def test_demo_with_an_unknown_language_is_one_line_exit_2() -> None:
    out = run("demo", "--lang", "xx")
    assert out.returncode == 2
    assert out.stderr.strip().splitlines() == [
        "voice-host: --lang 'xx': choose one of en, de, es, fr, it"
    ]


def test_demo_in_german_with_an_english_only_engine_is_one_line_exit_2() -> None:
    out = run("demo", "--lang", "de", "--engine", "pocketsphinx")
    assert out.returncode == 2
    error = out.stderr.strip().splitlines()
    assert len(error) == 1 and "pocketsphinx" in error[0] and "'de'" in error[0], error
