"""The practice game: a whole game by keyboard, and turns spoken through the real recognizer."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from cowabunga import Play, apply, observe
from cowabunga.bots import CarefulBot
from tests.training.conftest import speak_answers
from voice_host.phrases import phrase_table
from voice_host.training.channels import KeyboardReplies, RecordingReplies, Transcript
from voice_host.training.practice import PracticeError, infer_play, new_game, run_practice

SEED = 5


def learner_plays(seed: int, turns: int | None = None) -> list[tuple[int, int]]:
    """(card, total) of the learner's turns when the learner plays like a careful bot."""
    state, bots = new_game(seed, "You", ["careful", "careful"])
    me = CarefulBot()
    plays: list[tuple[int, int]] = []
    while state.outcome is None and (turns is None or len(plays) < turns):
        seat = state.to_play
        bot = me if seat == 0 else bots[seat - 1]
        card = bot.choose(observe(state, seat))
        if seat == 0:
            plays.append((card, state.table.total_after(card)))
        state, _ = apply(state, Play(card))
    return plays


def _events(log: io.StringIO) -> list[dict[str, object]]:
    return [json.loads(line) for line in log.getvalue().splitlines()]


def test_whole_game_by_keyboard_with_review() -> None:
    plays = learner_plays(SEED)
    lines = ["my cards", "hint"]
    for i, (card, total) in enumerate(plays):
        # Turn two names the card and a wrong total: an arithmetic mistake.
        lines.append(f"{card} {total + 1}" if i == 1 else f"{card}, {total}")
    log = io.StringIO()
    out = Transcript(stream=io.StringIO())
    game = run_practice(
        KeyboardReplies(phrase_table("en"), io.StringIO("\n".join(lines) + "\n")),
        out,
        seed=SEED,
        log=log,
    )
    events = _events(log)
    assert game.outcome is not None and game.summary()["finished"] is True
    assert [e for e in events if e["event"] == "game_over"]
    mine = [
        (e["card"], e["total"]) for e in events if e["event"] == "played" and e["player"] == "You"
    ]
    assert mine == plays
    mistakes = [e for e in events if e["event"] == "mistake"]
    assert mistakes == [
        {
            "event": "mistake",
            "player": "You",
            "said": plays[1][1] + 1,
            "reason": "arithmetic",
            "expected": plays[1][1],
        }
    ]
    assert game.turns[1].mistakes == ("arithmetic",)
    assert sum(t.correct for t in game.turns) == len(plays) - 1
    review = game.review()
    assert any("not" in line and line.startswith("Turn two") for line in review)
    assert any(line.startswith("Review: one mistake") for line in out.lines)
    hint = next(e for e in events if e["event"] == "hint")
    first_hand = new_game(SEED, "You", ["careful", "careful"])[0].hands[0]
    assert hint["card"] in first_hand and str(hint["reason"]).startswith(("Play", "Every"))
    assert "(private) Your cards:" in " ".join(out.lines)
    bots = {e["speaker"] for e in events if e["event"] == "host" and e["speaker"] is not None}
    assert bots == {0, 1}  # each bot speaks in its own voice
    # Earcons mark what happened: a turn of the count, a stew pot, an accepted play, a mistake.
    kinds = {e["event"] for e in events}
    assert {"direction", "stew_pot"} <= kinds
    assert {"[direction]", "[stew_pot]", "[accepted]", "[mistake]", "[listening]"} <= set(out.lines)
    records = game.records()
    assert len(records) == len(plays) and records[1].correct is False


def test_infer_play_from_what_was_said() -> None:
    from voice_host.training.channels import Reply

    after = {3: 20, 6: 23, 9: 26}
    hand = (3, 6, 9)

    def reply(*numbers: int, play: bool = False) -> Reply:
        return Reply("", numbers, None, True, 0, play)

    assert infer_play(reply(6, 23), after, hand) == (6, 23)
    assert infer_play(reply(6, 24), after, hand) == (6, 24)  # an arithmetic mistake, checked later
    assert infer_play(reply(23), after, hand) == (6, 23)
    assert infer_play(reply(9, play=True), after, hand) == (9, None)
    assert infer_play(reply(7, 24), after, hand) == "card_not_in_hand"
    assert infer_play(reply(25), after, hand) == "impossible_step"


def test_practice_setup_errors_name_the_problem() -> None:
    with pytest.raises(PracticeError, match="unknown bot 'clever'"):
        new_game(1, "You", ["clever"])
    with pytest.raises(PracticeError, match="1 to 4"):
        new_game(1, "You", [])
    with pytest.raises(PracticeError, match="'Ada'"):
        new_game(1, "Ada", ["careful"])


@pytest.mark.slow
def test_spoken_turns_through_the_recognizer(tmp_path: Path) -> None:
    from voice_host.recognizers import DEFAULT_ENGINE, load_recognizer

    en = phrase_table("en").number_words
    plays = learner_plays(SEED, turns=4)
    said = ["my cards"]
    said.append(f"{en(plays[0][0])}, {en(plays[0][1])}")  # card and total
    said.append(en(plays[1][1]))  # the total alone
    said.append("give me a hint")
    said.append(f"{en(plays[2][0])}, {en(plays[2][1] + 1)}")  # an arithmetic mistake
    said.append(en(plays[3][1]))
    said.append("stop the game")
    wav = speak_answers(tmp_path / "turns.wav", said, gap_s=0.8)
    log = io.StringIO()
    out = Transcript(stream=io.StringIO())
    replies = RecordingReplies(wav, load_recognizer(DEFAULT_ENGINE), phrase_table("en"))
    game = run_practice(replies, out, seed=SEED, log=log)
    events = _events(log)
    commands = [e["name"] for e in events if e["event"] == "command"]
    assert commands == ["my_cards", "hint", "stop"]
    mine = [
        (e["card"], e["total"]) for e in events if e["event"] == "played" and e["player"] == "You"
    ]
    # The recognizer may miss one utterance (then the host asks again), but what it takes as a
    # play is the play that was said.
    assert len(mine) >= 3 and mine == plays[: len(mine)]
    mistakes = [(e["reason"], e["said"], e["expected"]) for e in events if e["event"] == "mistake"]
    assert ("arithmetic", plays[2][1] + 1, plays[2][1]) in mistakes
    assert game.outcome is None and len(game.turns) == len(mine)
    private = [line for line in out.lines if line.startswith("(private)")]
    assert private and "Your cards" in private[0]
    assert any(e["event"] == "hint" for e in events)


def test_practice_command_by_keyboard_is_stored(home: Path) -> None:
    import os
    import subprocess
    import sys

    from voice_host.training.progress import open_store

    plays = learner_plays(SEED)
    typed = "\n".join(["whose turn", *(f"play {c}, {t}" for c, t in plays)]) + "\n"
    env = {**os.environ, "VOICE_HOST_HOME": str(home)}
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "voice_host",
            "train",
            "practice",
            "--seed",
            str(SEED),
            "--keyboard",
            "--no-speak",
            "--verbosity",
            "terse",
            "--json",
        ],
        input=typed,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    summary = json.loads(run.stdout.splitlines()[-1])["summary"]
    assert summary["finished"] and summary["turns"] == len(plays) and summary["mistakes"] == 0
    assert "host: Your turn." in run.stdout
    with open_store(home / "data" / "progress.sqlite") as store:
        [session] = store.sessions()
        assert session.kind == "practice" and session.asked == len(plays)
        assert session.correct == len(plays)
