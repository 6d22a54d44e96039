"""``voice-host ear train``: data, head, calibration, held-out figures, in one seeded run.

The shipped head is trained on synthetic voices only; the human digits in the shared corpus and
the bench's voices are never seen in training, and validation uses its own held-out voices.
"""

from __future__ import annotations

import contextlib
import dataclasses
import multiprocessing
import queue as queues
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import cast

import numpy as np
import numpy.typing as npt

from voice_host.ear.head import HEAD_NAMES, Head, pool, pooled_dim
from voice_host.ear.recognizer import default_head_path
from voice_host.ear.vocab import INTENTS
from voice_host.ear.whisper import DIM, WHISPER, cache_dir
from voice_host.ear_training import dataset, kernels
from voice_host.ear_training.calibration import calibrate
from voice_host.ear_training.dataset import (
    MBROLA,
    MBROLA_QUICK,
    MBROLA_VAL,
    NEURAL_QUICK,
    NEURAL_SIZES,
    PARTY_QUICK,
    PARTY_SIZES,
    QUICK,
    VAL,
    Embedded,
    Sizes,
)
from voice_host.ear_training.mlp import train_mlp
from voice_host.ear_training.seqtrain import ConvRecipe, train_conv
from voice_host.speakers import synth

ARCHS = ("conv", "mlp")
"""The head architectures :func:`train` makes."""

FRESH_NOISE = frozenset({"de", "es", "fr", "it"})
"""Languages whose shipped head drew its training noise afresh for every sequence (the recipe
before the noise bank, :data:`voice_host.ear_training.seqtrain.NOISE_BANK`), and still do, so
the same data and seed give the same head."""

DRAWS: dict[str, int] = {}
"""The draw of the recipe's training each language's shipped head was made with, where not the
first (0): the draw seeds the heads' weights and batches (:func:`draw_seed`), never the data.
Draws differ by several points on the bench; each card (``docs/ear/<lang>.md``) has the draws
measured."""

DRAW_STRIDE = 1_000_000
"""Seeds of draw d start at ``seed + d × DRAW_STRIDE``, clear of the members' ``+ 1000 k``."""


def draw_seed(seed: int, draw: int) -> int:
    """The seed the heads of ``draw`` train from; the data stays that of ``seed``."""
    return seed + DRAW_STRIDE * draw


def data_dir() -> Path:
    """Where synthesized, embedded training data is cached: the user's cache folder (moved by
    ``VOICE_HOST_CACHE``), never the installed package."""
    return cache_dir() / "ear-data"


class Progress:
    """What the trainer reports; the command line draws it with rich."""

    def stage(self, name: str, total: int) -> None:
        """A new stage with ``total`` steps starts."""

    def advance(self, steps: int = 1, note: str = "") -> None:
        """``steps`` more steps of the current stage are done."""


@dataclass(frozen=True)
class TrainResult:
    """What a training run produced."""

    path: Path
    """The written head."""
    seconds: float
    """Wall time of the run."""
    figures: dict[str, float]
    """Held-out figures on the validation voices."""


def build(lang: str, split: str, sizes: Sizes, seed: int, progress: Progress, workers: int,
          cache: Path | None, engine: str | None = None, front: str = WHISPER) -> Embedded:
    """The embedded data of one split, from the cache when it is there.

    ``engine`` (``"mbrola"``, :data:`dataset.WARPED`, :data:`dataset.SPEAKERS` or
    :data:`dataset.PARTY`) builds that set of the split instead; ``front`` names the front end
    (:data:`voice_host.ear.whisper.WHISPER`).
    """
    items = dataset.plan(lang, split, sizes, seed, engine)
    path = (cache or data_dir()) / f"{dataset.cache_key(lang, split, items, engine, front)}.npz"
    what = split if engine is None else f"{split} ({engine})"

    def pool() -> list[dataset.Audio]:
        party = engine == dataset.PARTY
        count = 10 if sizes.max_items else (60 if party else 40)
        return dataset.babble_pool(lang, split, seed, count, every_synthesizer=party)

    if path.exists():
        data = dataset.load(path)
        if data.snrs is not None or split == "train":
            progress.stage(f"{what}: cached", 1)
            progress.advance(1)
            return data
        # Cached before SNRs were kept; calibration needs them, so measure them once.
        progress.stage(f"{what}: cached; measure SNRs", len(items))
        snrs = dataset.measure_snrs(items, sizes.versions, pool(), workers=workers,
                                    progress=lambda n: progress.advance(n))
        data = dataclasses.replace(data, snrs=snrs)
        dataset.save(data, path)
        return data
    babble = pool()
    progress.stage(f"{what}: synthesize + embed", len(items))
    data = dataset.render(items, sizes.versions, babble, workers=workers,
                          progress=lambda n: progress.advance(n), front=front)
    dataset.save(data, path)
    return data


def build_all(lang: str, split: str, quick: bool, seed: int, progress: Progress, workers: int,
              cache: Path | None, front: str = WHISPER) -> Embedded:
    """The split's espeak-ng/festival set, its MBROLA set where MBROLA voices are here, and
    for training a set of warped voices (:data:`dataset.WARPED`), one of more real speakers
    (:data:`dataset.SPEAKERS`) where their synthesizers are here, one in neural voices
    (:data:`dataset.NEURAL`) where the language has some to train on, and one said at a party
    (:data:`dataset.PARTY`)."""
    party = PARTY_QUICK if quick else PARTY_SIZES
    if split == "train":
        sizes, extra = (QUICK, MBROLA_QUICK) if quick else (Sizes(), MBROLA)
    else:
        sizes, extra = (QUICK, MBROLA_QUICK) if quick else (VAL, MBROLA_VAL)
    data = build(lang, split, sizes, seed, progress, workers, cache, front=front)
    if any(v.engine == "mbrola" for v in synth.voices(lang, split)):
        data = dataset.merged(data, build(lang, split, extra, seed, progress, workers, cache,
                                          "mbrola", front))
    if split == "train":
        data = dataset.merged(data, build(lang, split, extra, seed, progress, workers, cache,
                                          dataset.WARPED, front))
        if dataset.speaker_voices(lang, split):
            data = dataset.merged(data, build(lang, split, extra, seed, progress, workers,
                                              cache, dataset.SPEAKERS, front))
        if dataset.speaker_voices(lang, split, neural=True):
            data = dataset.merged(data, build(lang, split, NEURAL_QUICK if quick else NEURAL_SIZES,
                                              seed, progress, workers, cache, dataset.NEURAL,
                                              front))
        data = dataset.merged(data, build(lang, split, party, seed, progress, workers, cache,
                                          dataset.PARTY, front))
    return data


def pooled(data: Embedded) -> npt.NDArray[np.float32]:
    """Pooled vectors of every sequence."""
    if not data.seqs:
        return np.zeros((0, pooled_dim(DIM)), np.float32)
    return np.stack([pool(s) for s in data.seqs])


def _one_blas_thread() -> contextlib.AbstractContextManager[object]:
    """Small matrix products run faster on one BLAS thread than on contended several."""
    try:
        from threadpoolctl import threadpool_limits  # type: ignore[import-untyped]
    except ImportError:
        return contextlib.nullcontext()
    limits: contextlib.AbstractContextManager[object] = threadpool_limits(1)
    return limits


_MEMBERS: dict[str, object] = {}
"""What the member processes train on (inherited through fork, never pickled)."""


def _train_member(k: int, seed: int) -> Head:
    data, recipe, queue = _MEMBERS["data"], _MEMBERS["recipe"], _MEMBERS["queue"]
    assert isinstance(data, Embedded) and isinstance(recipe, ConvRecipe)
    put = queue.put  # type: ignore[attr-defined]
    return train_conv(data.seqs, data.labels, recipe, seed=seed,
                      progress=lambda e, loss: put((k, e, loss)))


def _train_members(data: Embedded, recipe: ConvRecipe, seed: int, count: int, workers: int,
                   progress: Progress) -> list[Head]:
    """The ensemble's members, ``workers`` at a time in forked processes (one torch thread
    each); the same heads as one after another, since each has its own seed (member k:
    seed + 1000 k)."""
    ctx = multiprocessing.get_context("fork")
    updates = ctx.Queue()
    _MEMBERS.update(data=data, recipe=recipe, queue=updates)
    steps = count * recipe.epochs
    at_once = min(workers, count)
    progress.stage(f"train {count} heads, {at_once} at a time", steps)
    try:
        with ProcessPoolExecutor(at_once, mp_context=ctx) as ex:
            futures = [ex.submit(_train_member, k, seed + 1000 * k) for k in range(count)]
            reported = 0
            while reported < steps and not any(f.exception(0) for f in futures if f.done()):
                try:
                    k, _, loss = updates.get(timeout=0.5)
                except queues.Empty:
                    continue
                reported += 1
                progress.advance(1, f"head {k + 1} loss {loss:.3f}")
            heads = [f.result() for f in futures]
    finally:
        _MEMBERS.clear()
    return heads


def train(lang: str = "en", seed: int = 0, quick: bool = False, out: Path | None = None,
          progress: Progress | None = None, workers: int = 2, cache: Path | None = None,
          log: Callable[[str], None] = lambda s: None, arch: str = "conv",
          members: int = 2, draw: int | None = None) -> TrainResult:
    """Make the data, train the head, calibrate it on held-out voices, and write it.

    ``draw`` (default: the shipped head's, :data:`DRAWS`) seeds the training, not the data."""
    front = WHISPER
    progress = progress or Progress()
    start = time.monotonic()
    if arch == "conv":
        kernels.pin()  # before torch computes anything here or in the members it forks
    train_data = build_all(lang, "train", quick, seed, progress, workers, cache, front)
    val_data = build_all(lang, "val", quick, seed, progress, workers, cache, front)
    if draw is None:
        draw = DRAWS.get(lang, 0)
    weights = draw_seed(seed, draw)
    noise: str | None = None  # how the conv head's training noise was drawn
    if arch == "conv":
        recipe = ConvRecipe(epochs=2 if quick else ConvRecipe.epochs,
                            noise_bank=lang not in FRESH_NOISE)
        noise = "bank" if recipe.noise_bank else "fresh"
        count = 1 if quick else members
        if workers > 1 and count > 1:
            heads = _train_members(train_data, recipe, weights, count, workers, progress)
        else:
            heads = []
            for k in range(count):
                progress.stage(f"train head {k + 1}", recipe.epochs)
                heads.append(train_conv(
                    train_data.seqs, train_data.labels, recipe, seed=weights + 1000 * k,
                    progress=lambda e, loss: progress.advance(1, f"loss {loss:.3f}")))
        head = heads[0]
        head.members = heads[1:]
    elif arch == "mlp":
        x = pooled(train_data)
        epochs = 3 if quick else 20
        progress.stage("train head", epochs)
        with _one_blas_thread():
            head = train_mlp(x, train_data.labels, epochs=epochs, seed=weights,
                             progress=lambda e, loss: progress.advance(1, f"loss {loss:.3f}"))
    else:
        raise RuntimeError(f"unknown head architecture {arch!r} ({' or '.join(ARCHS)})")
    calibrated = calibrate(head, val_data)
    figs = cast(dict[str, float], calibrated["val_figures"])
    seconds = time.monotonic() - start
    head.meta = {
        "lang": lang, "seed": seed, "draw": draw, "quick": quick, "recipe": dataset.RECIPE,
        "arch": arch, "front": front,
        "members": 1 + len(head.members),
        "noise": noise, "kernels": kernels.in_use() if arch == "conv" else None,
        "intents": list(INTENTS), **calibrated, "train_utterances": len(train_data.seqs),
        "val_utterances": len(val_data.seqs),
        "temperatures": dict(zip(HEAD_NAMES, head.temperatures, strict=True)),
        "train_seconds": round(seconds, 1),
    }
    path = out or default_head_path(lang)
    head.save(path)
    log(f"wrote {path}")
    return TrainResult(path, seconds, figs)
