"""The ear for a game's own words: numbers and commands from the ear's heads, and the phrases a
game declares now (:attr:`~voice_host.recognition.Expectation.words`) from the closed-set scorer.

A game declares, per moment, what may be said besides numbers and commands ("Ben", "Tränensack",
"nessuno", "zwei Särge"), each with its meaning. A game with a phrase head
(:mod:`voice_host.ear.phrase_head`) hears its fixed phrases with it first, in milliseconds. Else,
or when the head is not sure, the scorer weighs the phrases against the utterance and against
the decoder's own free transcript (table talk), and :func:`~voice_host.ear.closed_set.decide`
accepts one, asks between two, or hears none: a game's words get the same care as numbers, no
guessing and a question when unsure. The utterance is encoded once for both.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from voice_host.audio.apparent_snr import apparent_snr_db
from voice_host.ear.closed_set import (
    ClosedSetScorer,
    Decision,
    Scored,
    Thresholds,
    decide,
    scorer,
)
from voice_host.ear.phrase_head import PhraseHead, likeliest, shipped
from voice_host.ear.recognizer import EarRecognizer, Encoded
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

    When the game declares phrases, its phrase head (``game``'s shipped one, if any; it learned
    the commands and numbers as talk) takes a phrase it is sure of first; else a command the
    ear's own heads are sure of wins (stop, repeat, pause are said at any moment), then a sure
    number, and the closed-set scorer decides among the phrases. Without declared phrases it is
    the base ear itself. It makes no voice prints: no game asks who spoke (the referee, which
    does, hears through the base ear). A phrase hearing carries its apparent SNR, and the head's
    its probability as confidence: what a host weighs before acting on a sure hearing that costs.
    With ``asks_from``, a phrase the head found likeliest but was not sure of (at least that
    probable, and likelier than talk) is offered as an unsure reading when the scorer heard
    none: a host that asks before it acts gets a question where it got nothing.
    """

    def __init__(
        self,
        base: Recognizer,
        *,
        game: str | None = None,
        head: PhraseHead | None = None,
        thresholds: Thresholds = THRESHOLDS,
        phrase_scorer: Callable[[], ClosedSetScorer] = scorer,
        asks_from: float | None = None,
    ) -> None:
        self.base = base
        """The ear for numbers and commands."""
        self.name = base.name
        self.lang = base.lang
        self.head = head if head is not None or game is None else shipped(game, base.lang)
        """The game's phrase head (None: the scorer alone)."""
        self.thresholds = thresholds
        """Where a phrase is accepted, asked about or heard as none."""
        self._scorer = phrase_scorer
        self.asks_from = asks_from
        """The least probability of the head's unsure phrase offered to ask about (None:
        never)."""

    def recognize(self, samples: Samples, expect: Expectation | None = None) -> Hearing:
        """Hear one utterance: a phrase the game's head is sure of, a sure command or number,
        else one of the game's phrases by the scorer, else what the base ear heard."""
        base_heard, encoded = self._base_hear(samples, expect)
        if expect is None or not expect.words:
            return base_heard
        phrases, meanings = self._phrases(expect.words)
        snr = apparent_snr_db(samples)
        unsure: Alternative | None = None
        if self.head is not None and encoded is not None:
            phrase, p, talk = likeliest(self.head, encoded.seq, phrases)
            if phrase is not None and p > talk:
                if p >= self.head.threshold:
                    return Hearing(text=phrase, confidence=p, words=(meanings[phrase],),
                                   snr_db=snr)
                if self.asks_from is not None and p >= self.asks_from:
                    unsure = Alternative(phrase, (), None, round(p, 3),
                                         words=(meanings[phrase],))
        if (base_heard.command is not None and base_heard.confidence >= SURE
                and not base_heard.alternatives):
            return base_heard
        if base_heard.numbers:
            return base_heard
        phrase_scorer = self._scorer()
        states = encoded.states if encoded is not None else phrase_scorer.states(samples)
        scored = by_meaning(phrase_scorer.score_states(states, phrases, self.lang), meanings)
        decision = decide(scored, self.thresholds)
        if decision.kind == "none" and unsure is not None:
            return Hearing(text=unsure.text, confidence=unsure.confidence,
                           alternatives=(unsure,), snr_db=snr)
        if decision.kind == "none" and (base_heard.command is not None
                                        or base_heard.alternatives):
            return base_heard  # an unsure number or command is worth a question; none is not
        return replace(words_hearing(scored, decision, meanings), snr_db=snr)

    def _base_hear(self, samples: Samples,
                   expect: Expectation | None) -> tuple[Hearing, Encoded | None]:
        """The base ear's hearing, and the encoder states it made when it is the trained ear."""
        if isinstance(self.base, EarRecognizer):
            return self.base.hear(samples, expect, voice=False)
        return self.base.recognize(samples, expect), None

    @staticmethod
    def _phrases(words: Sequence[tuple[str, str]]) -> tuple[list[str], dict[str, str]]:
        meanings: dict[str, str] = {}
        for phrase, meaning in words:
            meanings.setdefault(phrase, meaning)
        return list(meanings), meanings

