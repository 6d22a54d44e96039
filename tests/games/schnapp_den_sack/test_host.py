"""Schnapp den Sack's host on the seam, driven by typed calls and the driver's "time's up": it
flips and says each card, judges the first call, announces a missed target, answers questions,
changes the pace and takes back a verdict; its events are the engine's."""

from __future__ import annotations

from rich.console import Console

from voice_host.games.schnapp_den_sack import rules
from voice_host.games.schnapp_den_sack.host.session import SchnappSession
from voice_host.games.schnapp_den_sack.rules import Card, Kind
from voice_host.recognition import Alternative, Hearing


def table(lang: str = "de") -> SchnappSession:
    """Anna flips Tränensack 5 onto a Tränensack row showing 1: it makes 6."""
    piles = [[Card(Kind.TRAENEN, 5), Card(Kind.DUDEL, 1)], [Card(Kind.FRECH, 1)]]
    return SchnappSession(rules.new_game(["Anna", "Ben"], [2, 1, 3, 4], piles), lang=lang)


def test_the_host_says_the_calls_and_the_first_flip() -> None:
    lines = table().start().lines
    assert lines == ["Schnapp den Sack! Ziel: sechs. Anna ruft Ananas, Ben ruft Krokodil.",
                     "Anna: Tränensack, fünf."]


def test_a_right_call_wins_the_row_and_the_next_card_is_flipped() -> None:
    s = table()
    s.start()
    step = s.type("Krokodil")
    assert step.lines == ["Ben schnappt! Zwei Karten.", "Ben: Frecher Sack, eins."]
    assert {"event": "grabbed", "player": "Ben", "row": "traenen", "cards": 2} in step.records


def test_a_wrong_call_costs_the_last_won_card() -> None:
    s = table()
    s.start()
    s.type("Ben")  # wins two cards
    step = s.type("Ben")  # Frecher Sack 1 on 3 makes no 6
    assert step.lines[0] == "Ben: falsch geschnappt! Eine Karte zurück."
    assert {"event": "false_grab", "player": "Ben", "returned": True} in step.records
    assert len(s.state.won[1]) == 1


def test_a_target_nobody_calls_is_announced_when_the_wait_runs_out() -> None:
    s = table("en")
    s.start()
    step = s.time_up()
    assert step.lines == ["Too late: six teary sacks!", "Ben: cheeky sack, one."]
    assert [r["event"] for r in step.records if r["event"] != "host"] == [
        "missed", "laid", "flipped"]


def test_undo_takes_back_the_verdict_and_the_card_waits_again() -> None:
    s = table()
    s.start()
    s.type("Ben")
    assert s.table.undo_question() == "Ben schnappt! Zwei Karten zurücknehmen?"
    step = s.type("rückgängig")
    assert step.lines == ["Zurückgenommen. Anna: Tränensack, fünf."]
    assert s.state.flipped == Card(Kind.TRAENEN, 5) and s.state.won == ((), ())
    assert s.type("Anna").lines[0] == "Anna schnappt! Zwei Karten."


def test_questions_and_pace() -> None:
    s = table()
    s.start()
    assert s.type("Reihen").lines == [
        "Dudelsäcke: zwei. Tränensäcke: eins. Freche Säcke: drei. Wandersäcke: vier."]
    assert s.type("punkte").lines == ["Anna null, Ben null"]
    assert s.type("langsamer").lines == ["Langsamer: ich warte vier Sekunden."]
    assert s.wait_s == 4.0
    assert s.type("schneller").lines == ["Schneller: ich warte drei Sekunden."]


def test_an_unsure_call_is_asked_about_and_a_yes_settles_it() -> None:
    s = table()
    s.start()
    unsure = Hearing(text="Ananas", confidence=0.5, alternatives=(
        Alternative("Ananas", (), None, 0.5, words=("Anna",)),
        Alternative("Krokodil", (), None, 0.4, words=("Ben",))))
    assert s.hear(unsure).lines == ["Anna oder Ben?"]
    sure = Hearing(text="Ananas", confidence=0.9, words=("Anna",))
    assert s.hear(sure).lines[0] == "Anna schnappt! Zwei Karten."


def test_the_events_are_the_engines_and_the_game_ends() -> None:
    s = table()
    s.start()
    s.type("Ben")
    while not s.game.over:
        s.time_up()
    names = [e.name for e in s.table.events]
    assert names[-1] == "game_over" and names.count("flipped") == 3
    console = Console(width=80, record=True)
    console.print(s.table.render(True, ["x"]))
    assert "Tränensäcke" in console.export_text()
