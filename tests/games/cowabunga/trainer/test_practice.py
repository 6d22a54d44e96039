"""The practice game on the referee's host: a whole game by keyboard (in English and in German),
and turns spoken through the real recognizer."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from cowabunga import Play, apply, observe
from cowabunga.bots import CarefulBot
from tests.games.cowabunga.trainer.conftest import speak_answers
from voice_host.games.cowabunga.host.practice import PracticeError, new_game, run_practice
from voice_host.host.channels import KeyboardReplies, RecordingReplies, Transcript
from voice_host.phrases import phrase_table

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
        if i == 1:
            # Turn two names the card and a wrong total: an arithmetic mistake, explained; the
            # learner says it again.
            lines.append(f"{card} {total + 1}")
        lines.append(f"{card}, {total}")
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
    assert any(line.startswith("Review: mistakes one") for line in out.lines)
    hint = next(e for e in events if e["event"] == "hint")
    first_hand = new_game(SEED, "You", ["careful", "careful"])[0].hands[0]
    assert hint["card"] in first_hand and str(hint["reason"]).startswith(("Play", "Every"))
    assert "(private) Your cards:" in " ".join(out.lines)
    bots = {e["speaker"] for e in events if e["event"] == "host" and e["speaker"] is not None}
    assert bots == {0, 1}  # each bot speaks in its own voice
    # Earcons mark what happened: a turn of the count, a stew pot, an accepted play, a mistake.
    kinds = {e["event"] for e in events}
    assert {"direction", "stew_pot", "island_drawn"} <= kinds
    assert {"[direction]", "[stew_pot]", "[accepted]", "[mistake]", "[listening]"} <= set(out.lines)
    records = game.records()
    assert len(records) == len(plays) and records[1].correct is False


def test_a_german_learner_is_answered_in_german() -> None:
    plays = learner_plays(SEED)
    de = phrase_table("de").number_words
    card, total = plays[0]
    lines = [f"{de(card)}, {de(total + 1)}"]  # a mistake first, in German words
    lines += [f"{de(c)}, {de(t)}" for c, t in plays]
    log = io.StringIO()
    out = Transcript(stream=io.StringIO())
    game = run_practice(
        KeyboardReplies(phrase_table("de"), io.StringIO("\n".join(lines) + "\n")),
        out,
        seed=SEED,
        log=log,
        lang="de",
    )
    assert game.outcome is not None and game.lang == "de"
    spoken = [line for line in out.lines if not line.startswith("[")]
    assert spoken[0].startswith("Neues Spiel mit Ada und Ben. Die Startkarte ist")
    assert "Du bist dran." in " ".join(spoken)
    assert f"nicht {de(total + 1)}" in " ".join(spoken)  # the mistake explained in German
    assert any(line.startswith("Ada: ") for line in spoken)  # the bots announce in German words
    english = ("Your turn", "Your cards", "New game", "Review", "draws island", "Stew pot")
    assert not [line for line in spoken if any(word in line for word in english)]
    assert any(line.startswith("Rückblick") for line in spoken)


def test_a_total_the_learners_cards_cannot_make_is_a_mistake() -> None:
    state, _ = new_game(SEED, "You", ["careful", "careful"])
    hand = set(state.hands[0])
    missing = next(c for c in range(10) if c not in hand)
    total = state.table.total_after(missing)
    card, right = learner_plays(SEED, turns=1)[0]
    log = io.StringIO()
    out = Transcript(stream=io.StringIO())
    typed = f"{missing} {total}\n{card} {right}\nstop\n"
    game = run_practice(KeyboardReplies(phrase_table("en"), io.StringIO(typed)), out,
                        seed=SEED, log=log)
    mistakes = [e for e in _events(log) if e["event"] == "mistake"]
    assert [(m["reason"], m["said"]) for m in mistakes] == [("card_not_in_hand", total)]
    assert game.turns[0].mistakes == ("card_not_in_hand",) and game.turns[0].card == card


def test_practice_setup_errors_name_the_problem() -> None:
    with pytest.raises(PracticeError, match="unknown bot 'clever'"):
        new_game(1, "You", ["clever"])
    with pytest.raises(PracticeError, match="1 to 4"):
        new_game(1, "You", [])
    with pytest.raises(PracticeError, match="'Ada'"):
        new_game(1, "Ada", ["careful"])


@pytest.mark.slow
def test_spoken_turns_through_the_recognizer(tmp_path: Path) -> None:
    from voice_host.ear.backends import DEFAULT_ENGINE, load_recognizer

    en = phrase_table("en").number_words
    plays = learner_plays(SEED, turns=4)
    said = ["my cards"]
    said.append(f"{en(plays[0][0])}, {en(plays[0][1])}")  # card and total
    said.append(en(plays[1][1]))  # the total alone
    said.append("give me a hint")
    said.append(f"{en(plays[2][0])}, {en(plays[2][1] + 1)}")  # an arithmetic mistake
    said.append(f"{en(plays[2][0])}, {en(plays[2][1])}")  # said again, right
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


@pytest.mark.slow
def test_a_german_learner_is_heard_in_german(tmp_path: Path) -> None:
    from voice_host.ear.backends import load_recognizer

    de = phrase_table("de").number_words
    plays = learner_plays(SEED, turns=2)
    said = ["meine karten", f"{de(plays[0][0])}, {de(plays[0][1])}", de(plays[1][1]),
            "stopp"]
    wav = speak_answers(tmp_path / "de.wav", said, gap_s=0.8, voice="de")
    log = io.StringIO()
    out = Transcript(stream=io.StringIO())
    replies = RecordingReplies(wav, load_recognizer("ear", lang="de"), phrase_table("de"))
    game = run_practice(replies, out, seed=SEED, log=log, lang="de")
    events = _events(log)
    assert [e["name"] for e in events if e["event"] == "command"] == ["my_cards", "stop"]
    mine = [(e["card"], e["total"]) for e in events
            if e["event"] == "played" and e["player"] == "Du"]
    assert mine == plays and [t.right_total for t in game.turns] == [t for _, t in plays]
    assert any(line.startswith("(private) Deine Karten:") for line in out.lines)


def test_practice_command_by_keyboard_is_stored(home: Path) -> None:
    import os
    import subprocess
    import sys

    from voice_host.progress.store import open_store

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
