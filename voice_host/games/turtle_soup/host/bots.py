"""A Turtle Soup table with no one at it: bots decide by their press-your-luck strategies and
say their answers in synthesized voices; the real ear hears them and the host judges.

Bots answer the host's questions truthfully: the choice by saying their answer again, a yes/no
question with yes or no (the round's repetition by its first waiting player). An answer not
taken after a few utterances is typed, as a player at a noisy table would. The bench
(``bench/turtle_soup.py``) runs the same table with held-out voices and babble and scores it
against the bots' true decisions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TextIO

import numpy as np

from voice_host.games.turtle_soup.host.game import Answer, Round
from voice_host.games.turtle_soup.host.session import SoupSession
from voice_host.games.turtle_soup.rules import State
from voice_host.games.turtle_soup.strategies import STRATEGIES, Strategy
from voice_host.host.runner import Runner
from voice_host.host.step import Step
from voice_host.recognition import SAMPLE_RATE, Hearing, Recognizer, Samples
from voice_host.speakers import synth

STUCK = 4
"""Utterances said about one answer (or one round's repetition) before it is typed."""


@dataclass
class Tally:
    """What the table heard, against the bots' true decisions."""

    rounds: int = 0
    """Decision rounds paid out (or with nobody taking, carried out)."""
    rounds_right: int = 0
    """Rounds carried out with exactly the takers the bots chose."""
    wrong_payouts: int = 0
    """Rounds that paid someone on a wrong hearing (a taker who had said wait, or a share
    missed by one who had said take)."""
    answers: int = 0
    """Answers said at the host's "prendi o aspetti?" (first utterance of each)."""
    accepted_right: int = 0
    """Of those, heard for sure and right."""
    accepted_wrong: int = 0
    """Heard for sure and wrong."""
    asked: int = 0
    """Heard as unsure between take and wait (the host asks)."""
    unheard: int = 0
    """Heard as neither (the host waits, or asks again)."""
    commands: int = 0
    """Heard as a command."""
    utterances: int = 0
    """Everything the bots said."""
    typed: int = 0
    """Answers typed after :data:`STUCK` utterances."""
    rounds_typed: int = 0
    """Rounds in which something was typed."""
    wrong_rounds: list[tuple[tuple[str, ...], tuple[str, ...]]] = field(default_factory=list)
    """Each round carried out wrong: (takers paid, takers chosen)."""
    by_family: dict[str, list[int]] = field(default_factory=dict)
    """First utterances of answers by voice family: [said, taken right at once]."""

    def line(self) -> str:
        """One line summing it up."""
        return (f"{self.rounds} rounds, {self.rounds_right} heard right, {self.wrong_payouts} "
                f"paid on a wrong hearing; answers: {self.accepted_right}/{self.answers} taken "
                f"at once, {self.asked} asked, {self.unheard} unheard, {self.accepted_wrong} "
                f"wrong; {self.utterances} utterances, {self.typed} typed")


class SoupTable:
    """Bots at a Turtle Soup table, the host listening through a real recognizer."""

    def __init__(self, players: Sequence[str], *, seed: int, recognizer: Recognizer,
                 voices: Sequence[synth.Voice], lang: str = "it", dinners: int = 5,
                 strategies: Sequence[str] | None = None,
                 noise: Callable[[Samples, int], Samples] | None = None,
                 log: TextIO | None = None, transcript: Callable[[str], None] | None = None,
                 sound: Callable[[Samples], None] | None = None,
                 host_sound: Callable[[str], None] | None = None) -> None:
        self.rng = random.Random(seed)
        """The bots' randomness and their voices' jitter."""
        self.players = tuple(players)
        """The bots' names in seat order."""
        names = strategies or ("weigher", "threshold-12", "coin", "threshold-6", "eager",
                               "weigher")
        self.strategies: dict[str, Strategy] = {
            p: STRATEGIES[names[i % len(names)]] for i, p in enumerate(self.players)}
        """Each bot's strategy."""
        self.voices = [voices[i % len(voices)] for i in range(len(self.players))]
        """Each bot's voice."""
        self.recognizer = recognizer
        """The real ear."""
        self.noise = noise
        """Background mixed into each utterance (given the audio and a seed), if any."""
        self.session = SoupSession(self.players, lang=lang, dinners=dinners, seed=seed)
        """The host."""
        self.say = self.session.say
        self.transcript = transcript or (lambda line: None)
        self.runner = Runner(self.session, None, log, None, self.transcript,
                             wording=self.say.wording)
        """Carries out each step: the log, the transcript."""
        self.sound = sound
        """Receives each utterance's audio (for the game's WAV)."""
        self.host_sound = host_sound
        """Receives each host line (for the game's WAV)."""
        self.tally = Tally()
        """The score against the truth."""
        self._round: State | None = None
        self._truth: dict[str, bool] = {}
        self._stuck = 0
        self._typed_before = 0

    # --- truth ---------------------------------------------------------------------------------
    def truth(self) -> dict[str, bool]:
        """The waiting bots' decisions this round, made once when the fists open."""
        state = self.session.table.state
        if state is not self._round:
            self._round = state
            self._truth = {p: self.strategies[p](state, p, self.rng) for p in state.waiting}
        return self._truth

    # --- speech --------------------------------------------------------------------------------
    def audio(self, seat: int, text: str) -> Samples:
        """Bot ``seat`` saying ``text``, with a little jitter in speed, padded with silence."""
        speed = 1.0 + self.rng.uniform(-0.08, 0.08)
        speech = synth.synthesize(self.voices[seat], text, speed=speed,
                                  pitch=50 + self.rng.randrange(-8, 9))
        pad = np.zeros(int(0.4 * SAMPLE_RATE), dtype=np.int16)
        audio = np.concatenate([pad, speech, pad])
        if self.noise is not None:
            audio = self.noise(audio, self.rng.randrange(10_000))
        return audio

    def speak(self, player: str, text: str) -> Hearing:
        """``player`` says ``text``; the host hears it through the ear and judges it."""
        seat = self.players.index(player)
        self.tally.utterances += 1
        self.transcript(self.say.wording.bot_line.format(player=player, how="", text=text))
        audio = self.audio(seat, text)
        if self.sound is not None:
            self.sound(audio)
        hearing = self.recognizer.recognize(audio, self.session.expectation())
        self.handle(self.session.hear(hearing))
        return hearing

    def type(self, text: str) -> None:
        """The last resort: the answer is typed."""
        self.tally.typed += 1
        self.transcript(self.say.wording.typed_line.format(text=text))
        self.handle(self.session.type(text))

    def handle(self, step: Step) -> None:
        """Carry out a step and score the rounds it carried out."""
        for record in step.records:
            if record["event"] == "round":
                self._scored(record)
        self.runner.handle(step)
        if self.host_sound is not None:
            for line in step.lines:
                self.host_sound(line)

    def _scored(self, record: dict[str, object]) -> None:
        chosen = tuple(p for p, take in self._truth.items() if take)
        paid = tuple(str(p) for p in record["takers"])  # type: ignore[attr-defined]
        self.tally.rounds += 1
        if self.tally.typed > self._typed_before:
            self.tally.rounds_typed += 1
        self._typed_before = self.tally.typed
        if set(paid) == set(chosen):
            self.tally.rounds_right += 1
            return
        self.tally.wrong_rounds.append((paid, chosen))
        if paid or chosen:
            self.tally.wrong_payouts += 1

    # --- the game ------------------------------------------------------------------------------
    def play(self, max_rounds: int | None = None) -> Tally:
        """Play until the game ends (or ``max_rounds`` decision rounds); returns the tally."""
        self.handle(self.session.start())
        while not self.session.table.over and not self.session.stopped and (
                max_rounds is None or self.tally.rounds < max_rounds):
            self.turn()
        return self.tally

    def turn(self) -> None:
        """One utterance: the awaited answer, or the answer to the open question."""
        session, w = self.session, self.say.words
        truth = self.truth()
        q = session.question
        progress = (len(session.table.answers), len(session.table.played))
        if session.paused:
            # A "pausa" heard where nobody said it: the table goes on.
            word = self.say.word("resume")
            first = session.table.asked_player(Round.CONFIRM)
            if self._stuck >= STUCK:
                self.type(word)
            else:
                self.speak(first, word)
        elif session.awaiting_yes is not None:
            # "Stop the game?" or "Take back ...?" heard where nobody said it: no.
            self.speak(session.table.asked_player(Round.CONFIRM), w.no)
        elif q is not None and q.confirm is not None:
            if q.kind is Round.CONFIRM:
                speaker = session.table.asked_player(q.kind)
                right = set(q.confirm.takers) == {p for p, t in truth.items() if t}
            else:
                assert isinstance(q.kind, Answer)
                speaker = q.kind.player
                right = q.confirm.take == truth[speaker]
            word = w.yes if right else w.no
            if self._stuck >= STUCK:
                self.type(word)
            else:
                self.speak(speaker, word)
        else:
            kind = q.kind if q is not None else session.waiting_for()
            if not isinstance(kind, Answer):
                return
            phrase = (w.take if truth[kind.player] else w.wait)[0]
            if self._stuck >= STUCK:
                self.type(phrase)
            else:
                hearing = self.speak(kind.player, phrase)
                if q is None:
                    family = self.voices[self.players.index(kind.player)].family
                    self._first(hearing, truth[kind.player], family)
        after = (len(session.table.answers), len(session.table.played))
        self._stuck = 0 if after != progress else self._stuck + 1

    def _first(self, hearing: Hearing, take: bool, family: str) -> None:
        """Score an answer's first utterance."""
        t = self.tally
        t.answers += 1
        counts = t.by_family.setdefault(family, [0, 0])
        counts[0] += 1
        if hearing.words:
            if (hearing.words[0] == "take") == take:
                t.accepted_right += 1
                counts[1] += 1
            else:
                t.accepted_wrong += 1
        elif hearing.command is not None:
            t.commands += 1
        elif any(a.words for a in hearing.alternatives):
            t.asked += 1
        else:
            t.unheard += 1


def babble_noise(snr_db: float) -> Callable[[Samples, int], Samples]:
    """Party babble (four talkers) mixed under each utterance at ``snr_db``."""
    from voice_host.audio.noise import mix_at_snr
    from voice_host.voice import babble

    def noise(audio: Samples, seed: int) -> Samples:
        chatter = babble(len(audio) / SAMPLE_RATE + 0.1, talkers=4, seed=seed)[: len(audio)]
        return mix_at_snr(audio, chatter, snr_db)

    return noise

