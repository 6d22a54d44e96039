"""The referee's session, driven by typed lines and scripted stand-ins for hearings."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cowabunga import Counting
from voice_host.games.cowabunga.host import Phase, Policy, Session
from voice_host.games.cowabunga.host.session import CONTRACT
from voice_host.recognition import Hearing

from .helpers import events, heard, host, session

# Start 4: Emily 11, Maria 20, Hendrik 27, Emily 33 (down; Hendrik draws 24), Maria 25 (stew pot,
# Emily's island), Hendrik 16. Emily is to play at sixteen, counting down.
TO_SIXTEEN = ("eleven", "twenty", "twenty-seven", "thirty-three", "twenty-four", "twenty-five",
              "sixteen")


def mistake_confirmed(s: Session, said: str, question: str) -> list[dict[str, object]]:
    """Hear ``said`` (a confident mistake): the host asks ``question`` first, announces nothing,
    and the records of the "yes" that follows are returned."""
    step = s.hear(heard(said))
    assert host(step.records) == [question]
    (ask,) = events(step.records, "ask")
    assert ask["question"] == question
    assert not events(step.records, "mistake") and s.phase is Phase.QUESTION
    return s.hear(heard("yes")).records


def test_a_correct_total_is_accepted_quietly() -> None:
    s = session()
    step = s.hear(heard("eleven"))
    assert [r["event"] for r in step.records] == ["heard", "played"]
    assert events(step.records, "played") == [
        {"event": "played", "player": "Emily", "card": 7, "total": 11}
    ]
    assert s.view.total == 11 and s.view.current_player == "Maria"


def test_card_first_is_checked_and_accepted() -> None:
    s = session(typed=("eleven",))
    step = s.hear(heard("plus nine, twenty"))
    assert events(step.records, "played")[0]["card"] == 9
    assert host(step.records) == []


def test_arithmetic_mistake_is_explained_and_the_same_player_goes_again() -> None:
    s = session(typed=TO_SIXTEEN)
    assert s.view.total == 16 and s.view.counting is Counting.DOWN
    records = mistake_confirmed(s, "minus five, twelve", "Five, twelve?")
    assert events(records, "mistake") == [
        {"event": "mistake", "player": "Emily", "said": 12, "reason": "arithmetic",
         "expected": 11}
    ]
    assert host(records) == ["Sixteen minus five is eleven, not twelve. Emily, try again."]
    assert s.view.total == 16 and s.view.current_player == "Emily"
    assert s.phase is Phase.TURN
    step = s.hear(heard("eleven"))
    assert events(step.records, "played")[0]["total"] == 11


@pytest.mark.parametrize(
    ("said", "question", "reason", "expected"),
    [
        ("thirty", "Thirty?", "impossible_step", None),
        ("twenty", "Twenty?", "wrong_direction", None),
        ("plus four, twenty", "Four, twenty?", "wrong_direction", 12),
        ("four, twenty", "Four, twenty?", "wrong_direction", 12),
    ],
)
def test_mistakes_by_reason(said: str, question: str, reason: str, expected: int | None) -> None:
    s = session(typed=TO_SIXTEEN)
    records = mistake_confirmed(s, said, question)
    (m,) = events(records, "mistake")
    assert (m["reason"], m["expected"]) == (reason, expected)
    assert len(host(records)) == 1
    assert s.view.total == 16


@pytest.mark.parametrize(
    ("said", "card", "total"),
    [("plus zero, sixteen", 0, 16), ("minus zero, sixteen", 0, 16), ("zero, sixteen", 0, 16),
     ("plus three, thirteen", 3, 13), ("minus three, thirteen", 3, 13)],
)
def test_a_right_total_is_no_mistake_whatever_sign_is_said(said: str, card: int,
                                                           total: int) -> None:
    # Counting down at sixteen. The referee bench with a party before each announcement found
    # both announced as wrong direction: "plus zero, twelve" from twelve, and a right total
    # whose "plus" the ear heard and the question ("Two, twenty-five?") never asked about.
    s = session(typed=TO_SIXTEEN)
    step = s.hear(heard(said))
    assert not events(step.records, "mistake") and host(step.records) == []
    assert events(step.records, "played")[0]["card"] == card and s.view.total == total


def test_a_card_with_every_copy_played_is_a_mistake() -> None:
    s = session(typed=TO_SIXTEEN)
    discard = list(s.view.discard)
    discard[7] = 6
    s.view = replace(s.view, discard=tuple(discard))
    for said, question in (("nine", "Nine?"), ("minus seven, nine", "Seven, nine?")):
        records = mistake_confirmed(s, said, question)
        (m,) = events(records, "mistake")
        assert m["reason"] == "card_not_available"
        assert host(records) == ["All the sevens are played. Emily, try again."]


def test_stew_pot_direction_change_and_island_lines() -> None:
    s = session(typed=("eleven", "twenty", "twenty-seven"))
    step = s.hear(heard("thirty-three"))
    assert [r["event"] for r in step.records] == ["heard", "played", "direction", "host"]
    assert host(step.records) == [
        "Thirty-three: counting down. Hendrik, draw an island card and read it out."
    ]
    assert s.phase is Phase.ISLAND
    step = s.hear(heard("twenty-four"))
    assert events(step.records, "island_drawn") == [
        {"event": "island_drawn", "player": "Hendrik", "island": 24}
    ]
    assert host(step.records) == ["Hendrik has twenty-four."]
    step = s.hear(heard("twenty-five"))
    assert host(step.records) == ["Twenty-five?"]  # a stew pot is confirmed first
    assert not events(step.records, "stew_pot") and not events(step.records, "played")
    step = s.hear(heard("yes"))
    assert events(step.records, "stew_pot") == [
        {"event": "stew_pot", "player": "Maria", "island": 25, "holder": "Emily", "count": 1}
    ]
    assert host(step.records) == ["Stew pot for Maria: Emily holds twenty-five. Maria has one."]


def test_an_island_in_play_or_out_of_range_is_asked_again() -> None:
    s = session(typed=("eleven", "twenty", "twenty-seven", "thirty-three"))
    step = s.hear(heard("eighteen"))
    assert host(step.records) == ["Emily already holds eighteen. Which island card?"]
    step = s.hear(heard("thirty-one"))
    assert host(step.records) == ["Thirty-one is not an island card. Which island card?"]
    assert s.phase is Phase.ISLAND
    assert events(s.hear(heard("twenty-four")).records, "island_drawn")


def test_unsure_alternatives_are_asked_and_the_answer_decides() -> None:
    s = session(typed=("eleven", "twenty", "twenty-seven"))
    # Emily at 27 counting up: 32 reverses, 23 goes the wrong way; 50/50 must be asked.
    step = s.hear(heard("twenty-three", 0.6, ("thirty-two", 0.4)))
    (ask,) = events(step.records, "ask")
    assert ask["question"] == "Twenty-three or thirty-two?"
    alternatives = ask["alternatives"]
    assert isinstance(alternatives, list)
    assert [a["total"] for a in alternatives] == [23, 32]
    assert host(step.records) == ["Twenty-three or thirty-two?"]
    assert not events(step.records, "played") and s.phase is Phase.QUESTION
    step = s.hear(heard("thirty-two", 0.9))
    assert events(step.records, "played")[0]["total"] == 32
    assert events(step.records, "direction")


def test_an_alternative_with_the_same_outcome_does_not_make_the_referee_ask() -> None:
    s = session()
    step = s.hear(heard("seven, eleven", 0.9, ("eleven", 0.5)))
    assert events(step.records, "played") and not events(step.records, "ask")


def test_low_confidence_never_accepts_quietly_nor_corrects_toward_the_expected_total() -> None:
    s = session(typed=("eleven",))
    step = s.hear(heard("twenty", 0.3))
    assert not events(step.records, "played") and not events(step.records, "mistake")
    assert host(step.records) == ["Twenty?"]
    step = s.hear(heard("yes", 0.95))
    assert events(step.records, "played")[0]["total"] == 20


def test_a_confident_impossible_total_with_a_legal_rival_is_asked_not_corrected() -> None:
    s = session(typed=("eleven",))
    step = s.hear(heard("thirty", 0.8, ("twenty", 0.35)))
    assert events(step.records, "ask") and not events(step.records, "played")
    # The choice answered with the mistake: that reading is confirmed before it is announced.
    step = s.hear(heard("thirty", 0.9))
    assert host(step.records) == ["Thirty?"] and not events(step.records, "mistake")
    step = s.hear(heard("yes"))
    assert events(step.records, "mistake")[0]["reason"] == "impossible_step"


def test_an_unsure_answer_turns_into_yes_no_questions() -> None:
    s = session(typed=("eleven", "twenty", "twenty-seven"))
    s.hear(heard("twenty-three", 0.6, ("thirty-two", 0.4)))
    step = s.hear(heard("twenty-three", 0.45, ("thirty-two", 0.4)))
    assert host(step.records) == ["Twenty-three?"]
    step = s.hear(heard("no", 0.9))
    assert host(step.records) == ["Thirty-two?"]
    step = s.hear(heard("yes", 0.9))
    assert events(step.records, "played")[0]["total"] == 32


def test_no_to_every_option_asks_the_player_to_say_it_again() -> None:
    s = session(typed=("eleven",))
    s.hear(heard("twenty", 0.3))
    step = s.hear(heard("no", 0.9))
    assert host(step.records) == ["Maria, please say it again."]
    assert s.phase is Phase.TURN


def test_a_recording_logs_the_question_and_takes_the_best_reading() -> None:
    s = session(can_answer=False, typed=("eleven", "twenty", "twenty-seven"))
    step = s.hear(heard("twenty-three", 0.45, ("thirty-two", 0.55)))
    (ask,) = events(step.records, "ask")
    assert ask["question"] == "Thirty-two or twenty-three?"
    assert not host(step.records) or host(step.records)[0] != ask["question"]
    assert events(step.records, "played")[0]["total"] == 32


def test_undo_takes_back_the_turn_with_everything_it_caused() -> None:
    s = session(typed=("eleven", "twenty", "twenty-seven", "thirty-three", "twenty-four"))
    before = s.turns[-1].before
    step = s.hear(heard("undo"))
    assert events(step.records, "command") == [{"event": "command", "name": "undo"}]
    assert host(step.records) == ["Take back Emily's thirty-three? Say yes to take it back."]
    assert not events(step.records, "undone") and s.awaiting_yes == "undo"
    step = s.hear(heard("yes"))
    assert events(step.records, "command") == [{"event": "command", "name": "yes"}]
    assert events(step.records, "undone") == [
        {"event": "undone", "player": "Emily", "total": 33}
    ]
    assert s.view == before and s.view.island_deck == 15
    assert host(step.records) == [
        "Taken back: Emily's thirty-three. Twenty-seven, counting up. Emily to play."
    ]
    assert s.actions[-1] == {"action": "undo"}
    # "Undo" said again instead of the yes takes it back too, down to nothing left.
    for _ in range(3):
        s.hear(heard("undo"))
        assert events(s.hear(heard("undo")).records, "undone")
    assert not s.turns
    assert host(s.hear(heard("undo")).records) == ["Nothing to take back."]


def test_an_undo_nobody_confirms_takes_nothing_back() -> None:
    """An "undo" heard in table talk is only asked about: a "no", or the next announcement,
    leaves the turn standing; a number heard where the yes or no was asked for may be that word
    misheard, so it is asked about, never accepted quietly."""
    s = session(typed=("eleven", "twenty"))
    s.hear(heard("undo"))
    step = s.hear(heard("no"))
    assert not events(step.records, "undone") and not host(step.records)
    assert [t.total for t in s.turns] == [11, 20] and s.awaiting_yes is None
    s.hear(heard("undo"))
    step = s.hear(heard("twenty-six"))
    assert not events(step.records, "undone") and not events(step.records, "played")
    assert host(step.records) == ["Twenty-six?"]
    step = s.hear(heard("twenty-six"))
    assert host(step.records) == ["Twenty-six? Say yes or no."]
    assert events(s.hear(heard("yes")).records, "played")[0]["total"] == 26
    assert [t.total for t in s.turns] == [11, 20, 26]


def test_what_an_undo_took_back_heard_again_is_asked_about() -> None:
    """A misheard total is taken back, and the ear hears the words said again the same way: the
    reading taken back, from the same player, is asked about, never taken quietly; a yes takes
    it. Another reading is judged as ever."""
    s = session(typed=("eleven", "twenty"))
    assert events(s.hear(heard("twenty-four", 1.0)).records, "played")  # Hendrik said 23
    s.type("undo")
    step = s.hear(heard("twenty-four", 1.0))
    assert host(step.records) == ["Twenty-four?"] and not events(step.records, "played")
    step = s.hear(heard("no"))
    assert not events(step.records, "played")
    assert events(s.hear(heard("twenty-three", 1.0)).records, "played")[0]["total"] == 23
    s.type("undo")  # a player may take back a turn that was right (another card was meant)
    assert host(s.hear(heard("twenty-three", 1.0)).records) == ["Twenty-three?"]
    assert events(s.hear(heard("yes")).records, "played")[0]["total"] == 23
    assert events(s.hear(heard("twenty-four", 1.0)).records, "played")  # Emily's turn: as ever
    # An island card taken back with its turn: heard again, asked about.
    s = session(typed=TO_SIXTEEN[:4])  # thirty-three: Hendrik draws
    assert events(s.hear(heard("twenty-four", 1.0)).records, "island_drawn")
    s.type("undo")
    s.type("thirty-three")
    step = s.hear(heard("twenty-four", 1.0))
    assert host(step.records) == ["Twenty-four?"] and not events(step.records, "island_drawn")
    assert events(s.hear(heard("yes")).records, "island_drawn")[0]["island"] == 24
    # Answering a choice with it: a yes is needed too.
    s.type("undo")
    s.type("thirty-three")
    s.hear(heard("twenty-four", 0.5, ("twenty-two", 0.4)))  # "Twenty-four or twenty-two?"
    step = s.hear(heard("twenty-four", 1.0))
    assert not events(step.records, "island_drawn") and s.question is not None


def test_a_typed_or_recorded_undo_takes_the_turn_back_at_once() -> None:
    s = session(typed=("eleven", "twenty", "undo"))
    assert [t.total for t in s.turns] == [11] and s.awaiting_yes is None
    r = session(can_answer=False, typed=("eleven", "twenty"))
    step = r.hear(heard("undo"))
    assert events(step.records, "undone") == [
        {"event": "undone", "player": "Maria", "total": 20}
    ]
    assert [t.total for t in r.turns] == [11]


@pytest.mark.parametrize(
    ("command", "line"),
    [
        ("status", "Twenty, counting up. Hendrik to play."),
        ("whose turn", "Hendrik's turn."),
        ("score", "Stew pots: Emily none, Maria none, Hendrik none."),
        ("islands", "Islands: Emily eighteen and twenty-five; Maria twelve and twenty; "
                    "Hendrik fourteen and twenty-nine. Fifteen island cards left."),
        ("last plays", "Last plays: Emily eleven, Maria twenty."),
        ("how many island cards", "Fifteen island cards left."),
    ],
)
def test_questions_about_the_game(command: str, line: str) -> None:
    s = session(typed=("eleven", "twenty"))
    step = s.hear(heard(command))
    assert host(step.records) == [line]


def test_repeat_says_the_last_line_again() -> None:
    s = session(typed=("eleven",))
    mistake_confirmed(s, "plus nine, twenty-one", "Nine, twenty-one?")
    step = s.hear(heard("repeat"))
    assert host(step.records) == ["Eleven plus nine is twenty, not twenty-one. Maria, try again."]


def test_pause_ignores_totals_until_resume_and_stop_ends() -> None:
    s = session()
    assert host(s.hear(heard("pause")).records) == ["Paused. Say resume to go on."]
    step = s.hear(heard("eleven"))
    assert not events(step.records, "played") and s.phase is Phase.PAUSED
    assert host(s.hear(heard("resume")).records) == ["Go on. Four, counting up. Emily to play."]
    assert events(s.hear(heard("eleven")).records, "played")
    assert host(s.hear(heard("stop")).records) == ["Stop the game? Say yes to stop."]
    # Where the yes or no was asked for, a total may be that word misheard: asked, not taken.
    assert not s.stopped and host(s.hear(heard("twenty")).records) == ["Twenty?"]
    assert events(s.hear(heard("yes")).records, "played")
    s.hear(heard("stop"))
    assert host(s.hear(heard("yes")).records) == ["Game stopped. It can be resumed."]
    assert s.stopped
    assert s.phase.value == "stopped"
    assert [r["event"] for r in s.hear(heard("twenty-one")).records] == ["heard"]


def test_game_over_by_the_fourth_stew_pot_gives_standings_and_winners() -> None:
    s = session(start=9)
    s.view = replace(s.view, stew_pots=(0, 3, 1))
    s.type("eighteen")  # Emily 9+9 = 18, her own island: no stew pot
    step = s.type("twenty")  # Maria 20: her own
    assert not events(step.records, "stew_pot")
    s.type("twenty-five")  # Hendrik hits Emily's 25
    s.type("twenty-five")  # Emily: card 0, her own
    step = s.type("twenty-nine")  # Maria hits Hendrik's 29: her 4th
    assert events(step.records, "game_over") == [
        {"event": "game_over", "reason": "fourth_stew_pot",
         "stew_pots": {"Emily": 0, "Maria": 4, "Hendrik": 2}, "winners": ["Emily"]}
    ]
    assert host(step.records) == [
        "Stew pot for Maria: Hendrik holds twenty-nine. Maria has four. "
        "Game over. Stew pots: Emily none, Hendrik two, Maria four. Emily wins."
    ]
    assert s.phase is Phase.OVER
    assert not events(s.type("thirty").records, "played")


def test_game_over_when_the_last_island_card_is_drawn() -> None:
    s = session(typed=("eleven", "twenty", "twenty-seven", "thirty-three"))
    s.view = replace(s.view, island_deck=1)
    step = s.type("twenty-four")
    assert host(step.records) == [
        "Hendrik has twenty-four. That was the last island card. Game over. "
        "Stew pots: Emily none, Maria none, Hendrik none.",
        "Emily, Maria and Hendrik win.",
    ]
    assert events(step.records, "game_over")[0]["reason"] == "island_deck_empty"


def test_typed_lines_and_unknown_input() -> None:
    s = session()
    step = s.type("11")
    assert step.records[0]["typed"] is True and events(step.records, "played")
    step = s.type("+9 20")
    assert events(step.records, "played")[0]["card"] == 9
    step = s.type("pass the crisps")
    assert step.records == [] and step.message is not None and "unknown input" in step.message


@pytest.mark.parametrize("lang", ["en", "de", "es", "fr", "it"])
def test_unknown_input_is_answered_in_the_tables_language(lang: str) -> None:
    s = Session(session().setup, lang=lang)
    step = s.type("pass the crisps")
    assert step.records == [] and step.message is not None
    assert step.message.count("\n") == 0 and "'pass the crisps'" in step.message
    assert ("unknown input" in step.message) == (lang == "en")
    listed = step.message.rsplit(": ", 1)[1].split(", ")
    assert listed == [p[0] for p in s.phrases.commands.values()]
    # every command offered is one the table understands when typed
    parsed = [s.phrases.parse(c) for c in listed]
    assert [p.command if p else None for p in parsed] == list(s.phrases.commands)


def test_restore_replays_the_journal_actions_exactly() -> None:
    s = session(typed=(*TO_SIXTEEN, "undo", "sixteen", "minus five, eleven"))
    again = Session.restore(s.setup, s.actions)
    assert again.view == s.view
    assert [t.total for t in again.turns] == [t.total for t in s.turns]
    with pytest.raises(ValueError, match="does not fit"):
        Session.restore(s.setup, [*s.actions, {"action": "island", "island": 24}])


def test_every_record_follows_the_log_contract() -> None:
    s = session()
    records: list[dict[str, object]] = []
    script = [heard(t) for t in TO_SIXTEEN[:5]] + [
        heard("twenty-five"), heard("yes"), heard("sixteen"),
        heard("minus five, twelve"), heard("yes"), heard("eleven", 0.3), heard("yes"),
        heard("undo"), heard("yes"),
        heard("status"), heard("pause"), heard("resume"), heard(""),
    ]
    for h in script:
        records += s.hear(h).records
    fields = {
        "heard": {"event", "text", "numbers", "confidence"},
        "played": {"event", "player", "card", "total"},
        "stew_pot": {"event", "player", "island", "holder", "count"},
        "direction": {"event", "by", "counting"},
        "island_drawn": {"event", "player", "island"},
        "mistake": {"event", "player", "said", "reason", "expected"},
        "ask": {"event", "question", "alternatives"},
        "command": {"event", "name"},
        "undone": {"event", "player", "total"},
        "host": {"event", "text"},
    }
    seen = set()
    for r in records:
        assert r["event"] in CONTRACT
        assert set(r) == fields[str(r["event"])], r
        seen.add(r["event"])
    assert seen == set(fields)


def test_a_fairly_sure_no_answers_a_question_the_ear_withheld() -> None:
    s = session(typed=("eleven",))
    s.hear(heard("twenty", 0.3))
    step = s.hear(heard("no", 0.45))
    assert host(step.records) == ["Twenty?"]
    step = s.hear(heard("nope", 0.7))
    assert host(step.records) == ["Maria, please say it again."]


def test_setup_by_voice_asks_says_back_and_waits_for_yes() -> None:
    from voice_host.games.cowabunga.host.voice_setup import VoiceSetup

    v = VoiceSetup()
    assert host(v.begin().records) == ["How many players?"]
    assert v.expectation().numbers == frozenset({2, 3, 4, 5})
    assert host(v.hear(heard("seven")).records) == [
        "Seven? A table has two to five players. How many players?"
    ]
    assert host(v.hear(heard("two")).records) == ["Two. Is that right?"]
    waiting = v.expectation()  # a yes or a no, never a number heard in its place
    assert waiting.numbers == frozenset() and waiting.commands
    assert host(v.hear(heard("no")).records) == ["How many players?"]
    assert v.expectation().numbers == frozenset({2, 3, 4, 5})
    v.hear(heard("two"))
    assert host(v.hear(heard("yes")).records) == ["What is the start card?"]
    v.hear(heard("four"))
    assert host(v.hear(heard("yes")).records) == ["Player 1, read out your first island card."]
    for value, line in [
        ("eighteen", "Player 1, read out your second island card."),
        ("twenty-five", "Player 2, read out your first island card."),
        ("twelve", "Player 2, read out your second island card."),
    ]:
        v.hear(heard(value))
        assert host(v.hear(heard("yes")).records) == [line]
    assert host(v.hear(heard("eighteen")).records) == [
        "Eighteen is already dealt. Player 2, read out your second island card."
    ]
    v.type("20")  # typed: no need to confirm
    assert v.done
    setup = v.setup()
    assert setup.players == ("Player 1", "Player 2") and setup.start == 4
    assert setup.islands == {"Player 1": (18, 25), "Player 2": (12, 20)}
    assert setup.island_deck == 17


def test_setup_by_voice_only_asks_what_the_flags_left_out() -> None:
    from voice_host.games.cowabunga.host.voice_setup import VoiceSetup

    v = VoiceSetup(("A", "B", "C", "D"), 3)
    assert host(v.begin().records) == ["A, read out your first island card."]
    for value in ("ten", "eleven", "twelve", "thirteen"):
        v.type(value)
    assert v.done and v.setup().islands == {"A": (10,), "B": (11,), "C": (12,), "D": (13,)}
    assert VoiceSetup(("A", "B"), 3, {}).done


def test_long_lines_are_spoken_as_short_ones() -> None:
    from voice_host.games.cowabunga.host.session import split_line

    text = "One two three. " * 20
    lines = split_line(text.strip())
    assert len(lines) > 1 and all(len(line) <= 140 for line in lines)
    assert " ".join(lines) == text.strip()
    assert split_line("Short.") == ["Short."]


def test_table_talk_is_ignored_even_with_a_number_among_the_alternatives() -> None:
    s = session()
    step = s.hear(heard("pass the crisps", 0.2, ("eleven", 0.3)))
    assert [r["event"] for r in step.records] == ["heard"]


def test_an_answer_without_the_card_is_judged_as_said() -> None:
    s = session(typed=("eleven", "twenty", "twenty-nine"))
    s.hear(heard("eight, thirty-four", 0.3, ("thirty-two", 0.35)))
    assert s.phase is Phase.QUESTION
    step = s.hear(heard("thirty-four", 0.95))  # 29 + 5: right, whatever card was misheard
    assert events(step.records, "played")[0]["card"] == 5


def test_a_card_the_ear_may_have_added_is_asked_about_without_it() -> None:
    s = session(typed=("eleven",))
    step = s.hear(heard("two, twenty", 0.2))
    assert host(step.records) == ["Two, twenty?"]
    assert host(s.hear(heard("no")).records) == ["Twenty?"]
    step = s.hear(heard("yes"))
    assert events(step.records, "played") == [
        {"event": "played", "player": "Maria", "card": 9, "total": 20}
    ]


def test_the_same_total_said_again_after_a_card_mistake_is_asked_about() -> None:
    s = session(typed=("eleven", "twenty"))
    # Hendrik said "plus six", heard "nine" (and "yes" to the reading, not minding the card)
    records = mistake_confirmed(s, "plus nine, twenty-six", "Nine, twenty-six?")
    assert host(records) == ["Twenty plus nine is twenty-nine, not twenty-six. Hendrik, try again."]
    step = s.hear(heard("plus nine, twenty-six"))
    assert host(step.records) == ["Nine, twenty-six?"] and not events(step.records, "mistake")
    assert host(s.hear(heard("no")).records) == ["Twenty-six?"]
    assert events(s.hear(heard("yes")).records, "played")[0]["card"] == 6


# --- confirmation before what costs a player -----------------------------------------------------
# Emily at sixteen, counting down: "twenty" goes the wrong way. Maria's twenty-five after
# TO_SIXTEEN[:5] hits Emily's island.


def test_a_confident_mistake_confirmed_by_yes_is_announced() -> None:
    s = session(typed=TO_SIXTEEN)
    step = s.hear(heard("twenty", 1.0))
    assert [r["event"] for r in step.records] == ["heard", "ask", "host"]
    assert host(step.records) == ["Twenty?"] and s.view.total == 16
    step = s.hear(heard("yes"))
    assert [r["event"] for r in step.records] == ["heard", "command", "mistake", "host"]
    assert events(step.records, "mistake")[0]["reason"] == "wrong_direction"
    assert s.phase is Phase.TURN and s.view.current_player == "Emily"


def test_a_confident_mistake_said_again_is_no_yes_and_is_asked_again() -> None:
    s = session(typed=TO_SIXTEEN)
    s.hear(heard("minus five, twelve", 1.0))
    # The ear can hear the same words wrong twice, or "no" as a number: only a yes announces.
    step = s.hear(heard("minus five, twelve", 1.0))
    assert host(step.records) == ["Five, twelve? Say yes or no."]
    assert not events(step.records, "mistake") and s.phase is Phase.QUESTION
    step = s.hear(heard("yes"))
    assert host(step.records) == ["Sixteen minus five is eleven, not twelve. Emily, try again."]


def test_a_mistake_heard_again_and_again_ends_in_say_it_again_not_in_the_mistake() -> None:
    s = session(typed=TO_SIXTEEN)
    asks = Policy().max_asks
    lines = [host(s.hear(heard("twenty", 1.0)).records) for _ in range(asks + 1)]
    assert lines[0] == ["Twenty?"] and lines[1:asks] == [["Twenty? Say yes or no."]] * (asks - 1)
    assert lines[-1] == ["Emily, please say it again."]
    assert s.phase is Phase.TURN and s.view.total == 16


def test_answers_heard_as_nothing_end_the_question_in_say_it_again() -> None:
    # In babble a "no" said again and again is, sooner or later, heard as a sure "yes": after
    # Policy.max_unheard answers heard as nothing the player says the announcement again.
    s = session(typed=TO_SIXTEEN)
    assert host(s.hear(heard("twenty", 1.0)).records) == ["Twenty?"]
    unheard = Hearing("", confidence=0.4)
    for _ in range(Policy().max_unheard - 1):
        step = s.hear(unheard)
        assert host(step.records) == [] and s.phase is Phase.QUESTION
    step = s.hear(unheard)
    assert host(step.records) == ["Emily, please say it again."]
    assert s.phase is Phase.TURN and s.view.total == 16 and not events(step.records, "mistake")
    # A yes now answers nothing; the announcement said again is judged afresh.
    assert not events(s.hear(heard("yes", 1.0)).records, "mistake") and s.view.total == 16
    step = s.hear(heard("fifteen", 1.0))
    assert events(step.records, "played")[0]["total"] == 15
    # An answer heard in between starts the count again.
    s = session(typed=TO_SIXTEEN)
    s.hear(heard("twenty", 1.0))
    s.hear(unheard)
    assert host(s.hear(Hearing("yes", confidence=0.8)).records) == ["Twenty? Say yes or no."]
    assert host(s.hear(unheard).records) == [] and s.phase is Phase.QUESTION


def test_a_total_heard_where_yes_or_no_was_asked_for_is_asked_about_not_accepted() -> None:
    # "Five, twelve?" answered "yes", heard as a sure "fifteen" (legal from sixteen): taken as
    # the turn, it would miss the mistake and put a total nobody said on the table.
    s = session(typed=TO_SIXTEEN)
    s.hear(heard("minus five, twelve", 1.0))
    step = s.hear(heard("fifteen", 1.0))
    assert host(step.records) == ["Fifteen?"] and not events(step.records, "played")
    assert s.view.total == 16 and s.phase is Phase.QUESTION
    # A choice is answered with a number: one said instead is judged as it stands.
    s = session(typed=("eleven",))
    assert host(s.hear(heard("thirteen", 0.5, ("thirty", 0.45))).records) == ["Thirteen or thirty?"]
    step = s.hear(heard("fifteen", 1.0))
    assert events(step.records, "played")[0]["total"] == 15


def test_a_yes_the_recognizer_did_not_vouch_for_does_not_announce_a_mistake() -> None:
    s = session(typed=TO_SIXTEEN)
    s.hear(heard("twenty", 1.0))
    # Fairly sure, but below the recognizer's own bar: enough for a no, not for a penalty.
    step = s.hear(Hearing("yes", confidence=0.8))
    assert host(step.records) == ["Twenty? Say yes or no."] and not events(step.records, "mistake")
    # Confident, but "no" was nearly as likely.
    step = s.hear(heard("yes", 0.95, ("no", 0.4)))
    assert host(step.records) == ["Twenty? Say yes or no."] and not events(step.records, "mistake")
    step = s.hear(heard("yes", 0.95))
    assert events(step.records, "mistake")[0]["reason"] == "wrong_direction"


def test_a_fairly_sure_yes_still_accepts_a_total_that_costs_nothing() -> None:
    s = session(typed=("eleven",))
    assert host(s.hear(heard("twenty", 0.3)).records) == ["Twenty?"]
    step = s.hear(Hearing("yes", confidence=0.8))
    assert events(step.records, "played")[0]["total"] == 20


def test_a_choice_keeps_the_turns_grammar_and_a_yes_no_question_hears_no_number() -> None:
    s = session(typed=TO_SIXTEEN)
    turn = s.expectation()
    assert turn.numbers == frozenset(range(0, 36)) and turn.number_pairs
    s.hear(heard("thirteen", 0.5, ("thirty", 0.4)))
    assert s.question is not None and s.question.confirm is None  # "Thirteen or thirty?"
    # Narrowed to the readings asked about, any number said in answer would be heard as one.
    assert s.expectation().numbers == turn.numbers and s.expectation().commands
    s = session(typed=TO_SIXTEEN)
    s.hear(heard("twenty", 1.0))  # a mistake from sixteen: "Twenty?"
    assert s.question is not None and s.question.confirm is not None
    yes_no = s.expectation()
    assert yes_no.numbers == frozenset() and yes_no.commands and not yes_no.number_pairs
    s.hear(heard("no"))
    assert s.phase is Phase.TURN and s.expectation() == turn  # said again under the turn's
    s = session(typed=TO_SIXTEEN[:4])  # thirty-three: Hendrik draws an island card
    islands = s.expectation().numbers
    assert s.phase is Phase.ISLAND and islands == frozenset(range(10, 31))
    s.hear(heard("fifteen", 0.5, ("fifty", 0.4)))
    assert s.question is not None and s.question.confirm is None
    assert s.expectation().numbers == islands


def test_a_confident_mistake_denied_by_no_is_said_again_and_nothing_is_announced() -> None:
    s = session(typed=TO_SIXTEEN)
    step = s.hear(heard("minus five, twelve", 1.0))  # Emily said "minus five, eleven"
    assert host(step.records) == ["Five, twelve?"]
    step = s.hear(heard("no"))
    assert host(step.records) == ["Emily, please say it again."]
    assert not events(step.records, "mistake") and not events(step.records, "ask")
    assert s.phase is Phase.TURN and s.view.total == 16
    step = s.hear(heard("minus five, eleven"))
    assert events(step.records, "played")[0]["total"] == 11 and not events(step.records, "ask")


def test_after_a_no_to_a_confident_mistake_the_ears_other_reading_is_asked_about() -> None:
    # Counting down from sixteen: "twelve" heard as a sure "twenty-six", "twelve" its rival.
    s = session(typed=TO_SIXTEEN)
    step = s.hear(heard("twenty-six", 0.93, ("twelve", 0.06)))
    assert host(step.records) == ["Twenty-six?"]
    step = s.hear(heard("no"))
    assert host(step.records) == ["Twelve?"] and not events(step.records, "mistake")
    step = s.hear(heard("yes"))
    assert events(step.records, "played")[0]["total"] == 12


def test_a_stew_pot_is_confirmed_before_it_is_announced() -> None:
    s = session(typed=TO_SIXTEEN[:2])
    step = s.hear(heard("twenty-seven", 1.0))  # no stew pot: no question
    assert events(step.records, "played") and not events(step.records, "ask")
    s = session(typed=(*TO_SIXTEEN[:5],))
    step = s.hear(heard("twenty-five", 1.0))  # Maria hits Emily's 25
    assert [r["event"] for r in step.records] == ["heard", "ask", "host"]
    assert host(step.records) == ["Twenty-five?"] and len(s.turns) == 4
    step = s.hear(heard("no"))
    assert host(step.records) == ["Maria, please say it again."] and len(s.turns) == 4
    s.hear(heard("twenty-five", 1.0))
    step = s.hear(heard("yes"))
    assert events(step.records, "stew_pot")[0]["player"] == "Maria"
    assert s.view.stew_pots == (0, 1, 0)


def test_confirmation_is_a_policy_switch() -> None:
    s = session(typed=TO_SIXTEEN[:5], policy=Policy(confirm_costly=False))
    step = s.hear(heard("twenty-five", 1.0))
    assert events(step.records, "stew_pot") and not events(step.records, "ask")
    s.type("sixteen")
    step = s.hear(heard("twenty", 1.0))
    assert host(step.records) == ["Twenty?"]
    s = session(typed=TO_SIXTEEN, policy=Policy(confirm_mistakes=False))
    step = s.hear(heard("twenty", 1.0))
    assert events(step.records, "mistake") and not events(step.records, "ask")


def test_typed_lines_are_trusted_without_confirmation() -> None:
    s = session(typed=TO_SIXTEEN[:5])
    step = s.type("25")
    assert events(step.records, "stew_pot") and not events(step.records, "ask")
    s.type("16")
    step = s.type("-5 12")
    assert events(step.records, "mistake")[0]["reason"] == "arithmetic"
    assert not events(step.records, "ask") and s.phase is Phase.TURN


def test_a_recording_logs_the_confirmation_and_takes_the_reading() -> None:
    s = session(can_answer=False, typed=TO_SIXTEEN)
    step = s.hear(heard("minus five, twelve", 1.0))
    assert [r["event"] for r in step.records] == ["heard", "ask", "mistake", "host"]
    assert events(step.records, "ask")[0]["question"] == "Five, twelve?"
    assert host(step.records) == ["Sixteen minus five is eleven, not twelve. Emily, try again."]


def test_a_choice_answered_with_a_mistake_is_confirmed_and_a_no_says_it_again() -> None:
    s = session(typed=(*TO_SIXTEEN[:5], "twenty-five", "sixteen"))
    step = s.hear(heard("nine, twenty-nine", 0.5, ("nine, twenty-five", 0.4)))
    assert host(step.records) == ["Nine, twenty-nine or nine, twenty-five?"]
    step = s.hear(heard("nine, twenty-nine", 1.0))  # "five" misheard as "nine" again
    assert host(step.records) == ["Nine, twenty-nine?"] and not events(step.records, "mistake")
    step = s.hear(heard("no"))
    assert host(step.records) == ["Emily, please say it again."]
    assert not events(step.records, "mistake")


def test_a_card_sized_word_waits_for_its_rest_unless_waiting_would_only_delay_the_host() -> None:
    """ "seven," may be the card of "seven, eleven": held for its rest, also where seven is a
    possible total that is accepted quietly. A small total that turns the count (the host
    speaks) is not held, nor is an unsure hearing of one, nor a total above nine."""
    s = session()
    assert s.may_be_cut(heard("seven"))  # 4 -> 7 quietly, or the card of 4 -> 11
    assert s.may_be_cut(heard("two"))  # counting up, two is no total: held as before
    assert not s.may_be_cut(heard("seven", 0.3, ("seventeen", 0.2)))  # unsure: asked at once
    assert not s.may_be_cut(heard("twelve"))
    assert not s.may_be_cut(heard("undo"))
    # Counting down from 33 to 16: eight turns the count, and the host says so at once.
    s = session(typed=("11", "20", "29", "33", "16", "24", "16"))
    assert s.view.counting is Counting.DOWN and s.view.total == 16
    assert not s.may_be_cut(heard("eight"))
    assert s.may_be_cut(heard("three"))  # 16 -> 3 is no step: held as before



def test_a_card_phrase_heard_as_card_card_waits_for_its_rest() -> None:
    """A cut "minus eight," is heard by the ear's grammar as "minus eight, eight", sure or not.
    Judged at once, it was confirmed as a mistake ("Eight, eight?") and the rest, "three",
    taken for the answer (referee bench, English seed 12). Held, it joins its rest. A card
    phrase whose total is the card again that the turn accepts (0 + 7 = 7) is a whole turn."""
    s = session()  # 4, Emily to play
    assert s.may_be_cut(heard("minus eight, eight", 0.98))
    assert s.may_be_cut(heard("plus five, five", 0.6, ("plus five, eight", 0.1)))
    assert s.may_be_cut(withheld(("plus five, five", 0.61), ("plus five, eight", 0.1)))
    assert s.may_be_cut(heard("eleven", 0.6, ("plus five, five", 0.35)))  # a likely rival
    assert not s.may_be_cut(heard("eleven", 0.9, ("plus five, five", 0.05)))  # an unlikely one
    assert not s.may_be_cut(withheld(("thirteen", 0.7), ("plus five, five", 0.2)))
    assert not s.is_whole(heard("minus eight, eight"))
    s = session(start=0)
    assert not s.may_be_cut(heard("plus seven, seven"))  # 0 + 7: accepted as it stands

def test_a_total_no_card_reaches_waits_for_its_rest() -> None:
    """The ear can hear a card word cut at its comma as a sure total: "two," of "two,
    thirty-two" as "twelve" at thirty, "zero," as "eleven" at twenty-seven (referee bench,
    English seed 11). Judged at once, it is confirmed as a mistake ("Twelve?") and the rest
    taken for the answer. A short total that no card reaches, heard for sure, waits for its
    rest; a total a card reaches, a card phrase (the card said) and an unsure hearing are judged
    as before."""
    s = session()  # 4, Emily to play
    assert s.may_be_cut(heard("twenty"))  # 4 -> 20: a step of 16
    # Unsure, it is asked about at once: held, every such question would come later.
    assert not s.may_be_cut(withheld(("forty", 0.74), ("eighteen", 0.08)))
    assert not s.may_be_cut(heard("thirteen"))  # 4 + 9
    assert not s.may_be_cut(heard("plus six, twenty"))  # an arithmetic mistake, said whole
    step = s.hear(heard("twenty"))  # no rest came: confirmed as a mistake, as before
    assert host(step.records) == ["Twenty?"]


def test_only_a_sure_whole_announcement_accepted_as_it_stands_is_judged_before_the_hangover(
) -> None:
    """At the endpointer's tentative end the session judges at once only what it would accept
    with no question: a total above nine or a card and a total. A card-sized word may be the
    start of "seven, eleven"; a mistake, a stew pot or a rival reading may be a cut piece heard
    as a phrase nobody said, and waits for the rest of the hangover."""
    s = session()  # 4, Emily to play
    assert s.is_whole(heard("eleven"))  # 4 + 7, accepted quietly
    assert s.is_whole(heard("seven, eleven"))
    assert not s.is_whole(heard("seven"))  # a card-sized word
    assert not s.is_whole(heard("plus seven, seven"))  # a lone "plus seven," as the ear hears it
    assert not s.is_whole(heard("twenty"))  # a mistake (4 -> 20), confirmed first
    assert not s.is_whole(heard("twelve"))  # Maria's island: a stew pot, confirmed first
    assert not s.is_whole(heard("eleven", 0.9, ("seven", 0.4)))  # a rival card-sized reading
    assert not s.is_whole(heard("eleven", 0.9, ("thirteen", 0.4)))  # a rival total: asked
    assert not s.is_whole(heard("eleven", 0.4))  # unsure
    assert not s.is_whole(heard("undo"))
    s.hear(heard("twenty"))
    assert s.phase is Phase.QUESTION and not s.is_whole(heard("eleven"))


def withheld(*alts: tuple[str, float]) -> Hearing:
    """What the ear gives when it is not sure enough to name a number: no transcript, no numbers,
    only its likeliest readings."""
    return replace(heard("", 0.0, *alts), text="", confidence=alts[0][1] if alts else 0.0)


def test_an_announcement_the_ear_withheld_is_asked_about_when_a_number_is_likely() -> None:
    s = session(typed=("eleven",))
    hearing = withheld(("twenty", 0.78), ("twelve", 0.1))
    assert not s.may_be_cut(hearing)  # asked at once, not held for a rest
    assert host(s.hear(hearing).records) == ["Twenty?"] and s.phase is Phase.QUESTION
    step = s.hear(Hearing("yes", confidence=0.8))
    assert events(step.records, "played")[0]["total"] == 20


def test_a_withheld_hearing_that_is_unlikely_a_number_is_met_with_silence() -> None:
    s = session(typed=("eleven",))
    for hearing in (withheld(("twenty", 0.4), ("twelve", 0.3)), withheld(("undo", 0.7)),
                    withheld(("undo", 0.6), ("twenty", 0.3)), withheld()):
        step = s.hear(hearing)
        assert host(step.records) == [] and not events(step.records, "played")
        assert s.phase is Phase.TURN and s.may_be_cut(hearing)
    # A higher floor asks less.
    s = session(typed=("eleven",), policy=replace(Policy(), unsure_floor=0.9))
    assert host(s.hear(withheld(("twenty", 0.78))).records) == []


def test_a_card_heard_for_sure_with_its_total_in_doubt_is_asked_about() -> None:
    # From eleven, "two, thirteen" and "two, eleven" share the card word the ear is sure of (0.92
    # together), and two makes thirteen: asked about, though neither reading alone is half sure.
    s = session(typed=("eleven",))
    step = s.hear(withheld(("plus two, thirteen", 0.47), ("plus two, eleven", 0.45)))
    assert host(step.records) == ["Two, thirteen or two, eleven?"]
    assert s.phase is Phase.QUESTION
    # Not when the card makes neither total, nor when the readings name two cards.
    for hearing in (withheld(("plus five, twelve", 0.48), ("plus five, ten", 0.32)),
                    withheld(("plus two, thirteen", 0.47), ("plus four, fifteen", 0.45))):
        s = session(typed=("eleven",))
        assert host(s.hear(hearing).records) == [] and s.phase is Phase.TURN


def test_a_withheld_answer_to_a_question_is_an_answer_heard_as_nothing() -> None:
    s = session(typed=("eleven",))
    s.hear(heard("twenty", 0.3))
    step = s.hear(withheld(("fifteen", 0.8)))
    assert not events(step.records, "played") and s.phase is Phase.QUESTION


def test_a_number_heard_for_a_no_is_not_confirmed_by_hearing_it_again() -> None:
    # German seed 12 of the referee bench: "eins, elf" heard as "eins, fünf"; the "nein" that
    # answered was heard as a sure "drei", asked about, and the next "nein" as "drei" again,
    # which settled the question with a total nobody said.
    s = session(typed=TO_SIXTEEN)
    s.hear(heard("minus five, twelve", 1.0))
    assert host(s.hear(heard("fifteen", 0.996)).records) == ["Fifteen?"]
    step = s.hear(heard("fifteen", 0.994))
    assert host(step.records) == ["Fifteen? Say yes or no."] and not events(step.records, "played")
    step = s.hear(heard("fifteen", 0.99))  # the third "no" heard the same way: still asked
    assert not events(step.records, "played") and s.phase is Phase.QUESTION
    step = s.hear(heard("yes", 0.95))
    assert events(step.records, "played")[0]["total"] == 15
    # A total first asked about because the ear was unsure is settled by saying it again.
    s = session(typed=("eleven",))
    s.hear(heard("twenty", 0.3))
    assert events(s.hear(heard("twenty", 0.95)).records, "played")[0]["total"] == 20
