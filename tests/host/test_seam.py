"""The host's dialogue drives any game on the seam: a tiny counting game, written here, gets
questions, confirmations, yes and no, undo, pause, repeat, stop and its own queries from
:class:`~voice_host.host.dialogue.Dialogue` without a line of Cowabunga."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace

import pytest
from rich.console import RenderableType
from rich.text import Text

from voice_host.games.cowabunga.words import EN
from voice_host.host.dialogue import Dialogue
from voice_host.host.live_view import LiveView
from voice_host.host.seam import Host, HostedGame, Policy
from voice_host.host.step import JSONObject, Step
from voice_host.phrases import phrase_table
from voice_host.recognition import COMMANDS_ONLY, Alternative, Expectation, Hearing

COUNT = "count"


@dataclass(frozen=True)
class Said:
    """A number said, as the counting game reads it."""

    number: int
    confidence: float = 1.0

    def key(self) -> Hashable:
        return self.number


class Words:
    """The host's own lines for the test (English, plain)."""

    wording = EN

    def say_again(self, player: str) -> str:
        return f"{player}, say it again."

    def unknown_input(self, text: str) -> str:
        return f"? {text}"

    def nothing_to_undo(self) -> str:
        return "Nothing to undo."

    def paused(self) -> str:
        return "Paused."

    def confirm_stop(self) -> str:
        return "Stop the game?"

    def stopped(self) -> str:
        return "Stopped."


class Counting:
    """Players count up in turn from one; a wrong number is a mistake; the game ends at five."""

    def __init__(self, players: tuple[str, ...]) -> None:
        self.players = players
        self.phrases = phrase_table("en")
        self.counted: list[int] = []
        self.mistakes: dict[str, int] = dict.fromkeys(players, 0)
        self.host: Host[Said] | None = None

    @property
    def next(self) -> int:
        return len(self.counted) + 1

    @property
    def player(self) -> str:
        return self.players[len(self.counted) % len(self.players)]

    @property
    def over(self) -> bool:
        return self.next > 5

    def waiting_for(self) -> Hashable | None:
        return None if self.over else COUNT

    def expectation(self, kind: Hashable | None, *, yes_or_no: bool = False) -> Expectation:
        if kind is None or yes_or_no:
            return COMMANDS_ONLY
        return Expectation(numbers=frozenset(range(1, 10)), number_pairs=False, commands=True)

    def readings(self, hearing: Hearing) -> list[Said]:
        parsed = self.phrases.parse(hearing.text) if hearing.text else None
        out = [Said(parsed.numbers[-1], hearing.confidence)] if parsed and parsed.numbers else []
        out += [Said(a.numbers[-1], a.confidence) for a in hearing.alternatives if a.numbers]
        return out

    def withheld(self, hearing: Hearing) -> list[Said]:
        return []

    def judge(self, step: Step, kind: Hashable, readings: list[Said], confident: bool) -> None:
        assert self.host is not None
        top = readings[0]
        if not confident or self.costly(kind, top):
            self.host.ask(step, kind, (top,))
            return
        self.resolve(step, kind, top)

    def resolve(self, step: Step, kind: Hashable, option: Said) -> None:
        assert self.host is not None
        if option.number == self.next:
            self.counted.append(option.number)
            action: JSONObject = {"action": "count", "number": option.number}
            step.actions.append(action)
            if self.over:
                self.host.say_line(step, "Done!")
        else:
            self.mistakes[self.player] += 1
            self.host.say_line(step, f"Not {option.number}: {self.next}.")

    def costly(self, kind: Hashable, option: Said) -> bool:
        assert self.host is not None
        return not self.host.typed and option.number != self.next

    def suspect(self, kind: Hashable, option: Said) -> bool:
        return False

    def ask_text(self, kind: Hashable, options: tuple[Said, ...], *, yes_or_no: bool) -> str:
        text = " or ".join(str(o.number) for o in options) + "?"
        return text + " Say yes or no." if yes_or_no else text

    def describe(self, option: Said) -> JSONObject:
        return {"number": option.number}

    def asked_player(self, kind: Hashable) -> str:
        return self.player

    def queries(self) -> Mapping[str, Callable[[], str]]:
        return {"whose_turn": lambda: f"{self.player}'s turn.",
                "score": lambda: ", ".join(f"{p} {n}" for p, n in self.mistakes.items())}

    def status(self) -> str:
        return f"Next is {self.next}."

    def resumed_after_pause(self) -> str:
        return f"Go on: {self.next}."

    def render(self, large: bool, said: Sequence[str]) -> RenderableType:
        return Text(f"{'NEXT' if large else 'next'}: {self.next}\n" + "\n".join(said))

    def undo_question(self) -> str | None:
        return f"Take back {self.counted[-1]}?" if self.counted else None

    def take_back(self, step: Step) -> None:
        assert self.host is not None
        number = self.counted.pop()
        step.actions.append({"action": "undo"})
        self.host.say_line(step, f"{number} taken back.")


def table(*, can_answer: bool = True) -> tuple[Dialogue[Said], Counting]:
    game = Counting(("Ann", "Ben"))
    seam: HostedGame[Said] = game  # the test game is checked against the protocol here
    dialogue = Dialogue(seam, Words(), can_answer=can_answer, policy=Policy())
    game.host = dialogue
    return dialogue, game


def said(text: str, confidence: float = 0.9, *alts: tuple[str, float]) -> Hearing:
    """A scripted stand-in for a hearing: numbers and command only when sure, as recognizers
    report them."""
    parse = phrase_table("en").parse
    parsed = parse(text)
    assert parsed is not None
    sure = confidence >= 0.5
    alternatives = []
    for alt_text, conf in alts:
        alt = parse(alt_text)
        assert alt is not None
        alternatives.append(Alternative(alt_text, alt.numbers, alt.command, conf))
    return Hearing(text, parsed.numbers if sure else (), parsed.command if sure else None,
                   confidence, tuple(alternatives))


def test_a_right_number_is_taken_quietly_and_journaled() -> None:
    d, game = table()
    step = d.hear(said("one"))
    assert game.counted == [1] and step.lines == []
    assert step.actions == [{"action": "count", "number": 1}]
    assert [r["event"] for r in step.records] == ["heard"]


def test_a_mistake_is_confirmed_before_it_is_announced() -> None:
    d, game = table()
    d.hear(said("one"))
    step = d.hear(said("three"))
    assert step.lines == ["3?"] and game.mistakes["Ben"] == 0
    # a yes/no question hears no number
    assert replace(d.expectation(), idle=frozenset()) == COMMANDS_ONLY
    step = d.hear(said("yes"))
    assert step.lines == ["Not 3: 2."] and game.mistakes["Ben"] == 1


def test_a_no_has_the_player_say_it_again() -> None:
    d, game = table()
    d.hear(said("two"))
    assert d.hear(said("no")).lines == ["Ann, say it again."]
    assert d.question is None and game.counted == []


def test_the_same_reading_heard_again_is_no_yes() -> None:
    d, _ = table()
    d.hear(said("two"))
    step = d.hear(said("two"))
    assert step.lines == ["2? Say yes or no."]


def unsure(*readings: tuple[str, float]) -> Hearing:
    """The ear's way with a word it is not sure of: no transcript, its readings likeliest
    first."""
    parse = phrase_table("en").parse
    alternatives = []
    for text, confidence in readings:
        parsed = parse(text)
        assert parsed is not None
        alternatives.append(Alternative("", parsed.numbers, parsed.command, confidence))
    return Hearing("", (), None, readings[0][1], tuple(alternatives))


@pytest.mark.parametrize(("answer", "answered"), [
    (unsure(("yes", 0.73), ("no", 0.13)), True),   # likeliest, likely enough, no rival
    (unsure(("yes", 0.55), ("no", 0.13)), False),  # under the answer's bar
    (unsure(("yes", 0.62), ("no", 0.33)), False),  # a rival no
    (unsure(("undo", 0.7), ("yes", 0.2)), False),  # another command likeliest
])
def test_an_unsure_yes_the_ear_found_likeliest_answers_the_question(answer: Hearing,
                                                                    answered: bool) -> None:
    d, game = table()
    d.hear(said("one"))
    assert d.hear(said("three")).lines == ["3?"]
    # A mistake costs the player: an unsure yes has it confirmed again, never announced.
    assert d.hear(answer).lines == (["3? Say yes or no."] if answered else [])
    assert game.mistakes["Ben"] == 0


def test_an_unsure_no_the_ear_found_likeliest_has_the_player_say_it_again() -> None:
    d, game = table()
    d.hear(said("two"))
    assert d.hear(unsure(("no", 0.75))).lines == ["Ann, say it again."]
    assert game.counted == []


def test_answers_heard_as_nothing_end_the_question() -> None:
    d, _ = table()
    d.hear(said("two"))
    nothing = Hearing("", (), None, 0.0)
    assert d.hear(nothing).lines == []
    assert d.hear(nothing).lines == ["Ann, say it again."]


def test_undo_by_voice_is_confirmed_and_typed_acts_at_once() -> None:
    d, game = table()
    d.hear(said("one"))
    assert d.hear(said("undo")).lines == ["Take back 1?"] and game.counted == [1]
    step = d.hear(said("yes"))
    assert step.lines == ["1 taken back."] and step.actions == [{"action": "undo"}]
    d.type("one")
    assert d.type("undo").lines == ["1 taken back."]
    assert d.type("undo").lines == ["Nothing to undo."]


def test_pause_repeat_queries_and_stop() -> None:
    d, game = table()
    d.hear(said("one"))
    assert d.hear(said("pause")).lines == ["Paused."]
    d.hear(said("two"))
    assert game.counted == [1]  # nothing is judged while paused
    assert d.hear(said("whose turn")).lines == ["Ben's turn."]
    assert d.hear(said("resume")).lines == ["Go on: 2."]
    assert d.hear(said("repeat")).lines == ["Go on: 2."]
    assert d.hear(said("score")).lines == ["Ann 0, Ben 0"]
    assert d.hear(said("stop")).lines == ["Stop the game?"] and not d.stopped
    assert d.hear(said("yes")).lines == ["Stopped."] and d.stopped
    assert [r["event"] for r in d.hear(said("three")).records] == ["heard"]


def test_the_ear_takes_a_command_that_would_do_nothing_for_talk() -> None:
    d, _ = table()
    assert d.expectation().idle == {"yes", "no", "resume"}  # nothing asked, playing
    d.hear(said("two"))
    assert d.question is not None and d.expectation().idle == {"resume"}
    d.hear(said("no"))
    d.type("one")
    d.hear(said("undo"))
    assert d.awaiting_yes == "undo" and d.expectation().idle == {"resume"}
    d.hear(said("no"))
    d.hear(said("pause"))
    assert d.expectation().idle == {"yes", "no", "undo", "pause"}  # what a pause ignores
    d.hear(said("stop"))
    assert str(d.awaiting_yes) == "stop" and d.expectation().idle == {"undo", "pause"}


def test_a_recording_takes_the_likeliest_reading_and_logs_the_question() -> None:
    d, game = table(can_answer=False)
    step = d.hear(said("one", 0.4, ("seven", 0.3)))
    (ask,) = [r for r in step.records if r["event"] == "ask"]
    assert ask["question"] == "1?" and game.counted == [1] and d.question is None


def test_the_game_ends_and_waits_for_nothing() -> None:
    d, game = table()
    for word in ("one", "two", "three", "four"):
        d.hear(said(word))
    assert d.hear(said("five")).lines == ["Done!"]
    assert game.over and d.waiting_for() is None
    assert replace(d.expectation(), idle=frozenset()) == COMMANDS_ONLY


def test_the_live_view_draws_what_the_game_renders() -> None:
    d, _ = table()
    d.hear(said("one"))
    view = LiveView(d, large=True, enabled=True)
    view.note("HOST: Two, please.")
    view.note("  heard: two  [0.9]")
    assert str(view.renderable()) == "NEXT: 2\nTwo, please."
