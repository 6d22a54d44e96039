"""A whole game of Schnapp den Sack with bots: the host flips and says each card, bots call with
synthesized voices, the real ear hears them and the host judges.

Each bot sees the flipped card, and after its own reaction time calls its call word when the card
reaches a row (unless it misses it) or, now and then, when it does not (a wrong grab). Calls that
start within the length of a call of each other overlap in one recording, the earlier call ahead:
the ear hears the mixture, as a microphone at a real table would. Earcons mark each flip, grab
and wrong grab. A call the ear is unsure of is
asked about, and the caller says its call word again; the last resort is typing it. Calls that
come after the wait are not made: the driver tells the host the wait ran out.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TextIO

import numpy as np

from voice_host.games.entry import DemoError, DemoRequest
from voice_host.games.schnapp_den_sack import rules
from voice_host.games.schnapp_den_sack.host.game import EARCONS
from voice_host.games.schnapp_den_sack.host.session import SchnappSession
from voice_host.host.demo_sound import DemoSound
from voice_host.host.runner import Runner
from voice_host.host.step import Step
from voice_host.recognition import SAMPLE_RATE, Recognizer, Samples
from voice_host.speakers import synth

PLAYERS = ("Anna", "Ben", "Cleo")
"""The bots' names when none are given."""

BOT_VOICES = {
    "de": ("mb-de1", "mb-de2", "mb-de4", "mb-de6", "mb-de7"),
    "en": ("mb-us3", "mb-en1", "mb-de2-en", "mb-de4-en", "mb-de6-en"),
}
"""MBROLA voices of the bots, one per seat: voices the closed-set scorer hears well, and none of
those its thresholds were chosen on or its bench measures (the ``train`` split)."""

MAX_TRIES = 3
"""Utterances a caller spends on one call before typing it."""

LEAD_S = 0.3
"""Silence before the first call in its recording."""


@dataclass(frozen=True)
class Bot:
    """A simulated player."""

    name: str
    """Its name."""
    voice: synth.Voice
    """How it sounds."""
    reaction_s: float
    """Its median time from the flip said to its call starting."""
    miss_rate: float
    """How often it does not see a target the card reaches."""
    error_rate: float
    """How often it calls when the card reaches nothing (a wrong grab)."""


@dataclass
class DemoStats:
    """What happened at the table, against the truth."""

    flips: int = 0
    """Cards flipped."""
    calls: int = 0
    """Flips somebody called, in time."""
    overlapping: int = 0
    """Calls with a second call starting while the first still sounded."""
    named_right: int = 0
    """Calls whose first caller the host named at once, with no question."""
    named_wrong: int = 0
    """Calls the host gave to another player at once."""
    asked: int = 0
    """Calls the host asked about."""
    unheard: int = 0
    """Calls the host heard nothing in (the wait then ran out)."""
    typed: int = 0
    """Calls typed in the end."""
    latencies_ms: list[float] = field(default_factory=list)
    """Recognition and judging time of each call heard, from the end of its recording."""

    def summary(self) -> str:
        """One line: flips, calls and how they were heard."""
        lat = sorted(self.latencies_ms)
        p95 = f"{lat[int(0.95 * (len(lat) - 1))]:.0f} ms" if lat else "-"
        return (f"{self.flips} flips, {self.calls} calls ({self.overlapping} overlapping): "
                f"{self.named_right} named right at once, {self.named_wrong} wrong, "
                f"{self.asked} asked, {self.unheard} unheard, {self.typed} typed; "
                f"call to verdict p95 {p95}")


def make_bots(players: Sequence[str], lang: str, rng: random.Random) -> list[Bot]:
    """One bot per name, each with its own voice, reaction time and slips."""
    voices = BOT_VOICES[lang]
    return [Bot(name, synth.Voice("mbrola", voices[i % len(voices)], "train"),
                reaction_s=rng.uniform(0.6, 1.4), miss_rate=rng.uniform(0.1, 0.3),
                error_rate=rng.uniform(0.02, 0.06))
            for i, name in enumerate(players)]


def overlay(calls: Sequence[tuple[float, Samples]]) -> Samples:
    """Calls mixed into one recording, each starting at its offset (seconds) after
    :data:`LEAD_S` of silence; a second of silence after the last."""
    end = max(int((LEAD_S + t) * SAMPLE_RATE) + len(a) for t, a in calls) + SAMPLE_RATE // 2
    mix = np.zeros(end, np.float64)
    for t, audio in calls:
        at = int((LEAD_S + t) * SAMPLE_RATE)
        mix[at:at + len(audio)] += audio
    return np.clip(mix, -32768, 32767).astype(np.int16)


class SchnappTable:
    """Bots at a table, the host listening through a real ear."""

    def __init__(self, players: Sequence[str], *, seed: int, ear: Recognizer, lang: str = "de",
                 log: TextIO | None = None, transcript: Callable[[str], None] | None = None,
                 sound: Callable[[Samples], None] | None = None,
                 host_sound: Callable[[str], None] | None = None,
                 earcon: Callable[[str], None] | None = None) -> None:
        self.rng = random.Random(seed)
        """The table's randomness: the deal, the bots, their slips."""
        state = rules.deal(players, self.rng)
        self.session = SchnappSession(state, lang=lang)
        """The host."""
        self.bots = make_bots(players, lang, self.rng)
        """The players."""
        self.ear = ear
        """The real ear."""
        self.say: Callable[[str], None] = transcript or (lambda line: None)
        self.sound = sound
        """Receives each call's audio (for the game's WAV)."""
        self.host_sound = host_sound
        """Receives each host line (for the game's WAV)."""
        self.earcon = earcon
        """Receives the name of each earcon the host plays (for the game's WAV)."""
        self.runner = Runner(self.session, None, log, None, transcript,
                             wording=self.session.say.wording)
        """Carries out the host's steps: the log, the transcript."""
        self.stats = DemoStats()
        """The score against the truth."""
        self._cache: dict[tuple[str, str], Samples] = {}

    def handle(self, step: Step) -> None:
        """Log and say a step."""
        self.runner.handle(step)
        for record in step.records:
            name = EARCONS.get(str(record["event"]))
            if name is not None and self.earcon is not None:
                self.earcon(name)
            if record["event"] == "host" and self.host_sound is not None:
                self.host_sound(str(record["text"]))

    def call_audio(self, bot: Bot) -> Samples:
        """The bot saying its call word."""
        return self.speak(bot, self.session.table.calls[bot.name])

    def speak(self, bot: Bot, text: str) -> Samples:
        """The bot saying ``text`` (synthesized once; a little jitter in level each time)."""
        key = (bot.name, text)
        if key not in self._cache:
            self._cache[key] = synth.synthesize(bot.voice, text, self.rng.uniform(0.95, 1.15))
        gain = 10 ** (self.rng.uniform(-3.0, 3.0) / 20)
        return (self._cache[key] * gain).clip(-32768, 32767).astype(np.int16)

    def callers(self) -> list[tuple[float, Bot]]:
        """Who calls this flip within the wait, and when, earliest first."""
        state = self.session.state
        card = state.flipped
        assert card is not None
        reaches = rules.reached_row(state, card) is not None
        calls = []
        for bot in self.bots:
            calls_now = (self.rng.random() >= bot.miss_rate if reaches
                         else self.rng.random() < bot.error_rate)
            if calls_now:
                t = bot.reaction_s * self.rng.lognormvariate(0.0, 0.25)
                if t < self.session.wait_s:
                    calls.append((t, bot))
        return sorted(calls, key=lambda c: c[0])

    def hear(self, audio: Samples) -> Step:
        """The ear hears one recording and the host judges it."""
        if self.sound is not None:
            self.sound(audio)
        t0 = time.perf_counter()
        hearing = self.ear.recognize(audio, self.session.expectation())
        step = self.session.hear(hearing)
        self.stats.latencies_ms.append(1000 * (time.perf_counter() - t0))
        self.handle(step)
        return step

    def turn(self) -> None:
        """One flip settled: calls heard and judged, or the wait runs out."""
        flips = self.session.state.flips
        calls = self.callers()
        if not calls:
            self.handle(self.session.time_up())
            return
        self.stats.calls += 1
        first_t, first = calls[0]
        clips = [(0.0, self.call_audio(first))]
        length = len(clips[0][1]) / SAMPLE_RATE
        for t, bot in calls[1:2]:
            if t - first_t < length:
                clips.append((t - first_t, self.call_audio(bot)))
                self.stats.overlapping += 1
        for _, bot in calls[:len(clips)]:
            self.bot_said(bot, self.session.table.calls[bot.name])
        step = self.hear(overlay(clips))
        if self.session.state.flips != flips or self.session.game.over:
            self.score_verdict(step, first.name)
            return
        if self.session.question is None:
            self.stats.unheard += 1
            self.handle(self.session.time_up())
            return
        self.stats.asked += 1
        for _ in range(MAX_TRIES - 1):
            question = self.session.question
            if question is None:
                break
            if question.confirm is not None:
                yes = question.confirm.player == first.name
                answer = self.session.say.word("yes" if yes else "no")
            else:
                answer = self.session.table.calls[first.name]
            self.bot_said(first, answer)
            self.hear(overlay([(0.0, self.speak(first, answer))]))
            if self.session.state.flips != flips or self.session.game.over:
                return
        if self.session.question is None and self.session.waiting_for() is None:
            return
        self.stats.typed += 1
        self.session.question = None
        self.say(self.session.say.wording.typed_line.format(text=first.name))
        self.handle(self.session.type(first.name))

    def bot_said(self, bot: Bot, text: str) -> None:
        """The transcript's line for what a bot says."""
        self.say(self.session.say.wording.bot_line.format(player=bot.name, how="", text=text))

    def score_verdict(self, step: Step, first: str) -> None:
        """Count whether the caller named at once was the first."""
        named = next((r.get("player") for r in step.records
                      if r.get("event") in ("grabbed", "false_grab")), None)
        if named == first:
            self.stats.named_right += 1
        else:
            self.stats.named_wrong += 1

    def play(self, max_turns: int | None = None) -> DemoStats:
        """Play until every pile is empty (or ``max_turns`` flips are settled)."""
        self.handle(self.session.start())
        while not self.session.game.over and not self.session.stopped:
            if max_turns is not None and self.stats.flips >= max_turns:
                break
            self.stats.flips += 1
            self.turn()
        return self.stats


def run_demo(request: DemoRequest) -> str:
    """``voice-host demo --game schnapp-den-sack``: a whole game with bots through the real
    ear; returns the summary line."""
    from voice_host.audio.chunks import resample, to_int16
    from voice_host.ear.backends import EngineError, load_recognizer
    from voice_host.ear.game_words import GameWordEar
    from voice_host.earcons import earcon_samples, play_earcon

    players = request.players or PLAYERS
    if request.lang not in BOT_VOICES:
        raise DemoError(f"--lang {request.lang}: the bots speak {', '.join(BOT_VOICES)}")
    missing = [v for v in BOT_VOICES[request.lang][:len(players)]
               if synth.Voice("mbrola", v, "train") not in synth.voices(request.lang)]
    if missing:
        raise DemoError(f"MBROLA voices {', '.join(missing)} are not installed: the bots need "
                        "them (see docs on voices)")
    try:
        ear = GameWordEar(load_recognizer("ear", request.lang),
                          game="schnapp-den-sack")
    except EngineError as err:
        raise DemoError(str(err)) from None
    out = DemoSound(speakers=request.speakers, wav=request.wav, lang=request.lang)

    def earcon(name: str) -> None:
        if request.speakers:
            play_earcon(name)
        else:
            data, rate = earcon_samples(name)
            out.track.append(to_int16(resample(data, rate, SAMPLE_RATE)))

    table = SchnappTable(players, seed=request.seed, ear=ear, lang=request.lang,
                         log=request.log, transcript=request.transcript,
                         sound=out.play if out.wanted else None,
                         host_sound=out.say if out.wanted else None,
                         earcon=earcon if out.wanted else None)
    try:
        stats = table.play(request.max_turns)
    finally:
        out.write()
    return stats.summary()
