"""Who is speaking: a voice print per utterance, and voices learned online per seat.

A voice print is the utterance's embedding by a trained speaker encoder
(:mod:`voice_host.ear.voice_encoder`): it says little of the words and much of the voice, at any
loudness. :class:`VoiceBook` learns each seat's voice from the utterances taken as that seat's
and tells how clearly a new utterance sounds like another seat than a given one; it knows
nothing of games, only names.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import numpy.typing as npt

from voice_host.ear.voice_encoder import embed
from voice_host.recognition import Samples, VoicePrint

MIN_LEARNED = 1
"""Utterances a seat's voice is learned from before it is compared."""

CLEAR = 0.25
"""How much closer (in cosine) an utterance must be to another seat's voice than to a seat's own
to be clearly the other's (a mismatch of 1)."""


def voice_print(samples: Samples) -> VoicePrint:
    """The voice print of one utterance (16 kHz int16)."""
    return embed(samples)


class VoiceBook:
    """Voices learned online, by name (a seat): the running mean of the prints of the utterances
    taken as each name's. Prints are compared by cosine after the mean of the learned voices is
    taken off (what every voice at this table and microphone shares)."""

    def __init__(self) -> None:
        self._sums: dict[str, npt.NDArray[np.float64]] = {}
        self._counts: dict[str, int] = {}

    def learn(self, name: str, voice: VoicePrint) -> None:
        """An utterance of ``name``'s, in the voice ``voice``."""
        if name in self._sums:
            self._sums[name] = self._sums[name] + voice
        else:
            self._sums[name] = np.asarray(voice, np.float64).copy()
        self._counts[name] = self._counts.get(name, 0) + 1

    def forget(self, name: str, voice: VoicePrint) -> None:
        """Take back one :meth:`learn` of ``voice`` as ``name``'s (a turn taken back)."""
        if self._counts.get(name, 0) <= 0:
            return
        self._counts[name] -= 1
        self._sums[name] = self._sums[name] - voice
        if self._counts[name] == 0:
            del self._sums[name], self._counts[name]

    def learned(self) -> list[str]:
        """The names whose voice is known well enough to compare (:data:`MIN_LEARNED`)."""
        return [n for n, c in self._counts.items() if c >= MIN_LEARNED]

    def similarity(self, voice: VoicePrint) -> dict[str, float]:
        """Cosine of ``voice`` to each learned voice, the voices' common part taken off; empty
        while fewer than two voices are learned (nothing to tell apart)."""
        names = self.learned()
        if len(names) < 2:
            return {}
        means = np.stack([self._sums[n] / self._counts[n] for n in names])
        centre = means.mean(axis=0)
        x = np.asarray(voice, np.float64) - centre
        x /= np.linalg.norm(x) + 1e-9
        rel = means - centre
        rel /= np.linalg.norm(rel, axis=1, keepdims=True) + 1e-9
        return {n: float(s) for n, s in zip(names, rel @ x, strict=True)}

    def mismatch(self, voice: VoicePrint | None) -> Mapping[str, float]:
        """For each learned name, how clearly ``voice`` is another learned name's rather than
        its own, from 0 (its own, or no closer to another's) to 1 (closer to another's by
        :data:`CLEAR` or more); empty when it cannot tell (no print, too few voices)."""
        if voice is None:
            return {}
        sims = self.similarity(voice)
        out: dict[str, float] = {}
        for name, own in sims.items():
            other = max(s for n, s in sims.items() if n != name)
            out[name] = float(min(1.0, max(0.0, (other - own) / CLEAR)))
        return out
