"""A whole game with no one at the table: bots play with the full engine and speak their totals
with their own espeak-ng voices; the real recognizer hears them and the referee judges.

A few announcements are deliberately wrong (the referee must catch them) and one is mumbled into
party noise. Bots answer the host's questions with what they said, repeat what was not caught,
and say "undo" when the referee accepted something they did not say. As the last resort a total
is typed, as a player at a noisy table would. The bench (``bench/referee.py``) runs the same table
with other voices and noise, and scores it against the true game.

The table plays in any language with a phrase table (``lang``): the bots say its words in that
language's espeak-ng voices, the referee judges in it and the host answers in it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TextIO

import numpy as np

from cowabunga import (
    Counting,
    GameState,
    IslandDrawn,
    Outcome,
    Play,
    TableView,
    apply,
    deal,
    make_bot,
    observe,
)
from voice_host.audio.noise import mix_at_snr
from voice_host.ear.early import EarlyEar, Heard
from voice_host.games.cowabunga.host.session import JSONObject, Phase, Policy, Session, Step
from voice_host.games.cowabunga.host.setup import Setup
from voice_host.games.cowabunga.host.verdict import Reading
from voice_host.games.cowabunga.words import EN, Wording
from voice_host.host.runner import Runner, now_ms
from voice_host.phrases import phrase_table
from voice_host.recognition import SAMPLE_RATE, Hearing, Recognizer, Samples
from voice_host.speakers import augment, synth

BOT_VOICES = ("en-us+f3", "en-us", "en-us+m3", "en+f3", "en+m1")
"""espeak-ng voices of the English bots, one per seat."""

BOT_VARIANTS = ("+f3", "", "+m3", "+f2", "+m1")
"""espeak-ng variants that tell apart the bots of another language, one per seat."""


def bot_voices(lang: str) -> tuple[str, ...]:
    """espeak-ng voices of the bots speaking ``lang``, one per seat: :data:`BOT_VOICES` in
    English, else the language's own voice in different variants (``de+f3``, ``de``, ``de+m3``...).
    """
    if lang == "en":
        return BOT_VOICES
    return tuple(f"{lang}{variant}" for variant in BOT_VARIANTS)


MAX_TRIES = 6
"""Utterances a bot spends on one announcement before it types the total."""


@dataclass(frozen=True)
class Speech:
    """How a simulated player sounds."""

    voice: str
    """espeak-ng voice, or the voice's name in ``engine``."""
    rate: int = 175
    """Words per minute (175 is a neural voice's normal speed)."""
    pitch: int = 50
    """espeak-ng pitch, 0-99 (a neural voice has none: Kokoro ignores it, Piper's take is
    seeded by it)."""
    engine: str = "espeak"
    """The synthesizer: ``espeak``, or another (:mod:`voice_host.speakers.synth`; a neural
    voice such as ``kokoro``, whose speaker outside English is named ``it:jf_nezumi``)."""

    @classmethod
    def named(cls, name: str) -> Speech:
        """The voice ``engine:name`` (``kokoro:jf_nezumi``, ``kokoro:it:jf_nezumi``, ``piper:joe``)
        or an espeak-ng voice name."""
        engine, sep, rest = name.partition(":")
        return cls(rest, engine=engine) if sep and engine in synth.NEURAL_ENGINES else cls(name)


@dataclass(frozen=True)
class NotFirstTry:
    """A correct announcement not accepted at its first utterance, with what the referee bench
    needs to tell why (``bench/misses.py``)."""

    voice: str
    """The voice that said it."""
    said: str
    """What it said."""
    total: int
    """The total it announced."""
    records: tuple[JSONObject, ...]
    """The log records of its first utterance."""
    accepted_wrong: bool
    """Whether that utterance was taken for a total not said."""


@dataclass
class Stats:
    """What happened at the simulated table, against the truth."""

    turns: int = 0
    """Turns played (accepted by the referee)."""
    utterances: int = 0
    """Utterances the bots spoke."""
    planted: int = 0
    """Deliberate mistakes said."""
    caught: int = 0
    """Deliberate mistakes the referee announced as mistakes."""
    false_mistakes: int = 0
    """Mistakes announced on a correct announcement."""
    false_accepts: int = 0
    """Totals (or islands) accepted that the bot did not say (undone by the bot)."""
    false_penalties: int = 0
    """Stew pots announced on a total the bot did not say."""
    missed: int = 0
    """Deliberate mistakes accepted as correct."""
    questions: int = 0
    """Announcements the host asked about (one or more questions each)."""
    questions_resolved: int = 0
    """Questioned announcements that the answers settled on a total."""
    questions_right: int = 0
    """Of those, the ones settled on the total that was said."""
    first_try: int = 0
    """Announcements accepted at the first utterance, without a question."""
    announcements: int = 0
    """Correct announcements made (first utterances of a turn that were not planted mistakes)."""
    typed: int = 0
    """Totals typed as the last resort."""
    phantom_commands: int = 0
    """Turns taken back by an "undo" nobody said (typed in again)."""
    phantom_undo_asked: int = 0
    """Times the host asked whether to take a turn back after an "undo" nobody said (the bot
    answered no)."""
    joined: int = 0
    """Utterances the ear recognized as one phrase from two pieces cut at a pause."""
    onsets: int = 0
    """Utterances heard again with the start of a word the endpointer left out."""
    rests: int = 0
    """Held pieces heard again with the end of their word that came after."""
    closed_early: int = 0
    """Utterances closed as soon as their whole early hearing was ready (no full hangover)."""
    latencies_ms: list[float] = field(default_factory=list)
    """From the end of a bot's speech to the host's line being ready, for each host line."""
    outcome: Outcome | None = None
    """How the game ended (None if cut short)."""
    misses: list[NotFirstTry] = field(default_factory=list)
    """The correct announcements not accepted at their first utterance, and why."""

    def summary(self, wording: Wording = EN) -> str:
        """A short printed summary, in ``wording``'s language."""
        end = wording.demo_cut_short
        if self.outcome is not None:
            reason = self.outcome.reason.value
            end = wording.demo_won.format(
                winners=", ".join(self.outcome.winners),
                reason=wording.end_reasons.get(reason, reason),
            )
        return wording.demo_summary.format(
            turns=self.turns,
            utterances=self.utterances,
            planted=self.planted,
            caught=self.caught,
            questions=self.questions,
            typed=self.typed,
            end=end,
        )


class SimTable:
    """Bots at a table, a referee listening through a real recognizer."""

    def __init__(
        self,
        players: Sequence[str],
        *,
        seed: int,
        recognizer: Recognizer,
        lang: str = "en",
        speech: Sequence[Speech] | None = None,
        noise: Callable[[Samples], Samples] | None = None,
        mistakes: int = 3,
        mumble: bool = True,
        log: TextIO | None = None,
        transcript: Callable[[str], None] | None = None,
        sound: Callable[[Samples], None] | None = None,
        host_sound: Callable[[str], None] | None = None,
        policy: Policy | None = None,
        early: bool = True,
        join_cut: bool = True,
        early_close: bool = True,
    ) -> None:
        self.rng = random.Random(seed)
        """The table's randomness (deal, bots, which turns go wrong)."""
        self.players = tuple(players)
        """Bot names in turn order."""
        self.state: GameState = deal(self.players, self.rng)
        """The true game."""
        self.bots = [make_bot("careful", self.rng) for _ in self.players]
        """The bots choosing cards."""
        self.lang = lang
        """The table's language: the bots' words and voices, the referee's and the host's."""
        voices = bot_voices(lang)
        self.speech = (
            list(speech)
            if speech
            else [Speech(voices[i % len(voices)]) for i in range(len(self.players))]
        )
        """How each bot sounds."""
        self.recognizer = recognizer
        """The real ear."""
        self.noise = noise
        """Background added to every utterance (party babble), if any."""
        self.recent_lines: list[str] = []
        """The last lines of the transcript (for an error report)."""

        def note(line: str) -> None:
            self.recent_lines = [*self.recent_lines[-29:], line]
            if transcript is not None:
                transcript(line)

        self.transcript: Callable[[str], None] = note
        """Printable lines of what happens."""
        self.sound = sound
        """Receives each bot utterance's audio (for the speakers or the game WAV)."""
        self.phrases = phrase_table(lang)
        """The language's phrase table: the bots say its number words and commands."""
        view = self.state.table
        setup = Setup(
            view.players,
            view.total,
            {p: held for p, held in zip(view.players, view.islands, strict=True)},
        )
        self.session = Session(setup, lang=lang, can_answer=True, policy=policy)
        """The referee's session."""
        self.wording: Wording = self.session.say.wording
        """The table's language for the transcript's labels (and the summary's)."""
        self.referee = Runner(self.session, None, log, None, note, wording=self.wording)
        """The referee (journal-less, voice handled by ``host_sound``)."""
        self.host_sound = host_sound
        self.early = early
        """Whether recognition starts at each tentative end (else after the close)."""
        self.join_cut = join_cut
        """Whether a short piece that may be a phrase cut at its comma waits for its rest."""
        self.early_close = early_close
        """Whether an utterance whose early hearing is whole closes without the rest of the
        hangover (:meth:`Session.is_whole`; only with ``early``)."""
        self.stats = Stats()
        """The score against the truth."""
        self._history: list[tuple[int, int | None]] = []
        self._mistake_turns = set(self.rng.sample(range(2, 40), mistakes)) if mistakes else set()
        self._mumble_turn = self.rng.randrange(3, 12) if mumble else -1

    # --- speech --------------------------------------------------------------------------------
    def _command(self, name: str) -> str:
        """The canonical phrase of command ``name`` in the table's language ("undo", "weiter")."""
        return self.phrases.commands[name][0]

    def _sign(self, sign: int) -> str:
        """The word for "plus" (``sign`` > 0) or "minus" in the table's language."""
        return self.phrases.sign_words[+1 if sign > 0 else -1][0]

    def _words(self, card: int | None, total: int, sign: int | None = None) -> str:
        n = self.phrases.number_words
        if card is None:
            return n(total)
        head = "" if sign is None else f"{self._sign(sign)} "
        return f"{head}{n(card)}, {n(total)}"

    def _audio(self, seat: int, text: str, mumbled: bool) -> Samples:
        from voice_host.voice import synthesize

        sp = self.speech[seat]
        # Nobody says a word the same way twice: a little jitter in speed and pitch.
        rate = sp.rate + self.rng.randrange(-15, 16)
        pitch = min(99, max(0, sp.pitch + self.rng.randrange(-8, 9)))
        if sp.engine != "espeak":
            voice = synth.Voice(sp.engine, sp.voice, "bench")
            speech = synth.synthesize(voice, text, speed=(rate + 40 * mumbled) / 175, pitch=pitch)
            if mumbled:  # as quiet as espeak-ng's amplitude 35 of 100
                speech = augment.gain(speech, 20 * math.log10(0.35))
        elif mumbled:
            speech = synthesize(text, voice=sp.voice, rate=rate + 40, pitch=pitch, amplitude=35)
        else:
            speech = synthesize(text, voice=sp.voice, rate=rate, pitch=pitch)
        pad = np.zeros(int(0.4 * SAMPLE_RATE), dtype=np.int16)
        audio = np.concatenate([pad, speech, pad, pad])
        if mumbled:
            audio = _with_babble(audio, self.rng.randrange(1000), snr_db=8.0)
        if self.noise is not None:
            audio = self.noise(audio)
        return audio

    def say(self, seat: int, text: str, *, mumbled: bool = False) -> Step:
        """Bot ``seat`` says ``text``; the referee hears it through the real recognizer.

        The audio goes through the referee's ear chunk by chunk, as a microphone's would: each
        utterance is recognized from its tentative end on, and a phrase cut at its comma is
        joined again (unless switched off). The latency counted for a host line is what a live
        table would wait: the endpointer's delay, the recognition not done by then, judging."""
        from voice_host.audio import samples_to_chunks

        self.stats.utterances += 1
        how = self.wording.mumbled_mark if mumbled else ""
        self.transcript(self.wording.bot_line.format(player=self.players[seat], how=how, text=text))
        audio = self._audio(seat, text, mumbled)
        if self.sound is not None:
            self.sound(audio)
        fragment = self.session.may_be_cut if self.join_cut else None
        whole = self.session.is_whole if self.early_close else None
        step: Step | None = None
        with EarlyEar(
            self.recognizer, self.session.expectation, early=self.early, fragment=fragment,
            whole=whole,
        ) as ear:
            for chunk in samples_to_chunks(audio):
                for heard in ear.process(chunk):
                    step = self._judge(ear, heard)
            for heard in ear.flush():
                step = self._judge(ear, heard)
            self.stats.joined += ear.joined
            self.stats.onsets += ear.onsets
            self.stats.rests += ear.rests
            self.stats.closed_early += ear.closed_early
        if step is None:
            step = self.session.hear(Hearing(text=""))
            self.referee.handle(step)
        return step

    def _judge(self, ear: EarlyEar, heard: Heard) -> Step:
        t0 = now_ms()
        step = self.session.hear(ear.hearing(heard))
        if step.lines:
            self.stats.latencies_ms.append(heard.after_speech_ms + now_ms() - t0)
        self.referee.handle(step)
        self._host_out(step)
        return step

    def _host_out(self, step: Step) -> None:
        if self.host_sound is None:
            return
        for line in step.lines:
            self.host_sound(line)

    def type(self, text: str) -> Step:
        """The last resort: the total is typed."""
        self.stats.typed += 1
        self.transcript(self.wording.typed_line.format(text=text))
        step = self.session.type(text)
        self.referee.handle(step)
        self._host_out(step)
        return step

    # --- the game ------------------------------------------------------------------------------
    def play(self, max_turns: int | None = None) -> Stats:
        """Play until the game ends (or ``max_turns``); returns the score."""
        self.referee.handle(self.session.start())
        self._host_out_lines(self.referee.lines[-1:])
        while self.state.outcome is None and (max_turns is None or self.stats.turns < max_turns):
            self._turn()
        self.stats.outcome = self.session.view.outcome
        return self.stats

    def _host_out_lines(self, lines: list[str]) -> None:
        if self.host_sound is not None:
            for line in lines:
                self.host_sound(line)

    def _turn(self) -> None:
        state = self.state
        view = state.table
        seat = view.to_play
        card = self.bots[seat].choose(observe(state, seat))
        after, events = apply(state, Play(card))
        total = view.total_after(card)
        turn_no = self.stats.turns
        sign = (+1 if view.counting is Counting.UP else -1) if self.rng.random() < 0.5 else None
        with_card = self.rng.random() < 0.25
        good = self._words(card if with_card else None, total, sign if with_card else None)
        said = good
        planted = turn_no in self._mistake_turns
        if planted:
            said = self._planted(view, card, total)
        mumbled = turn_no == self._mumble_turn
        self._announce(seat, view, card, said, good, total, planted, mumbled)
        island = next((e.island for e in events if isinstance(e, IslandDrawn)), None)
        if island is not None and self.session.view.pending_island is not None:
            drawer = self.session.view.pending_island
            self._read_island(drawer, island, total)
        self.state = after
        self.stats.turns += 1
        self._history.append((total, island))
        self._carry_on(seat)
        if not _same_table(self.session.view, after.table):
            raise RuntimeError(
                f"the referee's table ({self.session.view.describe()}) left the true game "
                f"({after.table.describe()}); last lines:\n" + "\n".join(self.recent_lines)
            )

    def _planted(self, view: TableView, card: int, total: int) -> str:
        up = view.counting is Counting.UP
        kind = self.rng.choice(("arithmetic", "direction", "ten"))
        n = self.phrases.number_words
        if kind == "direction" and card != 0:
            wrong = view.total - card if up else view.total + card
            if 0 <= wrong <= 99:
                return n(wrong)
        if kind == "ten":
            wrong = total + 10 if total < 30 else total - 10
            return n(wrong)
        wrong = total + 1 if total < 40 else total - 1
        return f"{self._sign(+1 if up else -1)} {n(card)}, {n(wrong)}"

    def _announce(
        self,
        seat: int,
        view: TableView,
        card: int,
        said: str,
        good: str,
        total: int,
        planted: bool,
        mumbled: bool,
    ) -> None:
        first_try = self.stats.first_try
        records, wrong = self._tries(seat, card, said, good, total, planted, mumbled)
        if not planted and self.stats.first_try == first_try:
            self.stats.misses.append(
                NotFirstTry(self.speech[seat].voice, good, total, tuple(records), wrong))

    def _tries(self, seat: int, card: int, said: str, good: str, total: int, planted: bool,
               mumbled: bool) -> tuple[list[JSONObject], bool]:
        """Up to :data:`MAX_TRIES` utterances of an announcement; returns the log records of
        the first one and whether it was taken for a total not said."""
        first: list[JSONObject] = []
        first_wrong = False
        session = self.session
        stats = self.stats
        if planted:
            stats.planted += 1
        else:
            stats.announcements += 1
        text = said
        for attempt in range(MAX_TRIES):
            self._carry_on(seat)
            turns = len(session.turns)
            step = self.say(seat, text, mumbled=mumbled and attempt == 0)
            if attempt == 0:
                first = list(step.records)
            asked = _asked(step.records)
            step = self._answer_questions(seat, text, step, card=card)
            records = step.records
            if len(session.turns) > turns:
                # One announcement may be accepted as more than one turn: the endpointer can cut
                # "nine, seventeen" in two, and each piece be taken as a total.
                accepted = session.turns[turns:]
                right = accepted[0].total == total and text == good
                wrong = accepted[1:] if right else accepted
                if not wrong:
                    if attempt == 0 and not planted and not asked:
                        stats.first_try += 1
                    return first, first_wrong
                if attempt == 0:
                    first_wrong = True
                for turn in wrong:
                    if planted and text == said and turn is accepted[0]:
                        stats.missed += 1
                    else:
                        stats.false_accepts += 1
                    if turn.stew_pot:
                        stats.false_penalties += 1
                for _ in wrong:
                    self._undo(seat)
                if right:
                    return first, first_wrong
                text = good
                continue
            mistake = any(r["event"] == "mistake" for r in records)
            if mistake:
                if text == said and planted:
                    stats.caught += 1
                else:
                    stats.false_mistakes += 1
            text = good
        self._type_total(total)
        return first, first_wrong

    def _answer_questions(self, seat: int, text: str, step: Step, card: int | None = None
                          ) -> Step:
        """Answer the host's questions truthfully (the reading that was said, yes, or no) until
        none is open; score how the questioning ended. A yes or no is a player's
        (:func:`confirms`), ``card`` the card they put down."""
        parsed = self.phrases.parse(text)
        said = parsed.total if parsed is not None else None
        meant = parsed.card if parsed is not None and parsed.card is not None else card
        if self.session.question is None:
            return step
        self.stats.questions += 1
        for _ in range(8):
            q = self.session.question
            if q is None or self.session.phase is not Phase.QUESTION:
                break
            # "Thirteen?": yes or no. "Thirteen or thirty?": say again what was said.
            right = q.confirm is not None and confirms(q.confirm, said, meant)
            confirm = self._command("yes" if right else "no")
            answer = confirm if q.confirm is not None else text
            step = self.say(seat, answer)
        if self.session.question is None:
            resolved = _resolved_total(step)
            if resolved is not None:
                self.stats.questions_resolved += 1
                self.stats.questions_right += int(resolved == said)
        return step

    def _carry_on(self, seat: int) -> None:
        """Mend what a misheard command did: a pause is resumed, a stop or undo question
        answered no, turns taken back by a phantom "undo" are typed in again."""
        # The "no" may itself be misheard as "stop" or "undo": the same question asked again is
        # dropped; the other one is answered next.
        if self.session.awaiting_yes == "stop":
            self.say(seat, self._command("no"))
            if self.session.awaiting_yes == "stop":
                self.session.awaiting_yes = None
        if self.session.awaiting_yes == "undo":
            self.stats.phantom_undo_asked += 1
            self.say(seat, self._command("no"))
            if self.session.awaiting_yes == "undo":
                self.session.awaiting_yes = None
        if self.session.paused:
            self.say(seat, self._command("resume"))
            if self.session.paused:
                self.type(self._command("resume"))
        while len(self.session.turns) < len(self._history):
            self.stats.phantom_commands += 1
            total, island = self._history[len(self.session.turns)]
            self.session.question = None
            self.type(str(total))
            if island is not None:
                self.type(str(island))

    def _undo(self, seat: int) -> None:
        """Take back the last turn: by voice (with the yes it asks for), else typed. A spoken
        "undo" misheard as a total the next player could have said is accepted as that
        player's turn; it is a false accept too, and is taken back first."""
        left = len(self.session.turns) - 1
        for _ in range(3):
            self._command_said(seat, "undo")
            if self.session.awaiting_yes == "undo":
                self._command_said(seat, "yes")  # "Take back ...?"
            if len(self.session.turns) == left:
                return
        for _ in range(len(self.session.turns) - left):
            self.type(self._command("undo"))  # typed, it acts at once (an open "Take back?" too)

    def _command_said(self, seat: int, name: str) -> None:
        """Bot ``seat`` says command ``name``; a turn it is heard as is a false accept."""
        before = len(self.session.turns)
        self.say(seat, self._command(name))
        self.stats.false_accepts += max(0, len(self.session.turns) - before)

    def _type_total(self, total: int) -> None:
        self._carry_on(self.state.table.to_play)
        self.session.question = None
        self.type(str(total))

    def _read_island(self, drawer: int, island: int, total: int) -> None:
        text = self.phrases.number_words(island)
        for _ in range(MAX_TRIES):
            self._carry_on(drawer)
            if self.session.view.pending_island is None:
                self.session.question = None
                self.type(str(total))  # the play itself was taken back: type it in again
            step = self.say(drawer, text)
            step = self._answer_questions(drawer, text, step)
            if len(self.session.turns) <= len(self._history):
                continue  # a phantom "undo" took the play back: mended on the next round
            if self.session.view.pending_island is None:
                if self.session.turns[-1].island == island:
                    return
                # A wrong island was taken: take the turn back and replay it by keyboard.
                self.stats.false_accepts += 1
                self.type(self._command("undo"))
                self.type(str(total))
        self._carry_on(drawer)
        self.session.question = None
        if self.session.view.pending_island is None:
            self.type(str(total))
        self.type(str(island))


def confirms(asked: Reading, total: int | None, card: int | None) -> bool:
    """Whether a player who announced ``total`` with ``card`` (said, or the one put down) says
    yes to "``asked``?": its total is theirs and its card, if it names one, too. "Thirty?" after
    "six, thirty" is a yes, "Six, thirty?" after "thirty" is one when a six was played."""
    return total is not None and asked.total == total and asked.card in (None, card)


def _asked(records: list[dict[str, object]]) -> bool:
    return any(r["event"] == "ask" for r in records)


def _resolved_total(step: Step) -> int | None:
    for r in step.records:
        if r["event"] in ("played", "mistake"):
            value = r.get("total", r.get("said"))
            return int(value) if isinstance(value, int) else None
        if r["event"] == "island_drawn":
            value = r.get("island")
            return int(value) if isinstance(value, int) else None
    return None


def _same_table(a: TableView, b: TableView) -> bool:
    return (
        a.total == b.total
        and a.counting == b.counting
        and a.to_play == b.to_play
        and a.islands == b.islands
        and a.stew_pots == b.stew_pots
        and a.island_deck == b.island_deck
        and a.outcome == b.outcome
    )


def _with_babble(audio: Samples, seed: int, snr_db: float) -> Samples:
    from voice_host.voice import babble

    noise = babble(len(audio) / SAMPLE_RATE + 0.1, talkers=4, seed=seed)[: len(audio)]
    return mix_at_snr(audio, noise, snr_db)


def run_demo(
    players: Sequence[str],
    *,
    seed: int,
    recognizer: Recognizer,
    wav: object = None,
    speakers: bool = False,
    log: TextIO | None = None,
    transcript: Callable[[str], None] | None = None,
    max_turns: int | None = None,
    lang: str = "en",
) -> Stats:
    """Play the demo game in ``lang`` (the recognizer must hear that language); the sound goes
    to the speakers or into ``wav`` (a path), or nowhere."""
    from pathlib import Path

    from voice_host.audio.chunks import write_wav
    from voice_host.voice import HostVoice, VoiceSettings

    host = HostVoice(VoiceSettings(lang=lang))
    track: list[Samples] = []
    gap = np.zeros(int(0.25 * SAMPLE_RATE), dtype=np.int16)

    def play(audio: Samples) -> None:
        if speakers:
            from voice_host.audio.mic import sounddevice_module

            sounddevice_module().play(audio.astype(np.float32) / 32768.0, SAMPLE_RATE,
                                      blocking=True)
        else:
            track.extend([audio, gap])

    def host_line(line: str) -> None:
        if speakers:
            host.say(line)
        elif wav is not None:
            track.extend([host.samples(line), gap])

    table = SimTable(
        players,
        seed=seed,
        recognizer=recognizer,
        lang=lang,
        log=log,
        transcript=transcript,
        sound=play if (speakers or wav is not None) else None,
        host_sound=host_line if (speakers or wav is not None) else None,
    )
    try:
        stats = table.play(max_turns)
    finally:
        if wav is not None and track:
            write_wav(Path(str(wav)), np.concatenate(track), SAMPLE_RATE)
    return stats
