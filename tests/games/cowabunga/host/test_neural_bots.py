"""A simulated table whose bots speak in neural voices (the referee bench's ``--neural`` table):
Kokoro's speakers and Piper's joe, heard by the real ear."""

from __future__ import annotations

import numpy as np
import pytest

from voice_host.ear.backends import load_recognizer
from voice_host.games.cowabunga.host.demo import SimTable, Speech
from voice_host.speakers import neural


def test_a_voice_is_named_by_its_synthesizer_or_is_espeak_ng() -> None:
    assert Speech.named("kokoro:it:jf_nezumi") == Speech("it:jf_nezumi", engine="kokoro")
    assert Speech.named("piper:joe") == Speech("joe", engine="piper")
    assert Speech.named("en-us+m3") == Speech("en-us+m3")
    assert Speech.named("de") == Speech("de", engine="espeak")


@pytest.mark.skipif(not (neural.available("kokoro") and neural.available("piper")),
                    reason="the neural voices' packages are not installed")
def test_bots_in_neural_voices_are_heard_and_their_turns_taken() -> None:
    voices = ("kokoro:jf_nezumi", "piper:joe", "kokoro:jf_tebukuro")
    table = SimTable(("Emily", "Maria", "Hendrik"), seed=3, recognizer=load_recognizer("ear", "en"),
                     speech=[Speech.named(v) for v in voices], mistakes=0, mumble=False)
    kokoro = table._audio(0, "twenty-four", mumbled=False)
    quiet = table._audio(0, "twenty-four", mumbled=True)
    # Mumbled: faster and quieter, as an espeak-ng bot mumbles.
    assert np.abs(kokoro).max() > 3000 and np.abs(quiet).max() < np.abs(kokoro).max()
    stats = table.play(max_turns=6)
    assert stats.turns == 6
    # The ear hears these voices well in the quiet: most turns at the first utterance.
    assert stats.first_try >= 4 and stats.false_accepts == 0
