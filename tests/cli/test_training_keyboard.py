"""The quiz and the practice game typed at a terminal with no speakers, as a newcomer meets them."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from voice_host.host.channels import KeyboardReplies
from voice_host.phrases import phrase_table

from .helpers import voice_host


class Typed(io.StringIO):
    """Lines typed at a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.fixture(autouse=True)
def no_speakers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VOICE_HOST_HOME", str(tmp_path / "home"))
    import voice_host.host.runner as runner

    monkeypatch.setattr(runner, "has_output_device", lambda: False)


def _answers(seed: int, count: int, capsys: pytest.CaptureFixture[str],
             monkeypatch: pytest.MonkeyPatch) -> list[str]:
    ran = voice_host(["train", "quiz", "--questions", str(count), "--seed", str(seed),
                      "--print-questions"], capsys, monkeypatch)
    return [str(json.loads(line)["answer"]) for line in ran.out.splitlines()]


def test_the_quiz_by_keyboard_with_no_speakers_prints_the_host(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = _answers(4, 2, capsys, monkeypatch)
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(answers) + "\n"))
    ran = voice_host(["train", "quiz", "--keyboard", "--questions", "2", "--seed", "4"],
                     capsys, monkeypatch)
    assert ran.code == 0, ran
    assert "no speakers" in ran.err and "device -1" not in ran.err
    assert "host: " in ran.out
    summary = ran.out.splitlines()[-1]
    assert summary.startswith("summary: 2/2 right") and "None" not in summary, summary


def test_a_seeded_ramp_is_not_reported_as_a_reward(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1000\n" * 5))
    ran = voice_host(["train", "quiz", "--keyboard", "--no-speak", "--questions", "5", "--seed",
                      "4"], capsys, monkeypatch)
    summary = ran.out.splitlines()[-1]
    assert "->" not in summary and "fixed" in summary, summary


def test_keyboard_replies_prompt_skip_empty_lines_and_take_q_as_stop(
    capsys: pytest.CaptureFixture[str],
) -> None:
    replies = KeyboardReplies(phrase_table("en"), Typed("\n  \n17\nq\n"))
    first = replies.next()
    assert first is not None and first.numbers == (17,)
    prompt = capsys.readouterr().out
    assert prompt.strip(), "no prompt"
    stop = replies.next()
    assert stop is not None and stop.command == "stop"


def test_practice_ends_with_words_for_a_person_and_json_when_asked(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    ran = voice_host(["train", "practice", "--keyboard", "--no-speak", "--seed", "3"],
                     capsys, monkeypatch)
    assert ran.code == 0, ran
    assert "Say that again?" not in ran.out and "Game stopped." in ran.out
    last = ran.out.strip().splitlines()[-1]
    assert not last.startswith("{") and "stopped" in last, last
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    ran = voice_host(["train", "practice", "--keyboard", "--no-speak", "--seed", "3", "--json"],
                     capsys, monkeypatch)
    assert json.loads(ran.out.strip().splitlines()[-1])["summary"]["finished"] is False
