"""Which falls the host confirms (``--confirm-falls``): under ``unsure`` a fall the real ear is
sure of is booked at once and said back, and "nein" right after takes it back (the journal and
the log follow; so does an objection heard unsure), unless it was heard in noise only just sure;
under ``always`` it waits for a yes. An unsure hearing is asked about either way, and a bad
setting is one line and exit 2."""

from __future__ import annotations

import shutil
import subprocess
import sys
from dataclasses import replace
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from voice_host.games.kapitaen_wackelpudding.host.confirm import (
    DEFAULT_CONFIRM_FALLS,
    ConfirmFalls,
    ConfirmFallsError,
    parse_confirm_falls,
)
from voice_host.games.kapitaen_wackelpudding.host.session import WackelpuddingSession
from voice_host.games.kapitaen_wackelpudding.rules import Cargo, Good, Phase
from voice_host.recognition import Alternative, Hearing, Recognizer

needs_pico = pytest.mark.skipif(shutil.which("pico2wave") is None, reason="needs pico2wave")


def _sailing(confirm: ConfirmFalls, lang: str = "de") -> WackelpuddingSession:
    """Anna's journey under way with two coffins and a cheese aboard."""
    session = WackelpuddingSession(["Anna", "Ben"], lang=lang, seed=5, confirm_falls=confirm)
    session.start()
    session.type(session.table.words.roll[0])
    state = session.table.state
    ship = Cargo.of({Good.COFFIN: 2, Good.CHEESE: 1})
    session.table.state = replace(state, ship=ship, lands=state.lands.add(state.ship).take(ship),
                                  phase=Phase.SAIL)
    return session


@cache
def _ear() -> Recognizer:
    from voice_host.ear.backends import load_recognizer
    from voice_host.ear.game_words import GameWordEar

    return GameWordEar(load_recognizer("ear", "de"), game="kapitaen-wackelpudding")


def _heard(session: WackelpuddingSession, text: str) -> Hearing:
    """``text`` said by a held-out Pico voice, heard by the real ear with what can be said now."""
    from voice_host.speakers import synth

    quiet = np.zeros(4800, np.int16)
    audio = np.concatenate([quiet, synth.synthesize(synth.Voice("pico", "de-DE", "bench"), text),
                            quiet])
    return _ear().recognize(audio, session.expectation())


@needs_pico
def test_a_sure_fall_is_booked_at_once_and_said_back_and_nein_takes_it_back() -> None:
    session = _sailing(ConfirmFalls.UNSURE)
    booked = session.hear(_heard(session, "zwei Särge"))
    assert booked.lines == ["Zwei Särge runtergefallen, auf Annas Patzerstapel."]
    assert session.state.pile("Anna")[Good.COFFIN] == 2 and session.question is None
    assert {"event": "fell", "player": "Anna", "goods": {"coffin": 2}} in booked.records
    objected = session.hear(_heard(session, "nein"))
    assert objected.lines == ["Zwei Särge zurückgenommen. Was ist runtergefallen?"]
    assert session.state.pile("Anna").total == 0 and session.state.ship[Good.COFFIN] == 2
    assert {"event": "undone", "player": "Anna", "what": "fell",
            "objected": True} in objected.records
    assert session.table.actions[-2:] == [{"action": "fall", "goods": {"coffin": 2}},
                                          {"action": "undo"}]


@needs_pico
def test_under_always_the_same_fall_waits_for_a_yes() -> None:
    session = _sailing(ConfirmFalls.ALWAYS)
    asked = session.hear(_heard(session, "zwei Särge"))
    assert asked.lines == ["Zwei Särge runtergefallen?"] and session.state.pile("Anna").total == 0
    session.hear(_heard(session, "ja"))
    assert session.state.pile("Anna")[Good.COFFIN] == 2


def test_an_objection_is_only_right_after_a_fall_booked_at_once() -> None:
    session = _sailing(ConfirmFalls.UNSURE)
    sure = Hearing(text="ein Käse", confidence=0.9, words=("fell:cheese=1",))
    session.hear(sure)
    # The ear hears an objection only while there is a fall to object to.
    assert not {"no", "undo"} & session.expectation().idle
    session.hear(Hearing(text="wir sind angekommen", confidence=0.9, words=("arrived",)))
    assert {"yes", "no"} <= session.expectation().idle
    later = session.hear(Hearing(text="nein", command="no", confidence=0.95))
    assert not later.lines and session.state.pile("Anna")[Good.CHEESE] == 1
    # Typed, a fall is trusted as it stands: booked at once under either setting, no objection.
    session = _sailing(ConfirmFalls.ALWAYS)
    assert session.type("ein Käse").lines == ["Ein Käse runtergefallen, auf Annas Patzerstapel."]
    assert not session.table.objection_open()


def test_an_objection_heard_unsure_takes_the_fall_back_too_but_a_faint_one_does_not() -> None:
    session = _sailing(ConfirmFalls.UNSURE)
    session.hear(Hearing(text="zwei Särge", confidence=0.9, words=("fell:coffin=2",)))
    faint = Hearing(text="", confidence=0.3, alternatives=(Alternative("nein", (), "no", 0.3),))
    assert not session.hear(faint).lines and session.state.pile("Anna")[Good.COFFIN] == 2
    # "falsch" as a held-out voice says it: withheld, "nein" its likely reading.
    unsure = Hearing(text="", confidence=0.64,
                     alternatives=(Alternative("nein", (), "no", 0.64),))
    taken = session.hear(unsure)
    assert taken.lines == ["Zwei Särge zurückgenommen. Was ist runtergefallen?"]
    assert session.state.pile("Anna").total == 0


def test_a_no_to_the_undo_question_is_no_objection() -> None:
    session = _sailing(ConfirmFalls.UNSURE)
    session.hear(Hearing(text="zwei Särge", confidence=0.9, words=("fell:coffin=2",)))
    session.awaiting_yes = "undo"  # "Zwei Särge zurücknehmen?", asked by the host's own undo
    kept = session.hear(Hearing(text="nein", command="no", confidence=0.99))
    assert not kept.lines and session.state.pile("Anna")[Good.COFFIN] == 2


def test_the_same_fall_heard_after_an_objection_is_asked_about() -> None:
    session = _sailing(ConfirmFalls.UNSURE, lang="en")
    sure = Hearing(text="a cheese", confidence=0.9, words=("fell:cheese=1",))
    session.hear(sure)
    undone = session.hear(Hearing(text="undo", command="undo", confidence=0.95))
    assert undone.lines == ["Took back a cheese. What fell?"]
    assert session.hear(sure).lines == ["A cheese fell?"]
    assert session.state.pile("Anna").total == 0


def test_an_unsure_hearing_is_asked_about_under_either_setting() -> None:
    for confirm in ConfirmFalls:
        session = _sailing(confirm)
        unsure = Hearing(text="ein Sarg", confidence=0.5, alternatives=(
            Alternative("ein Sarg", (), None, 0.5, words=("fell:coffin=1",)),
            Alternative("zwei Särge", (), None, 0.4, words=("fell:coffin=2",))))
        assert session.hear(unsure).lines == ["Ein Sarg oder zwei Särge?"]
        assert session.state.pile("Anna").total == 0


def test_one_unsure_reading_is_a_yes_or_no_question_and_a_yes_books_it() -> None:
    # What the ear offers when its phrase head found a fall likeliest but was not sure of it.
    session = _sailing(ConfirmFalls.UNSURE)
    unsure = Hearing(text="ein Sarg", confidence=0.5,
                     alternatives=(Alternative("ein Sarg", (), None, 0.5,
                                               words=("fell:coffin=1",)),))
    assert session.hear(unsure).lines == ["Ein Sarg runtergefallen?"]
    assert session.state.pile("Anna").total == 0
    session.hear(Hearing(text="ja", command="yes", confidence=0.95))
    assert session.state.pile("Anna")[Good.COFFIN] == 1


def test_a_fall_heard_in_noise_only_just_sure_is_confirmed_first() -> None:
    # Heard in babble at the head's bar, a wrong fall would stand: the objection is lost too.
    session = _sailing(ConfirmFalls.UNSURE)
    noisy = Hearing(text="zwei Särge", confidence=0.6, words=("fell:coffin=2",), snr_db=20.0)
    asked = session.hear(noisy)
    assert asked.lines == ["Zwei Särge runtergefallen?"] and session.state.pile("Anna").total == 0
    assert not session.table.objection_open()
    session.hear(Hearing(text="nein", command="no", confidence=0.95))
    assert session.state.pile("Anna").total == 0
    # As sure in a quiet room, or surer in the same noise, it is booked at once.
    for confidence, snr_db in ((0.6, 55.0), (0.6, None), (0.85, 20.0)):
        session = _sailing(ConfirmFalls.UNSURE)
        session.hear(replace(noisy, confidence=confidence, snr_db=snr_db))
        assert session.state.pile("Anna")[Good.COFFIN] == 2 and session.table.objection_open()


@needs_pico
def test_the_real_ear_gives_a_fall_its_confidence_and_the_noise_it_was_heard_in() -> None:
    session = _sailing(ConfirmFalls.UNSURE)
    heard = _heard(session, "zwei Särge")
    assert heard.words == ("fell:coffin=2",) and 0.0 < heard.confidence <= 1.0
    assert heard.snr_db is not None and heard.snr_db >= 35.0


def test_a_fall_that_ends_the_game_is_confirmed_even_under_unsure() -> None:
    session = _sailing(ConfirmFalls.UNSURE)
    session.table.state = replace(session.table.state, lands=Cargo.of({Good.VIDEO_GAME: 3}))
    asked = session.hear(Hearing(text="ein Sarg", confidence=0.9, words=("fell:coffin=1",)))
    assert asked.lines == ["Ein Sarg runtergefallen?"] and not session.over


def test_a_bad_setting_is_named_with_the_ones_there_are() -> None:
    assert parse_confirm_falls(" Always ") is ConfirmFalls.ALWAYS
    with pytest.raises(ConfirmFallsError, match=r"--confirm-falls 'sometimes': choose one of "
                                                r"unsure, always"):
        parse_confirm_falls("sometimes")


@pytest.mark.parametrize("command", [("play", "kapitaen-wackelpudding", "--players", "Anna,Ben"),
                                     ("demo", "--game", "kapitaen-wackelpudding")])
def test_a_bad_confirm_falls_flag_is_one_line_and_exit_2(command: tuple[str, ...],
                                                         tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "voice_host", *command, "--confirm-falls", "yes",
                           "--log", str(tmp_path / "log.jsonl")], capture_output=True,
                          text=True, timeout=120, cwd=tmp_path, check=False)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "--confirm-falls 'yes'" in done.stderr
    assert not (tmp_path / "log.jsonl").exists()


def test_a_resumed_game_keeps_the_journals_setting_unless_the_flag_says_otherwise() -> None:
    from voice_host.games.kapitaen_wackelpudding.host.play import Players, WackelpuddingTable
    from voice_host.host.journal import JournalContents, JournalError

    setup = Players(("Anna", "Ben"), 5, ConfirmFalls.ALWAYS).to_json()
    assert setup["confirm_falls"] == "always"
    journal = JournalContents(Path("j.jsonl"), "kapitaen-wackelpudding", setup, "de",
                              [{"action": "load", "from_pile": None}])
    kept = WackelpuddingTable(None, lang="de", can_answer=True).restore(journal, can_answer=True)
    assert kept.table.confirm_falls is ConfirmFalls.ALWAYS
    told = WackelpuddingTable(None, lang="de", can_answer=True,
                              confirm_falls=ConfirmFalls.UNSURE).restore(journal, can_answer=True)
    assert told.table.confirm_falls is ConfirmFalls.UNSURE
    old = replace(journal, setup={"players": ["Anna", "Ben"], "seed": 5})
    restored = WackelpuddingTable(None, lang="de", can_answer=True).restore(old, can_answer=True)
    assert restored.table.confirm_falls is DEFAULT_CONFIRM_FALLS
    bad = replace(journal, setup={**setup, "confirm_falls": "never"})
    with pytest.raises(JournalError, match="confirm_falls 'never'"):
        WackelpuddingTable(None, lang="de", can_answer=True).restore(bad, can_answer=True)


def test_confirm_falls_on_another_games_demo_is_one_line_and_exit_2(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "voice_host", "demo", "--game", "cowabunga",
                           "--confirm-falls", "always"], capture_output=True, text=True,
                          timeout=120, cwd=tmp_path, check=False)
    assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1
    assert "--confirm-falls: Cowabunga" in done.stderr and "no falls to confirm" in done.stderr
