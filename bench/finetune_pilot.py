"""A pilot: does training the encoder's last layer with the head help the ear, at a small scale?

    .venv/bin/python bench/finetune_pilot.py [--lang en] [--train-items 2000] [--party-items 1000]
                                             [--val-items 600] [--epochs 12] [--tune-epochs 3]

The ear's head learns over the frozen states of Whisper base's encoder; the cards name the
frozen encoder as the limit in party babble. This pilot measures the lever before anything is
built on it. A fraction of the training recipe's data (the main and party sets of ``train``,
the ``val`` voices) is made as the recipe makes it, but each utterance is kept as the residual
stream that enters the encoder's last layer (from the shipped int8 encoder, every 20 ms). That
layer and the final layer norm run in torch, in float, from the same weights; their states are
pooled to 80 ms and read by a convolutional head like the shipped one (two convolutions, the
order-keeping pooling, one hidden layer, the four outputs; Gaussian noise and a masked span as
augmentation, no time stretch). Three arms, one seed, one order of batches:

* ``frozen``: the head trained ``--epochs`` over the frozen layer (the ear as it is, at this
  scale);
* ``frozen+``: that head trained ``--tune-epochs`` more, the layer still frozen (what more
  epochs alone do);
* ``tuned``: that head and the last layer trained ``--tune-epochs`` more together.

Each arm's temperatures and threshold (≤ 1% wrong) are fitted on the val voices; figures on the
val voices and on the held-out bench corpus (``bench/corpus.py``: clean, pink and babble at
10 dB; synthetic voices and the human digits apart), exact / wrong. Needs torch. The embedded
data are cached under ``data/pilot``.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run by path: the repository

from bench.corpus import LANGUAGES, clips, corpus_path, read_clip
from bench.corpus import build as build_corpus
from voice_host.ear.decode import readings
from voice_host.ear.features import session_options
from voice_host.ear.head import HEAD_NAMES, HEAD_SIZES, POINTS, softmax
from voice_host.ear.vocab import CARDS, HEADS, INTENTS, UNITS
from voice_host.ear.whisper import DIM, POOL, encoder_input, encoder_path, encoder_weights
from voice_host.ear_training import calibration, dataset
from voice_host.ear_training.calibration import fit_temperature
from voice_host.ear_training.dataset import PARTY, PARTY_SIZES, VAL, Item, Sizes
from voice_host.ear_training.seqtrain import pool_states

REPO = Path(__file__).resolve().parents[1]
CACHE = REPO / "data" / "pilot"
CONDITIONS = ("clean", "pink 10 dB", "babble 10 dB")
Floats = npt.NDArray[np.float32]

_SESSION: dict[str, Any] = {}


def numbers(index: tuple[int, int, int, int]) -> tuple[int, ...]:
    """The numbers a reading says (card, total), or none."""
    intent, h, u, c = index
    if intent != 0:
        return ()
    total = HEADS[h] + UNITS[u]
    return (total,) if CARDS[c] == "none" else (int(CARDS[c][-1]), total)


def _layers() -> int:
    import onnx

    model = onnx.load(str(encoder_path()))
    return sum(1 for n in model.graph.node if n.name.endswith("_x2"))


def _session() -> Any:
    """The shipped int8 encoder, with the residual stream entering its last layer as an output."""
    import onnx
    import onnxruntime as ort

    model = onnx.load(str(encoder_path()))
    last_in = f"l{_layers() - 2}_x2"
    model.graph.output.append(onnx.helper.make_tensor_value_info(last_in, onnx.TensorProto.FLOAT,
                                                                 None))
    return ort.InferenceSession(model.SerializeToString(), session_options(1),
                                providers=["CPUExecutionProvider"]), last_in


def _init(babble: list[dataset.Audio]) -> None:
    dataset._init_worker(babble, None)
    _SESSION["s"], _SESSION["name"] = _session()


def stream_in(samples: npt.NDArray[np.int16]) -> npt.NDArray[np.float16]:
    """The residual stream entering the last layer, ``(4 t, 512)`` every 20 ms, for one clip
    (the front end's padding and trimming: ``t`` pooled frames come out of it)."""
    feed = {"mel": encoder_input(samples)}
    x = np.asarray(_SESSION["s"].run([_SESSION["name"]], feed)[0], np.float32)[0]
    out: npt.NDArray[np.float16] = x[: len(x) // POOL * POOL].astype(np.float16)
    return out


def _work(args: tuple[Sequence[Item], int]) -> list[npt.NDArray[np.float16]]:
    items, versions = args
    return [stream_in(a) for a in dataset._heard(items, versions)]


def _save(path: Path, seqs: Sequence[npt.NDArray[np.float16]]) -> None:
    CACHE.mkdir(parents=True, exist_ok=True)
    np.savez(path, frames=np.concatenate(seqs), lengths=np.array([len(s) for s in seqs]))


def _load(path: Path) -> list[npt.NDArray[np.float16]]:
    with np.load(path) as z:
        bounds = np.concatenate([[0], np.cumsum(z["lengths"])])
        flat = z["frames"]
        return [flat[bounds[i]: bounds[i + 1]] for i in range(len(bounds) - 1)]


def make_set(lang: str, split: str, sizes: Sizes, engine: str | None, seed: int = 0
             ) -> tuple[list[npt.NDArray[np.float16]], npt.NDArray[np.int64]]:
    """Streams and labels of a planned set (cached)."""
    items = dataset.plan(lang, split, sizes, seed, engine)
    key = dataset.cache_key(lang, split, items, engine)
    path = CACHE / f"{key}-last-in.npz"
    rows = [item.label for item in items for _ in range(sizes.versions)]
    labels = np.array([[r.intent, r.head, r.unit, r.card] for r in rows], dtype=np.int64)
    if path.exists():
        return _load(path), labels
    party = engine == PARTY
    babble = dataset.babble_pool(lang, split, seed, 60 if party else 40, every_synthesizer=party)
    chunks = [items[i: i + 24] for i in range(0, len(items), 24)]
    t0 = time.time()
    seqs: list[npt.NDArray[np.float16]] = []
    with ProcessPoolExecutor(2, initializer=_init, initargs=(babble,)) as ex:
        for done, out in enumerate(ex.map(_work, [(c, sizes.versions) for c in chunks])):
            seqs.extend(out)
            print(f"\r{split} {engine or 'main'}: {min(len(items), 24 * (done + 1))}/{len(items)}"
                  f" items, {time.time() - t0:.0f} s", end="", file=sys.stderr)
    print(file=sys.stderr)
    _save(path, seqs)
    return seqs, labels


BenchInfo = list[tuple[str, str, tuple[int, ...]]]
"""(condition, kind of voice, numbers said) of each bench clip."""


def bench_set(lang: str) -> tuple[list[npt.NDArray[np.float16]], BenchInfo]:
    """Streams of the bench corpus' clips in :data:`CONDITIONS`, with (condition, kind,
    numbers) each."""
    corpus, path = build_corpus(1234, False, lang), corpus_path(1234, False, lang)
    cache = CACHE / f"bench-{lang}-last-in.npz"
    keep = [(i, c) for i, c in enumerate(corpus.cases) if c.condition in CONDITIONS]
    info = [(c.condition, {"distractor": "distractors", "human": "humans"}.get(c.family,
                                                                                "synthetic"),
             tuple(c.numbers)) for _, c in keep]
    if cache.exists():
        return _load(cache), info
    _SESSION["s"], _SESSION["name"] = _session()
    spans = clips(path)
    seqs = [stream_in(read_clip(path, *spans[i])) for i, _ in keep]
    _save(cache, seqs)
    return seqs, info


def networks(w: dict[str, Floats], layer: int) -> tuple[Any, Any]:
    """The encoder's last layer with its final norm, and a fresh conv head (torch modules)."""
    import torch
    import torch.nn.functional as F
    from torch import nn

    p = f"encoder/layer_{layer}"

    def norm(key: str) -> Any:
        n = nn.LayerNorm(DIM, eps=1e-5)
        n.weight.data = torch.from_numpy(w[f"{key}/gamma"].copy())
        n.bias.data = torch.from_numpy(w[f"{key}/beta"].copy())
        return n

    def linear(key: str) -> Any:
        weight = w[f"{key}/weight"]
        lin = nn.Linear(weight.shape[1], weight.shape[0])
        lin.weight.data = torch.from_numpy(weight.copy())
        lin.bias.data = torch.from_numpy(w[f"{key}/bias"].copy())
        return lin

    heads = 8

    class Last(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.n1 = norm(f"{p}/self_attention/layer_norm")
            self.qkv = linear(f"{p}/self_attention/linear_0")
            self.o = linear(f"{p}/self_attention/linear_1")
            self.n2 = norm(f"{p}/ffn/layer_norm")
            self.f0 = linear(f"{p}/ffn/linear_0")
            self.f1 = linear(f"{p}/ffn/linear_1")
            self.post = norm("encoder/layer_norm")

        def forward(self, x: Any, valid: Any) -> Any:
            b, t, _ = x.shape
            q, k, v = (z.view(b, t, heads, DIM // heads).transpose(1, 2)
                       for z in self.qkv(self.n1(x)).split(DIM, -1))
            att = F.scaled_dot_product_attention(q, k, v, attn_mask=valid[:, None, None, :])
            x = x + self.o(att.transpose(1, 2).reshape(b, t, DIM))
            x = x + self.f1(F.gelu(self.f0(self.n2(x))))
            return self.post(x)

    class ConvHead(nn.Module):
        def __init__(self, channels: int = 128, hidden: int = 256, dropout: float = 0.3) -> None:
            super().__init__()
            self.c1 = nn.Conv1d(DIM, channels, 5, padding=2)
            self.c2 = nn.Conv1d(channels, channels, 5, padding=2)
            self.fc = nn.Linear((2 + POINTS) * channels, hidden)
            self.outs = nn.ModuleList([nn.Linear(hidden, k) for k in HEAD_SIZES])
            self.drop = nn.Dropout(dropout)

        def forward(self, z: Any, lengths: Any) -> list[Any]:
            t = z.shape[1]
            m = (torch.arange(t)[None, :] < lengths[:, None]).float()[:, None, :]
            h = F.relu(self.c1(z.transpose(1, 2) * m)) * m
            h = F.relu(self.c2(h)) * m
            y = self.drop(F.relu(self.fc(self.drop(pool_states(h, m, lengths)))))
            return [o(y) for o in self.outs]

    return Last(), ConvHead()


def padded(seqs: Sequence[npt.NDArray[Any]], idx: Sequence[int]) -> tuple[Any, Any]:
    """A batch of sequences zero-padded to the longest, and their lengths (torch)."""
    import torch

    n = [max(1, len(seqs[i])) for i in idx]
    x = np.zeros((len(idx), max(n), seqs[idx[0]].shape[1]), np.float32)
    for j, i in enumerate(idx):
        x[j, : len(seqs[i])] = seqs[i]
    return torch.from_numpy(x), torch.tensor(n)


class Pilot:
    """The three arms over one data set."""

    def __init__(self, w: dict[str, Floats], layer: int, seed: int) -> None:
        import torch

        torch.manual_seed(seed)
        self.last, self.head = networks(w, layer)
        self.rng = np.random.default_rng(seed)
        self.mean = np.zeros(DIM, np.float32)
        self.scale = np.ones(DIM, np.float32)

    def pooled(self, streams: Sequence[npt.NDArray[np.float16]], batch: int = 32) -> list[Floats]:
        """The last layer's states of each stream, pooled to 80 ms and standardized."""
        import torch

        out: list[Floats] = []
        self.last.eval()
        with torch.no_grad():
            order = np.argsort([len(s) for s in streams])
            got: dict[int, Floats] = {}
            for start in range(0, len(order), batch):
                idx = [int(i) for i in order[start: start + batch]]
                x, n = padded(streams, idx)
                valid = torch.arange(x.shape[1])[None, :] < n[:, None]
                y = self.last(x, valid).numpy()
                for j, i in enumerate(idx):
                    s = y[j, : n[j]]
                    got[i] = s.reshape(-1, POOL, DIM).mean(1)
            out = [((got[i] - self.mean) / self.scale).astype(np.float32)
                   for i in range(len(streams))]
        return out

    def standardize_on(self, streams: Sequence[npt.NDArray[np.float16]]) -> None:
        frames = np.concatenate(self.pooled(streams))
        self.mean = frames.mean(0).astype(np.float32)
        self.scale = (frames.std(0) + 1e-4).astype(np.float32)

    def _augment(self, z: Any, n: Any) -> Any:
        import torch

        z = z + 0.15 * torch.randn_like(z)
        for j in range(len(n)):
            if self.rng.random() < 0.5:
                span = int(self.rng.integers(1, 3))
                at = int(self.rng.integers(0, max(1, int(n[j]) - span + 1)))
                z[j, at: at + span] = 0.0
        return z

    def _loss(self, outs: list[Any], y: Any) -> Any:
        import torch.nn.functional as F

        return sum(F.cross_entropy(o, y[:, j], ignore_index=-1, reduction="sum")
                   for j, o in enumerate(outs)) / len(y)

    def train_head(self, pooled: Sequence[Floats], labels: npt.NDArray[np.int64], epochs: int,
                   lr: float, batch: int = 64) -> None:
        """The head alone over fixed (frozen) states."""
        import torch

        self.head.train()
        opt = torch.optim.AdamW(self.head.parameters(), lr=lr, weight_decay=1e-2)
        steps = epochs * ((len(pooled) + batch - 1) // batch)
        sched = torch.optim.lr_scheduler.OneCycleLR(opt, lr, total_steps=steps, pct_start=0.1)
        y_all = torch.from_numpy(labels)
        t0 = time.time()
        for epoch in range(epochs):
            order = self.rng.permutation(len(pooled))
            total = 0.0
            for start in range(0, len(order), batch):
                idx = [int(i) for i in order[start: start + batch]]
                z, n = padded(pooled, idx)
                loss = self._loss(self.head(self._augment(z, n), n), y_all[idx])
                opt.zero_grad()
                loss.backward()
                opt.step()
                sched.step()
                total += float(loss) * len(idx)
            print(f"  head epoch {epoch + 1}/{epochs}: loss {total / len(pooled):.3f}, "
                  f"{time.time() - t0:.0f} s", file=sys.stderr)

    def train_both(self, streams: Sequence[npt.NDArray[np.float16]],
                   labels: npt.NDArray[np.int64], epochs: int, lr_layer: float, lr_head: float,
                   batch: int = 32) -> None:
        """The last layer and the head together, from the streams."""
        import torch

        self.last.train()
        self.head.train()
        opt = torch.optim.AdamW([{"params": self.last.parameters(), "lr": lr_layer},
                                 {"params": self.head.parameters(), "lr": lr_head}],
                                weight_decay=1e-2)
        steps = epochs * ((len(streams) + batch - 1) // batch)
        sched = torch.optim.lr_scheduler.OneCycleLR(opt, [lr_layer, lr_head], total_steps=steps,
                                                    pct_start=0.1)
        mean, scale = torch.from_numpy(self.mean), torch.from_numpy(self.scale)
        y_all = torch.from_numpy(labels)
        t0 = time.time()
        for epoch in range(epochs):
            order = self.rng.permutation(len(streams))
            total = 0.0
            for k, start in enumerate(range(0, len(order), batch)):
                idx = [int(i) for i in order[start: start + batch]]
                x, n = padded(streams, idx)
                valid = torch.arange(x.shape[1])[None, :] < n[:, None]
                s = self.last(x, valid)
                b, t, _ = s.shape
                z = (s.view(b, t // POOL, POOL, DIM).mean(2) - mean) / scale
                pn = n // POOL
                loss = self._loss(self.head(self._augment(z, pn), pn), y_all[idx])
                opt.zero_grad()
                loss.backward()
                opt.step()
                sched.step()
                total += float(loss) * len(idx)
                if k % 20 == 0:
                    print(f"\r  joint epoch {epoch + 1}/{epochs}: {start}/{len(order)}, "
                          f"{time.time() - t0:.0f} s", end="", file=sys.stderr)
            print(f"\r  joint epoch {epoch + 1}/{epochs}: loss {total / len(streams):.3f}, "
                  f"{time.time() - t0:.0f} s", file=sys.stderr)

    def logits(self, pooled: Sequence[Floats], batch: int = 128) -> list[Floats]:
        """The head's logits of each output, ``(N, k)`` each."""
        import torch

        self.head.eval()
        parts: list[list[Floats]] = [[] for _ in HEAD_NAMES]
        with torch.no_grad():
            for start in range(0, len(pooled), batch):
                idx = list(range(start, min(len(pooled), start + batch)))
                z, n = padded(pooled, idx)
                for j, o in enumerate(self.head(z, n)):
                    parts[j].append(o.numpy())
        return [np.concatenate(p) for p in parts]


def score(pilot: Pilot, val: tuple[list[Floats], npt.NDArray[np.int64]],
          bench: tuple[list[Floats], BenchInfo]) -> dict[str, Any]:
    """Val figures at the val-fitted threshold, and the bench's exact / wrong per condition."""
    zs = pilot.logits(val[0])
    temps = [fit_temperature(z, val[1][:, j]) for j, z in enumerate(zs)]
    probs = [softmax((z / t).astype(np.float32)) for z, t in zip(zs, temps, strict=True)]
    guess, conf = calibration.decide(probs)
    threshold = calibration.choose_threshold(val[1], guess, conf)
    out: dict[str, Any] = {"threshold": round(threshold, 3),
                           "val": {k: round(100 * v, 1) for k, v in
                                   calibration.figures(val[1], guess, conf, threshold).items()}}
    bz = pilot.logits(bench[0])
    bp = [softmax((z / t).astype(np.float32)) for z, t in zip(bz, temps, strict=True)]
    tally: dict[str, list[int]] = {}
    for i, (cond, kind, said) in enumerate(bench[1]):
        best = readings([p[i] for p in bp], None, intents=INTENTS)[0]
        sure = best.kind == "number" and best.probability >= threshold
        heard = numbers(best.index) if sure else ()
        key = f"{kind} {cond}"
        t = tally.setdefault(key, [0, 0, 0])
        t[0] += 1
        if said:
            t[1] += heard == said
            t[2] += bool(heard) and heard != said
        else:
            t[2] += bool(heard)
    out["bench"] = {k: f"{100 * r / n:.1f}/{100 * wr / n:.1f}" if not k.startswith("distractors")
                    else f"accepted {100 * wr / n:.1f}" for k, (n, r, wr) in sorted(tally.items())}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--lang", default="en", choices=sorted(LANGUAGES),
                        help="a language the bench has a corpus for")
    parser.add_argument("--train-items", type=int, default=2000)
    parser.add_argument("--party-items", type=int, default=1000)
    parser.add_argument("--val-items", type=int, default=600)
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--tune-epochs", type=int, default=3)
    parser.add_argument("--lr-layer", type=float, default=5e-5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    import torch

    torch.set_num_threads(args.threads)
    t0 = time.time()
    main_s, main_y = make_set(args.lang, "train", replace(Sizes(), max_items=args.train_items),
                              None)
    party_s, party_y = make_set(args.lang, "train",
                                replace(PARTY_SIZES, max_items=args.party_items), PARTY)
    val_s, val_y = make_set(args.lang, "val", replace(VAL, max_items=args.val_items), None)
    bench_s, bench_info = bench_set(args.lang)
    train_s, train_y = main_s + party_s, np.concatenate([main_y, party_y])
    print(f"data: {len(train_s)} train, {len(val_s)} val, {len(bench_s)} bench sequences, "
          f"{time.time() - t0:.0f} s", file=sys.stderr)
    w = encoder_weights()
    layer = _layers() - 1
    pilot = Pilot(w, layer, args.seed)
    pilot.standardize_on(train_s)
    frozen_train = pilot.pooled(train_s)
    frozen_val, frozen_bench = pilot.pooled(val_s), pilot.pooled(bench_s)
    results: dict[str, Any] = {"train": len(train_s), "val": len(val_s)}
    pilot.train_head(frozen_train, train_y, args.epochs, 3e-3)
    results["frozen"] = score(pilot, (frozen_val, val_y), (frozen_bench, bench_info))
    print(json.dumps(results["frozen"]), file=sys.stderr)
    start_head, start_rng = copy.deepcopy(pilot.head.state_dict()), copy.deepcopy(pilot.rng)
    pilot.train_head(frozen_train, train_y, args.tune_epochs, 5e-4)
    results["frozen+"] = score(pilot, (frozen_val, val_y), (frozen_bench, bench_info))
    print(json.dumps(results["frozen+"]), file=sys.stderr)
    pilot.head.load_state_dict(start_head)
    pilot.rng = start_rng
    pilot.train_both(train_s, train_y, args.tune_epochs, args.lr_layer, 5e-4)
    results["tuned"] = score(pilot, (pilot.pooled(val_s), val_y),
                             (pilot.pooled(bench_s), bench_info))
    results["seconds"] = round(time.time() - t0)
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
