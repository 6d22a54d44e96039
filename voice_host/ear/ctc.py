"""The ear's second opinion: a per-frame model over word tokens, decoded with CTC.

Word tokens: the head words zero … nineteen and the tens (their :data:`~voice_host.ear.vocab.HEADS`
index; one … nine double as unit words), "plus", "minus", one token per command, and the CTC
blank. "plus seven, twenty-four" is the tokens plus, seven, twenty, four; a rejected utterance is
no token at all. German says the unit first ("vierundzwanzig": four, twenty), so its tokens come
in that order. The same frozen embedding sequence as the segment classifier goes through
temporal convolutions to one token distribution per 80 ms frame.

Decoding keeps to the ear's closed grammar: every reading (a total 0-99 with each card shape, a
command, nothing) is scored by the CTC forward pass, all at once; readings the game's expectation
rules out are dropped. The segment classifier (:class:`~voice_host.ear.head.Head`) stays the
ear's voice: a reading is accepted only when this model's best reading is the same one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from voice_host.ear.conv import convolve, pair_arrays, read_pairs
from voice_host.ear.vocab import CARDS, HEADS, INTENTS, UNITS, join_total
from voice_host.recognition import Expectation

Floats = npt.NDArray[np.float32]
Index = tuple[int, int, int, int]
"""A reading as class indices (intent, head, unit, card), as :mod:`voice_host.ear.decode`."""

REJECT = len(INTENTS) - 1
"""The intent index of a rejection."""
PLUS = len(HEADS)
"""Token of "plus"."""
MINUS = len(HEADS) + 1
"""Token of "minus"."""
COMMAND0 = len(HEADS) + 2
"""Token of the first command (:data:`~voice_host.ear.vocab.INTENTS` order)."""
BLANK = COMMAND0 + REJECT - 1
"""The CTC blank."""
TOKENS = BLANK + 1
"""Size of the per-frame output."""
UNIT_FIRST = frozenset({"de"})
"""Languages that say a total's unit before its tens ("vierundzwanzig")."""
_NEG = -1e30


def card_tokens(card: int) -> list[int]:
    """The tokens of a card class: ``plus7`` is plus, seven; ``bare7`` is seven; ``none``
    nothing."""
    name = CARDS[card]
    if name == "none":
        return []
    value = int(name[-1])
    if name.startswith("plus"):
        return [PLUS, value]
    if name.startswith("minus"):
        return [MINUS, value]
    return [value]


def _total_tokens(head: int, unit: int, unit_first: bool) -> list[int]:
    if unit <= 0:
        return [head]
    return [unit, head] if unit_first else [head, unit]


def tokens(label: Sequence[int], unit_first: bool = False) -> list[int]:
    """The token sequence of a training label (intent, head, unit, card); ``unit_first`` for a
    language in :data:`UNIT_FIRST`."""
    intent, head, unit, card = (int(v) for v in label)
    if intent == 0:
        return [*card_tokens(card), *_total_tokens(head, unit, unit_first)]
    if intent == REJECT:
        return []
    return [COMMAND0 + intent - 1]


def _said() -> list[tuple[Index, list[int], list[int]]]:
    """Every reading with its card tokens and its total's (head, unit) tokens."""
    said: list[tuple[Index, list[int], list[int]]] = [((REJECT, -1, -1, -1), [], [])]
    said += [((i, -1, -1, -1), [COMMAND0 + i - 1], []) for i in range(1, REJECT)]
    for c in range(len(CARDS)):
        for h in range(len(HEADS)):
            for u in range(len(UNITS)):
                if join_total(HEADS[h], UNITS[u]) is not None:
                    said.append(((0, h, u, c), card_tokens(c), [h, u]))
    return said


_SAID = _said()
READINGS: list[Index] = [ix for ix, _, _ in _SAID]
"""The grammar's readings (the first is the empty one, a rejection)."""


@dataclass(frozen=True)
class _Grammar:
    """The readings as CTC labels: tokens with blanks around and between them."""

    ext: npt.NDArray[np.int64]
    """Extended labels, ``(readings, states)``, padded with blanks."""
    length: npt.NDArray[np.int64]
    """Each extended label's length."""
    skip: npt.NDArray[np.float64]
    """1 where a state may be reached from two back (a token unlike the one before it)."""
    valid: npt.NDArray[np.bool_]
    """Which states of each padded label are real."""

    @classmethod
    def build(cls, unit_first: bool) -> _Grammar:
        seqs = [card + (_total_tokens(total[0], total[1], unit_first) if total else [])
                for _, card, total in _SAID]
        ext = np.full((len(seqs), 2 * max(len(t) for t in seqs) + 1), BLANK, np.int64)
        for n, toks in enumerate(seqs):
            ext[n, 1 : 2 * len(toks) : 2] = toks
        length = np.array([2 * len(t) + 1 for t in seqs], dtype=np.int64)
        skip = np.zeros(ext.shape)
        skip[:, 2:] = (ext[:, 2:] != BLANK) & (ext[:, 2:] != ext[:, :-2])
        return cls(ext, length, skip, np.arange(ext.shape[1])[None, :] < length[:, None])


@cache
def _grammar(unit_first: bool) -> _Grammar:
    """The grammar in one word order, built the first time a CTC model needs it (a head without
    one never does)."""
    return _Grammar.build(unit_first)


_ROW_OF = {ix: n for n, ix in enumerate(READINGS)}
_ROWS = np.arange(len(READINGS))
_INTENT = np.array([ix[0] for ix in READINGS])
_CARD = np.array([ix[3] for ix in READINGS])
_TOTAL = np.array([-1 if ix[0] != 0 else HEADS[ix[1]] + UNITS[ix[2]] for ix in READINGS])


def score_readings(logp: npt.NDArray[np.floating], unit_first: bool = False,
                   rows: npt.NDArray[np.int64] | None = None) -> npt.NDArray[np.float64]:
    """log p(reading | utterance) of every reading in :data:`READINGS` (or of those at
    ``rows``), from per-frame token log-probabilities ``(T, TOKENS)``: the CTC forward pass,
    all readings at once.

    The pass runs on probabilities rescaled at every frame by the largest (whose logarithms are
    summed back in): a reading left more than 1e-300 below the best scores -inf."""
    g = _grammar(unit_first)
    picked = _ROWS if rows is None else np.asarray(rows, np.int64)
    n = len(picked)
    if len(logp) == 0:
        return np.where(picked == 0, 0.0, _NEG)
    ext, length, skip = g.ext[picked], g.length[picked], g.skip[picked]
    emit = np.exp(np.asarray(logp, np.float64))[:, ext] * g.valid[picked]  # (T, rows, states)
    a = np.zeros(ext.shape)
    a[:, :2] = emit[0, :, :2]
    log_scale = 0.0
    for t in range(1, len(emit)):
        b = a.copy()
        b[:, 1:] += a[:, :-1]
        b[:, 2:] += a[:, :-2] * skip[:, 2:]
        b *= emit[t]
        top = float(b.max())
        if top <= 0.0:
            return np.full(n, _NEG)
        a = b / top
        log_scale += float(np.log(top))
    at = np.arange(n)
    last = a[at, length - 1] + np.where(length > 1, a[at, np.maximum(length - 2, 0)], 0.0)
    with np.errstate(divide="ignore"):
        scores: npt.NDArray[np.float64] = np.where(last > 0, np.log(last) + log_scale, _NEG)
    return scores


def possible(expect: Expectation | None) -> npt.NDArray[np.bool_]:
    """Which readings the expectation allows (the rejection always)."""
    ok = np.ones(len(READINGS), bool)
    if expect is None:
        return ok
    number = _INTENT == 0
    if expect.numbers is not None:
        ok &= ~number | np.isin(_TOTAL, np.array(sorted(expect.numbers), dtype=np.int64))
    if not expect.card_first:
        ok &= ~number | (_CARD == 0)
    if not expect.commands:
        ok &= (_INTENT == 0) | (_INTENT == REJECT)
    return ok


@dataclass
class CtcModel:
    """The per-frame token model's weights (float32), run in numpy."""

    frame_mean: Floats
    """Per-dimension mean of embedding frames (standardization)."""
    frame_scale: Floats
    """Per-dimension standard deviation of embedding frames."""
    convs: list[tuple[Floats, Floats]]
    """Temporal convolutions, ``(k, in, out)`` weights, ReLU after each."""
    out: tuple[Floats, Floats]
    """The per-frame output layer, ``(channels, TOKENS)`` and ``(TOKENS,)``."""
    unit_first: bool = False
    """Whether totals were said unit first (:data:`UNIT_FIRST`)."""

    def log_probs(self, seq: npt.NDArray[np.floating]) -> npt.NDArray[np.float64]:
        """Token log-probabilities per frame, ``(T, TOKENS)``."""
        x = (np.asarray(seq, np.float32) - self.frame_mean) / self.frame_scale
        z = (convolve(x.astype(np.float32), self.convs) @ self.out[0] + self.out[1]).astype(
            np.float64)
        z -= z.max(axis=1, keepdims=True)
        lp: npt.NDArray[np.float64] = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
        return lp

    def best(self, seq: npt.NDArray[np.floating], expect: Expectation | None = None) -> Index:
        """The most probable reading the expectation allows (a rejection if nothing else)."""
        scores = np.where(possible(expect),
                          score_readings(self.log_probs(seq), self.unit_first), _NEG)
        return READINGS[int(np.argmax(scores))]

    def agrees(self, seq: npt.NDArray[np.floating], index: Index,
               expect: Expectation | None = None) -> bool:
        """Whether ``index`` is the most probable reading the expectation allows (as
        :meth:`best`, ties counted as agreement).

        Only the readings that could beat it are scored: a reading is no more probable than any
        of its tokens is to be said at some frame, which is at most the sum of that token's
        probabilities over the frames."""
        row = _ROW_OF.get(index)
        allowed = possible(expect)
        if row is None or not allowed[row]:
            return False
        logp = self.log_probs(seq)
        own = score_readings(logp, self.unit_first, np.array([row]))[0]
        reach = np.append(np.log(np.exp(logp).sum(axis=0)), np.inf)  # the blank pads: no bound
        said = _grammar(False).ext[:, 1::2]  # each reading's tokens, in any order
        bound = reach[np.where(said == BLANK, TOKENS, said)].min(axis=1)
        rivals = np.flatnonzero(allowed & (bound >= own))
        rivals = rivals[rivals != row]
        if len(rivals) == 0:
            return True
        return bool(score_readings(logp, self.unit_first, rivals).max() <= own)

    def arrays(self, prefix: str = "ctc_") -> dict[str, npt.NDArray[np.generic]]:
        """The weights as named arrays."""
        out: dict[str, npt.NDArray[np.generic]] = {
            f"{prefix}frame_mean": self.frame_mean, f"{prefix}frame_scale": self.frame_scale,
            f"{prefix}out_w": self.out[0], f"{prefix}out_b": self.out[1],
            f"{prefix}unit_first": np.array(int(self.unit_first)),
        }
        out.update(pair_arrays(f"{prefix}conv", self.convs))
        return out

    @classmethod
    def from_arrays(cls, z: dict[str, npt.NDArray[np.generic]],
                    prefix: str = "ctc_") -> CtcModel | None:
        """The model stored by :meth:`arrays`, or None when there is none."""
        if f"{prefix}out_w" not in z:
            return None

        def get(name: str) -> Floats:
            return np.asarray(z[prefix + name], dtype=np.float32)

        convs = read_pairs(z, f"{prefix}conv")
        unit_first = bool(int(z[f"{prefix}unit_first"])) if f"{prefix}unit_first" in z else False
        return cls(get("frame_mean"), get("frame_scale"), convs, (get("out_w"), get("out_b")),
                   unit_first)
