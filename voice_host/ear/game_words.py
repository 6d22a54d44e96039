"""The ear for a game's own words: numbers and commands from the ear's heads, and the phrases a
game declares now (:attr:`~voice_host.recognition.Expectation.words`) from the closed-set scorer.

A game declares, per moment, what may be said besides numbers and commands ("Ben", "Tränensack",
"nessuno", "zwei Särge"), each with its meaning. The scorer weighs those phrases against the
utterance and against the decoder's own free transcript (table talk), and
:func:`~voice_host.ear.closed_set.decide` accepts one, asks between two, or hears none: a game's
words get the same care as numbers, no guessing and a question when unsure.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from voice_host.ear.closed_set import (
    ClosedSetScorer,
    Decision,
    Scored,
    Thresholds,
    decide,
    scorer,
)
from voice_host.recognition import Alternative, Expectation, Hearing, Recognizer, Samples

THRESHOLDS = Thresholds(margin=4.0, floor=4.0, gap=6.0)
"""Where a game's phrase is accepted, asked about or heard as none (see ``bench/RESULTS.md``)."""

SURE = 0.9
"""The confidence a phrase accepted by the scorer is given."""
UNSURE = 0.5
"""The confidence of the better of two phrases asked about (the other has a little less)."""


def words_hearing(scored: Scored, decision: Decision,
                  meanings: dict[str, str]) -> Hearing:
    """What a :class:`Decision` on a game's phrases is as a :class:`Hearing`: one meaning heard
    with confidence, two readings the host asks between, or only the free transcript."""
    if decision.kind == "accept":
        phrase = decision.phrases[0]
        return Hearing(text=phrase, confidence=SURE, words=(meanings[phrase],))
    if decision.kind == "ask":
        first, second = decision.phrases
        return Hearing(
            text=first,
            confidence=UNSURE,
            alternatives=(
                Alternative(first, (), None, UNSURE, words=(meanings[first],)),
                Alternative(second, (), None, UNSURE - 0.1, words=(meanings[second],)),
            ),
        )
    return Hearing(text=scored.free_text.strip(), confidence=0.0)


def by_meaning(scored: Scored, meanings: dict[str, str]) -> Scored:
    """``scored`` with each meaning's best phrase only: two phrasings of one meaning ("Leinen
    los", "würfeln") must not rival each other for the margin a phrase needs to be accepted."""
    best: dict[str, int] = {}
    for i, phrase in enumerate(scored.phrases):
        meaning = meanings[phrase]
        if meaning not in best or scored.scores[i] > scored.scores[best[meaning]]:
            best[meaning] = i
    kept = sorted(best.values())
    if len(kept) == len(scored.phrases):
        return scored
    return replace(scored, phrases=tuple(scored.phrases[i] for i in kept),
                   log_likelihoods=tuple(scored.log_likelihoods[i] for i in kept),
                   priors=tuple(scored.priors[i] for i in kept))


class GameWordEar:
    """A :class:`~voice_host.recognition.Recognizer` that also hears a game's declared phrases.

    The ear's own heads hear numbers and commands first: a command they are sure of wins (stop,
    repeat, pause are said at any moment). Otherwise, when the game declares phrases, the
    closed-set scorer decides among them. Without declared phrases it is the base ear itself.
    """

    def __init__(
        self,
        base: Recognizer,
        *,
        thresholds: Thresholds = THRESHOLDS,
        phrase_scorer: Callable[[], ClosedSetScorer] = scorer,
    ) -> None:
        self.base = base
        """The ear for numbers and commands."""
        self.name = base.name
        self.lang = base.lang
        self.thresholds = thresholds
        """Where a phrase is accepted, asked about or heard as none."""
        self._scorer = phrase_scorer

    def recognize(self, samples: Samples, expect: Expectation | None = None) -> Hearing:
        """Hear one utterance: a sure command, else one of the game's phrases, else what the
        base ear heard."""
        heard = self.base.recognize(samples, expect)
        if expect is None or not expect.words:
            return heard
        if heard.command is not None and heard.confidence >= SURE and not heard.alternatives:
            return heard
        if heard.numbers:
            return heard
        phrases, meanings = self._phrases(expect.words)
        scored = by_meaning(self._scorer().score(samples, phrases, self.lang), meanings)
        decision = decide(scored, self.thresholds)
        if decision.kind == "none" and heard.command is not None:
            return heard
        return words_hearing(scored, decision, meanings)

    @staticmethod
    def _phrases(words: Sequence[tuple[str, str]]) -> tuple[list[str], dict[str, str]]:
        meanings: dict[str, str] = {}
        for phrase, meaning in words:
            meanings.setdefault(phrase, meaning)
        return list(meanings), meanings

