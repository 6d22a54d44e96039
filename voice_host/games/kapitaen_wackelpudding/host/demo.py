"""A whole game of Kapitän Wackelpudding with no one at the table: simulated players steer the
ship and say what fell with synthesized voices; the real ear hears them and the host keeps the
books.

Each turn the player to move says the roll word, maybe "touched land", maybe what fell (a fall
chance per turn, from the goods aboard), then "nothing" or "arrived". They answer the host's
questions from what they said (yes, no, or the phrase again), say "undo" when the host took
something they did not say (right after a fall booked at once, that takes it back without a
question), and as the last resort type the phrase. The log holds the replay
contract's events, every ``heard`` and the host's lines.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TextIO

import numpy as np

from voice_host.games.entry import DemoError, DemoRequest
from voice_host.games.kapitaen_wackelpudding.host import reports
from voice_host.games.kapitaen_wackelpudding.host.confirm import (
    DEFAULT_CONFIRM_FALLS,
    ConfirmFalls,
    ConfirmFallsError,
    parse_confirm_falls,
)
from voice_host.games.kapitaen_wackelpudding.host.session import WackelpuddingSession
from voice_host.games.kapitaen_wackelpudding.rules import Cargo, PlayerCountError
from voice_host.host.demo_sound import DemoSound
from voice_host.host.runner import Runner
from voice_host.host.step import Step
from voice_host.recognition import SAMPLE_RATE, Recognizer, Samples

PLAYERS = {"de": ("Anna", "Ben", "Clara"), "en": ("Emily", "Maria", "Hendrik")}
"""The bots' names by language, youngest first."""

BOT_VOICES = {
    "de": (("mbrola", "mb-de1"), ("mbrola", "mb-de6"), ("mbrola", "mb-de4"),
           ("mbrola", "mb-de7"), ("mbrola", "mb-de2")),
    "en": (("pico", "en-US"), ("mbrola", "mb-us1"), ("kokoro", "jf_alpha"),
           ("mbrola", "mb-us3"), ("kokoro", "jm_kumo")),
}
"""(engine, voice) of each seat: voices the scorer hears well, none of those the bench or the
scorer's thresholds use."""

MAX_TRIES = 4
"""Utterances a bot spends on one report before it types it."""
MAX_ANSWERS = 3
"""Answers a bot gives to one question before it types the answer."""


@dataclass
class Stats:
    """What happened at the simulated table, against what the bots said."""

    turns: int = 0
    """Turns begun."""
    utterances: int = 0
    """Utterances the bots spoke."""
    falls: int = 0
    """Falls the bots reported."""
    falls_first_try: int = 0
    """Falls booked right from their first utterance (with its confirming yes, when the table
    confirms it)."""
    booked_wrong: int = 0
    """Falls booked that the bot had not said (then taken back)."""
    typed: int = 0
    """Reports or answers typed as the last resort."""
    winners: tuple[str, ...] = ()
    """The winners, once the game is over."""
    piles: dict[str, int] = field(default_factory=dict)
    """The screw-up piles at the end."""


class SimTable:
    """Bots at a table of Kapitän Wackelpudding, a host listening through a real ear."""

    def __init__(self, players: Sequence[str], *, seed: int, recognizer: Recognizer,
                 lang: str = "de", fall_chance: float = 0.35, touch_chance: float = 0.1,
                 voices: Sequence[tuple[str, str]] | None = None,
                 noise: Callable[[Samples], Samples] | None = None,
                 log: TextIO | None = None, transcript: Callable[[str], None] | None = None,
                 sound: Callable[[Samples], None] | None = None,
                 host_sound: Callable[[str], None] | None = None,
                 confirm_falls: ConfirmFalls = DEFAULT_CONFIRM_FALLS) -> None:
        self.rng = random.Random(seed * 7919 + 1)
        """The bots' randomness (what falls, their speed and pitch)."""
        self.session = WackelpuddingSession(players, lang=lang, seed=seed,
                                            confirm_falls=confirm_falls)
        """The host."""
        self.players = tuple(players)
        self.recognizer = recognizer
        """The real ear."""
        self.fall_chance = fall_chance
        """The chance a turn drops something."""
        self.touch_chance = touch_chance
        """The chance a turn touches land."""
        picked = voices or BOT_VOICES[lang]
        self.voices = [picked[i % len(picked)] for i in range(len(self.players))]
        """(engine, voice) of each seat."""
        self.noise = noise
        """Background added to every utterance, if any."""
        self.transcript = transcript or (lambda line: None)
        self.sound = sound
        self.host_sound = host_sound
        self.runner = Runner(self.session, None, log, None, self.transcript)
        """Carries each step out: log, transcript."""
        self.stats = Stats()
        """The score against what the bots said."""

    # --- speech --------------------------------------------------------------------------------
    def audio(self, seat: int, text: str) -> Samples:
        """``text`` in seat ``seat``'s voice, a little faster or slower each time."""
        from voice_host.speakers import synth

        engine, name = self.voices[seat]
        speech = synth.synthesize(synth.Voice(engine, name, "train"), text,
                                  speed=self.rng.uniform(0.9, 1.1),
                                  pitch=self.rng.randrange(40, 61))
        pad = np.zeros(int(0.3 * SAMPLE_RATE), dtype=np.int16)
        audio = np.concatenate([pad, speech, pad])
        return self.noise(audio) if self.noise is not None else audio

    def say(self, seat: int, text: str) -> Step:
        """Bot ``seat`` says ``text``; the host hears it through the real ear."""
        self.stats.utterances += 1
        self.transcript(f"{self.players[seat]}: {text}")
        audio = self.audio(seat, text)
        if self.sound is not None:
            self.sound(audio)
        step = self.runner.hear(self.recognizer.recognize(audio, self.session.expectation()))
        self._host_out(step)
        return step

    def type(self, text: str) -> Step:
        """The last resort: the phrase is typed."""
        self.stats.typed += 1
        self.transcript(f"  (typed) {text}")
        step = self.runner.type(text)
        self._host_out(step)
        return step

    def _host_out(self, step: Step) -> None:
        if self.host_sound is not None:
            for line in step.lines:
                self.host_sound(line)

    def word(self, command: str) -> str:
        """The canonical phrase of a host command ("ja", "rückgängig")."""
        return self.session.table.phrases.commands[command][0]

    # --- the game ------------------------------------------------------------------------------
    def play(self, max_turns: int | None = None) -> Stats:
        """Play until the game ends (or ``max_turns`` turns began); returns the score."""
        self._host_out(self._start())
        while not self.session.over and (max_turns is None or self.stats.turns < max_turns):
            self._turn()
        outcome = self.session.state.outcome
        self.stats.winners = outcome.winners if outcome is not None else ()
        self.stats.piles = self.session.state.screw_ups()
        return self.stats

    def _start(self) -> Step:
        step = self.session.start()
        self.runner.handle(step)
        return step

    def _turn(self) -> None:
        self.stats.turns += 1
        seat = self.players.index(self.session.state.player)
        self.report(seat, reports.ROLL)
        if self.rng.random() < self.touch_chance:
            self.report(seat, reports.TOUCHED_LAND)
        fell = False
        ship = self.session.state.ship
        if ship.total and self.rng.random() < self.fall_chance:
            cargo = self._what_falls(ship)
            self.stats.falls += 1
            fell = True
            self.report(seat, reports.fall_meaning(cargo))
            if self.session.over:
                return
        self.report(seat, reports.ARRIVED if fell or self.rng.random() < 0.5
                    else reports.NOTHING)

    def _what_falls(self, ship: Cargo) -> Cargo:
        """One good mostly, one item mostly; now and then two goods."""
        falls = reports.possible_falls(ship)
        weights = [1.0 / (c.total ** 2) for c in falls]
        return self.rng.choices(falls, weights)[0]

    def report(self, seat: int, meaning: str) -> None:
        """Bot ``seat`` says ``meaning`` until the host has acted on it (or types it)."""
        phrase = reports.as_said(meaning, self.session.table.words)
        acted = len(self.session.table.acted)
        for attempt in range(MAX_TRIES):
            step = self.say(seat, phrase)
            self._answer(seat, meaning, phrase, step)
            if len(self.session.table.acted) > acted:
                done = self.session.table.acted[-1]
                if done == meaning:
                    if attempt == 0 and meaning.startswith(reports.FELL):
                        self.stats.falls_first_try += 1
                    return
                self._took_wrong(seat, done)
                acted = len(self.session.table.acted)
        # Typed where a yes or no was awaited ("Stop the game?"), it is asked about once more.
        self._answer(seat, meaning, phrase, self.type(phrase))

    def _answer(self, seat: int, meaning: str, phrase: str, step: Step) -> None:
        """Answer the host's questions about what was said: yes, no, or the phrase again."""
        for _ in range(MAX_ANSWERS * 2):
            q = self.session.question
            if q is None:
                return
            if q.confirm is not None:
                answer = self.word("yes" if q.confirm.meaning == meaning else "no")
            else:
                answer = phrase
            self.say(seat, answer)
        q = self.session.question
        if q is not None:
            yes = q.confirm is not None and q.confirm.meaning == meaning
            self.type(self.word("yes") if yes else self.word("no") if q.confirm else phrase)

    def _took_wrong(self, seat: int, done: str) -> None:
        """The host acted on something the bot did not say: take it back if it changed the
        game."""
        if done.startswith(reports.FELL):
            self.stats.booked_wrong += 1
        if done in (reports.SHIP, reports.TOUCHED_LAND):
            return
        moves = len(self.session.table.moves)
        self.say(seat, self.word("undo"))
        if self.session.awaiting_yes == "undo":
            self.say(seat, self.word("yes"))
        if len(self.session.table.moves) == moves:
            self.type(self.word("undo"))


def summary(stats: Stats) -> str:
    """One line: turns, utterances, falls heard, typed, winners."""
    won = ", ".join(stats.winners) or "nobody yet (cut short)"
    return (f"{stats.turns} turns, {stats.utterances} utterances; falls reported "
            f"{stats.falls}, booked right from the first utterance {stats.falls_first_try}, "
            f"booked wrong {stats.booked_wrong}; typed {stats.typed}; screw-up piles "
            f"{stats.piles}; won: {won}")


def run_request(request: DemoRequest) -> str:
    """``voice-host demo --game kapitaen-wackelpudding``: a whole game, its sound in the WAV (or
    on the speakers), its events in the log; returns the summary line."""
    from voice_host.ear.backends import EngineError, load_recognizer
    from voice_host.ear.game_words import GameWordEar
    from voice_host.games.kapitaen_wackelpudding.host.play import ASKS_FROM, GAME
    from voice_host.speakers import synth

    players = request.players or PLAYERS.get(request.lang, PLAYERS["en"])
    try:
        confirm = (DEFAULT_CONFIRM_FALLS if request.confirm_falls is None
                   else parse_confirm_falls(request.confirm_falls))
    except ConfirmFallsError as err:
        raise DemoError(str(err)) from None
    try:
        ear = GameWordEar(load_recognizer("ear", request.lang), game=GAME,
                          asks_from=ASKS_FROM)
    except EngineError as err:
        raise DemoError(str(err)) from None
    out = DemoSound(speakers=request.speakers, wav=request.wav, lang=request.lang)
    try:
        table = SimTable(players, seed=request.seed, recognizer=ear, lang=request.lang,
                         log=request.log, transcript=request.transcript,
                         sound=out.play if out.wanted else None,
                         host_sound=out.say if out.wanted else None, confirm_falls=confirm)
    except PlayerCountError as err:
        raise DemoError(f"--players: {err}") from None
    try:
        stats = table.play(request.max_turns)
    except synth.SynthesisError as err:
        raise DemoError(f"a bot's voice failed: {err}") from None
    finally:
        out.write()
    return summary(stats)
