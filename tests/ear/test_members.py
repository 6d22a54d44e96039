"""The ensemble's members trained side by side in processes are the ones trained in turn."""

from __future__ import annotations

import numpy as np
import pytest

from voice_host.ear_training.dataset import Embedded
from voice_host.ear_training.seqtrain import ConvRecipe, train_conv
from voice_host.ear_training.texts import REJECT, number_label
from voice_host.ear_training.train import Progress, _train_members


@pytest.mark.slow
def test_members_side_by_side_equal_members_in_turn() -> None:
    pytest.importorskip("torch")
    rng = np.random.default_rng(5)
    labels = [number_label(int(t)) for t in rng.integers(0, 46, 40)] + [REJECT] * 8
    rows = np.array([[r.intent, r.head, r.unit, r.card] for r in labels], dtype=np.int64)
    seqs = [rng.normal(size=(int(rng.integers(8, 20)), 96)).astype(np.float16) for _ in labels]
    data = Embedded(seqs, rows, ["v"] * len(seqs), [""] * len(seqs))
    recipe = ConvRecipe(channels=8, hidden=16, epochs=2, batch=16)

    class Count(Progress):
        steps = 0

        def advance(self, steps: int = 1, note: str = "") -> None:
            Count.steps += steps

    apart = _train_members(data, recipe, seed=4, count=3, workers=2, progress=Count())
    in_turn = [train_conv(seqs, rows, recipe, seed=4 + 1000 * k) for k in range(3)]
    assert Count.steps == 3 * recipe.epochs
    for a, b in zip(apart, in_turn, strict=True):
        for (wa, ba), (wb, bb) in zip(a.outs, b.outs, strict=True):
            np.testing.assert_array_equal(wa, wb)
            np.testing.assert_array_equal(ba, bb)
    assert not np.array_equal(apart[0].outs[0][0], apart[1].outs[0][0])
