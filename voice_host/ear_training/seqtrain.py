"""Training of the convolutional head (torch, at training time only; inference is numpy).

Two temporal convolutions over the standardized embedding sequence (kernel 5, ReLU), then the
same order-keeping pooling as the plain head (mean, max, 8 resampled points) and one hidden
layer feeding the four outputs. Regularized for unseen voices: each training sequence is
stretched or squeezed in time (speaking rate), gets Gaussian noise and sometimes a masked span
of frames; dropout before and after the hidden layer. The weights are exported to a
:class:`~voice_host.ear.head.Head`, which runs them in numpy.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from voice_host.ear.head import HEAD_SIZES, POINTS, Floats, Head


@dataclass(frozen=True)
class Schedule:
    """How a network over embedding sequences is optimized (AdamW, one-cycle schedule)."""

    epochs: int = 20
    """Passes over the training set."""
    batch: int = 64
    """Sequences per step."""
    lr: float = 3e-3
    """Peak learning rate (one-cycle schedule)."""
    weight_decay: float = 1e-2
    """AdamW weight decay."""


@dataclass(frozen=True)
class ConvRecipe(Schedule):
    """Hyper-parameters of the convolutional head."""

    channels: int = 128
    """Channels of both convolutions."""
    kernel: int = 5
    """Temporal kernel (frames of 80 ms)."""
    hidden: int = 256
    """Units of the hidden layer after pooling."""
    dropout: float = 0.3
    """Dropout before and after the hidden layer."""
    speed: float = 0.2
    """Time stretch drawn from 1 ± this."""
    noise: float = 0.15
    """Standard deviation of Gaussian noise on standardized frames."""
    time_mask: int = 2
    """Longest masked span of frames (half the sequences get one)."""
    noise_bank: bool = True
    """Take the Gaussian noise from a bank drawn once (:data:`NOISE_BANK`), else afresh for
    every sequence (the recipe of the heads trained before the bank)."""


def _stretch(s: Floats, n: int) -> Floats:
    pos = np.linspace(0.0, len(s) - 1.0, n)
    lo = np.floor(pos).astype(np.int64)
    hi = np.minimum(lo + 1, len(s) - 1)
    f = (pos - lo)[:, None].astype(np.float32)
    out: Floats = ((1.0 - f) * s[lo] + f * s[hi]).astype(np.float32)
    return out


NOISE_BANK = 1 << 22
"""Gaussian numbers drawn once per training run, for :func:`augment_sequence`'s noise."""


def augment_sequence(s: Floats, rng: np.random.Generator, speed: float = 0.2,
                     noise: float = 0.15, time_mask: int = 2,
                     bank: Floats | None = None) -> Floats:
    """One training copy of a standardized sequence: stretched in time by up to ``speed``,
    Gaussian ``noise`` added, and half the time a span of up to ``time_mask`` frames zeroed.

    The noise is a stretch of ``bank`` at a random place when given (a twentieth of the time
    of drawing it afresh, which was a sixth of a training step), else drawn afresh."""
    if speed > 0 and len(s) > 2:
        s = _stretch(s, max(2, round(len(s) * rng.uniform(1 - speed, 1 + speed))))
    if bank is not None and s.size < len(bank):
        at = int(rng.integers(0, len(bank) - s.size))
        s = s + bank[at : at + s.size].reshape(s.shape) * np.float32(noise)
    else:
        s = s + rng.standard_normal(s.shape).astype(np.float32) * noise
    if time_mask and len(s) > 6 and rng.random() < 0.5:
        w = int(rng.integers(1, time_mask + 1))
        start = int(rng.integers(0, len(s) - w))
        s[start : start + w] = 0.0
    return s


def prepared(seqs: Sequence[npt.NDArray[np.floating]],
             seed: int) -> tuple[np.random.Generator, Floats, Floats, list[Floats]]:
    """The start of a training run: torch seeded (one thread), numpy's generator, and the
    sequences standardized per dimension (an empty one as one zero frame), with the mean and
    standard deviation used."""
    import torch

    torch.manual_seed(seed)
    torch.set_num_threads(1)
    rng = np.random.default_rng(seed)
    frames = np.concatenate([np.asarray(s, np.float32) for s in seqs])
    fmean = frames.mean(0).astype(np.float32)
    fscale = (frames.std(0) + 1e-4).astype(np.float32)
    xs = [((np.asarray(s, np.float32) - fmean) / fscale).astype(np.float32) for s in seqs]
    dim = len(fmean)
    return rng, fmean, fscale, [s if len(s) else np.zeros((1, dim), np.float32) for s in xs]


def packed(seqs: Sequence[Floats], gap: int) -> tuple[Floats, Floats, npt.NDArray[np.int64]]:
    """The sequences one after another with ``gap`` zero frames between them: the frames, a
    mask that is 1 on the sequences' frames and 0 on the gaps, and where each sequence starts.
    A convolution of half-width ``gap`` over the whole reads each sequence as it would read it
    alone between zeros, without the padding of a rectangular batch (as long as its longest
    sequence: four tenths of its frames would be padding)."""
    starts = np.cumsum([0] + [len(s) + gap for s in seqs[:-1]]).astype(np.int64)
    x = np.zeros((int(starts[-1]) + len(seqs[-1]), seqs[0].shape[1]), np.float32)
    keep = np.zeros(len(x), np.float32)
    for s, at in zip(seqs, starts, strict=True):
        x[at : at + len(s)] = s
        keep[at : at + len(s)] = 1.0
    return x, keep, starts


def pool_states(h: Any, m: Any, lengths: Any) -> Any:
    """The order-keeping pooling of a batch of conv states (torch): their mean, their max and
    :data:`~voice_host.ear.head.POINTS` points resampled along each sequence, concatenated.

    ``h`` is ``(batch, channels, frames)``, zero past each sequence's end; ``m`` its mask
    ``(batch, 1, frames)``; ``lengths`` the sequences' lengths. The numpy head pools the same way
    at inference (:func:`~voice_host.ear.head.pool`).
    """
    import torch

    b, c = h.shape[0], h.shape[1]
    mean = h.sum(2) / lengths[:, None].float()
    mx = (h - (1 - m) * 1e4).max(2).values
    pos = torch.linspace(0, 1, POINTS)[None, :] * (lengths[:, None].float() - 1)
    lo = pos.floor().long()
    hi = torch.minimum(lo + 1, lengths[:, None] - 1)
    fr = (pos - lo.float())[:, None, :]
    pts = ((1 - fr) * h.gather(2, lo[:, None, :].expand(b, c, POINTS))
           + fr * h.gather(2, hi[:, None, :].expand(b, c, POINTS)))
    return torch.cat([mean, mx, pts.transpose(1, 2).reshape(b, -1)], 1)


def train_conv(seqs: Sequence[npt.NDArray[np.floating]], y: npt.NDArray[np.int64],
               recipe: ConvRecipe | None = None, seed: int = 0,
               progress: Callable[[int, float], None] | None = None) -> Head:
    """Train the convolutional head on embedding sequences; ``y`` is ``(N, 4)``, -1 unused."""
    try:
        import torch
        import torch.nn.functional as F
        from torch import nn
    except ImportError as err:
        raise RuntimeError("training the conv head needs torch (pip install torch); "
                           "the shipped head runs without it") from err
    r = recipe or ConvRecipe()
    rng, fmean, fscale, xs = prepared(seqs, seed)
    dim = len(fmean)
    bank = rng.standard_normal(NOISE_BANK, dtype=np.float32) if r.noise_bank else None

    class Net(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            pad = r.kernel // 2
            self.c1 = nn.Conv1d(dim, r.channels, r.kernel, padding=pad)
            self.c2 = nn.Conv1d(r.channels, r.channels, r.kernel, padding=pad)
            self.fc = nn.Linear((2 + POINTS) * r.channels, r.hidden)
            self.outs = nn.ModuleList([nn.Linear(r.hidden, k) for k in HEAD_SIZES])
            self.drop = nn.Dropout(r.dropout)

        def forward(self, x: Any, keep: Any, starts: Any, lengths: Any) -> list[Any]:
            """``x`` (transposed: ``(dim, L)``), ``keep`` and ``starts`` are the batch packed
            (:func:`packed`)."""
            b, t = len(lengths), int(lengths.max())
            m = (torch.arange(t)[None, :] < lengths[:, None]).float()[:, None, :]
            h = F.relu(self.c1(x[None])) * keep
            h = F.relu(self.c2(h))[0] * keep
            at = torch.clamp(starts[:, None] + torch.arange(t)[None, :], max=len(keep) - 1)
            h = h.index_select(1, at.reshape(-1)).view(-1, b, t).transpose(0, 1) * m
            z = self.drop(F.relu(self.fc(self.drop(pool_states(h, m, lengths)))))
            return [o(z) for o in self.outs]

    def batch(idx: npt.NDArray[np.int64]) -> tuple[Any, Any, Any, Any]:
        out = [augment_sequence(xs[int(i)], rng, r.speed, r.noise, r.time_mask, bank)
               for i in idx]
        x, keep, starts = packed(out, r.kernel // 2)
        lengths = np.array([len(s) for s in out], dtype=np.int64)
        return (torch.from_numpy(np.ascontiguousarray(x.T)), torch.from_numpy(keep),
                torch.from_numpy(starts), torch.from_numpy(lengths))

    net = Net()
    opt = torch.optim.AdamW(net.parameters(), lr=r.lr, weight_decay=r.weight_decay)
    n = len(xs)
    per_epoch = (n + r.batch - 1) // r.batch
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, r.lr, total_steps=r.epochs * per_epoch,
                                                pct_start=0.1)
    target = torch.from_numpy(np.asarray(y, np.int64))
    for epoch in range(r.epochs):
        order = rng.permutation(n)
        total = 0.0
        for start in range(0, n, r.batch):
            idx = order[start : start + r.batch]
            yb = target[idx]
            outs = net(*batch(idx))
            loss = sum(F.cross_entropy(o, yb[:, j], ignore_index=-1, reduction="sum")
                       for j, o in enumerate(outs)) / len(idx)
            opt.zero_grad()
            loss.backward()  # type: ignore[union-attr]
            opt.step()
            sched.step()
            total += float(loss.detach()) * len(idx)  # type: ignore[union-attr]
        if progress:
            progress(epoch + 1, total / n)
    sd = {k: v.detach().numpy().astype(np.float32) for k, v in net.state_dict().items()}
    convs = [(np.ascontiguousarray(sd[f"{c}.weight"].transpose(2, 1, 0)), sd[f"{c}.bias"])
             for c in ("c1", "c2")]
    dim = (2 + POINTS) * r.channels
    return Head(np.zeros(dim, np.float32), np.ones(dim, np.float32),
                [(np.ascontiguousarray(sd["fc.weight"].T), sd["fc.bias"])],
                [(np.ascontiguousarray(sd[f"outs.{j}.weight"].T), sd[f"outs.{j}.bias"])
                 for j in range(len(HEAD_SIZES))],
                convs=convs, frame_mean=fmean, frame_scale=fscale)
