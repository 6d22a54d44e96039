"""Training replies from the live microphone (the PulseAudio virtual microphone), recognized early:
a whole answer is taken before the hangover runs out, a lone card-sized number waits for it."""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest

from tests.fixtures_audio import VirtualAudio, virtual_audio  # noqa: F401
from tests.games.cowabunga.trainer.conftest import needs_espeak
from voice_host.audio import EndpointerConfig
from voice_host.ear.backends import load_recognizer
from voice_host.host.channels import MicrophoneReplies
from voice_host.phrases import phrase_table
from voice_host.recognition import SAMPLE_RATE
from voice_host.voice import synthesize

pytestmark = [pytest.mark.needs_audio, pytest.mark.slow]


def test_microphone_replies_take_a_whole_answer_early(virtual_audio: VirtualAudio) -> None:  # noqa: F811
    needs_espeak()
    pause = np.zeros(SAMPLE_RATE, np.int16)
    speech = np.concatenate([pause, synthesize("twenty four", voice="en"), pause,
                             synthesize("seven", voice="en"), pause, pause])
    # A hangover three times the default: the early hearing has 750 ms to be ready before it
    # runs out, not 150, so a busy machine still closes the whole answer early.
    replies = MicrophoneReplies(load_recognizer("ear", "en"), phrase_table("en"), device="pulse",
                                timeout_s=8.0, endpointing=EndpointerConfig(hangover_ms=900))
    try:
        feeder = threading.Thread(target=virtual_audio.feed, args=(speech,))
        time.sleep(0.3)
        replies.mark()
        feeder.start()
        first = replies.next()
        assert first is not None and first.numbers == (24,), first
        assert first.ms is not None and 500 <= first.ms <= 2500  # the second of silence first
        assert replies.closed_early == 1
        second = replies.next()
        feeder.join()
        assert second is not None and second.numbers == (7,), second
        assert replies.closed_early == 1  # "seven" may be "seven, ..." cut at its comma
    finally:
        replies.close()
