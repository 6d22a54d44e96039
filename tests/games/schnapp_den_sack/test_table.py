"""``voice-host play schnapp-den-sack`` keeps a journal (``--resume`` continues the same deal, a
torn last line is dropped) and marks flips, grabs and wrong grabs with earcons in the
``--speak-to`` WAV."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from voice_host.games.schnapp_den_sack.host.journal import new_setup, read_setup, restore
from voice_host.games.schnapp_den_sack.host.session import seeded_session
from voice_host.host.journal import JournalContents, JournalError, read_journal
from voice_host.host.table_earcons import earcon_track


def voice_host(*args: str, stdin: str = "", cwd: Path | None = None,
               ) -> subprocess.CompletedProcess[str]:
    """Run the command line as a user would."""
    return subprocess.run([sys.executable, "-m", "voice_host", *args], input=stdin, cwd=cwd,
                          capture_output=True, text=True, timeout=120, check=False)


def game_events(log: Path) -> list[dict[str, object]]:
    """The game's events in a log (not what was heard or said)."""
    records = [json.loads(line) for line in log.read_text().splitlines()]
    return [r for r in records if r["event"] not in ("heard", "host")]


TABLE = ("play", "schnapp-den-sack", "--players", "Anna,Ben,Cleo", "--seed", "7", "--mute",
         "--keyboard", "--no-display")


def test_a_resumed_game_continues_the_same_deal(tmp_path: Path) -> None:
    whole = voice_host(*TABLE, "--journal", "whole.jsonl", "--log", "whole.log",
                       stdin="Ananas\n\n\nKrokodil\n\n\n", cwd=tmp_path)
    assert whole.returncode == 0, whole.stderr
    first = voice_host(*TABLE, "--journal", "cut.jsonl", "--log", "cut.log",
                       stdin="Ananas\n\n", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    # another seed would deal another game: --resume takes the deal from the journal
    resumed = voice_host("play", "schnapp-den-sack", "--resume", "--journal", "cut.jsonl",
                         "--log", "cut.log", "--mute", "--keyboard", "--no-display",
                         stdin="\nKrokodil\n\n\n", cwd=tmp_path)
    assert resumed.returncode == 0, resumed.stderr
    events = game_events(tmp_path / "cut.log")
    assert events == game_events(tmp_path / "whole.log")
    assert sum(e["event"] == "flipped" for e in events) == 7


def test_a_torn_last_line_is_dropped_and_said(tmp_path: Path) -> None:
    done = voice_host(*TABLE, "--journal", "j.jsonl", stdin="\n", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    journal = tmp_path / "j.jsonl"
    whole = journal.read_text()
    journal.write_text(whole + '{"action": "sett')
    resumed = voice_host("play", "schnapp-den-sack", "--resume", "--journal", "j.jsonl",
                         "--mute", "--keyboard", "--no-display", cwd=tmp_path)
    assert resumed.returncode == 0, resumed.stderr
    assert "last line was cut off" in resumed.stderr
    assert journal.read_text() == whole


def test_earcons_mark_flips_and_wrong_grabs_in_the_wav(tmp_path: Path) -> None:
    wav = tmp_path / "host.wav"
    done = voice_host("play", "schnapp-den-sack", "--players", "Anna,Ben", "--seed", "1",
                      "--keyboard", "--no-display", "--journal", "j.jsonl", "--speak-to", str(wav),
                      "--mute", stdin="Krokodil\n\n", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    # --mute: nothing aloud; the WAV is not aloud and is written all the same
    # seed 1: Anna's Frecher Sack 1 reaches nothing, Ben's call is a wrong grab; three flips
    audio = wav.read_bytes()
    assert audio.count(earcon_track("listening").tobytes()) == 3
    assert audio.count(earcon_track("mistake").tobytes()) == 1
    assert audio.count(earcon_track("accepted").tobytes()) == 0


@pytest.mark.parametrize(("args", "says"), [
    (("--resume", "--plates", "8"), "voice-host: --resume continues the journal's game; leave "
                                    "out --plates"),
    (("--resume", "--journal", "none.jsonl"), "voice-host: no journal at none.jsonl: there is "
                                              "no game to resume"),
    (("--resume", "--journal", "other.jsonl"), "voice-host: journal other.jsonl is a game of "
                                               "kapitaen-wackelpudding, and this table resumes "
                                               "schnapp-den-sack games only; it is left as it "
                                               "is; start a new game with --journal OTHER.jsonl"),
])
def test_a_bad_resume_is_one_line_and_exit_2(tmp_path: Path, args: tuple[str, ...],
                                             says: str) -> None:
    (tmp_path / "other.jsonl").write_text('{"journal": 1, "game": "kapitaen-wackelpudding", '
                                          '"setup": {}}\n')
    done = voice_host("play", "schnapp-den-sack", *args, "--mute", "--keyboard", cwd=tmp_path)
    assert (done.returncode, done.stdout, done.stderr.strip()) == (2, "", says)


def test_undo_and_pace_replay_from_the_journal(tmp_path: Path) -> None:
    session = seeded_session(("Anna", "Ben"), 1)
    setup = new_setup(session, 1)
    actions: list[dict[str, object]] = []
    for step in (session.start(), session.type("Krokodil"), session.type("langsamer"),
                 session.time_up(), session.type("rückgängig"), session.type("ja")):
        actions.extend(step.actions)
    assert {"action": "undo"} in actions and {"action": "pace", "wait_s": 4.0} in actions
    contents = JournalContents(tmp_path / "j.jsonl", "schnapp-den-sack", setup.to_json(), "de",
                               actions)
    back = restore(contents)
    assert back.state == session.state and back.wait_s == 4.0
    assert back.table.events == session.table.events
    with pytest.raises(ValueError, match="no verdict to take back"):
        restore(JournalContents(contents.path, contents.game, contents.setup, "de",
                                [{"action": "undo"}]))


def test_a_journal_setup_that_does_not_read_says_what(tmp_path: Path) -> None:
    setup = new_setup(seeded_session(("Anna", "Ben"), 1), 1).to_json()
    deal = dict(setup["deal"])  # type: ignore[call-overload]
    deal["rows"] = {"dudel": 1}
    contents = JournalContents(tmp_path / "j.jsonl", "schnapp-den-sack", {**setup, "deal": deal},
                               "de", [])
    with pytest.raises(JournalError, match="deal: rows: no start card for traenen"):
        read_setup(contents)


def test_without_a_seed_each_game_is_a_new_deal_and_says_how_to_deal_it_again(
        tmp_path: Path) -> None:
    table = [a for a in TABLE if a not in ("--seed", "7")]
    firsts, seeds = set(), set()
    for k in range(3):
        done = voice_host(*table, "--journal", f"{k}.jsonl", "--log", f"{k}.log", stdin="\n",
                          cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        seed = read_setup(read_journal(tmp_path / f"{k}.jsonl", "schnapp-den-sack")).seed
        assert f"--seed {seed} deals this game again" in done.stderr
        seeds.add(seed)
        firsts.add(json.dumps(game_events(tmp_path / f"{k}.log")[0]))
    assert len(seeds) == 3 and len(firsts) > 1
    again = voice_host(*table, "--seed", str(seeds.pop()), "--journal", "again.jsonl",
                       stdin="\n", cwd=tmp_path)
    assert again.returncode == 0 and "deals this game again" not in again.stderr
