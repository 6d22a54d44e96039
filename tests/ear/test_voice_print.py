"""Voice prints tell synthesized voices apart, whatever the words, and cost almost nothing."""

from __future__ import annotations

import time

import numpy as np

from voice_host.ear.voice_print import VoiceBook, voice_print
from voice_host.ear.whisper import encoder_input
from voice_host.recognition import VoicePrint

from .conftest import needs_espeak

LOW, HIGH = "en-us+m3", "en+f4"
"""Two voices of the table (held out of the ear's training)."""


def said(text: str, voice: str, pitch: int = 50) -> VoicePrint:
    """The voice print of ``text`` said by the espeak-ng ``voice``, as the ear makes it."""
    from voice_host.voice import synthesize

    return voice_print(encoder_input(synthesize(text, voice=voice, pitch=pitch))[0])


@needs_espeak
def test_a_voice_learned_on_some_words_is_known_on_others() -> None:
    book = VoiceBook()
    for text in ("eleven", "plus four, twenty-five", "twenty", "one, twenty-one"):
        book.learn("Emily", said(text, LOW))
        book.learn("Maria", said(text, HIGH))
    for text, voice, pitch in (("thirty-three", LOW, 44), ("minus six, fifteen", HIGH, 57),
                               ("seventeen", HIGH, 50), ("zero, fifteen", LOW, 55)):
        mismatch = book.mismatch(said(text, voice, pitch))
        own, other = ("Emily", "Maria") if voice == LOW else ("Maria", "Emily")
        assert mismatch[own] == 0.0, (text, mismatch)
        assert mismatch[other] >= 0.5, (text, mismatch)


@needs_espeak
def test_one_voice_tells_nothing_and_a_taken_back_turn_is_forgotten() -> None:
    book = VoiceBook()
    low = said("twenty", LOW)
    book.learn("Emily", low)
    assert book.mismatch(said("nine", HIGH)) == {}
    book.learn("Maria", said("twelve", HIGH))
    assert set(book.mismatch(low)) == {"Emily", "Maria"}
    book.forget("Maria", said("twelve", HIGH))
    assert book.learned() == ["Emily"] and book.mismatch(low) == {}
    assert book.mismatch(None) == {}


@needs_espeak
def test_a_voice_print_is_cheap_and_ignores_the_loudness() -> None:
    from voice_host.voice import synthesize

    samples = synthesize("plus seven, twenty-four", voice=LOW)
    mel = encoder_input(samples)[0]
    start = time.perf_counter()
    for _ in range(20):
        voice = voice_print(mel)
    per_print_ms = (time.perf_counter() - start) / 20 * 1000
    assert per_print_ms < 5.0
    assert voice.shape == (80,) and voice.dtype == np.float32
    quieter = voice_print(encoder_input((samples // 4).astype(np.int16))[0])
    assert float(np.abs(quieter - voice).max()) < 0.05
