"""Solo practice of Schnapp den Sack against bots (``voice-host train schnapp``): the person's
calls on a stand-in clock and through the real ear are tallied against each card's truth and kept
in the training statistics."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from voice_host.audio.chunks import AudioChunk, samples_to_chunks
from voice_host.ear.backends import load_recognizer
from voice_host.ear.early import table_endpointer
from voice_host.ear.game_words import GameWordEar
from voice_host.games.schnapp_den_sack import rules
from voice_host.games.schnapp_den_sack.host.practice import (
    KIND,
    LEVELS,
    CallSource,
    SchnappPractice,
    Tally,
    make_bots,
    practice_session,
)
from voice_host.games.schnapp_den_sack.host.practice_calls import ScriptedCalls, StreamCalls
from voice_host.host.step import Step
from voice_host.progress.store import ProgressStore
from voice_host.recognition import Recognizer
from voice_host.speakers import synth


def practise(source: CallSource, seed: int, level: int = 1, cards: int | None = None,
             ear: Recognizer | None = None) -> tuple[Tally, list[bool], list[dict[str, object]]]:
    """A practice of "Du" against two bots; the tally, whether each card said reached a row
    (the engine's truth), and the log."""
    rng = random.Random(seed)
    bots = make_bots(2, rng, "de")
    session = practice_session("Du", bots, seed, lang="de", wait_s=3.0)
    truth: list[bool] = []
    log: list[dict[str, object]] = []

    def handle(step: Step) -> None:
        log.extend(step.records)
        state = session.state
        if state.flipped is not None and len(truth) < state.flips:
            truth.append(rules.reached_row(state, state.flipped) is not None)

    practice = SchnappPractice(session, "Du", bots, LEVELS[level], rng, source, handle, ear=ear)
    return practice.play(cards), truth, log


SCRIPT: list[tuple[float | None, str]] = [
    (0.4, ""), (None, ""), (0.55, ""), (None, ""), (0.3, ""), (None, ""), (0.8, ""), (None, ""),
    (0.45, ""), (None, ""), (0.6, ""), (None, ""), (0.35, ""), (None, ""), (0.5, ""), (None, ""),
]


def test_typed_calls_on_a_stand_in_clock_are_tallied_against_each_card() -> None:
    tally, truth, log = practise(ScriptedCalls(SCRIPT), seed=5)
    assert len(truth) >= len(SCRIPT)
    called = [reached for (delay, _), reached in zip(SCRIPT, truth, strict=False) if delay]
    silent = [reached for (delay, _), reached in zip(SCRIPT, truth, strict=False) if not delay]
    # the slow bots (level 1) never call within 0.8 s: every scripted call is the first
    assert tally.reaction_ms == [400, 550, 300, 800, 450, 600, 350, 500]
    assert tally.p50_ms() == 450
    assert (tally.right, tally.wrong) == (sum(called), len(called) - sum(called))
    assert tally.missed == sum(silent) and tally.targets == sum(called) + sum(silent)
    assert min(tally.right, tally.wrong, tally.missed) > 0
    grabs = [r for r in log if r["event"] == "grabbed" and r["player"] == "Du"]
    assert len(grabs) == tally.right
    missed_or_bot = [r for r in log if r["event"] == "missed"
                     or (r["event"] == "grabbed" and r["player"] != "Du")]
    assert len(missed_or_bot) == tally.missed
    assert tally.beaten == sum(r["event"] == "grabbed" for r in missed_or_bot)


def test_a_command_while_a_card_waits_is_no_call() -> None:
    tally, truth, _ = practise(ScriptedCalls([(0.2, "Reihen"), (0.4, "")]), seed=5)
    # "Reihen" is answered and the same card waits on, its wait (and the call's time) counted
    # afresh from the end of the host's answer: the bots hear the rows read out too
    assert tally.reaction_ms == [400] and tally.right + tally.wrong == 1
    assert tally.right == int(truth[0])


def test_a_typed_call_word_is_the_persons_call_whoever_it_belongs_to() -> None:
    rng = random.Random(5)
    words = [w for p, w in practice_session("Du", make_bots(2, rng, "de"), 5, lang="de",
                                            wait_s=3.0).table.calls.items() if p != "Du"]
    tally, truth, log = practise(ScriptedCalls([(0.4, words[0]), (0.5, words[1].upper())]),
                                 seed=5)
    calls = [r for r in log if r["event"] in ("grabbed", "false_grab")]
    assert [r["player"] for r in calls[:2]] == ["Du", "Du"]
    assert tally.reaction_ms == [400, 500] and tally.right == sum(truth[:2])


def test_the_session_goes_into_the_training_statistics(tmp_path: Path) -> None:
    tally, _, _ = practise(ScriptedCalls(SCRIPT), seed=5)
    home = tmp_path / "home"
    with ProgressStore(home / "data" / "progress.sqlite") as store:
        store.add_session(KIND, tally.records, summary=tally.summary())
        (row,) = store.sessions(KIND)
    assert (row.asked, row.correct) == (tally.right + tally.wrong + tally.missed, tally.right)
    mean_ms = sum(tally.reaction_ms) / len(tally.reaction_ms)
    assert row.mean_ms == pytest.approx(mean_ms)
    done = subprocess.run([sys.executable, "-m", "voice_host", "train", "stats", "--json",
                           "--png", str(tmp_path / "chart.png")], capture_output=True, text=True,
                          env={**os.environ, "VOICE_HOST_HOME": str(home)}, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stderr
    stats = json.loads(done.stdout)
    assert stats["kinds"] == ["schnapp"]
    assert stats["series"]["accuracy"] == [round(100 * row.accuracy, 1)]
    assert stats["series"]["seconds"] == [round(mean_ms / 1000, 2)]


def test_a_spoken_call_is_heard_by_the_real_ear_and_timed_from_the_card_said() -> None:
    call = synth.synthesize(synth.Voice("mbrola", "mb-de1", "train"), "Ananas")
    quiet = np.zeros(8000, np.int16)  # 0.5 s
    recording = np.concatenate([quiet, call, *[quiet] * 8])
    chunks: list[AudioChunk | None] = list(samples_to_chunks(recording))
    source = StreamCalls(iter(chunks), table_endpointer())
    ear = GameWordEar(load_recognizer("ear", "de"))
    tally, truth, log = practise(source, seed=5, ear=ear)
    heard = [r for r in log if r["event"] == "heard"]
    assert heard and heard[0]["words"] == ["Du"]
    assert tally.right + tally.wrong == 1 and tally.right == int(truth[0])
    assert 350 <= tally.reaction_ms[0] <= 650  # the call starts 0.5 s after the card was said


def voice_host(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run the command line as a user would."""
    return subprocess.run([sys.executable, "-m", "voice_host", *args], input=stdin,
                          capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.parametrize(("args", "says"), [
    (("--level", "9"), "voice-host: --level 9: levels go from 1 (slow bots) to 5"),
    (("--bots", "5", "--keyboard"), "voice-host: --bots 5: play against 1 to 4 bots"),
    (("--cards", "0"), "voice-host: --cards 0: play at least 1 card"),
    (("--lang", "fr"), "voice-host: --lang 'fr': choose one of de, en"),
    (("--name", "Bruno", "--keyboard"), "voice-host: --name 'Bruno': players[1]: \"Bruno\" is "
                                        "given twice"),
])
def test_bad_practice_flags_are_one_line_and_exit_2(args: tuple[str, ...], says: str,
                                                    tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "voice_host", "train", "schnapp", "--mute",
                           "--no-store", *args], capture_output=True, text=True, timeout=120,
                          check=False, env={**os.environ, "VOICE_HOST_HOME": str(tmp_path)})
    assert (done.returncode, done.stdout, done.stderr.strip()) == (2, "", says)
