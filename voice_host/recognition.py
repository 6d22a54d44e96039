"""What every recognizer returns, and the narrow interface every recognizer implements.

A recognizer turns one utterance (16 kHz mono int16 samples, already cut by the endpointer) into a
:class:`Hearing`. Hearing nothing usable is normal, not an error: the hearing then has no numbers
and no command.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np
import numpy.typing as npt

SAMPLE_RATE = 16000
"""The one sample rate every recognizer takes."""

Samples = npt.NDArray[np.int16]
"""Mono 16-bit PCM at :data:`SAMPLE_RATE`."""

VoicePrint = npt.NDArray[np.float32]
"""A small vector telling how an utterance's voice sounds (:mod:`voice_host.ear.voice_print`)."""


class EngineError(Exception):
    """A recognizer could not be loaded; the message says how to fix it."""


@dataclass(frozen=True)
class Alternative:
    """A runner-up reading of the same utterance."""

    text: str
    """The transcript of this reading."""
    numbers: tuple[int, ...]
    """The numbers in it, in spoken order."""
    command: str | None
    """The command in it, if it is one (``"undo"``, ``"yes"``...)."""
    confidence: float
    """Probability-like score in [0, 1]."""
    words: tuple[str, ...] = ()
    """The meanings of the game's own phrases in it (:attr:`Expectation.words`)."""


@dataclass(frozen=True)
class Hearing:
    """The recognizer's verdict on one utterance."""

    text: str
    """The transcript (empty when nothing was recognized)."""
    numbers: tuple[int, ...] = ()
    """Numbers in spoken order; empty when none was heard with enough confidence."""
    command: str | None = None
    """A command name from the phrase table, or None."""
    confidence: float = 0.0
    """Probability-like confidence of the top reading, in [0, 1]."""
    alternatives: tuple[Alternative, ...] = field(default_factory=tuple)
    """Other readings, best first, where the engine gives them."""
    words: tuple[str, ...] = ()
    """The meanings of the game's own phrases heard with confidence (:attr:`Expectation.words`);
    empty when none was, as :attr:`numbers` is for numbers."""
    voice: VoicePrint | None = field(default=None, compare=False, repr=False)
    """The utterance's voice print, where the recognizer makes one (who spoke: a cue, never
    proof); None for a typed line."""
    snr_db: float | None = field(default=None, compare=False, repr=False)
    """How far the utterance stood above its noise
    (:func:`~voice_host.audio.apparent_snr.apparent_snr_db`), where the recognizer measures it:
    a host's cue to how far to trust a sure hearing; None for a typed line."""

    @property
    def is_empty(self) -> bool:
        """True when neither a number, a command nor a game's phrase was heard."""
        return not self.numbers and self.command is None and not self.words

    def heard_event(self) -> dict[str, object]:
        """The ``heard`` line of the referee's log contract."""
        event: dict[str, object] = {
            "event": "heard",
            "text": self.text,
            "numbers": list(self.numbers),
            "confidence": round(self.confidence, 3),
        }
        if self.words:
            event["words"] = list(self.words)
        return event

    def to_json(self) -> dict[str, object]:
        """The fields of the ``hear`` contract (without file and ms)."""
        return {
            "text": self.text,
            "numbers": list(self.numbers),
            "command": self.command,
            "confidence": round(self.confidence, 3),
        }


@dataclass(frozen=True)
class Expectation:
    """What may sensibly be said next; engines may restrict their grammar to it.

    This narrows to what is *possible*, never toward the expected answer.
    """

    numbers: frozenset[int] | None = None
    """Totals that may be said; None means any number the phrase table knows."""
    number_pairs: bool = True
    """Whether a phrase of two numbers may be said: a number (signed or not), then another ("plus
    seven, twenty-four")."""
    commands: bool = True
    """Whether commands may be said."""
    idle: frozenset[str] = frozenset()
    """Commands that would do nothing now (a yes with nothing asked, resume while playing):
    heard, they are table talk ("I know" is no command at a turn). A recognizer that cannot
    narrow its commands ignores them."""
    words: tuple[tuple[str, str], ...] = ()
    """A game's own phrases that may be said now, each (as spoken, its meaning): a name, a sack
    kind, "nessuno". A recognizer that knows no such words ignores them."""


TURN_WINDOW = 19
"""A turn's grammar allows totals this far either side of the current total."""


def turn_expectation(current: int) -> Expectation:
    """What a turn allows when the total stands at ``current``: every total within
    :data:`TURN_WINDOW` of it (0-99), card-first phrases and commands."""
    from voice_host.phrases import MAX_NUMBER

    low, high = max(0, current - TURN_WINDOW), min(MAX_NUMBER, current + TURN_WINDOW)
    return Expectation(numbers=frozenset(range(low, high + 1)), number_pairs=True)


COMMANDS_ONLY = Expectation(numbers=frozenset(), number_pairs=False, commands=True)
"""A command and no number: the answer to a yes/no question (a number the ear is unsure of would
be heard in place of the yes or no)."""


class Recognizer(Protocol):
    """An offline speech recognizer for the game's vocabulary."""

    name: str
    """Engine name as given to ``--engine``."""
    lang: str
    """Language code (``en``, ``de``, ``es``, ``fr``, ``it``)."""

    def recognize(self, samples: Samples, expect: Expectation | None = None) -> Hearing:
        """Recognize one whole utterance."""
        ...


LARGEST_CARD = 9
"""Cards are 0-9: a card-first phrase ("seven, twenty-four") starts with one of these."""

RIVAL_CONFIDENCE = 0.3
"""An alternative reading at least this sure counts as a rival (the referee's default)."""


def is_whole(hearing: Hearing, rival_confidence: float = RIVAL_CONFIDENCE) -> bool:
    """Whether ``hearing`` may be taken as a whole utterance rather than the start of a
    card-first phrase cut at its comma ("seven," | "twenty-four"): a total above
    :data:`LARGEST_CARD` or a card and a total, that the recognizer gave as sure, with no
    reading at least ``rival_confidence`` sure that is not whole too.

    Not whole: a lone card-sized number ("seven") and a card whose total is the card again
    ("plus seven, seven"), which is how a grammar-bound recognizer hears a lone "plus seven,";
    nor a command, as a cut "plus four," can be heard as a sure "score". The recognizer can
    also hear a cut "seven," as a sure "seventeen": a caller that knows more (the game's state)
    should ask for more than this (:meth:`voice_host.games.cowabunga.host.Session.is_whole`)."""

    def whole(numbers: tuple[int, ...], command: str | None) -> bool:
        if command is not None:
            return False
        if len(numbers) == 2:
            return numbers[0] != numbers[1]
        return len(numbers) == 1 and numbers[0] > LARGEST_CARD

    return whole(hearing.numbers, hearing.command) and all(
        whole(a.numbers, a.command)
        for a in hearing.alternatives
        if a.confidence >= rival_confidence
    )


def typed_words(text: str, words: Sequence[tuple[str, str]]) -> tuple[str, ...]:
    """The meaning of a typed line that is one of a game's phrases (``words``, as in
    :attr:`Expectation.words`), by its phrase or its meaning, case and punctuation aside; empty
    when it is none of them."""
    line = _plain(text)
    for phrase, meaning in words:
        if line in (_plain(phrase), _plain(meaning)):
            return (meaning,)
    return ()


def _plain(text: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", text.lower()).split())
