"""PocketSphinx with a grammar built from the phrase table, and a confidence that can say no.

The levers measured on this model (see the team's notes on PocketSphinx 5.1.1):

* **Front end.** The utterance is brought to a fixed peak level and given a faint deterministic
  noise floor, because digital silence upsets the model's noise estimation; the model's
  ``feat.params`` is copied with the noise-removal front end switched off and batch cepstral mean
  normalisation (a fresh mean per utterance, nothing carried over), since ``feat.params`` silently
  overrides constructor arguments.
* **Grammar.** A JSGF grammar of the totals, an optional "[plus|minus] card" in front, and the
  commands; restricted per call by the :class:`~voice_host.recognition.Expectation`. Searches are
  compiled once per expectation and kept. When card-first phrases are allowed and the first
  reading is not accepted, a second grammar with the table's practice-game "play" prefix
  ("play seven, twenty-four") is tried (see :meth:`PocketSphinxRecognizer.read` for why it is
  not simply always in the grammar).
* **Confidence.** A path that stopped partway through the grammar is rejected
  (``get_fsg().accept``). The confidence is the smallest word posterior from ``seg()``, cut when
  loud speech lies outside the recognized words (table talk squeezed into a short number) or a
  word is implausibly short, and halved when a second pass over the grammar *without* the top
  total finds a reading that fits the audio better (that reading is also the alternative
  offered: 13/30, 14/40...). Below
  ``min_confidence`` the hearing keeps its text and alternatives but carries no numbers and no
  command. A free phone loop as a further score was measured and dropped: it tripled the time for
  little separation.

Measured with ``tests/ear/backends/measure.py`` (threshold chosen on en-us, en-gb, en-gb-x-rp+f3
and FSDD jackson; figures below on the held-out voices en-gb-scotland, en-029, en-us-nyc+m3,
en-gb-x-gbcwmd+f2, festival kal and FSDD yweweler; "turn" restricts the totals to the ten one
card can reach). Right / wrong / rejected numbers:

* espeak, clean: open 22% / 3.0% / 75%, turn 31% / 0.9% / 69%; 10 dB turn 23% / 1.3% / 76%.
* festival, clean: turn 69% / 0% / 31%; 10 dB turn 45% / 0% / 55%.
* FSDD human digits (8 kHz), clean: 12-17% / 5% / the rest; at 10 dB all rejected.
* Table talk accepted as a number: 2-3 of 64 espeak sentences, 0 of 16 festival.
* Top-1 before rejection (held out, clean, open): espeak 56%, festival 97%, FSDD 59%.
* CPU per utterance (two passes): 103 ms median, 221 ms at the 95th percentile.
* The "play" fallback (measured on en-us, en-gb, en+f3; 16 totals, 4 card-first phrases, 5
  "play" phrases and 8 table-talk sentences each): totals and card-first results unchanged,
  "play" phrases 0 → 6 of 15 right with 0 wrong, table talk accepted 1 → 2 of 24 ("pass the
  crisps please" as "i play three, three" on en+f3). Rejected utterances pay for two more
  passes: on a mixed set the median CPU per utterance went from 48 to 73 ms.

The stock acoustic model is the limit: the trained "ear" engine is the path to issue 3's goals.
"""

from __future__ import annotations

import math
import os
import tempfile
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from voice_host.phrases import CARD_VALUES, MAX_NUMBER, PhraseTable, phrase_table, spoken_tokens
from voice_host.recognition import (
    SAMPLE_RATE,
    Alternative,
    EngineError,
    Expectation,
    Hearing,
    Samples,
)

SUPPORTED_LANGUAGES = ("en",)
"""Languages with an acoustic model in the pocketsphinx wheel."""

DEFAULT_MIN_CONFIDENCE = 0.9
"""Confidence below which numbers and commands are withheld (set from measurements)."""

PEAK_LEVEL = 0.5
"""Peak amplitude, as a fraction of full scale, every utterance is scaled to."""

NOISE_FLOOR = 30.0

DEFAULT_MAX_NUMBER = 45
"""Largest total in the grammar when no expectation says otherwise (game totals stay below 40;
every extra number costs accuracy)."""
"""Standard deviation, in 16-bit steps at the normalised level, of the added noise floor."""

EXTRA_PRONUNCIATIONS = {"nought": "N AO T"}
"""Pronunciations for phrase-table words the model's dictionary lacks."""

_CACHED_SEARCHES = 64


@dataclass(frozen=True)
class Reading:
    """One decoding of an utterance with the measurements behind its confidence."""

    text: str
    """The grammar path's words ("" when the search found no complete path)."""
    complete: bool
    """Whether the path reached the end of the grammar (partial paths are rejected)."""
    min_posterior: float
    """Smallest posterior probability of a spoken word on the path (1.0 when none)."""
    path_score: float
    """Log path score per frame (natural log; nearer 0 is better)."""
    margin: float
    """Per-frame log score of this path minus that of the best path without its total."""
    uncovered: float
    """Share of the loud frames (10 dB over the floor) that no word of the path covers: speech
    the grammar could not explain, as in table talk that came out as a short number."""
    frames_per_phone: float
    """Shortest word's frames per phone: a word squeezed under 5 is rarely what was said."""
    runner_up: str
    """The best reading without the top total ("" when there is none)."""
    runner_up_posterior: float
    """The runner-up path's smallest word posterior."""
    frames: int
    """Number of 10 ms frames decoded."""


class PocketSphinxRecognizer:
    """Offline recognizer using PocketSphinx and the phrase table's grammar."""

    name = "pocketsphinx"

    def __init__(
        self,
        lang: str = "en",
        *,
        max_number: int = DEFAULT_MAX_NUMBER,
        min_confidence: float = DEFAULT_MIN_CONFIDENCE,
    ) -> None:
        """Load the acoustic model for ``lang`` (English only); raises EngineError otherwise."""
        if lang not in SUPPORTED_LANGUAGES:
            raise EngineError(
                f"pocketsphinx has no model for {lang!r} here; it works for: "
                f"{', '.join(SUPPORTED_LANGUAGES)} (for other languages use --engine vosk)"
            )
        try:
            import pocketsphinx
        except ImportError as err:  # pragma: no cover - a core dependency
            raise EngineError("pocketsphinx is missing; run: pip install pocketsphinx") from err
        self.lang = lang
        self.table: PhraseTable = phrase_table(lang)
        self.max_number = max_number
        self.min_confidence = min_confidence
        model = Path(pocketsphinx.get_model_path()) / "en-us"
        featparams = _edited_featparams(model / "en-us" / "feat.params")
        try:
            self._decoder: Any = pocketsphinx.Decoder(
                hmm=str(model / "en-us"),
                dict=str(model / "cmudict-en-us.dict"),
                lm=None,
                featparams=str(featparams),
                loglevel="FATAL",
                dither=False,
                bestpath=True,
            )
        finally:
            featparams.unlink(missing_ok=True)
        for word, phones in EXTRA_PRONUNCIATIONS.items():
            if word in self.table.vocabulary() and self._decoder.lookup_word(word) is None:
                self._decoder.add_word(word, phones, False)
        self._spans: list[tuple[int, int, int]] = []
        self._searches: OrderedDict[tuple[object, ...], str] = OrderedDict()
        self._logbase = math.log(float(self._decoder.config["logbase"]))

    def recognize(self, samples: Samples, expect: Expectation | None = None) -> Hearing:
        """Recognize one utterance; numbers and command only when confident."""
        if not len(samples):
            return Hearing(text="")
        reading = self.read(samples, expect)
        if not reading.text:
            return Hearing(text="")
        confidence = confidence_of(reading)
        parsed = self.table.parse(reading.text)
        alternatives: tuple[Alternative, ...] = ()
        if reading.runner_up:
            alt = self.table.parse(reading.runner_up)
            if alt is not None:
                alt_conf = max(0.0, min(1.0 - confidence, reading.runner_up_posterior))
                alternatives = (
                    Alternative(reading.runner_up, alt.numbers, alt.command, round(alt_conf, 3)),
                )
        if parsed is None or not reading.complete or confidence < self.min_confidence:
            return Hearing(reading.text, confidence=confidence, alternatives=alternatives)
        return Hearing(
            text=reading.text,
            numbers=parsed.numbers,
            command=parsed.command,
            confidence=confidence,
            alternatives=alternatives,
        )

    def read(self, samples: Samples, expect: Expectation | None = None) -> Reading:
        """Decode ``samples`` and measure everything the confidence is made of.

        The grammar without the "play" prefix goes first; only when its reading is not accepted
        (and card-first phrases are allowed) is the utterance decoded again with the prefix,
        and that reading replaces the first only when it begins with a play word and is at
        least as confident. Always offering the prefix was measured to cost bare totals
        accuracy (its paths dilute the word posteriors and steer the search: "twelve" came out
        as "play two", "nine" as "nine, eight"), so readings the plain grammar accepts are
        left exactly as they were.
        """
        audio = prepare(samples)
        expect = expect or Expectation()
        totals = self._totals(expect)
        if not totals and not expect.commands:
            return Reading("", False, 0.0, 0.0, 0.0, 1.0, 0.0, "", 0.0, 0)
        reading = self._read(audio, expect, totals, play=False)
        if not (totals and expect.number_pairs and self.table.play_words):
            return reading
        confidence = confidence_of(reading)
        if confidence >= self.min_confidence and self.table.parse(reading.text) is not None:
            return reading
        played = self._read(audio, expect, totals, play=True)
        if self._starts_with_play(played.text) and confidence_of(played) >= confidence:
            return played
        return reading

    def _starts_with_play(self, text: str) -> bool:
        words = text.split()
        for phrase in self.table.play_words:
            tokens = list(spoken_tokens(phrase))
            if words[: len(tokens)] == tokens:
                return True
        return False

    def _read(
        self, audio: bytes, expect: Expectation, totals: tuple[int, ...], *, play: bool
    ) -> Reading:
        """One reading of prepared audio: the grammar's pass and, when needed, the runner-up's."""
        text, complete, min_post, score, frames = self._decode(
            audio, self._search(expect, totals, play=play)
        )
        spans = list(self._spans)
        if not text:
            return Reading("", False, 0.0, 0.0, 0.0, 1.0, 0.0, "", 0.0, frames)
        parsed = self.table.parse(text) if complete else None
        runner_up, runner_post, runner_score = "", 0.0, -math.inf
        if parsed is not None and parsed.total is not None and len(totals) > 1:
            others = tuple(n for n in totals if n != parsed.total)
            r_text, r_complete, r_post, r_score, _ = self._decode(
                audio, self._search(expect, others, commands=False, play=play)
            )
            if r_text and r_complete:
                runner_up, runner_post, runner_score = r_text, r_post, r_score
        elif parsed is not None and parsed.command is not None and totals:
            r_text, r_complete, r_post, r_score, _ = self._decode(
                audio,
                self._search(
                    Expectation(expect.numbers, expect.number_pairs, False), totals, play=play
                ),
            )
            if r_text and r_complete:
                runner_up, runner_post, runner_score = r_text, r_post, r_score
        margin = score - runner_score if runner_up else 10.0
        return Reading(
            text=text,
            complete=complete,
            min_posterior=min_post,
            path_score=score,
            margin=margin,
            uncovered=uncovered(audio, spans),
            frames_per_phone=min(((b - a + 1) / p for a, b, p in spans), default=0.0),
            runner_up=runner_up,
            runner_up_posterior=runner_post,
            frames=frames,
        )

    def _totals(self, expect: Expectation) -> tuple[int, ...]:
        if expect.numbers is None:
            return tuple(range(self.max_number + 1))
        return tuple(sorted(n for n in expect.numbers if 0 <= n <= MAX_NUMBER))

    def _search(
        self,
        expect: Expectation,
        totals: tuple[int, ...],
        commands: bool | None = None,
        *,
        play: bool = False,
    ) -> str:
        with_commands = expect.commands if commands is None else commands
        key = (totals, expect.number_pairs, with_commands, play, expect.idle)
        name = self._searches.get(key)
        if name is not None:
            self._searches.move_to_end(key)
            return name
        name = f"g{len(self._searches)}_{abs(hash(key))}"
        self._decoder.add_jsgf_string(
            name,
            jsgf(
                self.table,
                totals,
                number_pairs=expect.number_pairs,
                commands=with_commands,
                play=play,
                idle=expect.idle,
            ),
        )
        self._searches[key] = name
        if len(self._searches) > _CACHED_SEARCHES:
            _, old = self._searches.popitem(last=False)
            self._decoder.remove_search(old)
        return name

    def _decode(self, audio: bytes, search: str) -> tuple[str, bool, float, float, int]:
        """(text, complete, smallest word posterior, log score per frame, frames) of one pass.

        The spoken words' (first frame, last frame, phones) are left in ``self._spans``.
        """
        decoder = self._decoder
        decoder.activate_search(search)
        decoder.start_utt()
        decoder.process_raw(audio, full_utt=True)
        decoder.end_utt()
        frames = max(1, int(decoder.n_frames()))
        hyp = decoder.hyp()
        if hyp is None or not hyp.hypstr:
            return "", False, 0.0, 0.0, frames
        score = math.log(max(hyp.score, 1e-300)) / frames
        complete = bool(decoder.get_fsg().accept(hyp.hypstr))
        posteriors: list[float] = []
        self._spans = []
        for seg in decoder.seg() or ():
            if seg.word.startswith(("<", "[", "+")):
                continue
            posteriors.append(float(seg.prob))
            phones = len((decoder.lookup_word(seg.word) or "x").split())
            self._spans.append((int(seg.start_frame), int(seg.end_frame), phones))
        return hyp.hypstr, complete, min(posteriors, default=1.0), score, frames


def confidence_of(reading: Reading) -> float:
    """Probability-like confidence in [0, 1] from a reading's measurements.

    The smallest word posterior of a complete path, scaled down when loud speech lies outside
    the words (over 10% uncovered, to nothing at 30%) or a word is squeezed (under 6 frames per
    phone, to nothing at 4), and halved when the best reading without the top total fits the
    audio better.
    """
    if not reading.complete:
        return 0.0
    confidence = min(1.0, max(0.0, reading.min_posterior))
    confidence *= _ramp(reading.uncovered, 0.30, 0.10)
    confidence *= _ramp(reading.frames_per_phone, 4.0, 6.0)
    return confidence if reading.margin >= 0.0 else confidence / 2.0


def _ramp(x: float, zero_at: float, one_at: float) -> float:
    """0 at ``zero_at``, 1 at ``one_at``, linear between and clipped."""
    return min(1.0, max(0.0, (x - zero_at) / (one_at - zero_at)))


def uncovered(audio: bytes, spans: list[tuple[int, int, int]]) -> float:
    """Share of loud 10 ms frames (10 dB over the quietest tenth, within 30 dB of the loudest)
    that lie outside every word span."""
    x = np.frombuffer(audio, dtype="<i2").astype(np.float64)
    n = len(x) // 160
    if n == 0:
        return 1.0
    frames = x[: n * 160].reshape(n, 160)
    level = np.log10(np.mean(frames**2, axis=1) + 1.0)
    loud = level > max(float(level.max()) - 3.0, float(np.percentile(level, 10)) + 1.0)
    inside = np.zeros(n, dtype=bool)
    for first, last, _ in spans:
        inside[max(0, first) : min(n, last + 1)] = True
    total = int(loud.sum())
    return float(np.sum(loud & ~inside)) / total if total else 1.0


def prepare(samples: Samples) -> bytes:
    """Scale to :data:`PEAK_LEVEL`, add the noise floor, and return raw 16-bit bytes."""
    x = np.asarray(samples, dtype=np.float64)
    if x.size == 0:
        return b""
    x = x - float(np.mean(x))
    peak = float(np.max(np.abs(x)))
    if peak > 0:
        x *= PEAK_LEVEL * 32767.0 / peak
    rng = np.random.default_rng(len(x))
    x += rng.normal(0.0, NOISE_FLOOR, len(x))
    return np.clip(np.round(x), -32768, 32767).astype("<i2").tobytes()


def jsgf(
    table: PhraseTable,
    totals: tuple[int, ...],
    *,
    number_pairs: bool = True,
    commands: bool = True,
    play: bool = False,
    idle: frozenset[str] = frozenset(),
) -> str:
    """The JSGF grammar text for these totals, card-first shapes and commands (those in
    ``idle``, which would do nothing now, left out: said, they are talk).

    With ``play`` (and ``number_pairs``), the table's "play" words may stand before the card
    ("play seven, twenty-four", "i play minus five, eleven"), as the parser reads them; a table
    without play words gets no such prefix.
    """

    def alternatives(phrases: list[str]) -> str:
        unique = dict.fromkeys(" ".join(spoken_tokens(p)) for p in phrases)
        return " | ".join(unique)

    lines = ["#JSGF V1.0;", "grammar cowabunga;"]
    body: list[str] = []
    if totals:
        lines.append("<total> = " + alternatives([table.number_words(n) for n in totals]) + ";")
        if number_pairs:
            cards = [table.number_words(n) for n in CARD_VALUES]
            signs = [w for ws in table.sign_words.values() for w in ws]
            lines.append(f"<card> = {alternatives(cards)};")
            lines.append(f"<sign> = {alternatives(signs)};")
            prefix = "[<sign>] <card>"
            if play and table.play_words:
                lines.append(f"<play> = {alternatives(list(table.play_words))};")
                prefix = "[<play>] " + prefix
            body.append(f"[{prefix}] <total>")
        else:
            body.append("<total>")
    spoken = [p for name, ps in table.commands.items() if name not in idle for p in ps]
    if commands and spoken:
        lines.append("<command> = " + alternatives(spoken) + ";")
        body.append("<command>")
    if not body:
        body.append("<VOID>")
    lines.append(f"public <utterance> = {' | '.join(body)};")
    return "\n".join(lines) + "\n"


def _edited_featparams(original: Path) -> Path:
    """A temporary copy of ``feat.params`` with noise removal off and batch CMN."""
    settings: dict[str, str] = {}
    for line in original.read_text().splitlines():
        parts = line.split(None, 1)
        if len(parts) == 2:
            settings[parts[0]] = parts[1].strip()
    settings["-cmn"] = "batch"
    fd, name = tempfile.mkstemp(prefix="voice-host-", suffix=".feat.params")
    with os.fdopen(fd, "w") as out:
        out.writelines(f"{key} {value}\n" for key, value in settings.items())
    return Path(name)


__all__ = [
    "DEFAULT_MAX_NUMBER",
    "DEFAULT_MIN_CONFIDENCE",
    "SAMPLE_RATE",
    "SUPPORTED_LANGUAGES",
    "PocketSphinxRecognizer",
    "Reading",
    "confidence_of",
    "jsgf",
    "prepare",
    "uncovered",
]
