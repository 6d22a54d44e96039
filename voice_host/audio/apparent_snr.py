"""How far an utterance stands above the noise it was heard in, measured from the utterance
alone: the recognizers' cue to how much to trust what they hear."""

from __future__ import annotations

import numpy as np

from voice_host.recognition import SAMPLE_RATE, Samples

FRAME_S = 0.02
"""Length of the frames whose energies are compared."""

CEILING_DB = 60.0
"""The most it reads: speech framed by digital silence would stand some 90 dB above it."""


def apparent_snr_db(samples: Samples, rate: int = SAMPLE_RATE) -> float:
    """The utterance's loud frames over its quiet ones, in dB: the 95th over the 10th percentile
    of the energies of its 20 ms frames, at most :data:`CEILING_DB`.

    An utterance framed by the endpointer has quiet frames before, after and between its words,
    so this follows the SNR it was spoken at: on the bench's clips, about 7-10 dB above the SNR
    over the active speech level (pink or babble at 10 dB read 16-24 dB), and 50-60 dB for
    clean synthetic speech and the human digits. Too short to tell (under four frames): the
    ceiling.
    """
    frame = max(1, round(FRAME_S * rate))
    n = len(samples) // frame
    if n < 4:
        return CEILING_DB
    x = np.asarray(samples[: n * frame], dtype=np.float64).reshape(n, frame)
    energy = np.mean(x**2, axis=1) + 1.0  # one LSB squared: digital silence is not -inf dB
    loud, quiet = np.percentile(energy, [95, 10])
    return float(min(CEILING_DB, 10 * np.log10(loud / quiet)))
