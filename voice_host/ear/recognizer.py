"""The ``ear`` engine: our own recognizer for the game's vocabulary, behind the Recognizer API."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path

from voice_host.audio.apparent_snr import apparent_snr_db
from voice_host.ear import voice_encoder
from voice_host.ear.decode import Reading, readings
from voice_host.ear.features import STEP_SAMPLES, Floats, FrontEndError
from voice_host.ear.head import Head
from voice_host.ear.vocab import CARDS, INTENTS, Words, card_phrase, words
from voice_host.ear.voice_print import voice_print
from voice_host.ear.whisper import WHISPER, WhisperFrontEnd, encoder_input, pooled
from voice_host.phrases import LANGUAGES
from voice_host.recognition import (
    SAMPLE_RATE,
    Alternative,
    EngineError,
    Expectation,
    Hearing,
    Samples,
)

MODELS_DIR = Path(__file__).resolve().parent / "models"
"""Where the shipped heads live, one folder per language (inside the package); each head's card
is ``docs/ear/<lang>.md``."""

ALTERNATIVE_FLOOR = 0.03
"""Readings less probable than this are not offered as alternatives."""

WINDOW_S = 3.0
"""Length of the windows a long utterance heard as nothing is heard again in: room for the
longest card-first phrase ("minus seven, thirty-eight") with its pauses."""

WINDOW_HOP_S = 0.5
"""Step between those windows."""

LONG_S = 1.25 * WINDOW_S
"""An utterance longer than this, heard as nothing, is heard again window by window.

At a party the endpointer can take talk around a total into one long utterance (babble close
to the player's own level keeps it open); the head, trained on phrases framed by at most
0.3 s, then hears nothing in it. In one window the total stands out again."""

WINDOW = round(WINDOW_S * SAMPLE_RATE)
"""Samples in one window."""


def default_head_path(lang: str) -> Path:
    """The shipped head of ``lang``."""
    return MODELS_DIR / lang / "head.npz"


def shipped_languages() -> list[str]:
    """Languages with a shipped head."""
    return sorted(p.parent.name for p in MODELS_DIR.glob("*/head.npz"))


@dataclass(frozen=True)
class Encoded:
    """One utterance as Whisper's encoder gave it."""

    states: Floats
    """The encoder's states, one per 20 ms (what the decoder attends to)."""
    seq: Floats
    """The same pooled to one per 80 ms (what the heads take)."""


class EarRecognizer:
    """Recognizes totals, card-first phrases and commands with the trained head.

    ``model_path`` is a head file (``head.npz``) or a folder holding one; by default the head
    shipped for ``lang``.
    """

    name = "ear"

    def __init__(self, lang: str = "en", model_path: Path | None = None,
                 threads: int = 1) -> None:
        if lang not in LANGUAGES:
            raise EngineError(f"no phrase table for language {lang!r}, so no ear head; choose "
                              f"one of: {', '.join(LANGUAGES)}")
        self.lang = lang
        path = default_head_path(lang) if model_path is None else Path(model_path)
        if path.is_dir():
            path = path / "head.npz"
        if not path.exists():
            ships = ", ".join(shipped_languages()) or "none"
            raise EngineError(
                f"no ear head for {lang!r} at {path} (shipped: {ships}); "
                f"train one with: voice-host ear train --lang {lang}"
            )
        try:
            self.head = Head.load(path)
        except (OSError, ValueError, KeyError) as err:
            why = f"no {err} in it" if isinstance(err, KeyError) else str(err)
            raise EngineError(f"cannot read the ear head {path} ({why}); give a head written by "
                              f"voice-host ear train, or leave --model out for the shipped one"
                              ) from err
        self.threshold = float(self.head.meta.get("threshold", 0.5))  # type: ignore[arg-type]
        bands = self.head.meta.get("snr_thresholds") or []
        self.snr_thresholds: tuple[tuple[float, float], ...] = tuple(
            (float(lo), float(t)) for lo, t in bands)  # type: ignore[attr-defined]
        turn = self.head.meta.get("turn_snr_thresholds") or []
        self.turn_thresholds: tuple[tuple[float, float], ...] = tuple(
            (float(lo), float(t)) for lo, t in turn)  # type: ignore[attr-defined]
        names = self.head.meta.get("intents", INTENTS)
        self.intents: tuple[str, ...] = tuple(str(n) for n in names)  # type: ignore[attr-defined]
        if len(self.intents) != self.head.outs[0][0].shape[1]:
            raise EngineError(f"ear head {path} does not match its intent list; retrain it with: "
                              f"voice-host ear train --lang {lang}")
        front = str(self.head.meta.get("front", "speech-embedding"))
        if front != WHISPER:
            raise EngineError(f"ear head {path} was trained on the front end {front!r}, which "
                              f"this version no longer has (only {WHISPER}); retrain it with: "
                              f"voice-host ear train --lang {lang}")
        try:
            self.front = WhisperFrontEnd(threads=threads)
        except FrontEndError as err:
            raise EngineError(f"ear head {path}: {err}") from err
        try:
            voice_encoder.session()  # loaded now, not on the first utterance a player waits for
        except OSError as err:
            raise EngineError(f"cannot write the voice encoder's graph ({err}); set "
                              f"VOICE_HOST_CACHE to a folder you can write") from err

    @cached_property
    def _words(self) -> Words:
        return words(self.lang)

    def text_of(self, r: Reading) -> str:
        """The canonical text of a reading."""
        w = self._words
        if r.kind == "number" and r.total is not None:
            return card_phrase(w, r.card, r.total) if r.card != "none" else w.numbers[r.total]
        if r.kind == "command" and r.command is not None:
            return w.commands[r.command][0]
        return ""

    def _alternative(self, r: Reading) -> Alternative:
        return Alternative(self.text_of(r), _numbers(r), r.command, round(r.probability, 4))

    def threshold_for(self, samples: Samples, expect: Expectation | None) -> float:
        """The confidence a reading of ``samples`` needs.

        Open to any number (no ``expect``, or one that leaves the totals open), the head's
        threshold for the utterance's band of apparent SNR
        (:func:`~voice_host.audio.apparent_snr.apparent_snr_db`) where it has one per band:
        noisier, surer. Narrowed to a turn (some totals and card-first phrases), the head's
        thresholds for a turn's band where it has them (fitted under that narrowing, lower in
        clean speech, never above the one threshold), else its one threshold: the open bands
        cost the referee some of its first tries in babble. Narrowed otherwise (an island
        card, a yes or no), the one threshold."""
        narrowed = expect is not None and expect.numbers is not None
        if narrowed and self.turn_thresholds and is_turn(expect):
            return threshold_in_band(apparent_snr_db(samples), self.turn_thresholds)
        if narrowed or not self.snr_thresholds:
            return self.threshold
        return threshold_in_band(apparent_snr_db(samples), self.snr_thresholds)

    def recognize(self, samples: Samples, expect: Expectation | None = None) -> Hearing:
        """Recognize one utterance, of any length; no number or command unless confident
        enough (:meth:`threshold_for`); with its voice print (:mod:`voice_host.ear.voice_print`)
        when it fits Whisper's window.

        A long utterance heard as nothing (:data:`LONG_S`) is heard again in the window of
        :data:`WINDOW_S` where a number stands out most; a number heard there is the result.
        One longer than the front end takes at once (Whisper's 30 s) is heard in those windows
        alone, piece by piece (:meth:`_hear_long`)."""
        return self.hear(samples, expect)[0]

    def hear(self, samples: Samples, expect: Expectation | None = None, *, voice: bool = True
             ) -> tuple[Hearing, Encoded | None]:
        """:meth:`recognize`, with the utterance's encoder states (None for one longer than
        Whisper's window), so an ear built on this one need not encode it again; without its
        voice print when not ``voice`` (for an ear whose listener never asks who spoke)."""
        if len(samples) > self.front.max_samples:
            return self._hear_long(samples, expect), None
        threshold = self.threshold_for(samples, expect)
        mel = encoder_input(samples)
        states = self.front.states(mel)
        encoded = Encoded(states, pooled(states))
        seq = encoded.seq
        voice_of = voice_print(samples) if voice else None
        # A turn's lower thresholds were fitted on the totals it narrows; it leaves the commands
        # open, so they are held to what an open hearing asks.
        commands = self.threshold_for(samples, None) if is_turn(expect) else threshold
        hearing = replace(self._hear(seq, expect, threshold, commands), voice=voice_of)
        if not hearing.is_empty or len(samples) <= LONG_S * SAMPLE_RATE:
            return hearing, encoded
        best, _ = self._best_window(seq, expect, threshold)
        heard = self._hear_window(samples, best * STEP_SAMPLES, expect, threshold)
        return (replace(heard, voice=voice_of) if heard.numbers else hearing), encoded

    def _best_window(self, seq: Floats, expect: Expectation | None,
                     threshold: float) -> tuple[int, float]:
        """The first vector of the window of ``seq`` where a number stands out most, and the
        likeliest number's probability there.

        The windows' stretches of the whole's sequence are cheap to hear; only the best one is
        heard again on its own, and only a number is taken from it (a command, "undo" above
        all, must stand out in the whole utterance)."""
        per = round(WINDOW_S * SAMPLE_RATE / STEP_SAMPLES)
        hop = round(WINDOW_HOP_S * SAMPLE_RATE / STEP_SAMPLES)
        starts = [*range(0, max(1, len(seq) - per), hop), max(0, len(seq) - per)]
        scores = {i: _number_confidence(self._hear(seq[i : i + per], expect, threshold))
                  for i in starts}
        best = max(starts, key=lambda i: scores[i])
        return best, scores[best]

    def _hear_window(self, samples: Samples, first: int, expect: Expectation | None,
                     threshold: float) -> Hearing:
        """The window of ``samples`` from sample ``first``, heard on its own.

        Vector i stands for the padded audio at i x 80 ms, so the window starts up to the
        padding (0.2 s) after its stretch: moved back to match, the referee bench accepted more
        misheard German totals."""
        window = samples[first : first + WINDOW]
        return self._hear(self.front.embed(window), expect, threshold)

    def _hear_long(self, samples: Samples, expect: Expectation | None) -> Hearing:
        """An utterance longer than the front end's window, heard in windows only: embedded in
        pieces the front end takes (overlapping by a window, so no phrase is cut in every
        piece), the window where a number stands out most heard on its own, at the threshold
        of its own SNR (a whole recording's says little of one window's); only a number is
        taken from it, else the hearing is empty."""
        piece = self.front.max_samples
        best_first, best_score = 0, -1.0
        for start in range(0, max(1, len(samples) - WINDOW), piece - WINDOW):
            part = samples[start : start + piece]
            i, score = self._best_window(self.front.embed(part), expect,
                                         self.threshold_for(part, expect))
            if score > best_score:
                best_first, best_score = start + i * STEP_SAMPLES, score
        window = samples[best_first : best_first + WINDOW]
        heard = self._hear_window(samples, best_first, expect, self.threshold_for(window, expect))
        if heard.numbers:
            return heard
        return Hearing(text="", confidence=heard.confidence,
                       alternatives=tuple(a for a in heard.alternatives if a.numbers))

    def _hear(self, seq: Floats, expect: Expectation | None, threshold: float,
              command_threshold: float | None = None) -> Hearing:
        """What the head hears in an embedding sequence, sure of a reading at ``threshold`` (of
        a command at ``command_threshold``, if given)."""
        probs = [p[0] for p in self.head.sequence_probs(seq)]
        ranked = total_first(readings(probs, expect, intents=self.intents), threshold)
        best = ranked[0]
        others = tuple(self._alternative(r) for r in ranked[1:]
                       if r.kind != "reject" and r.probability >= ALTERNATIVE_FLOOR)[:4]
        if best.kind == "command" and command_threshold is not None:
            threshold = command_threshold
        sure = best.kind != "reject" and best.probability >= threshold
        if not sure:
            doubtful = () if best.kind == "reject" else (self._alternative(best),)
            return Hearing(text="", confidence=best.probability,
                           alternatives=doubtful + others)
        return Hearing(text=self.text_of(best), numbers=_numbers(best), command=best.command,
                       confidence=best.probability, alternatives=others)


def is_turn(expect: Expectation | None) -> bool:
    """Whether ``expect`` narrows to a turn: some totals and card-first phrases (an island card
    allows totals but no card phrase; a yes or no, no total at all)."""
    return expect is not None and bool(expect.numbers) and expect.number_pairs


def threshold_in_band(snr_db: float, bands: Sequence[tuple[float, float]]) -> float:
    """The threshold of the band of SNR ``snr_db`` falls in: the last of the (lowest SNR,
    threshold) pairs, in rising order, whose lowest SNR it reaches (the first under them all)."""
    threshold = bands[0][1]
    for lowest, t in bands:
        if snr_db >= lowest:
            threshold = t
    return threshold


def _number_confidence(hearing: Hearing) -> float:
    """The probability of the likeliest number reading of ``hearing``, sure or not (0 when
    there is none)."""
    heard = [hearing.confidence] if hearing.numbers else []
    return max([*heard, *(a.confidence for a in hearing.alternatives if a.numbers), 0.0])


def total_first(ranked: list[Reading], threshold: float) -> list[Reading]:
    """The readings with the total alone first when the total is sure and only the card is not.

    "seven, eleven" may be heard as 47% "eleven" and 45% "seven, eleven": neither reaches the
    threshold, yet both say eleven. Then the total alone is the reading, with the card readings'
    summed probability, and they stay as alternatives, so the referee still asks where a card
    would change its verdict ("six, eleven" from four is a mistake; "seven, eleven" is not).
    """
    best = ranked[0]
    if best.kind != "number" or best.probability >= threshold:
        return ranked
    same = [r for r in ranked if r.kind == "number" and r.total == best.total]
    mass = sum(r.probability for r in same)
    if len(same) < 2 or mass < threshold:
        return ranked
    none = CARDS.index("none")
    alone = Reading("number", min(mass, 1.0), best.total, "none",
                    index=(0, best.index[1], best.index[2], none))
    rest = [r for r in ranked if not (r.kind == "number" and r.total == best.total
                                      and r.card == "none")]
    return [alone, *rest]


def _numbers(r: Reading) -> tuple[int, ...]:
    if r.kind != "number" or r.total is None:
        return ()
    if r.card == "none":
        return (r.total,)
    return (int(r.card[-1]), r.total)
