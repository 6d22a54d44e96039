"""The referee on a recording (``--input``) hears it as the live table's ear hears the
microphone: a phrase cut at its comma is judged as one phrase, and a recording that starts in
party babble keeps its first announcements; on real speech (espeak-ng) through the real
recognizer."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tests.speech import silence
from voice_host.audio import Endpointer, samples_to_chunks
from voice_host.audio.chunks import write_wav
from voice_host.audio.noise import mix_at_snr
from voice_host.ear.backends import load_recognizer
from voice_host.ear.inputs import recording_inputs
from voice_host.games.cowabunga.host import Session
from voice_host.host.runner import Runner
from voice_host.recognition import SAMPLE_RATE, Recognizer
from voice_host.voice import babble, synthesize

from .games import VOICE
from .helpers import table_setup

SNR_DB = 10.0
"""The party babble's level under the announcements (over their active speech level)."""


@pytest.fixture(scope="module")
def ear() -> Recognizer:
    return load_recognizer("ear")


def _log_of_recording(session: Session, path: Path, ear: Recognizer) -> list[dict[str, Any]]:
    log = io.StringIO()
    runner = Runner(session, log=log, recording=True)
    runner.drive(recording_inputs(path), ear, lambda: session.stopped)
    return [json.loads(line) for line in log.getvalue().splitlines()]


def test_a_phrase_cut_at_its_comma_on_a_recording_is_judged_as_one(
    ear: Recognizer, tmp_path: Path
) -> None:
    """ "five, ... thirty-one" from twenty-six with a long comma pause: the endpointer cuts it in
    two. Judged one by one, "five" alone was a mistake ("No card goes from twenty-six to
    five"); joined as live, it is the turn said."""
    audio = np.concatenate([
        silence(0.5),
        synthesize("five", voice=VOICE, rate=175),
        silence(0.15),  # on top of espeak-ng's own: a pause of about 0.45 s
        synthesize("thirty-one", voice=VOICE, rate=175),
        silence(1.0),
    ])
    assert len(list(Endpointer().utterances(samples_to_chunks(audio)))) == 2
    path = tmp_path / "cut.wav"
    write_wav(path, audio)
    session = Session(table_setup(), can_answer=False)
    for line in ("11", "20", "26"):
        session.type(line)
    records = _log_of_recording(session, path, ear)
    assert [(r["card"], r["total"]) for r in records if r["event"] == "played"] == [(5, 31)]
    assert not [r for r in records if r["event"] in ("mistake", "ask")], records


def test_a_recording_that_starts_in_party_babble_keeps_its_first_announcements(
    ear: Recognizer, tmp_path: Path
) -> None:
    """Two seconds of a party before the first announcement, babble at SNR_DB throughout: the
    endpointer starts in the babble before it knows its level, and its first utterance ran on
    for 4.6 s with the first two turns in it, judged as one. Longer than any announcement, it
    is cut again under the floor it taught: each turn is heard and logged."""
    lines = ("eleven", "twenty", "twenty-six")
    parts = [silence(2.0)]
    for line in lines:
        parts += [synthesize(line, voice=VOICE, rate=175), silence(0.9)]
    clean = np.concatenate(parts)
    noise = babble(len(clean) / SAMPLE_RATE + 1.0, talkers=6, seed=13)[: len(clean)]
    path = tmp_path / "party.wav"
    write_wav(path, mix_at_snr(clean, noise, SNR_DB))
    records = _log_of_recording(Session(table_setup(), can_answer=False), path, ear)
    assert [r["total"] for r in records if r["event"] == "played"] == [11, 20, 26], records
    assert not [r for r in records if r["event"] in ("mistake", "resync")], records
