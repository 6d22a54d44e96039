"""No screen, no keyboard: a quiz answered into the (PulseAudio virtual) microphone."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from tests.fixtures_audio import VirtualAudio
from voice_host.phrases import phrase_table
from voice_host.recognition import SAMPLE_RATE

pytestmark = [pytest.mark.needs_audio, pytest.mark.slow]


def test_quiz_answered_into_the_microphone(
    virtual_audio: VirtualAudio, tmp_path: Path, home: Path
) -> None:
    from voice_host.audio import write_wav
    from voice_host.voice import synthesize

    args = [sys.executable, "-m", "voice_host", "train", "quiz", "--questions", "3", "--seed", "9"]
    env = {**virtual_audio.subprocess_env(), "VOICE_HOST_HOME": str(home)}
    printed = subprocess.run(
        [*args, "--print-questions"], capture_output=True, text=True, env=env, check=True
    )
    answers = [json.loads(line)["answer"] for line in printed.stdout.splitlines()]
    en = phrase_table("en")
    parts = []
    for answer in answers:
        parts.append(synthesize(en.number_words(answer) if isinstance(answer, int) else answer))
        parts.append(np.zeros(SAMPLE_RATE, np.int16))
    speech = tmp_path / "answers.wav"
    write_wav(speech, np.concatenate(parts))
    log = tmp_path / "quiz.jsonl"
    quiz = subprocess.Popen(
        [*args, "--no-speak", "--log", str(log)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert quiz.stdout is not None
        first = quiz.stdout.readline()  # the first question: the microphone opens now
        assert first.startswith("host: "), first
        time.sleep(0.5)
        virtual_audio.feed(speech)
        _, err = quiz.communicate(timeout=60)
    finally:
        if quiz.poll() is None:
            quiz.kill()
    assert quiz.returncode == 0, err
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    marked = lines[:-1]
    assert [m["answer"] for m in marked] == answers
    right = sum(m["correct"] for m in marked)
    assert right >= 2, marked  # the recognizer may miss one
    assert all(m["ms"] is None or m["ms"] >= 0 for m in marked)
    assert lines[-1]["summary"]["asked"] == 3
