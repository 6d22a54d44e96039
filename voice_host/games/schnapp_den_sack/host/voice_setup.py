"""Schnapp den Sack set up by voice (:mod:`voice_host.host.voice_setup`): how many play, the
variant (one target plate, two plates, or one per row) and the pace, each said back and taken on
a yes, and how the questions are heard on a recording, the microphone or the keyboard.

Players set up by voice are named by their call words ("Ananas", "Krokodil"...): the host flips
"Ananas: Tränensack, drei." to the player who calls "Ananas!", so each player keeps one word, the
one they shout; seat numbers would be a second thing to remember, and names the ear does not know.
"""

from __future__ import annotations

import select
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING, TextIO

from voice_host.ear.early import table_endpointer
from voice_host.games.cowabunga.host.lines import HostLines, host_lines
from voice_host.games.schnapp_den_sack import rules
from voice_host.games.schnapp_den_sack.host.game import MAX_WAIT_S, MIN_WAIT_S, WAIT_S
from voice_host.games.schnapp_den_sack.host.journal import SchnappSetup, new_setup
from voice_host.games.schnapp_den_sack.host.session import seeded_session
from voice_host.games.schnapp_den_sack.words import HERE, HOME, words
from voice_host.host.voice_setup import (
    Answer,
    Choice,
    SetupQuestion,
    SpokenSetup,
    players_question,
)
from voice_host.languages import build, codes

if TYPE_CHECKING:
    from voice_host.audio.chunks import AudioChunk
    from voice_host.audio.gate import SpeakingGate
    from voice_host.ear.inputs import ChunkSource
    from voice_host.host.runner import Runner
    from voice_host.recognition import Expectation, Hearing, Recognizer, Samples



@dataclass(frozen=True)
class SetupWords:
    """One language's words for setting Schnapp den Sack up by voice."""

    lang: str
    """The language code."""
    variant: str
    """Asks for the target: a plate's number, two plates, or one per row."""
    two_plates: tuple[str, ...]
    """Said for two plates (variant 2), the first said back."""
    row_plates: tuple[str, ...]
    """Said for one plate per row (variant 3), the first said back."""
    no_plate: str
    """A number that is no plate: ``{value}``."""
    first_plate: str
    """Asks for the first of two plates."""
    second_plate: str
    """Asks for the second of two plates."""
    same_plate: str
    """The second plate said is the first: ``{value}``."""
    row_plate: str
    """Asks for one row's plate: ``{sacks}``, the row's sacks."""
    plate_said: str
    """A plate said back: ``{n}``."""
    pace: str
    """Asks how many seconds the host waits for a call."""
    bad_pace: str
    """A wait the host does not keep: ``{value}``."""


@cache
def setup_words(lang: str) -> SetupWords:
    """The setup's words in ``lang`` (German, the game's home, where a language has none): the
    ``[setup]`` section of the game's language file."""
    return build(SetupWords, lang if lang in codes(HERE) else HOME, "setup", folder=HERE)


WAITS = tuple(range(int(MIN_WAIT_S), int(MAX_WAIT_S) + 1))
"""The waits that may be said, in whole seconds."""


def _plates(answers: Mapping[str, Answer]) -> rules.Plates | None:
    """The plates the answers chose, once they are all known."""
    plate = answers.get("plate")
    if isinstance(plate, int):
        return rules.shared_plates([plate])
    if plate == "two" and "second_plate" in answers:
        return rules.shared_plates([answers["first_plate"], answers["second_plate"]])
    rows = {row: answers.get(f"plate_{row.value}") for row in rules.ROWS}
    if plate == "per_row" and all(v is not None for v in rows.values()):
        return rules.row_plates(rows)
    return None


class SchnappVoiceSetup(SpokenSetup):
    """Schnapp den Sack's setup asked by voice: the players, then what the flags did not give
    (the plates, the wait)."""

    def __init__(self, lang: str, *, plates: rules.Plates | None = None,
                 wait_s: float | None = None, seed: int = 1, can_answer: bool = True) -> None:
        say = host_lines(lang)
        super().__init__(self._next, say, can_answer=can_answer)
        self.lang = lang
        """The table's language."""
        self.plates = plates
        """The plates the flags gave (None: asked for)."""
        self.wait_s = wait_s
        """The wait the flags gave (None: asked for)."""
        self.seed = seed
        """The seed of the deal."""
        self.words = setup_words(lang)
        """The setup's words."""
        self.lines: HostLines = say
        """The shared lines (number words, players refused)."""

    def _next(self, answers: Mapping[str, Answer]) -> SetupQuestion | None:
        if "players" not in answers:
            return players_question(self.lines, rules.MIN_PLAYERS, rules.MAX_PLAYERS)
        if self.plates is None and _plates(answers) is None:
            return self._plate_question(answers)
        if self.wait_s is None and "wait" not in answers:
            return self._pace_question()
        return None

    def _plate_question(self, answers: Mapping[str, Answer]) -> SetupQuestion:
        w, say = self.words, self.lines

        def refuse(value: int) -> str:
            if value == answers.get("first_plate"):
                return say.fill(w.same_plate, value=say.n(value))
            return say.fill(w.no_plate, value=say.n(value))

        def said(value: int) -> str:
            return w.plate_said.format(n=say.n(value))

        plate = answers.get("plate")
        plates = rules.PLATES
        if plate is None:
            return SetupQuestion("plate", w.variant, plates,
                                 (Choice("two", w.two_plates), Choice("per_row", w.row_plates)),
                                 refuse, said)
        if plate == "two":
            if "first_plate" not in answers:
                return SetupQuestion("first_plate", w.first_plate, plates, (), refuse, said)
            left = tuple(p for p in plates if p != answers["first_plate"])
            return SetupQuestion("second_plate", w.second_plate, left, (), refuse, said)
        row = next(r for r in rules.ROWS if f"plate_{r.value}" not in answers)
        sacks = words(self.lang).rows[row.value][1]
        return SetupQuestion(f"plate_{row.value}", w.row_plate.format(sacks=sacks), plates, (),
                             refuse, said)

    def _pace_question(self) -> SetupQuestion:
        w, say = self.words, self.lines
        seconds = words(self.lang).seconds
        return SetupQuestion(
            "wait", w.pace, WAITS,
            refuse=lambda value: say.fill(w.bad_pace, value=say.n(value)),
            number_said=lambda value: seconds.format(n=say.n(value)))

    def table(self) -> SchnappSetup:
        """The table set up (only when :attr:`done`): dealt by the seed, each player named by
        their call word."""
        count = self.answers["players"]
        assert isinstance(count, int)
        names = words(self.lang).buzz[:count]
        plates = self.plates or _plates(self.answers)
        wait = self.answers.get("wait", WAIT_S) if self.wait_s is None else self.wait_s
        seconds = float(wait)
        session = seeded_session(names, self.seed, lang=self.lang, plates=plates,
                                 wait_s=seconds)
        return new_setup(session, self.seed)


def ask_on_stream(asked: SpokenSetup, runner: Runner, ear: Recognizer,
                  chunks: Iterator[AudioChunk]) -> None:
    """Ask the setup of a recording's first utterances; ``chunks`` is left where the setup
    ended, for the game to go on from."""
    runner.handle(asked.begin())
    endpointer = table_endpointer()
    for chunk in chunks:
        for utterance in endpointer.process(chunk):
            runner.hear(hear_answer(ear, utterance.samples, asked.expectation()))
            if asked.done or asked.stopped:
                return


def ask_live(asked: SpokenSetup, runner: Runner, ear: Recognizer, source: ChunkSource,
             gate: SpeakingGate, keyboard: TextIO) -> None:
    """Ask the setup at a live table: the microphone (shut while the host speaks), and a line
    typed at the keyboard whenever one is there (read without a thread, so the game's own
    keyboard reader gets every line after)."""
    runner.handle(asked.begin())
    endpointer = table_endpointer(gate)
    typing = True
    while not (asked.done or asked.stopped):
        chunk = source.read(timeout=0.05)
        for utterance in endpointer.process(chunk) if chunk is not None else ():
            runner.hear(hear_answer(ear, utterance.samples, asked.expectation()))
            if asked.done or asked.stopped:
                return
        line = typed_line(keyboard) if typing else None
        typing = line != ""  # a closed keyboard leaves the microphone
        if line:
            runner.type(line)


def hear_answer(ear: Recognizer, samples: Samples, expect: Expectation) -> Hearing:
    """One answer as the ear hears it; when the question's phrases were weighed and none was
    heard, the number the ear's heads were unsure of is kept as a reading (said back for a yes,
    never taken on a recording), rather than lost with the phrases' free transcript."""
    heard = ear.recognize(samples, expect)
    if heard.is_empty and not heard.alternatives and expect.words and expect.numbers:
        plain = ear.recognize(samples, replace(expect, words=()))
        numbers = tuple(a for a in plain.alternatives if a.numbers)
        if numbers:
            return replace(heard, alternatives=numbers)
    return heard


def ask_typed(asked: SpokenSetup, runner: Runner, keyboard: TextIO) -> None:
    """Ask the setup of typed lines only (``--keyboard``)."""
    runner.handle(asked.begin())
    while not (asked.done or asked.stopped):
        line = keyboard.readline()
        if not line:
            return
        runner.type(line)


def typed_line(keyboard: TextIO) -> str | None:
    """The line typed, if one is waiting (None: none yet; "": the keyboard was closed)."""
    try:
        ready, _, _ = select.select([keyboard], [], [], 0)
    except (OSError, ValueError):
        return None
    return keyboard.readline() if ready else None
