"""Vosk behind the recognizer interface, for users who have a Vosk model.

The grammar handed to Vosk is the phrase table's sentences for this turn (the totals the
:class:`~voice_host.recognition.Expectation` allows, card-first phrases with and without the
table's practice-game "play" prefix, commands) plus ``[unk]``
so out-of-grammar speech has somewhere to go. Vosk can still return words outside its grammar,
so every reading is checked again against the allowed phrases: a reading that is one word away
from exactly one allowed phrase is snapped to it at a reduced confidence, anything further is
rejected. Confidence comes from Vosk's word confidences, or, with alternatives on, from the
alternatives' scores turned into probabilities.
"""

from __future__ import annotations

import json
import math
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from voice_host.models import default_model_dir, missing_model_message, problems
from voice_host.phrases import (
    CARD_VALUES,
    COMMAND_NAMES,
    LANGUAGES,
    PhraseTable,
    Utterance,
    phrase_table,
    spoken_tokens,
)
from voice_host.recognition import (
    SAMPLE_RATE,
    Alternative,
    EngineError,
    Expectation,
    Hearing,
    Samples,
)

INSTALL_HINT = "pip install 'voice-host[vosk]'"
"""What to run when the vosk package is missing."""

UNK = "[unk]"
"""Vosk's out-of-vocabulary word, always in the grammar."""

DEFAULT_MAX_NUMBER = 45
"""Largest total in the grammar when no expectation says otherwise."""

DEFAULT_MIN_CONFIDENCE = 0.6
"""Confidence below which numbers and commands are withheld."""

DEFAULT_MAX_ALTERNATIVES = 3
"""How many readings Vosk is asked for."""

SNAP_PENALTY = 0.5
"""Factor on the confidence of a reading snapped one word onto an allowed phrase."""

_CACHED_RECOGNIZERS = 16


class KaldiLike(Protocol):
    """The part of ``vosk.KaldiRecognizer`` this adapter uses (in vosk's spelling)."""

    def SetWords(self, enable: bool) -> None:
        """Ask for per-word results."""

    def SetMaxAlternatives(self, n: int) -> None:
        """Ask for up to ``n`` alternatives."""

    def AcceptWaveform(self, data: bytes) -> bool:
        """Feed 16-bit little-endian mono audio."""

    def FinalResult(self) -> str:
        """The JSON result of the utterance; resets the recognizer."""


class VoskModelLike(Protocol):
    """A loaded Vosk model that can make a recognizer for one grammar."""

    def recognizer(self, grammar: str) -> KaldiLike:
        """A recognizer at 16 kHz restricted to ``grammar`` (a JSON list of phrases)."""
        ...

    def knows(self, word: str) -> bool:
        """Whether ``word`` is in the model's vocabulary."""


class _LoadedModel:
    """A real ``vosk.Model``."""

    def __init__(self, path: Path) -> None:
        try:
            import vosk
        except ImportError as err:
            raise EngineError(f"the vosk package is not installed; run: {INSTALL_HINT}") from err
        vosk.SetLogLevel(-1)
        self._vosk: Any = vosk
        try:
            self._model = vosk.Model(str(path))
        except Exception as err:  # vosk raises a bare Exception
            raise EngineError(
                f"Vosk could not load the model at {path} ({err}); "
                f"check it with: voice-host models verify {path}"
            ) from None

    def recognizer(self, grammar: str) -> KaldiLike:
        rec: KaldiLike = self._vosk.KaldiRecognizer(self._model, SAMPLE_RATE, grammar)
        return rec

    def knows(self, word: str) -> bool:
        return int(self._model.vosk_model_find_word(word)) >= 0


@dataclass(frozen=True)
class VoskReading:
    """One reading of an utterance as Vosk gave it."""

    text: str
    """The words Vosk returned."""
    confidence: float
    """Probability-like confidence of this reading in [0, 1]."""


def model_dir(lang: str) -> Path:
    """Where the Vosk model for ``lang`` is expected when no path is given."""
    return default_model_dir(lang)


def check_model_dir(lang: str, path: Path) -> None:
    """Raise :class:`EngineError` with one line naming the fix unless ``path`` holds a model."""
    if not path.exists():
        raise EngineError(missing_model_message(lang, path))
    found = problems(path)
    if found:
        raise EngineError(
            f"{path} is not a usable Vosk model ({'; '.join(found)}); "
            f"run: voice-host models download {lang}"
        )


class VoskRecognizer:
    """Offline recognizer using a Vosk model and the phrase table's grammar."""

    name = "vosk"

    def __init__(
        self,
        lang: str = "en",
        model_path: Path | None = None,
        *,
        model: VoskModelLike | None = None,
        max_number: int = DEFAULT_MAX_NUMBER,
        min_confidence: float = DEFAULT_MIN_CONFIDENCE,
        max_alternatives: int = DEFAULT_MAX_ALTERNATIVES,
    ) -> None:
        """Load the model (``model_path`` or the installed one); ``model`` injects a stand-in."""
        if lang not in LANGUAGES:
            raise EngineError(
                f"no phrase table for language {lang!r}; choose one of: {', '.join(LANGUAGES)}"
            )
        self.lang = lang
        self.table: PhraseTable = phrase_table(lang)
        self.max_number = max_number
        self.min_confidence = min_confidence
        self.max_alternatives = max_alternatives
        if model is None:
            path = Path(model_path) if model_path is not None else model_dir(lang)
            check_model_dir(lang, path)
            model = _LoadedModel(path)
        self._model = model
        self._recognizers: OrderedDict[tuple[object, ...], tuple[KaldiLike, frozenset[str]]] = (
            OrderedDict()
        )
        self._vocabulary: dict[str, bool] = {}

    def recognize(self, samples: Samples, expect: Expectation | None = None) -> Hearing:
        """Recognize one utterance; numbers and command only when confident and allowed."""
        expect = expect or Expectation()
        rec, allowed = self._recognizer(expect)
        rec.AcceptWaveform(samples.astype("<i2").tobytes())
        readings = parse_result(rec.FinalResult())
        return self.hearing(readings, allowed)

    def grammar(self, expect: Expectation | None = None) -> list[str]:
        """The phrases (plus ``[unk]``) Vosk is restricted to for this expectation. A phrase with a
        word the model lacks is left out: Vosk would drop the word and keep the rest ("twenty
        four" heard as "four"), which may be another allowed phrase."""
        phrases = allowed_phrases(self.table, self._totals(expect or Expectation()), expect)
        return [*(p for p in phrases if all(self._knows(w) for w in p.split())), UNK]

    def _knows(self, word: str) -> bool:
        known = self._vocabulary.get(word)
        if known is None:
            known = self._vocabulary[word] = self._model.knows(word)
        return known

    def hearing(self, readings: Sequence[VoskReading], allowed: frozenset[str]) -> Hearing:
        """Turn Vosk's readings into a hearing: validate, snap, merge, threshold."""
        merged: OrderedDict[str, tuple[float, Utterance]] = OrderedDict()
        raw_top = readings[0].text if readings else ""
        for reading in readings:
            phrase, penalty = snap(reading.text, allowed)
            if phrase is None:
                continue
            parsed = self.table.parse(phrase)
            if parsed is None:
                continue
            conf, _ = merged.get(phrase, (0.0, parsed))
            merged[phrase] = (min(1.0, conf + reading.confidence * penalty), parsed)
        if not merged:
            return Hearing(text=raw_top, confidence=0.0)
        ranked = sorted(merged.items(), key=lambda kv: -kv[1][0])
        (text, (confidence, parsed)), rest = ranked[0], ranked[1:]
        alternatives = tuple(
            Alternative(t, u.numbers, u.command, round(c, 3)) for t, (c, u) in rest
        )
        if confidence < self.min_confidence:
            return Hearing(text, confidence=confidence, alternatives=alternatives)
        return Hearing(
            text,
            numbers=parsed.numbers,
            command=parsed.command,
            confidence=confidence,
            alternatives=alternatives,
        )

    def _totals(self, expect: Expectation) -> tuple[int, ...]:
        if expect.numbers is None:
            return tuple(range(self.max_number + 1))
        return tuple(sorted(expect.numbers))

    def _recognizer(self, expect: Expectation) -> tuple[KaldiLike, frozenset[str]]:
        key = (self._totals(expect), expect.number_pairs, expect.commands, expect.idle)
        cached = self._recognizers.get(key)
        if cached is not None:
            self._recognizers.move_to_end(key)
            return cached
        phrases = self.grammar(expect)
        rec = self._model.recognizer(json.dumps(phrases, ensure_ascii=False))
        rec.SetWords(True)
        rec.SetMaxAlternatives(self.max_alternatives)
        entry = (rec, frozenset(p for p in phrases if p != UNK))
        self._recognizers[key] = entry
        if len(self._recognizers) > _CACHED_RECOGNIZERS:
            self._recognizers.popitem(last=False)
        return entry


def allowed_phrases(
    table: PhraseTable, totals: Iterable[int], expect: Expectation | None = None
) -> list[str]:
    """Every phrase allowed this turn, as space-separated lower-case words.

    Card-first phrases come bare ("seven twenty four", "plus seven twenty four") and, when the
    table has play words, after each of them ("play seven twenty four", "i play plus seven
    twenty four"), as the parser reads them. The commands that would do nothing now
    (:attr:`Expectation.idle`) are left out: said, they are talk.
    """
    expect = expect or Expectation()
    totals = list(totals)
    out: dict[str, None] = {}

    def add(phrase: str) -> None:
        out.setdefault(" ".join(spoken_tokens(phrase)))

    total_forms = [f for n in totals for f in table.spoken_numbers(n)]
    for form in total_forms:
        add(form)
    if expect.number_pairs and total_forms:
        cards = [f for n in CARD_VALUES for f in table.spoken_numbers(n)]
        signs = ["", *(w for ws in table.sign_words.values() for w in ws)]
        for play in ("", *table.play_words):
            for sign in signs:
                for card in cards:
                    for total in total_forms:
                        add(f"{play} {sign} {card} {total}")
    if expect.commands:
        for name in (n for n in COMMAND_NAMES if n not in expect.idle):
            for phrase in table.commands[name]:
                add(phrase)
    return list(out)


def parse_result(result: str) -> list[VoskReading]:
    """Vosk's final-result JSON as readings, best first.

    With alternatives, Vosk gives ``{"alternatives": [{"text", "confidence"}...]}`` where the
    confidence is a log-domain score; these become probabilities by a softmax. Without, it gives
    ``{"text", "result": [{"word", "conf"}...]}``; the reading's confidence is its least sure word.
    """
    data = json.loads(result) if result else {}
    alternatives = data.get("alternatives")
    if isinstance(alternatives, list):
        scored = [
            (str(a.get("text", "")).strip(), float(a.get("confidence", 0.0)))
            for a in alternatives
            if isinstance(a, dict)
        ]
        if not scored:
            return []
        best = max(score for _, score in scored)
        weights = [math.exp(score - best) for _, score in scored]
        total = sum(weights)
        return [
            VoskReading(text, weight / total)
            for (text, _), weight in zip(scored, weights, strict=True)
            if text
        ]
    text = str(data.get("text", "")).strip()
    if not text:
        return []
    words = data.get("result")
    if isinstance(words, list) and words:
        confs = [float(w.get("conf", 1.0)) for w in words if isinstance(w, dict)]
        return [VoskReading(text, min(confs, default=1.0))]
    return [VoskReading(text, 1.0)]


def snap(text: str, allowed: frozenset[str]) -> tuple[str | None, float]:
    """The allowed phrase ``text`` means and a confidence factor, or (None, 0) when too far.

    An exact match keeps full confidence. One word added, dropped or changed (an ``[unk]``
    counts as a word) snaps to the phrase when exactly one allowed phrase is that close, at
    :data:`SNAP_PENALTY`.
    """
    words = tuple(spoken_tokens(text.replace(UNK, " unk ")))
    phrase = " ".join(words)
    if phrase in allowed:
        return phrase, 1.0
    if not words:
        return None, 0.0
    near = [p for p in allowed if _within_one_edit(words, tuple(p.split()))]
    if len(near) == 1:
        return near[0], SNAP_PENALTY
    return None, 0.0


def _within_one_edit(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=True)) <= 1
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


__all__ = [
    "INSTALL_HINT",
    "UNK",
    "KaldiLike",
    "VoskModelLike",
    "VoskReading",
    "VoskRecognizer",
    "allowed_phrases",
    "check_model_dir",
    "model_dir",
    "parse_result",
    "snap",
]
