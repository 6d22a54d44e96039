"""The quiz contract end to end: printed questions, answers spoken by espeak-ng, the real
recognizer, the log and the stored session."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.games.cowabunga.trainer.conftest import speak_answers, spoken
from voice_host.progress.store import open_store

pytestmark = pytest.mark.slow

VOICE_HOST = [sys.executable, "-m", "voice_host"]


def _run(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    import os

    env = {**os.environ, "VOICE_HOST_HOME": str(home)}
    return subprocess.run(
        [*VOICE_HOST, *args], capture_output=True, text=True, env=env, timeout=120, check=False
    )


def test_quiz_contract_from_a_recording(tmp_path: Path, home: Path) -> None:
    args = ["train", "quiz", "--questions", "7", "--seed", "21", "--level", "3"]
    printed = _run(*args, "--print-questions", home=home)
    assert printed.returncode == 0, printed.stderr
    questions = [json.loads(line) for line in printed.stdout.splitlines()]
    assert len(questions) == 7
    assert all(set(q) == {"question", "answer"} for q in questions)
    assert {type(q["answer"]) for q in questions} == {int, str}  # numbers and yes/no

    # The learner gets questions 2 and 5 wrong (a neighbouring number, the other yes/no).
    def wrong(answer: int | str) -> int | str:
        if isinstance(answer, int):
            return answer + 2
        return "no" if answer == "yes" else "yes"

    said = [wrong(q["answer"]) if i in (1, 4) else q["answer"] for i, q in enumerate(questions)]
    wav = speak_answers(tmp_path / "answers.wav", [spoken(a) for a in said], gap_s=1.0)
    log = tmp_path / "quiz.jsonl"
    run = _run(*args, "--input", str(wav), "--log", str(log), home=home)
    assert run.returncode == 0, run.stderr

    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(lines) == 8 and set(lines[-1]) == {"summary"}
    marked = lines[:-1]
    assert [(m["question"], m["answer"]) for m in marked] == [
        (q["question"], q["answer"]) for q in questions
    ]
    assert all(set(m) == {"question", "answer", "heard", "correct", "ms"} for m in marked)
    agree = sum(
        m["heard"][-1:] == [s] and m["correct"] == (s == m["answer"])
        for m, s in zip(marked, said, strict=True)
    )
    assert agree >= 6, marked  # the recognizer may miss one, never more
    assert all(isinstance(m["ms"], int) and 500 <= m["ms"] <= 2500 for m in marked), marked
    summary = lines[-1]["summary"]
    assert summary["asked"] == 7 and summary["correct"] == sum(m["correct"] for m in marked)
    assert summary["seed"] == 21 and summary["adaptive"] is False
    # The host said the right answer after each mistake.
    for m in marked:
        if not m["correct"]:
            assert f"Not quite: {spoken(m['answer'])}." in run.stdout

    with open_store(home / "data" / "progress.sqlite") as store:
        sessions = store.sessions()
        assert [(s.kind, s.asked) for s in sessions] == [("quiz", 7)]
        assert [a.correct for a in store.answers(sessions[0].id)] == [m["correct"] for m in marked]


def test_quiz_bad_input_is_one_clear_line(tmp_path: Path, home: Path) -> None:
    bogus = tmp_path / "answers.wav"
    bogus.write_text("not audio")
    run = _run("train", "quiz", "--questions", "2", "--seed", "1", "--input", str(bogus), home=home)
    assert run.returncode == 2
    assert run.stderr.startswith("voice-host: ") and "Traceback" not in run.stderr
    assert str(bogus) in run.stderr


def test_quiz_speaks_into_a_wav_with_earcons(tmp_path: Path, home: Path) -> None:
    import soundfile

    questions = _run(
        "train", "quiz", "--questions", "2", "--seed", "3", "--print-questions", home=home
    )
    answers = [json.loads(line)["answer"] for line in questions.stdout.splitlines()]
    wav = speak_answers(tmp_path / "a.wav", [spoken(a) for a in answers])
    host = tmp_path / "host.wav"
    run = _run(
        "train",
        "quiz",
        "--questions",
        "2",
        "--seed",
        "3",
        "--input",
        str(wav),
        "--speak-to",
        str(host),
        "--verbosity",
        "terse",
        "--no-store",
        home=home,
    )
    assert run.returncode == 0, run.stderr
    info = soundfile.info(str(host))
    assert info.samplerate == 16000 and 3.0 < info.duration < 30.0
    assert not (home / "data" / "progress.sqlite").exists()  # --no-store


def test_next_session_starts_where_the_last_ended(home: Path) -> None:
    from voice_host.games.cowabunga.trainer.plan import QuizPlan

    ideal = QuizPlan(5, 6, 3, adaptive=True).ideal_questions()
    typed = "\n".join(str(q.answer) for q in ideal) + "\n"
    import os

    env = {**os.environ, "VOICE_HOST_HOME": str(home)}
    first = subprocess.run(
        [
            *VOICE_HOST,
            "train",
            "quiz",
            "--questions",
            "6",
            "--seed",
            "5",
            "--level",
            "3",
            "--adapt",
            "--keyboard",
            "--no-speak",
        ],
        input=typed,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert first.returncode == 0, first.stderr
    assert "summary: 6/6 right" in first.stdout and "level up from 3 to 5" in first.stdout
    following = _run("train", "quiz", "--questions", "2", "--print-questions", home=home)
    assert "starting at level 5" in following.stderr
