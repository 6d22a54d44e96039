"""The fine-tuning pilot's last layer (``bench/finetune_pilot.py``) is the encoder's own.

The pilot trains Whisper's last encoder layer in torch from the residual stream the shipped
int8 encoder feeds it; its figures mean something only if, untrained, that layer gives the
states the ear hears, alone and in a padded batch.
"""

from __future__ import annotations

import numpy as np
import pytest

from tests.ear.conftest import needs_espeak

pytestmark = pytest.mark.slow


@needs_espeak
def test_last_layer_gives_the_encoders_states() -> None:
    torch = pytest.importorskip("torch")
    from bench import finetune_pilot as fp
    from voice_host.ear.whisper import DIM, POOL, WhisperFrontEnd, encoder_weights
    from voice_host.speakers import synth

    voice = synth.Voice("espeak", "en-us", "train")
    long, short = (synth.synthesize(voice, t) for t in ("plus seven, twenty-four", "six"))
    fp._SESSION["s"], fp._SESSION["name"] = fp._session()
    streams = [fp.stream_in(long), fp.stream_in(short)]
    assert streams[0].shape[1] == DIM and len(streams[0]) > len(streams[1]) > 0
    last, _ = fp.networks(encoder_weights(), fp._layers() - 1)
    front = WhisperFrontEnd()
    x, n = fp.padded(streams, [0, 1])
    with torch.no_grad():
        batch = last(x, torch.arange(x.shape[1])[None, :] < n[:, None]).numpy()
    for j, (audio, stream) in enumerate(zip((long, short), streams, strict=True)):
        states = batch[j, : len(stream)].reshape(-1, POOL, DIM).mean(1)
        want = front.embed(audio)
        assert states.shape == want.shape
        cos = np.sum(states * want, 1) / np.linalg.norm(states, axis=1) / np.linalg.norm(want,
                                                                                          axis=1)
        assert cos.min() > 0.999, (j, cos.min())
