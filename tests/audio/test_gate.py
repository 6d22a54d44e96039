"""The self-hearing guard: chunks captured while the host speaks are dropped."""

from __future__ import annotations

import numpy as np

from voice_host.audio import Endpointer, SpeakingGate, samples_to_chunks
from voice_host.audio.chunks import AudioChunk
from voice_host.voice import synthesize


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_gate_is_shut_while_speaking_and_for_the_tail() -> None:
    clock = FakeClock()
    gate = SpeakingGate(tail_s=0.3, clock=clock)
    assert not gate.blocks()
    with gate.speaking():
        assert gate.is_speaking and gate.blocks()
        clock.now += 2.0
        assert gate.blocks(at=clock.now - 1.0)
    assert not gate.is_speaking
    assert gate.blocks()  # tail
    clock.now += 0.2
    assert gate.blocks()
    clock.now += 0.2
    assert not gate.blocks()
    # A chunk captured during the speech but processed late is still dropped.
    assert gate.blocks(at=101.0)
    # Audio from before the host began is kept.
    assert not gate.blocks(at=99.0)


def test_gate_nests() -> None:
    clock = FakeClock()
    gate = SpeakingGate(tail_s=0.0, clock=clock)
    gate.begin()
    gate.begin()
    gate.end()
    assert gate.is_speaking
    gate.end()
    gate.end()  # extra end is harmless
    assert not gate.is_speaking


def test_endpointer_drops_gated_audio_and_abandons_the_utterance() -> None:
    speech = synthesize("forty two", voice="en")
    pad = np.zeros(8000, dtype=np.int16)
    stream = np.concatenate([pad, speech, pad]).astype(np.int16)
    clock = FakeClock()
    gate = SpeakingGate(tail_s=0.0, clock=clock)
    ep = Endpointer(gate=gate)
    chunks = list(samples_to_chunks(stream))
    half = len(chunks) // 2
    out = []
    for c in chunks[:half]:
        out += ep.process(c)
    assert ep.in_speech
    gate.begin()
    for c in chunks[half:]:
        out += ep.process(AudioChunk(c.rate, c.width, c.channels, c.audio))
    gate.end()
    tail = ep.flush()
    assert out == [] and tail is None
    assert ep.dropped_s > 0.5
