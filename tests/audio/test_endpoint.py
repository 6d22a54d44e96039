"""Endpointing on real (synthesized) speech with pauses, in silence, pink noise and babble."""

from __future__ import annotations

import numpy as np
import pytest

from tests.audio.scenes import Scene, build_scene
from voice_host.audio import Endpointer, EndpointerConfig, Utterance, samples_to_chunks
from voice_host.audio.noise import pink_noise
from voice_host.recognition import SAMPLE_RATE


def _cut(samples: np.ndarray, config: EndpointerConfig | None = None) -> list[Utterance]:
    return list(Endpointer(config).utterances(samples_to_chunks(samples.astype(np.int16))))


def _matches(scene: Scene, utts: list[Utterance]) -> list[list[Utterance]]:
    """For each spoken phrase, the utterances that overlap it."""
    return [[u for u in utts if u.start_s < end and u.end_s > start] for start, end in scene.spans]


def _outside(scene: Scene, utts: list[Utterance]) -> list[Utterance]:
    """Utterances that overlap no phrase at all (false alarms)."""
    return [u for u in utts if not any(u.start_s < e and u.end_s > s for s, e in scene.spans)]


def test_silence_and_steady_noise_give_nothing() -> None:
    assert _cut(np.zeros(5 * SAMPLE_RATE, dtype=np.int16)) == []
    assert _cut(pink_noise(5 * SAMPLE_RATE, seed=3, level_dbfs=-25)) == []


def test_clean_speech_with_pauses_is_cut_per_phrase() -> None:
    scene = build_scene("none")
    utts = _cut(scene.samples)
    assert len(utts) == len(scene.spans)
    hang = EndpointerConfig().hangover_ms / 1000
    for (start, end), utt in zip(scene.spans, utts, strict=True):
        assert abs(utt.start_s - start) < 0.1
        assert abs(utt.end_s - end) < 0.1
        # Decided one hangover after the end of speech (within a frame or two).
        assert hang - 0.05 <= utt.emitted_s - end <= hang + 0.1
        # Pre-roll: the samples start before the detected onset, so no clipped consonants.
        assert utt.seconds >= (utt.end_s - utt.start_s) + 0.15


@pytest.mark.parametrize("seed", [0, 1])
def test_pink_noise_at_10_db(seed: int) -> None:
    scene = build_scene("pink", 10.0, seed=seed)
    utts = _cut(scene.samples)
    per_phrase = _matches(scene, utts)
    assert [len(m) for m in per_phrase] == [1] * len(scene.spans), [
        (u.start_s, u.end_s) for u in utts
    ]
    assert _outside(scene, utts) == []
    for (start, end), (utt,) in zip(scene.spans, per_phrase, strict=True):
        assert utt.start_s - start < 0.15
        assert utt.end_s - end < 0.45


def test_party_babble_at_10_db() -> None:
    """Babble is speech too, so a little slack: most phrases alone, none lost, few false alarms."""
    scene = build_scene("babble", 10.0, seed=0)
    utts = _cut(scene.samples)
    per_phrase = _matches(scene, utts)
    assert all(len(m) >= 1 for m in per_phrase), "a phrase was lost in the babble"
    alone = sum(
        1
        for m in per_phrase
        if len(m) == 1 and sum(u is m[0] for mm in per_phrase for u in mm) == 1
    )
    assert alone >= 4, [(u.start_s, u.end_s) for u in utts]
    assert len(_outside(scene, utts)) <= 1


def test_max_utterance_length_cuts() -> None:
    from voice_host.voice import synthesize

    quiet = np.zeros(SAMPLE_RATE, dtype=np.int16)
    speech = np.tile(synthesize("forty two, eleven, seven", voice="en"), 3)
    config = EndpointerConfig(max_utterance_s=2.0)
    utts = _cut(np.concatenate([quiet, speech, quiet]), config)
    assert utts and all(u.seconds <= 2.0 + 0.05 for u in utts)


def test_short_clicks_are_not_utterances() -> None:
    x = np.zeros(2 * SAMPLE_RATE, dtype=np.int16)
    x[SAMPLE_RATE : SAMPLE_RATE + 480] = (
        np.random.default_rng(0).standard_normal(480) * 8000
    ).astype(np.int16)
    assert _cut(x) == []


def test_chunk_size_does_not_matter() -> None:
    scene = build_scene("none", gap_s=0.8)
    a = [(u.start_s, u.end_s) for u in _cut(scene.samples)]
    b = [
        (u.start_s, u.end_s)
        for u in Endpointer().utterances(samples_to_chunks(scene.samples, chunk_ms=20))
    ]
    assert a == b


@pytest.mark.slow
@pytest.mark.parametrize("snr_db", [None, 20.0])
def test_cut_utterances_are_heard_by_the_recognizer(snr_db: float | None) -> None:
    """Endpointer output goes straight into PocketSphinx: each phrase is heard on its own."""
    from voice_host.audio.noise import mix_at_snr
    from voice_host.ear.backends import load_recognizer
    from voice_host.voice import synthesize

    gap = np.zeros(SAMPLE_RATE, dtype=np.int16)
    stream = np.concatenate(
        [gap, synthesize("forty two", voice="en"), gap, synthesize("twenty four", voice="en"), gap]
    ).astype(np.int16)
    if snr_db is not None:
        stream = mix_at_snr(stream, pink_noise(len(stream), seed=7), snr_db)
    recognizer = load_recognizer("pocketsphinx")
    heard = [recognizer.recognize(u.samples).numbers for u in _cut(stream)]
    assert heard == [(42,), (24,)]


def test_the_lead_is_the_audio_just_before_the_utterance() -> None:
    scene = build_scene("none", gap_s=0.8)
    stream = scene.samples.astype(np.int16)
    plain = _cut(stream)
    assert plain and all(len(u.lead) == 0 for u in plain)
    config = EndpointerConfig(lead_ms=360)
    utts = _cut(stream, config)
    # The same utterances, each with up to 360 ms of what came before its pre-roll beside it
    # (all of it after the long silence at the start; less after a shorter pause).
    assert [(u.start_s, u.end_s) for u in utts] == [(u.start_s, u.end_s) for u in plain]
    assert len(utts[0].lead) == 360 * SAMPLE_RATE // 1000
    for u, p in zip(utts, plain, strict=True):
        assert np.array_equal(u.samples, p.samples)
        assert 0 < len(u.lead) <= 360 * SAMPLE_RATE // 1000
        first = round(u.emitted_s * SAMPLE_RATE) - len(u.samples)
        assert np.array_equal(u.lead, stream[first - len(u.lead) : first])


def test_since_close_is_the_audio_after_the_last_utterance() -> None:
    scene = build_scene("none", gap_s=0.8)
    stream = scene.samples.astype(np.int16)
    endpointer = Endpointer(EndpointerConfig(lead_ms=360))
    chunks = list(samples_to_chunks(stream, chunk_ms=30))  # one 30-ms frame each
    n = next(i for i, chunk in enumerate(chunks) if endpointer.process(chunk)) + 1
    # Just closed: the hangover is in the utterance, nothing has come after it yet.
    assert len(endpointer.since_close()) == 0
    for chunk in chunks[n : n + 5]:
        assert not endpointer.process(chunk) and not endpointer.in_speech
    now = (n + 5) * 480
    assert np.array_equal(endpointer.since_close(), stream[now - 5 * 480 : now])
