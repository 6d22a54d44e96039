"""Kapitän Wackelpudding's host on the seam, fed typed lines and hearings as the ear gives them:
the turn's lines, falls confirmed before they are booked, unsure hearings asked about, the
declared phrases narrowed to the cargo, the queries, undo, and the events it logs matching the
replay contract's."""

from __future__ import annotations

import json

from rich.console import Console

from voice_host.games.kapitaen_wackelpudding.host import reports
from voice_host.games.kapitaen_wackelpudding.host.confirm import ConfirmFalls
from voice_host.games.kapitaen_wackelpudding.host.game import Wait
from voice_host.games.kapitaen_wackelpudding.host.session import WackelpuddingSession
from voice_host.games.kapitaen_wackelpudding.replay import replay
from voice_host.games.kapitaen_wackelpudding.rules import CONTRACT_EVENTS, Cargo, Good, Phase, Rules
from voice_host.games.kapitaen_wackelpudding.words import words
from voice_host.host.step import Step
from voice_host.recognition import Alternative, Hearing


def _contract(steps: list[Step]) -> list[dict[str, object]]:
    return [r for s in steps for r in s.records if r["event"] in CONTRACT_EVENTS]


def _heard(meaning: str, phrase: str = "") -> Hearing:
    return Hearing(text=phrase or meaning, confidence=0.9, words=(meaning,))


def test_a_typed_game_logs_the_replay_contracts_events_for_its_rolls_and_falls() -> None:
    session = WackelpuddingSession(["Anna", "Ben"], lang="de", seed=5)
    steps = [session.start()]
    turns: list[dict[str, object]] = []
    for fall in ("ein Videospiel", None, None, "nichts"):
        steps.append(session.type("würfeln"))
        rolled = [r for r in steps[-1].records if r["event"] == "rolled"][-1]
        turn: dict[str, object] = {"roll": rolled["port"]}
        said = [p for p, _ in session.expectation().words]
        if fall is not None and fall in said and fall != "nichts":
            steps.append(session.type(fall))
            turn["fell"] = {"video_game": 1}
        steps.append(session.type("wir sind angekommen"))
        turns.append(turn)
    script = json.dumps({"players": ["Anna", "Ben"], "turns": turns})
    expected = [e for e in replay(script) if e["event"] != "state"]
    logged = _contract(steps)
    # The host loads for the next turn as soon as the ship arrives.
    assert logged[:-1] == expected and logged[-1]["event"] in ("loaded", "card")
    assert session.state.goods_total == 40


def test_a_fall_heard_for_sure_is_confirmed_before_it_is_booked_when_the_table_says_always(
) -> None:
    session = WackelpuddingSession(["Anna", "Ben"], lang="en", seed=5,
                                   confirm_falls=ConfirmFalls.ALWAYS)
    session.start()
    session.type("roll the die")
    step = session.hear(_heard("fell:video_game=1", "a video game"))
    assert step.lines == ["A video game fell?"] and session.state.pile("Anna").total == 0
    no = session.hear(Hearing(text="no", command="no", confidence=0.95))
    assert session.state.pile("Anna").total == 0 and not _contract([no])
    session.hear(_heard("fell:video_game=1", "a video game"))
    yes = session.hear(Hearing(text="yes", command="yes", confidence=0.95))
    assert session.state.pile("Anna")[Good.VIDEO_GAME] == 1
    assert _contract([yes]) == [{"event": "fell", "player": "Anna",
                                 "goods": {"video_game": 1}}]
    assert "screw-up pile" in yes.lines[0]


def test_an_unsure_hearing_is_asked_about_and_never_booked() -> None:
    session = WackelpuddingSession(["Anna", "Ben"], lang="de", seed=5)
    session.start()
    session.type("würfeln")
    unsure = Hearing(text="ein Videospiel", confidence=0.5, alternatives=(
        Alternative("ein Videospiel", (), None, 0.5, words=("fell:video_game=1",)),
        Alternative("wir sind angekommen", (), None, 0.4, words=("arrived",))))
    step = session.hear(unsure)
    assert step.lines == ["Ein Videospiel oder wir sind angekommen?"]
    assert session.state.phase is Phase.SAIL and session.state.pile("Anna").total == 0
    talk = session.hear(Hearing(text="Wer hat noch Chips?", confidence=0.0))
    assert not _contract([talk]) and session.state.pile("Anna").total == 0


def test_the_falls_declared_are_only_goods_aboard_and_no_more_than_aboard() -> None:
    w = words("en")
    ship = Cargo.of({Good.COFFIN: 2, Good.CHEESE: 1})
    falls = dict(reports.fall_phrases(ship, w))
    assert set(falls) == {"a coffin", "two coffins", "a cheese", "a coffin and a cheese",
                          "two coffins and a cheese"}
    for meaning in falls.values():
        cargo = reports.parse_fall(meaning)
        assert cargo is not None and all(n <= ship[g] for g, n in cargo.items())
    assert reports.fall_phrases(Cargo(), w) == ()
    assert reports.parse_fall("fell:coffin=0") is None and reports.parse_fall("roll") is None


def test_what_can_be_said_follows_the_turn_and_hears_no_numbers() -> None:
    session = WackelpuddingSession(["Anna", "Ben"], lang="de", seed=5)
    session.start()
    assert session.table.waiting_for() is Wait.ROLL
    before = dict(session.expectation().words)
    assert before["Leinen los"] == before["würfeln"] == "roll"
    assert "wir sind angekommen" not in before
    assert before["ein Videospiel"].startswith("fell:")
    session.type("würfeln")
    during = session.expectation()
    assert during.numbers == frozenset() and "würfeln" not in dict(during.words)
    assert dict(during.words)["wir sind angekommen"] == "arrived"


def test_the_queries_undo_and_the_board() -> None:
    session = WackelpuddingSession(["Anna", "Ben", "Cem"], lang="en", seed=5)
    session.start()
    session.type("roll the die")
    assert session.type("whose turn").lines == ["It's Anna's turn."]
    assert session.type("what is on the ship").lines == ["On the ship: a video game."]
    assert session.type("islands").lines[0].startswith("On the islands: Video Island 7,")
    assert session.type("score").lines == ["Screw-up piles: Anna 0, Ben 0, Cem 0."]
    session.type("we have arrived")
    assert session.state.player == "Ben"
    undone = session.type("undo")
    assert undone.lines[0].startswith("Took back the arrival.")
    assert session.state.player == "Anna" and session.state.phase is Phase.SAIL
    console = Console(width=80, record=True)
    console.print(session.table.render(True, ["Took back the arrival."]))
    text = console.export_text()
    assert "VIDEO ISLAND" in text and "ANNA" in text


def test_the_ships_own_colour_loads_once_more() -> None:
    for seed in range(40):
        session = WackelpuddingSession(["Anna", "Ben"], lang="de", seed=seed)
        session.start()
        step = session.type("würfeln")
        if any(r["event"] == "stayed" for r in step.records):
            assert [r["event"] for r in step.records][1:] == ["rolled", "stayed", "loaded", "host"]
            assert "bleibt hier: lade noch ein Videospiel" in step.lines[0]
            assert session.state.ship[Good.VIDEO_GAME] == 2
            return
    raise AssertionError("no seed in 0-39 rolled green first")


def test_a_fall_that_leaves_three_goods_or_fewer_ends_the_game_and_names_the_winners() -> None:
    session = WackelpuddingSession(["Anna", "Ben"], lang="de", seed=1,
                                   rules=Rules(goods_per_island=1, end_at=4))
    session.start()
    session.type("Leinen los")
    step = session.type("ein Videospiel")
    assert step.lines == ["Ein Videospiel runtergefallen, auf Annas Patzerstapel. Spielende: nur "
                          "noch 4 Waren auf den Inseln. Patzerstapel: Anna 1, Ben 0. Ben gewinnt!"]
    assert session.over and session.waiting_for() is None
    assert [r["event"] for r in step.records][-2:] == ["game_over", "host"]
