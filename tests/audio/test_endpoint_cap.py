"""An utterance that runs to the endpointer's cap is cut again under the noise floor it taught:
a recording that starts in the middle of a party keeps its first announcements apart."""

from __future__ import annotations

from itertools import pairwise

import numpy as np

from tests.speech import trimmed
from voice_host.audio import Endpointer, EndpointerConfig, samples_to_chunks
from voice_host.audio.noise import mix_at_snr
from voice_host.recognition import SAMPLE_RATE
from voice_host.voice.synth import babble

LINES = ("eleven", "thirteen", "plus one, fourteen", "seventeen", "twenty")
"""The first announcements of a game, one seat after the other."""


def _party_then_table(lead_s: float) -> tuple[np.ndarray, list[tuple[float, float]]]:
    """``lead_s`` of party babble, then :data:`LINES` 0.9 s apart, babble at 10 dB over all."""
    parts = [np.zeros(int(lead_s * SAMPLE_RATE), dtype=np.int16)]
    spans: list[tuple[float, float]] = []
    pos = len(parts[0])
    for line, voice in zip(LINES, ("en-us", "en+f3", "en-gb-x-rp", "en-us", "en+f3"),
                           strict=True):
        clip = trimmed(line, voice)
        spans.append((pos / SAMPLE_RATE, (pos + len(clip)) / SAMPLE_RATE))
        gap = np.zeros(int(0.9 * SAMPLE_RATE), dtype=np.int16)
        parts += [clip, gap]
        pos += len(clip) + len(gap)
    clean = np.concatenate(parts)
    noise = babble(len(clean) / SAMPLE_RATE + 1.0, talkers=6, seed=11)[: len(clean)]
    return mix_at_snr(clean, noise, 10.0), spans


def test_a_stream_that_starts_in_babble_keeps_its_first_announcements_apart() -> None:
    """The floor is unknown when the party is already on: the first utterance starts in the
    babble and runs to the cap. Cut again under the floor it taught, each announcement in it
    is an utterance of its own, none longer than a phrase."""
    audio, spans = _party_then_table(2.0)
    utts = list(Endpointer().utterances(samples_to_chunks(audio)))
    cap = EndpointerConfig().max_utterance_s
    assert all(u.end_s - u.start_s < cap / 2 for u in utts), [(u.start_s, u.end_s) for u in utts]
    for start, end in spans:
        over = [u for u in utts if u.start_s < end and u.end_s > start]
        assert len(over) == 1, (start, end, [(u.start_s, u.end_s) for u in utts])
        assert abs(over[0].start_s - start) < 0.3 and over[0].end_s - end < 0.6
    # Every utterance's times are on the stream's clock, in order.
    assert all(a.end_s <= b.start_s for a, b in pairwise(utts))


def test_a_long_sentence_in_quiet_stays_one_utterance() -> None:
    """Over five seconds of table talk in a quiet room is cut again like any utterance that
    long; nothing in it stands out from the floor it teaches, so it stays as it was cut."""
    from voice_host.voice import synthesize

    quiet = np.zeros(SAMPLE_RATE, dtype=np.int16)
    talk = synthesize("I think it is your turn now Maria, and after you it is Hendrik who plays, "
                      "then me again", voice="en")
    assert len(talk) / SAMPLE_RATE > EndpointerConfig().recut_s
    utts = list(Endpointer().utterances(samples_to_chunks(np.concatenate([quiet, talk, quiet]))))
    assert len(utts) == 1 and utts[0].end_s - utts[0].start_s > EndpointerConfig().recut_s
