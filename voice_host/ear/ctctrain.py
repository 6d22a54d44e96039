"""Training of the ear's per-frame token model with the CTC loss (torch, at training time only).

Three temporal convolutions (kernel 5, 128 channels, ReLU) over the standardized embedding
sequence, dropout, and a per-frame output over the word tokens of :mod:`voice_host.ear.ctc`.
The same regularization for unseen voices as the segment classifier: each sequence is stretched
or squeezed in time, gets Gaussian noise and sometimes a masked span of frames. The weights are
exported to a :class:`~voice_host.ear.ctc.CtcModel`, which runs them in numpy.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from voice_host.ear.ctc import BLANK, TOKENS, CtcModel, tokens
from voice_host.ear.seqtrain import Schedule, augment_sequence, prepared


@dataclass(frozen=True)
class CtcRecipe(Schedule):
    """Hyper-parameters of the per-frame token model."""

    layers: int = 3
    """Temporal convolutions."""
    channels: int = 128
    """Channels of each convolution."""
    kernel: int = 5
    """Temporal kernel (frames of 80 ms)."""
    dropout: float = 0.2
    """Dropout before the output layer."""


def train_ctc(seqs: Sequence[npt.NDArray[np.floating]], labels: npt.NDArray[np.int64],
              recipe: CtcRecipe | None = None, seed: int = 0,
              progress: Callable[[int, float], None] | None = None,
              unit_first: bool = False) -> CtcModel:
    """Train the token model on embedding sequences; ``labels`` is ``(N, 4)`` as the heads';
    ``unit_first`` for a language that says the unit before the tens."""
    try:
        import torch
        import torch.nn.functional as F
        from torch import nn
    except ImportError as err:
        raise RuntimeError("training the ear needs torch (pip install torch); "
                           "the shipped head runs without it") from err
    r = recipe or CtcRecipe()
    rng, fmean, fscale, xs = prepared(seqs, seed)
    dim = len(fmean)
    said = [tokens(label, unit_first) for label in labels]
    pad = r.kernel // 2
    convs: list[Any] = [nn.Conv1d(dim if i == 0 else r.channels, r.channels, r.kernel,
                                  padding=pad) for i in range(r.layers)]
    out, drop = nn.Conv1d(r.channels, TOKENS, 1), nn.Dropout(r.dropout)
    net = nn.ModuleList([*convs, out, drop])

    def forward(x: Any, mask: Any) -> Any:
        h = x.transpose(1, 2)
        for conv in convs:
            h = F.relu(conv(h)) * mask
        return F.log_softmax(out(drop(h)).transpose(1, 2), -1)

    opt = torch.optim.AdamW(net.parameters(), lr=r.lr, weight_decay=r.weight_decay)
    per_epoch = (len(xs) + r.batch - 1) // r.batch
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, r.lr, total_steps=r.epochs * per_epoch,
                                                pct_start=0.1)
    for epoch in range(r.epochs):
        order = rng.permutation(len(xs))
        total = 0.0
        for start in range(0, len(xs), r.batch):
            idx = order[start : start + r.batch]
            batch = [augment_sequence(xs[int(i)], rng) for i in idx]
            lengths = np.array([len(s) for s in batch], dtype=np.int64)
            x = np.zeros((len(batch), int(lengths.max()), dim), np.float32)
            for j, s in enumerate(batch):
                x[j, : len(s)] = s
            lt = torch.from_numpy(lengths)
            mask = (torch.arange(x.shape[1])[None, :] < lt[:, None]).float()[:, None, :]
            logp = forward(torch.from_numpy(x), mask).transpose(0, 1)
            targets = [said[int(i)] for i in idx]
            loss: Any = F.ctc_loss(
                logp, torch.tensor([t for s in targets for t in s], dtype=torch.long), lt,
                torch.tensor([len(s) for s in targets], dtype=torch.long), blank=BLANK,
                reduction="sum", zero_infinity=True) / len(idx)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += float(loss.detach()) * len(idx)
        if progress:
            progress(epoch + 1, total / len(xs))
    sd = {k: v.detach().numpy().astype(np.float32) for k, v in net.state_dict().items()}
    weights = [(np.ascontiguousarray(sd[f"{i}.weight"].transpose(2, 1, 0)), sd[f"{i}.bias"])
               for i in range(r.layers)]
    final = (np.ascontiguousarray(sd[f"{r.layers}.weight"][:, :, 0].T), sd[f"{r.layers}.bias"])
    return CtcModel(fmean, fscale, weights, final, unit_first)
