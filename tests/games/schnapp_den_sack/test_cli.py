"""``voice-host play schnapp-den-sack``: a table hosted from the keyboard, set up by flags; bad
flags are one line and exit 2."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from voice_host.audio.chunks import AudioChunk, samples_to_chunks
from voice_host.ear.backends import load_recognizer
from voice_host.ear.early import table_endpointer
from voice_host.ear.game_words import GameWordEar
from voice_host.games.schnapp_den_sack.host.listen import StreamTable, hear_live, hear_stream
from voice_host.games.schnapp_den_sack.host.session import seeded_session
from voice_host.games.schnapp_den_sack.host.setup import check_wait, parse_plates, parse_players
from voice_host.games.schnapp_den_sack.rules import SchnappError
from voice_host.host.step import Step
from voice_host.speakers import synth


def voice_host(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run the command line as a user would."""
    return subprocess.run([sys.executable, "-m", "voice_host", *args], input=stdin,
                          capture_output=True, text=True, timeout=120, check=False)


def test_a_typed_table_deals_flips_judges_and_logs(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    done = voice_host("play", "schnapp-den-sack", "--players", "Anna,Ben", "--seed", "1", "--mute",
                      "--keyboard", "--log", str(log), stdin="Krokodil\n\nReihen\n")
    assert done.returncode == 0, done.stderr
    assert "Anna ruft Ananas, Ben ruft Krokodil" in done.stdout
    assert "Ben: falsch geschnappt!" in done.stdout
    events = [json.loads(line)["event"] for line in log.read_text().splitlines()]
    assert events.count("flipped") == 3 and "false_grab" in events


@pytest.mark.parametrize(("text", "says"), [
    ("5", "no plate 5"),
    ("6,8,12", "3 plates"),
    ("dudel=7,traenen=8", "no plate for frech, wander"),
    ("dudel=7,traenen=8,frech=9,sack=12", "no row \"sack\""),
])
def test_bad_plates_say_what_is_wrong(text: str, says: str) -> None:
    with pytest.raises(SchnappError, match=says):
        parse_plates(text)


def test_the_variants_plates() -> None:
    assert parse_plates("8") == ((8,),) * 4
    assert parse_plates("12,6") == ((6, 12),) * 4
    assert parse_plates("dudel=7,traenen=8,frech=9,wander=12") == ((7,), (8,), (9,), (12,))
    assert parse_players(" Anna, Ben ") == ("Anna", "Ben")
    with pytest.raises(SchnappError, match="given twice"):
        parse_players("Anna,Anna")
    with pytest.raises(SchnappError, match="1 to 8 seconds"):
        check_wait(0.5)


def test_a_bad_flag_is_one_line_and_exit_2() -> None:
    done = voice_host("play", "schnapp-den-sack", "--plates", "5", "--mute")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == ("voice-host: --plates[0]: no plate 5: the plates are "
                                   "6, 7, 8, 9, 10, 12")


def test_a_recorded_call_is_heard_and_the_wait_runs_on_the_recordings_clock() -> None:
    call = synth.synthesize(synth.Voice("mbrola", "mb-de1", "train"), "Krokodil")
    quiet = np.zeros(8000, np.int16)
    recording = np.concatenate([quiet, call, *[quiet] * 9])  # then 4.5 s of silence
    session = seeded_session(("Anna", "Ben"), 1)
    records: list[dict[str, object]] = []

    def handle(step: Step) -> float:
        records.extend(r for r in step.records if r["event"] != "host")
        return 0.0

    table = StreamTable(session, GameWordEar(load_recognizer("ear", "de")), table_endpointer(),
                        handle)
    hear_stream(table, samples_to_chunks(recording))
    events = [r["event"] for r in records]
    # Anna's Frecher Sack 1 reaches nothing: Ben's call is a wrong grab; 3 s of silence after
    # it, the wait for Ben's card runs out and Anna flips the third card.
    assert events == ["flipped", "heard", "false_grab", "laid", "flipped", "laid", "flipped"]
    assert records[1]["words"] == ["Ben"]


def verdict_heard(recording: np.ndarray, ear: GameWordEar, *,
                  early: bool) -> tuple[list[object], float, int]:
    """The events of a table hearing ``recording``, the stream time its verdict came at, and
    how many utterances were closed before the endpointer's hangover."""
    records: list[dict[str, object]] = []
    at: list[float] = []

    def handle(step: Step) -> float:
        records.extend(r for r in step.records if r["event"] != "host")
        if any(r["event"] == "false_grab" for r in step.records):
            at.append(table.clock)
        return 0.0

    # Recognition timed as instant: the early close does not hang on the machine's load.
    table = StreamTable(seeded_session(("Anna", "Ben"), 1), ear, table_endpointer(), handle,
                        early=early, clock=lambda: 0.0)
    hear_stream(table, samples_to_chunks(recording))
    return [r["event"] for r in records], at[0], table.loop.closed_early


def test_a_live_table_judges_a_sure_call_before_the_endpointers_hangover() -> None:
    call = synth.synthesize(synth.Voice("mbrola", "mb-de1", "train"), "Krokodil")
    quiet = np.zeros(8000, np.int16)
    recording = np.concatenate([quiet, call, quiet, quiet])
    ear = GameWordEar(load_recognizer("ear", "de"), game="schnapp-den-sack")  # as tables hear
    events, late, closed = verdict_heard(recording, ear, early=False)
    events_early, early, closed_early = verdict_heard(recording, ear, early=True)
    # The same verdict, a tentative end after the call instead of the whole hangover.
    assert events_early == events and (closed, closed_early) == (0, 1)
    assert early < late


class Microphone:
    """A scripted stand-in for the microphone (there is none on a test machine): silence, as a
    live source hands it, then "stopp" typed when it runs out."""

    def __init__(self, silence_s: float, typed: queue.Queue[str | None]) -> None:
        self.chunks = list(samples_to_chunks(np.zeros(int(silence_s * 16000), np.int16)))
        self.typed = typed

    def read(self, timeout: float | None = None) -> AudioChunk | None:
        if not self.chunks:
            self.typed.put("stopp")
            return None
        return self.chunks.pop(0)


def test_a_live_table_starts_the_wait_when_the_host_has_said_the_card() -> None:
    session = seeded_session(("Anna", "Ben"), 1)
    records: list[dict[str, object]] = []

    def handle(step: Step) -> float:
        records.extend(r for r in step.records if r["event"] != "host")
        return 2.0 if step.lines else 0.0  # the host speaks for 2 s while the stream runs on

    typed: queue.Queue[str | None] = queue.Queue()
    typed.put("Krokodil")
    table = StreamTable(session, GameWordEar(load_recognizer("ear", "de")), table_endpointer(),
                        handle)
    hear_live(table, Microphone(6.5, typed), typed)
    # Ben's typed call settles Anna's card at once; Ben's card waits 2 s (said) + 3 s and runs
    # out; Anna's third card waits past the end. Counted from the end of the call instead, the
    # waits would run out twice.
    flips = [r for r in records if r["event"] == "flipped"]
    assert len(flips) == 3
    assert {"event": "false_grab", "player": "Ben", "returned": False} in records
    assert session.stopped
