"""A head's calibration on the val voices: temperatures, then confidence thresholds.

The one threshold is the lowest with at most 1% of val utterances wrong. Where the val voices
carry their apparent SNR there are also thresholds per band of SNR: one set for a hearing open to
any number (noisier, surer) and one for a hearing narrowed to a turn, where the referee only
takes the totals a card can make (:func:`~voice_host.recognition.turn_expectation`), so clean
speech may need less. Only clean speech gets a turn threshold of its own
(:data:`CLEAN_FROM`), never above the one threshold; ``docs/ear/en.md`` has what was measured.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from voice_host.ear.decode import JOINED, best_joint, readings
from voice_host.ear.head import HEAD_NAMES, Head, softmax
from voice_host.ear.recognizer import threshold_in_band
from voice_host.ear.vocab import INTENTS
from voice_host.ear_training.dataset import Embedded
from voice_host.phrases import MAX_NUMBER
from voice_host.recognition import turn_expectation


def fit_temperature(logits: npt.NDArray[np.float32], target: npt.NDArray[np.int64]) -> float:
    """The temperature minimizing held-out negative log-likelihood (grid search)."""
    sel = target >= 0
    if not sel.any():
        return 1.0
    z, t = logits[sel], target[sel]
    best, best_t = np.inf, 1.0
    for temp in np.exp(np.linspace(np.log(0.3), np.log(5.0), 60)):
        p = softmax(z / temp)
        nll = float(-np.log(p[np.arange(len(t)), t] + 1e-12).mean())
        if nll < best:
            best, best_t = nll, float(temp)
    return best_t


def decide(probs: list[npt.NDArray[np.float32]]) -> tuple[npt.NDArray[np.int64],
                                                          npt.NDArray[np.float32]]:
    """Best joint reading per row as (intent, head, unit, card) and its confidence."""
    rows = [best_joint([p[i] for p in probs]) for i in range(len(probs[0]))]
    return (np.array([r[0] for r in rows], dtype=np.int64).reshape(-1, 4),
            np.array([r[1] for r in rows], dtype=np.float32))


def figures(labels: npt.NDArray[np.int64], guess: npt.NDArray[np.int64],
            conf: npt.NDArray[np.float32],
            threshold: float | npt.NDArray[np.float32]) -> dict[str, float]:
    """Exact / wrong / rejected rates for numbers, and the reject-class acceptance rate, at one
    threshold or one per utterance."""
    reject = INTENTS.index("reject")
    accepted = (conf >= threshold) & (guess[:, 0] != reject)
    number = labels[:, 0] == 0
    right = np.all(guess == labels, axis=1) | (
        (labels[:, 0] != 0) & (guess[:, 0] == labels[:, 0]))
    out = {
        "number_exact": float(np.mean(accepted[number] & right[number])),
        "number_wrong": float(np.mean(accepted[number] & ~right[number])),
        "number_rejected": float(np.mean(~accepted[number])),
    }
    cmd = (labels[:, 0] != 0) & (labels[:, 0] != reject)
    if cmd.any():
        out["command_exact"] = float(np.mean(accepted[cmd] & right[cmd]))
    neg = labels[:, 0] == reject
    if neg.any():
        out["chatter_accepted"] = float(np.mean(accepted[neg]))
    return out


def choose_threshold(labels: npt.NDArray[np.int64], guess: npt.NDArray[np.int64],
                     conf: npt.NDArray[np.float32], max_wrong: float = 0.01) -> float:
    """The lowest confidence threshold whose held-out wrong rate (all kinds) is ≤ ``max_wrong``."""
    reject = INTENTS.index("reject")
    right = np.all(guess == labels, axis=1) | ((labels[:, 0] != 0) & (guess[:, 0] == labels[:, 0]))
    for t in np.linspace(0.3, 0.99, 70):
        accepted = (conf >= t) & (guess[:, 0] != reject)
        if np.mean(accepted & ~right) <= max_wrong:
            return float(t)
    return 0.99


SNR_BANDS = (0.0, 15.0, 25.0, 35.0)
"""Lowest apparent SNR (dB) of each band the threshold is fitted in: on the bench's clips,
babble or pink noise at 0 dB over the speech level reads under 15, at 10 dB 15-25, at 20 dB
25-35, and clean speech over 35 (:func:`~voice_host.audio.apparent_snr.apparent_snr_db`)."""

MIN_BAND = 200
"""Fewer val utterances than this in a band, and it takes the threshold fitted on all."""


def choose_snr_thresholds(labels: npt.NDArray[np.int64], guess: npt.NDArray[np.int64],
                          conf: npt.NDArray[np.float32], snrs: npt.NDArray[np.float32],
                          floor: float, max_wrong: float = 0.01) -> list[tuple[float, float]]:
    """A threshold per band of SNR (:data:`SNR_BANDS`), each fitted on the val utterances of its
    band as :func:`choose_threshold` is on all, as (lowest SNR, threshold) pairs.

    No band asks for less than ``floor`` (the head's one threshold): on the English bench's
    clean voices, the clean band's own fit (0.70 against 0.89) heard 2.3 points more right and
    0.6 more wrong, and a wrong total is the worse mistake. A noisier band never asks for less
    than a cleaner one: where its own fit is lower (a few errors more or less in a few hundred
    utterances), it takes the cleaner band's. A band with fewer than :data:`MIN_BAND` val
    utterances takes the floor."""
    def band(lo: float, m: npt.NDArray[np.bool_]) -> float:
        own = choose_threshold(labels[m], guess[m], conf[m], max_wrong) if (
            m.sum() >= MIN_BAND) else floor
        return round(float(max(own, floor)), 4)

    return fit_bands(snrs, band)


def fit_bands(snrs: npt.NDArray[np.float32],
              band: Callable[[float, npt.NDArray[np.bool_]], float]) -> list[tuple[float, float]]:
    """(lowest SNR, threshold) pairs, one per band of :data:`SNR_BANDS`: ``band`` gives a band's
    threshold from its lowest SNR and the mask of its val utterances; a noisier band then never
    asks for less than a cleaner one."""
    edges = [*SNR_BANDS[1:], np.inf]
    fitted = [band(lo, (snrs >= lo) & (snrs < hi))
              for lo, hi in zip(SNR_BANDS, edges, strict=True)]
    for b in range(len(fitted) - 2, -1, -1):
        fitted[b] = max(fitted[b], fitted[b + 1])
    return [(lo, float(t)) for lo, t in zip(SNR_BANDS, fitted, strict=True)]


def thresholds_of(snrs: npt.NDArray[np.float32],
                  bands: list[tuple[float, float]]) -> npt.NDArray[np.float32]:
    """The threshold each utterance is held to, by its SNR's band, as the recognizer picks it."""
    return np.array([threshold_in_band(float(x), bands) for x in snrs], dtype=np.float32)


def _val_logits(head: Head, val: Embedded) -> list[npt.NDArray[np.float32]]:
    per = [head.sequence_logits(s) for s in val.seqs]
    return [np.concatenate([p[j] for p in per]) for j in range(len(HEAD_NAMES))]


def _val_readings(head: Head, val: Embedded, logits: list[npt.NDArray[np.float32]]
                  ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
    """The best reading of each val utterance at the head's temperatures, and its confidence."""
    return decide([softmax((z / t).astype(np.float32))
                   for z, t in zip(logits, head.temperatures, strict=True)])


def _with_bands(val: Embedded, guess: npt.NDArray[np.int64],
                conf: npt.NDArray[np.float32], threshold: float) -> dict[str, object]:
    meta: dict[str, object] = {"threshold": threshold, "snr_thresholds": None,
                               "val_figures": figures(val.labels, guess, conf, threshold)}
    if val.snrs is not None:
        bands = choose_snr_thresholds(val.labels, guess, conf, val.snrs, threshold)
        meta["snr_thresholds"] = [list(b) for b in bands]
        meta["val_figures_in_bands"] = figures(val.labels, guess, conf,
                                               thresholds_of(val.snrs, bands))
    return meta


def calibrate(head: Head, val: Embedded) -> dict[str, object]:
    """Fit ``head``'s temperatures and thresholds on the val voices; give the meta entries that
    hold the thresholds, with the figures there.

    The one threshold is the lowest with ≤ 1% of val utterances wrong (:func:`choose_threshold`);
    where val has SNRs, there is also one per band of SNR (:func:`choose_snr_thresholds`), which
    the recognizer applies to a hearing open to any number, and one per band for a hearing
    narrowed to a turn (:func:`calibrate_turns`)."""
    logits = _val_logits(head, val)
    head.temperatures = [fit_temperature(z, val.labels[:, j]) for j, z in enumerate(logits)]
    guess, conf = _val_readings(head, val, logits)
    threshold = choose_threshold(val.labels, guess, conf)
    return {**_with_bands(val, guess, conf, threshold), **calibrate_turns(head, val, threshold)}


def calibrate_bands(head: Head, val: Embedded) -> dict[str, object]:
    """Fit only the thresholds per band of SNR of a trained ``head`` on the val voices (open
    and narrowed to a turn), keeping its temperatures, its one threshold (the open bands' floor,
    the turn's ceiling) and its figures from training; the meta entries of the bands, as
    :func:`calibrate` gives them."""
    if val.snrs is None:
        raise RuntimeError("the val voices have no SNRs to fit bands on")
    threshold = float(head.meta.get("threshold", 0.5))  # type: ignore[arg-type]
    guess, conf = _val_readings(head, val, _val_logits(head, val))
    meta = _with_bands(val, guess, conf, threshold)
    return {**{k: meta[k] for k in ("snr_thresholds", "val_figures_in_bands")},
            **calibrate_turns(head, val, threshold)}


CLEAN_FROM = 35.0
"""Apparent SNR (dB) from which a turn's hearing is clean and may take a threshold of its own
(clean speech reads 51-58 dB on the bench's clips; babble or pink noise at 20 dB, 25-35)."""

def current_totals(labels: npt.NDArray[np.int64], seed: int) -> npt.NDArray[np.int64]:
    """A current total for each val utterance: 1-9 either way from the total it says (as one
    card moves it), or any total 0-45 for a command or chatter."""
    rng = np.random.default_rng(seed)
    n = len(labels)
    step = rng.integers(1, 10, n) * rng.choice([-1, 1], n)
    said = JOINED[np.maximum(labels[:, 1], 0), np.maximum(labels[:, 2], 0)]
    current = said + step
    current = np.where((current < 0) | (current > MAX_NUMBER), said - step, current)
    return np.where(labels[:, 0] == 0, current, rng.integers(0, 46, n)).astype(np.int64)


def turn_readings(head: Head, val: Embedded, seed: int = 0
                  ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
    """The best reading of each val utterance under a turn's narrowing (head class indices),
    and its probability."""
    names = head.meta.get("intents", INTENTS)
    intents = tuple(str(n) for n in names)  # type: ignore[attr-defined]
    currents = current_totals(val.labels, seed)
    guess = np.zeros((len(val.seqs), len(HEAD_NAMES)), np.int64)
    conf = np.zeros(len(val.seqs), np.float32)
    for i, seq in enumerate(val.seqs):
        probs = [softmax(z / t)[0] for z, t in zip(head.sequence_logits(seq), head.temperatures,
                                                    strict=True)]
        expect = turn_expectation(int(currents[i]))
        best = readings(probs, expect, intents=intents)[0]
        guess[i] = best.index
        conf[i] = best.probability
    return guess, conf


def choose_turn_thresholds(labels: npt.NDArray[np.int64], guess: npt.NDArray[np.int64],
                           conf: npt.NDArray[np.float32], snrs: npt.NDArray[np.float32],
                           ceiling: float, max_wrong: float = 0.01
                           ) -> list[tuple[float, float]]:
    """A threshold per band of SNR, as (lowest SNR, threshold) pairs: in clean speech (bands
    from :data:`CLEAN_FROM`) the lowest with at most ``max_wrong`` of the band's val utterances
    wrong under the turn's narrowing, never above ``ceiling`` (the head's one threshold), never
    lower in a noisier band; in noise, and in a band with fewer than
    :data:`MIN_BAND` val utterances, ``ceiling``."""
    def band(lo: float, m: npt.NDArray[np.bool_]) -> float:
        own = choose_threshold(labels[m], guess[m], conf[m], max_wrong) if (
            lo >= CLEAN_FROM and m.sum() >= MIN_BAND) else ceiling
        return min(round(own, 4), ceiling)

    return fit_bands(snrs, band)


def calibrate_turns(head: Head, val: Embedded, threshold: float, seed: int = 0
                    ) -> dict[str, object]:
    """The meta entries of the turn's thresholds (``turn_snr_thresholds``) and the val figures
    under the turn's narrowing at the one threshold and at them; nothing without val SNRs."""
    if val.snrs is None:
        return {}
    guess, conf = turn_readings(head, val, seed)
    bands = choose_turn_thresholds(val.labels, guess, conf, val.snrs, threshold)
    return {
        "turn_snr_thresholds": [list(b) for b in bands],
        "val_figures_turn": figures(val.labels, guess, conf, threshold),
        "val_figures_turn_in_bands": figures(val.labels, guess, conf,
                                             thresholds_of(val.snrs, bands)),
    }
