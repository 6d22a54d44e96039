"""Training of a game's phrase head (:class:`~voice_host.ear.phrase_head.PhraseHead`): its fixed
phrases and table talk said by the ``train`` voices, augmented and embedded as the number heads'
data is, an MLP over the pooled states, then temperature and threshold on the ``val`` voices.

Table talk is the language's training chatter and half words, the game's own near misses, and
numbers and commands (the ear's heads hear those; the phrase head must not take them for a
phrase). The bench's voices and sentences are never seen.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass

import numpy as np
import numpy.typing as npt

from voice_host.ear.head import pool
from voice_host.ear.phrase_head import TALK, PhraseHead
from voice_host.ear.vocab import words
from voice_host.ear.whisper import WhisperFrontEnd
from voice_host.ear_training.calibration import fit_temperature
from voice_host.ear_training.dataset import Audio, Embedded, Item, augmented, babble_pool, render
from voice_host.ear_training.mlp import train_mlp
from voice_host.ear_training.texts import Label, chatter, partials
from voice_host.ear_training.train import data_dir
from voice_host.speakers import synth

RECIPE = 1
"""Bumped whenever the data recipe changes, so stale cached sets are not reused."""
MODEL_FIELDS = frozenset({"hidden", "epochs", "wrong_at_most"})
"""Recipe fields that shape the network, not the data."""

ENGINE_SHARES = {"espeak": 0.45, "mbrola": 0.35}
"""Share of utterances each engine's voices say; the rest go to the split's other engines
(festival, RHVoice, flite, Pico), or to these two where a language has none."""


@dataclass(frozen=True)
class PhraseRecipe:
    """How much data, and how the head is trained."""

    per_phrase: int = 40
    """Training utterances of each phrase."""
    per_talk: int = 3
    """Training utterances of each table-talk sentence."""
    val_per_phrase: int = 4
    """Validation utterances of each phrase (``val_per_talk`` likewise for talk)."""
    val_per_talk: int = 1
    versions: int = 2
    """Augmented versions of each utterance: one light, the rest hard (noise, babble, rooms)."""
    hidden: int = 256
    """Units of the one hidden layer."""
    epochs: int = 40
    """Passes over the training set."""
    wrong_at_most: float = 0.01
    """The threshold is the lowest with at most this share of val utterances heard wrong."""
    neural: float = 0.0
    """Share of the training utterances said by the Kokoro voices that train
    (:data:`~voice_host.speakers.synth.KOKORO_TRAIN`, in ``lang``), about a second of a core
    each to synthesize; 0 leaves them out."""
    per_pair: int = 24
    """Training mixtures of each ordered pair of phrases that may be said at once (the
    earlier one is the class); a third as many for validation."""
    within_s: float = 0.3
    """The later of two such phrases starts up to this long after the earlier."""


QUICK = PhraseRecipe(per_phrase=2, per_talk=1, val_per_phrase=1, val_per_talk=1, versions=1,
                     hidden=32, epochs=3, per_pair=1)
"""A tiny recipe for exercising the pipeline in tests."""


def talk_of(lang: str, near: Sequence[str]) -> list[str]:
    """What the head must hear as none of its phrases: chatter, half words, the game's near
    misses, every tenth number and each command phrasing."""
    w = words(lang)
    numbers = [w.numbers[n] for n in range(0, len(w.numbers), 10)]
    commands = [p for phrases in w.commands.values() for p in phrases]
    return [*chatter(lang), *partials(lang), *near, *numbers, *commands]


def engine_pools(lang: str, split: str, skip: frozenset[str]) -> dict[str, list[synth.Voice]]:
    """The voices of ``split`` by engine, but those of the engines in ``skip``."""
    pools: dict[str, list[synth.Voice]] = {}
    for voice in synth.voices(lang, split):
        if voice.engine not in skip:
            pools.setdefault(voice.engine, []).append(voice)
    return pools


def pairs_per(recipe: PhraseRecipe, split: str) -> int:
    """Mixtures of each ordered pair of phrases said at once in ``split``."""
    return recipe.per_pair if split == "train" else max(1, recipe.per_pair // 3)


def _pick_voice(pools: dict[str, list[synth.Voice]], rng: np.random.Generator) -> synth.Voice:
    others = [v for e, vs in pools.items() if e not in ENGINE_SHARES for v in vs]
    groups = {e: pools.get(e, []) for e in ENGINE_SHARES}
    shares = [ENGINE_SHARES[e] if groups[e] else 0.0 for e in ENGINE_SHARES]
    rest = 1.0 - sum(ENGINE_SHARES.values()) if others else 0.0
    weights = np.array([*shares, rest])
    choice = int(rng.choice(len(weights), p=weights / weights.sum()))
    pool_ = others if choice == len(ENGINE_SHARES) else groups[list(ENGINE_SHARES)[choice]]
    return pool_[int(rng.integers(len(pool_)))]


def kokoro_voices(lang: str) -> list[synth.Voice]:
    """The Kokoro voices that train, speaking ``lang``."""
    prefix = "" if lang == "en" else f"{lang}:"
    return [synth.Voice("kokoro", prefix + name, "train") for name in synth.KOKORO_TRAIN]


def plan(lang: str, split: str, phrases: Sequence[str], talk: Sequence[str], per_phrase: int,
         per_talk: int, seed: int, neural: float = 0.0) -> list[Item]:
    """The utterances of one split: each phrase (class 1, 2...) and each talk sentence (class
    0, :data:`TALK`) said by voices of ``split``, at varied speed and pitch; in ``train``, a
    ``neural`` share of them by the Kokoro voices that train."""
    rng = np.random.default_rng([seed, {"train": 0, "val": 1, "bench": 2}[split], 53])
    pools = engine_pools(lang, split, synth.NEURAL_ENGINES)
    todo = [(p, k + 1) for k, p in enumerate(phrases) for _ in range(per_phrase)]
    todo += [(t, 0) for t in talk for _ in range(per_talk)]
    kokoro = kokoro_voices(lang) if split == "train" and neural > 0 else []
    neural_rng = np.random.default_rng([seed, 61])
    items = []
    for text, label in todo:
        voice = _pick_voice(pools, rng)
        if kokoro and neural_rng.random() < neural:
            voice = kokoro[int(neural_rng.integers(len(kokoro)))]
        items.append(Item(text, Label(label), voice, float(rng.uniform(0.8, 1.2)),
                          int(rng.integers(30, 70)), int(rng.integers(2**31))))
    return items


def overlapped(lang: str, split: str, phrases: Sequence[str], said_at_once: Sequence[str],
               recipe: PhraseRecipe, babble: list[Audio], seed: int,
               advance: Callable[[int], None] | None = None,
               ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int64]]:
    """Two of ``said_at_once`` by two voices, the second starting within ``recipe.within_s``
    of the first, at the same level: pooled vectors, each of the earlier phrase's class."""
    rng = np.random.default_rng([seed, {"train": 0, "val": 1}[split], 59])
    pools = engine_pools(lang, split, synth.NEURAL_ENGINES | {"festival"})
    count = pairs_per(recipe, split)
    front = WhisperFrontEnd(threads=1)
    xs, ys = [], []
    for first in said_at_once:
        for second in said_at_once:
            if first == second:
                continue
            for _ in range(count):
                try:
                    a = synth.synthesize(_pick_voice(pools, rng), first,
                                         float(rng.uniform(0.85, 1.15)))
                    b = synth.synthesize(_pick_voice(pools, rng), second,
                                         float(rng.uniform(0.85, 1.15)))
                except synth.SynthesisError:
                    continue
                mix = _at_once(a, b, float(rng.uniform(0.0, recipe.within_s)))
                for version in range(recipe.versions):
                    heard_as = augmented(mix, version, rng, babble)
                    xs.append(pool(front.embed(heard_as)))
                    ys.append(phrases.index(first) + 1)
                if advance:
                    advance(1)
    return np.stack(xs).astype(np.float32), np.array(ys, np.int64)


def _at_once(first: Audio, second: Audio, delay_s: float) -> Audio:
    """Two utterances at the same level, the second ``delay_s`` after the first."""
    def level(x: Audio) -> npt.NDArray[np.float64]:
        y = x.astype(np.float64)
        return y / max(float(np.sqrt(np.mean(y**2))), 1.0) * 3000.0

    at = int(delay_s * 16000)
    mix = np.zeros(max(len(first), at + len(second)), np.float64)
    mix[: len(first)] += level(first)
    mix[at : at + len(second)] += level(second)
    return np.clip(mix, -32768, 32767).astype(np.int16)


def pooled(data: Embedded) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int64]]:
    """Each utterance's pooled vector and class."""
    x = np.stack([pool(s.astype(np.float32)) for s in data.seqs])
    return x, data.labels[:, 0].copy()


def choose_threshold(probs: npt.NDArray[np.float32], labels: npt.NDArray[np.int64],
                     wrong_at_most: float) -> float:
    """The lowest threshold at which at most ``wrong_at_most`` of the utterances are heard as
    a phrase they are not (table talk taken for a phrase included)."""
    guess = probs.argmax(1)
    conf = probs.max(1)
    for t in np.round(np.arange(0.3, 0.991, 0.01), 2):
        wrong = (conf >= t) & (guess != 0) & (guess != labels)
        if wrong.mean() <= wrong_at_most:
            return float(t)
    return 0.99


def figures(probs: npt.NDArray[np.float32], labels: npt.NDArray[np.int64],
            threshold: float) -> dict[str, float]:
    """Phrases heard right, heard wrong, and talk taken for a phrase, at ``threshold``."""
    guess = probs.argmax(1)
    sure = (probs.max(1) >= threshold) & (guess != 0)
    phrase = labels > 0
    return {
        "right": float((sure & (guess == labels))[phrase].mean()),
        "wrong": float((sure & (guess != labels))[phrase].mean()),
        "talk_taken": float(sure[~phrase].mean()) if (~phrase).any() else 0.0,
    }


def embedded_sets(game: str, lang: str, phrases: Sequence[str], near: Sequence[str],
                  said_at_once: Sequence[str], recipe: PhraseRecipe, seed: int, workers: int,
                  stage: Callable[[str, int], Callable[[int], None]] | None = None,
                  ) -> dict[str, tuple[npt.NDArray[np.float32], npt.NDArray[np.int64]]]:
    """The pooled training and validation sets (``train``, ``val``, and ``train_at_once``,
    ``val_at_once`` for phrases said at once), cached in the user's cache folder by what
    makes them, so a head is retrained or recalibrated without synthesizing again."""
    talk = talk_of(lang, near)
    made = [RECIPE, game, lang, seed, list(phrases), talk, list(said_at_once),
            {k: v for k, v in asdict(recipe).items() if k not in MODEL_FIELDS}]
    key = hashlib.sha1(json.dumps(made, ensure_ascii=False).encode()).hexdigest()[:10]
    path = data_dir() / f"phrases-{game}-{lang}-{key}.npz"
    if path.exists():
        with np.load(path) as z:
            return {name.removesuffix("_x"): (z[name], z[name[:-2] + "_y"])
                    for name in z.files if name.endswith("_x")}
    babble = babble_pool(lang, "train", seed)
    sets = {}
    for split, per_phrase, per_talk in (("train", recipe.per_phrase, recipe.per_talk),
                                        ("val", recipe.val_per_phrase, recipe.val_per_talk)):
        items = plan(lang, split, phrases, talk, per_phrase, per_talk, seed, recipe.neural)
        advance = stage(f"{split}: synthesize and embed", len(items)) if stage else None
        sets[split] = pooled(render(items, recipe.versions, babble, workers, advance))
        if said_at_once:
            pairs = len(said_at_once) * (len(said_at_once) - 1)
            advance = (stage(f"{split}: phrases said at once", pairs * pairs_per(recipe, split))
                       if stage else None)
            sets[f"{split}_at_once"] = overlapped(lang, split, phrases, said_at_once, recipe,
                                                  babble, seed, advance)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp.npz")
    arrays = {f"{name}_{part}": a for name, (x, y) in sets.items()
              for part, a in (("x", x), ("y", y))}
    np.savez(tmp, **arrays)  # type: ignore[arg-type]
    tmp.replace(path)
    return sets


def train(game: str, lang: str, phrases: Sequence[str], near: Sequence[str], *,
          said_at_once: Sequence[str] = (), recipe: PhraseRecipe = PhraseRecipe(),
          seed: int = 0, workers: int = 2,
          stage: Callable[[str, int], Callable[[int], None]] | None = None) -> PhraseHead:
    """A phrase head for ``phrases`` of ``game`` in ``lang``, calibrated on the val voices;
    ``said_at_once``: phrases two players may say at once, the earlier one to be heard.

    The threshold is chosen on single utterances (phrases and talk); how it does on phrases
    said at once is measured beside it. ``stage(name, total)`` starts a stage of the progress
    display and returns its advance."""
    sets = embedded_sets(game, lang, phrases, near, said_at_once, recipe, seed, workers, stage)
    x, y = (np.concatenate([a for name, (a, _) in sets.items() if name.startswith("train")]),
            np.concatenate([b for name, (_, b) in sets.items() if name.startswith("train")]))
    advance = stage("train", recipe.epochs) if stage else None
    mlp = train_mlp(x, y[:, None], hidden=(recipe.hidden,), epochs=recipe.epochs, seed=seed,
                    outputs=(len(phrases) + 1,),
                    progress=(lambda epoch, _loss: advance(1)) if advance else None)
    head = PhraseHead((TALK, *phrases), mlp.mean, mlp.scale, [*mlp.layers, *mlp.outs])
    vx, vy = sets["val"]
    head.temperature = fit_temperature(head.logits(vx), vy)
    probs = head.probs(vx)
    head.threshold = choose_threshold(probs, vy, recipe.wrong_at_most)
    val: dict[str, object] = {**figures(probs, vy, head.threshold)}
    if "val_at_once" in sets:
        ox, oy = sets["val_at_once"]
        val["said_at_once"] = figures(head.probs(ox), oy, head.threshold)
    head.meta = {"game": game, "lang": lang, "seed": seed, "recipe": asdict(recipe),
                 "train_utterances": len(y), "val_utterances": len(vy), "val": val}
    return head
