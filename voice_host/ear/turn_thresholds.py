"""Thresholds for a hearing narrowed to a turn, per band of SNR, fitted on the val voices.

At a turn the referee narrows each hearing to the totals that may be announced there (a window
either side of the current total, :func:`~voice_host.recognition.turn_expectation`): a
misreading outside it cannot be taken, and the readings left are surer than in a hearing open to
any number. The head's one threshold was fitted open. Fitted under the turn's narrowing (each
val number heard from a current total 1-9 away from it, as a card makes it), clean speech needs
less: on the English head's val voices 0.74 from 35 dB up, against 0.89. On voices the ear never
trained on, the referee took clean speech at the first utterance only 86-96% of the time, much
of the rest asked about with the right reading likeliest ("Twelve?", at 0.84).

Only clean speech gets a threshold of its own (:data:`CLEAN_FROM`), and never above the one
threshold. In noise the one threshold stays: fitted under the turn's narrowing, the English
bands under 25 dB came out a little lower (0.88 and 0.87 against 0.89), and with them the
referee bench (seed 13) accepted 7 misheard totals quietly against 4, most in party babble,
which is harder than the val voices' noise.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from voice_host.ear.dataset import Embedded
from voice_host.ear.decode import _JOIN, readings
from voice_host.ear.head import HEAD_NAMES, Head, _softmax
from voice_host.ear.train import MIN_BAND, choose_threshold, figures, fit_bands, thresholds_of
from voice_host.ear.vocab import INTENTS
from voice_host.phrases import MAX_NUMBER
from voice_host.recognition import turn_expectation

CLEAN_FROM = 35.0
"""Apparent SNR (dB) from which a turn's hearing is clean and may take a threshold of its own
(clean speech reads 51-58 dB on the bench's clips; babble or pink noise at 20 dB, 25-35)."""

def current_totals(labels: npt.NDArray[np.int64], seed: int) -> npt.NDArray[np.int64]:
    """A current total for each val utterance: 1-9 either way from the total it says (as one
    card moves it), or any total 0-45 for a command or chatter."""
    rng = np.random.default_rng(seed)
    n = len(labels)
    step = rng.integers(1, 10, n) * rng.choice([-1, 1], n)
    said = _JOIN[np.maximum(labels[:, 1], 0), np.maximum(labels[:, 2], 0)]
    current = said + step
    current = np.where((current < 0) | (current > MAX_NUMBER), said - step, current)
    return np.where(labels[:, 0] == 0, current, rng.integers(0, 46, n)).astype(np.int64)


def turn_readings(head: Head, val: Embedded, seed: int = 0
                  ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
    """The best reading of each val utterance under a turn's narrowing (head class indices),
    and its probability (0 where the head's second opinion reads it otherwise)."""
    names = head.meta.get("intents", INTENTS)
    intents = tuple(str(n) for n in names)  # type: ignore[attr-defined]
    currents = current_totals(val.labels, seed)
    guess = np.zeros((len(val.seqs), len(HEAD_NAMES)), np.int64)
    conf = np.zeros(len(val.seqs), np.float32)
    for i, seq in enumerate(val.seqs):
        probs = [_softmax(z / t)[0] for z, t in zip(head.sequence_logits(seq), head.temperatures,
                                                    strict=True)]
        expect = turn_expectation(int(currents[i]))
        best = readings(probs, expect, intents=intents)[0]
        guess[i] = best.index
        sure = head.ctc is None or head.ctc.agrees(seq, best.index, expect)
        conf[i] = best.probability if sure else 0.0
    return guess, conf


def choose_turn_thresholds(labels: npt.NDArray[np.int64], guess: npt.NDArray[np.int64],
                           conf: npt.NDArray[np.float32], snrs: npt.NDArray[np.float32],
                           ceiling: float, max_wrong: float = 0.01
                           ) -> list[tuple[float, float]]:
    """A threshold per band of SNR, as (lowest SNR, threshold) pairs: in clean speech (bands
    from :data:`CLEAN_FROM`) the lowest with at most ``max_wrong`` of the band's val utterances
    wrong under the turn's narrowing, never above ``ceiling`` (the head's one threshold), never
    lower in a noisier band; in noise, and in a band with fewer than
    :data:`~voice_host.ear.train.MIN_BAND` val utterances, ``ceiling``."""
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
