"""Setup by voice on the host's seam (:class:`SpokenSetup`): answers said back and taken on a yes,
a no asks again, a number out of range is refused, "repeat" and "stop"; typed lines taken as they
stand; on a recording a sure answer is taken at once and an unsure one is not taken."""

from __future__ import annotations

from collections.abc import Mapping

from voice_host.games.cowabunga.host.lines import host_lines
from voice_host.host.voice_setup import (
    Answer,
    Choice,
    SetupQuestion,
    SpokenSetup,
    default_names,
    players_question,
)
from voice_host.recognition import COMMANDS_ONLY, Alternative, Hearing

SAY = host_lines("en")
PLANS = Choice("two", ("two plates",)), Choice("per_row", ("each row",))


def plan(answers: Mapping[str, Answer]) -> SetupQuestion | None:
    """Players (2-5), then a plate (6 or 8) or a phrase; two plates ask one more."""
    if "players" not in answers:
        return players_question(SAY, 2, 5)
    if "plate" not in answers:
        return SetupQuestion("plate", "Which plate?", (6, 8), PLANS,
                             refuse=lambda v: f"No plate {v}.")
    if answers["plate"] == "two" and "second" not in answers:
        return SetupQuestion("second", "Second plate?", (6, 8),
                             number_said=lambda v: f"plate {v}")
    return None


def lines(setup: SpokenSetup, *heard: Hearing | str) -> list[str]:
    said: list[str] = []
    for item in heard:
        step = setup.type(item) if isinstance(item, str) else setup.hear(item)
        said += step.lines
    return said


def number(n: int, confidence: float = 0.9) -> Hearing:
    return Hearing(SAY.n(n), (n,), None, confidence)


YES = Hearing("yes", (), "yes", 0.95)
NO = Hearing("no", (), "no", 0.95)


def test_a_spoken_answer_is_said_back_and_taken_on_a_yes() -> None:
    setup = SpokenSetup(plan, SAY)
    assert setup.begin().lines == ["How many players?"]
    assert setup.expectation().numbers == frozenset({2, 3, 4, 5})
    assert lines(setup, number(3)) == ["Three. Is that right?"]
    assert setup.expectation() == COMMANDS_ONLY and "players" not in setup.answers
    assert lines(setup, YES) == ["Which plate?"]
    assert setup.answers == {"players": 3}
    assert setup.expectation().words == (("two plates", "two"), ("each row", "per_row"))


def test_a_no_asks_again_and_a_stray_yes_is_let_go() -> None:
    setup = SpokenSetup(plan, SAY)
    setup.begin()
    assert lines(setup, number(4), NO) == ["Four. Is that right?", "How many players?"]
    assert lines(setup, YES) == [] and not setup.answers
    assert lines(setup, number(2), YES) == ["Two. Is that right?", "Which plate?"]


def test_a_phrase_is_said_back_and_leads_to_its_own_question() -> None:
    setup = SpokenSetup(plan, SAY, answers={"players": 2})
    said = lines(setup, Hearing("two plates", confidence=0.9, words=("two",)), YES)
    assert said == ["Two plates. Is that right?", "Second plate?"]
    assert lines(setup, number(8), YES) == ["Plate 8. Is that right?"]
    assert setup.done and setup.answers == {"players": 2, "plate": "two", "second": 8}


def test_a_hesitation_between_two_phrases_is_said_back_as_the_likelier() -> None:
    setup = SpokenSetup(plan, SAY, answers={"players": 2})
    unsure = Hearing("each row", confidence=0.5, alternatives=(
        Alternative("each row", (), None, 0.5, words=("per_row",)),
        Alternative("two plates", (), None, 0.4, words=("two",))))
    assert lines(setup, unsure) == ["Each row. Is that right?"]
    assert lines(setup, YES) == [] and setup.done and setup.answers["plate"] == "per_row"


def test_out_of_range_is_refused_and_the_question_asked_again() -> None:
    setup = SpokenSetup(plan, SAY)
    setup.begin()
    assert lines(setup, "7") == ["Seven? A table has two to five players. How many players?"]
    setup.type("5")
    assert lines(setup, "9") == ["No plate 9. Which plate?"]
    assert setup.answers == {"players": 5}


def test_repeat_says_the_last_line_and_table_talk_asks_again() -> None:
    setup = SpokenSetup(plan, SAY)
    setup.begin()
    assert lines(setup, number(3)) == ["Three. Is that right?"]
    assert lines(setup, Hearing("repeat", (), "repeat", 1.0)) == ["Three. Is that right?"]
    assert lines(setup, Hearing("pass the crisps", confidence=0.2)) == ["Three. Is that right?"]
    assert lines(setup, Hearing("", confidence=0.0)) == []


def test_stop_said_aloud_is_confirmed_then_abandons_the_setup() -> None:
    setup = SpokenSetup(plan, SAY)
    setup.begin()
    lines(setup, number(3))
    step = setup.hear(Hearing("stop", (), "stop", 0.95))
    assert step.lines == ["Stop the game? Say yes to stop."] and setup.stopping
    assert not setup.stopped
    assert setup.expectation() == COMMANDS_ONLY
    assert lines(setup, NO) == ["Three. Is that right?"]  # back where it was
    setup.hear(Hearing("stop", (), "stop", 0.95))
    assert lines(setup, YES) == [] and setup.stopped and not setup.done
    assert setup.hear(number(3)).lines == [] and not setup.answers


def test_stop_typed_or_on_a_recording_abandons_at_once() -> None:
    typed = SpokenSetup(plan, SAY)
    typed.begin()
    assert typed.type("stop").lines == [] and typed.stopped
    recording = SpokenSetup(plan, SAY, can_answer=False)
    recording.begin()
    recording.hear(Hearing("stop", (), "stop", 0.95))
    assert recording.stopped


def test_typed_lines_are_taken_as_they_stand() -> None:
    setup = SpokenSetup(plan, SAY)
    setup.begin()
    step = setup.type("3")
    assert step.lines == ["Which plate?"] and step.records[0]["typed"] is True
    assert lines(setup, "each row") == [] and setup.done
    assert setup.answers == {"players": 3, "plate": "per_row"}
    other = SpokenSetup(plan, SAY, answers={"players": 2})
    assert lines(other, "two") == ["Second plate?"]  # a phrase's meaning typed
    assert other.type("banana").message == "unknown input 'banana': type a number, yes or no"


def test_a_recording_takes_a_sure_answer_at_once_and_never_an_unsure_one() -> None:
    setup = SpokenSetup(plan, SAY, can_answer=False)
    setup.begin()
    unsure = Hearing("four", confidence=0.4)
    step = setup.hear(unsure)
    assert step.lines == [] and step.records[-1]["event"] == "ask" and not setup.answers
    assert lines(setup, number(4)) == ["Which plate?"] and setup.answers == {"players": 4}
    assert lines(setup, YES) == []  # the yes the table said to the live host answers nothing
    assert lines(setup, Hearing("two plates", confidence=0.9, words=("two",))) == ["Second plate?"]


def test_players_set_up_by_voice_get_the_languages_default_names() -> None:
    assert default_names(host_lines("de"), 3) == ("Spieler 1", "Spieler 2", "Spieler 3")
    assert default_names(host_lines("it"), 2) == ("Giocatore 1", "Giocatore 2")


def test_the_answer_denied_is_left_out_of_the_next_hearing_only() -> None:
    setup = SpokenSetup(plan, SAY)
    setup.begin()
    lines(setup, number(4), NO)
    assert setup.expectation().numbers == frozenset({2, 3, 5})
    assert lines(setup, Hearing("four", confidence=0.4)) == ["How many players?"]
    assert setup.expectation().numbers == frozenset({2, 3, 4, 5})
    lines(setup, "2")
    lines(setup, Hearing("each row", confidence=0.9, words=("per_row",)), NO)
    assert setup.expectation().words == (("two plates", "two"),)
