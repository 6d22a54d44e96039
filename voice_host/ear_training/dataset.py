"""The ear's training data: a seeded plan of utterances, synthesized, augmented and embedded.

``plan(...)`` lists what to say, in which voice, at what speed and pitch; ``render(...)`` turns a
plan into embedding sequences, in worker processes, and caches the result in the user's cache.
The same seed gives the same plan, the same audio and the same embeddings.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TypeVar, cast

import numpy as np
import numpy.typing as npt

from voice_host.audio.apparent_snr import apparent_snr_db
from voice_host.ear.features import Embedder
from voice_host.ear.vocab import CARD_SIGNS, CARD_VALUES, INTENTS, MAX_TOTAL, card_phrase, words
from voice_host.ear.whisper import WHISPER, WhisperFrontEnd
from voice_host.ear_training.texts import (
    CHATTER_EN,
    REJECT,
    Label,
    chatter,
    command_label,
    number_label,
    partials,
)
from voice_host.recognition import SAMPLE_RATE
from voice_host.speakers import augment, synth

_R = TypeVar("_R")

RECIPE = 3
"""Bumped whenever the data recipe changes, so stale caches are not reused."""

Audio = npt.NDArray[np.int16]


@dataclass(frozen=True)
class Item:
    """One utterance to synthesize."""

    text: str
    """What is said (empty for pure noise)."""
    label: Label
    """What the ear should hear."""
    voice: synth.Voice
    """Who says it."""
    speed: float
    """Speaking rate relative to normal."""
    pitch: int
    """espeak-ng pitch, 0-99."""
    seed: int
    """Seed of this item's augmentation."""
    warp: float = 1.0
    """Played this much faster, like tape: tempo, pitch and formants move together, as from a
    shorter or longer vocal tract (1.0 leaves the voice as it is)."""
    party: bool = False
    """Every augmented version is in party babble (else version 0 is light, the rest hard)."""


@dataclass(frozen=True)
class Sizes:
    """How much of each kind of utterance to make."""

    per_total_low: int = 40
    """Utterances of each total 0-45."""
    per_total_high: int = 22
    """Utterances of each total 46-99."""
    card_first: int = 2000
    """Card-first utterances."""
    per_command_phrase: int = 16
    """Utterances of each command phrasing."""
    per_chatter: int = 18
    """Utterances of each chatter sentence."""
    per_partial: int = 16
    """Utterances of each half word or filler."""
    noise_only: int = 300
    """Clips of pure noise or babble."""
    versions: int = 2
    """Augmented versions of each utterance."""
    max_items: int = 0
    """Keep only this many utterances, drawn at random (0 keeps all)."""

    def scaled(self, factor: float) -> Sizes:
        """These sizes times ``factor`` (at least 1 each)."""
        def s(n: int) -> int:
            return max(1, round(n * factor))

        return Sizes(s(self.per_total_low), s(self.per_total_high), s(self.card_first),
                     s(self.per_command_phrase), s(self.per_chatter), s(self.per_partial),
                     s(self.noise_only), self.versions, self.max_items)


QUICK = Sizes(1, 0, 20, 1, 1, 1, 5, 1, max_items=60)
"""A tiny set for exercising the pipeline in tests."""
VAL = Sizes(3, 2, 200, 2, 3, 2, 30, 2)
"""The validation set (held-out voices)."""
MBROLA = Sizes(20, 8, 800, 4, 4, 4, 0, 2)
"""The training set in the MBROLA voices (on top of the espeak-ng and festival set)."""
MBROLA_VAL = Sizes(3, 1, 100, 1, 2, 1, 0, 2)
"""The validation set in the held-out MBROLA voices."""
MBROLA_QUICK = Sizes(1, 0, 5, 1, 1, 1, 0, 1, max_items=12)
"""A tiny MBROLA set for exercising the pipeline in tests."""
PARTY_SIZES = Sizes(20, 8, 800, 4, 4, 4, 150, 2)
"""The training set at a party (:data:`PARTY`)."""
PARTY_QUICK = Sizes(1, 0, 5, 1, 1, 1, 2, 1, max_items=12)
"""A tiny party set for exercising the pipeline in tests."""
NEURAL_SIZES = Sizes(3, 1, 80, 1, 0, 0, 0, 4)
"""The training set in the neural voices (:data:`NEURAL`): few utterances, since one takes
about a second of a core to synthesize, and four augmented versions of each."""
NEURAL_QUICK = Sizes(1, 0, 2, 1, 0, 0, 0, 2, max_items=4)
"""A tiny neural set for exercising the pipeline in tests."""


def _speech_items(lang: str, voice_pool: Sequence[synth.Voice], sizes: Sizes,
                  rng: np.random.Generator, talk: Sequence[str]) -> list[tuple[str, Label]]:
    w = words(lang)
    todo: list[tuple[str, Label]] = []
    for total in range(MAX_TOTAL + 1):
        count = sizes.per_total_low if total <= 45 else sizes.per_total_high
        todo += [(w.numbers[total], number_label(total))] * count
    for _ in range(sizes.card_first):
        sign = CARD_SIGNS[int(rng.choice(3, p=[0.45, 0.35, 0.2]))]
        card = f"{sign}{int(rng.choice(CARD_VALUES))}"
        total = int(rng.integers(0, 46)) if rng.random() < 0.8 else int(rng.integers(0, 100))
        todo.append((card_phrase(w, card, total), number_label(total, card)))
    for name, phrases in w.commands.items():
        for phrase in phrases:
            todo += [(phrase, command_label(name))] * sizes.per_command_phrase
    todo += [(s, REJECT) for s in talk for _ in range(sizes.per_chatter)]
    todo += [(s, REJECT) for s in partials(lang) for _ in range(sizes.per_partial)]
    return todo


def _limited(items: list[Item], sizes: Sizes, rng: np.random.Generator) -> list[Item]:
    """``items``, or ``sizes.max_items`` of them drawn at random, in their order."""
    if sizes.max_items and len(items) > sizes.max_items:
        keep = np.sort(rng.choice(len(items), sizes.max_items, replace=False))
        items = [items[int(i)] for i in keep]
    return items


def plan(lang: str, split: str, sizes: Sizes, seed: int, engine: str | None = None) -> list[Item]:
    """The utterances of one split, each with a voice drawn from that split's voices.

    By default the voices are espeak-ng's (with a share of festival's); ``engine="mbrola"``
    plans a set of its own in the MBROLA voices, from a seed stream of its own.
    """
    stream = [seed, {"train": 0, "val": 1, "bench": 2}[split]]
    streams = {"mbrola": 23, WARPED: 29, SPEAKERS: 37, PARTY: 41, NEURAL: 43}
    rng = np.random.default_rng(
        stream if engine is None else [*stream, streams.get(engine, 31)])
    pool = synth.voices(lang, split)
    if engine == WARPED:
        return _warped_plan(lang, pool, sizes, rng)
    if engine == SPEAKERS:
        return _speakers_plan(lang, split, sizes, rng)
    if engine == NEURAL:
        return _speakers_plan(lang, split, sizes, rng, neural=True)
    if engine == PARTY:
        return _party_plan(lang, pool, sizes, rng)
    if engine is not None:
        pool = [v for v in pool if v.engine == engine]
    if not pool:
        needs = "mbrola and its voices" if engine == "mbrola" else "espeak-ng"
        raise RuntimeError(f"no {split} voices for {lang!r}: is {needs} installed?")
    espeak = [v for v in pool if v.engine == (engine or "espeak")]
    festival = [v for v in pool if v.engine == "festival" and v.name in synth.FESTIVAL_VOICES]
    items: list[Item] = []
    for text, label in _speech_items(lang, pool, sizes, rng, chatter(lang)):
        use_festival = festival and rng.random() < 0.12
        voice = festival[int(rng.integers(len(festival)))] if use_festival else espeak[
            int(rng.integers(len(espeak)))]
        speed = float(rng.uniform(0.75, 1.35))
        pitch = int(rng.integers(15, 86))
        items.append(Item(text, label, voice, speed, pitch, int(rng.integers(2**31))))
    for _ in range(sizes.noise_only):
        voice = espeak[int(rng.integers(len(espeak)))]
        items.append(Item("", REJECT, voice, 1.0, 50, int(rng.integers(2**31))))
    return _limited(items, sizes, rng)


WARPED = "warped"
"""The set made with :data:`Item.warp`: espeak-ng and MBROLA voices (half each), every
utterance played 0.85-1.18 times as fast, so its formants move as another speaker's would."""


def _warped_plan(lang: str, pool: Sequence[synth.Voice], sizes: Sizes,
                 rng: np.random.Generator) -> list[Item]:
    espeak = [v for v in pool if v.engine == "espeak"]
    mbrola = [v for v in pool if v.engine == "mbrola"] or espeak
    if not espeak:
        raise RuntimeError(f"no voices for {lang!r}: is espeak-ng installed?")
    items = []
    for text, label in _speech_items(lang, pool, sizes, rng, chatter(lang)):
        group = mbrola if rng.random() < 0.5 else espeak
        voice = group[int(rng.integers(len(group)))]
        items.append(Item(text, label, voice, float(rng.uniform(0.85, 1.2)),
                          int(rng.integers(15, 86)), int(rng.integers(2**31)),
                          float(rng.uniform(0.85, 1.18))))
    return _limited(items, sizes, rng)


SPEAKERS = "speakers"
"""The set made in :data:`synth.OTHER_VOICES` but the neural ones: more real speakers (flite,
SVOX Pico, RHVoice, more festival voices), each voice equally often."""


def speaker_voices(lang: str, split: str, neural: bool = False) -> list[synth.Voice]:
    """The ``split``'s voices of :data:`synth.OTHER_VOICES` installed here: the neural ones
    (:data:`synth.NEURAL_ENGINES`), or the others."""
    return [v for v in synth.other_voices(lang)
            if v.split == split and (v.engine in synth.NEURAL_ENGINES) == neural]


def _speakers_plan(lang: str, split: str, sizes: Sizes, rng: np.random.Generator,
                   neural: bool = False) -> list[Item]:
    """The :data:`SPEAKERS` set, or with ``neural`` the :data:`NEURAL` set."""
    pool = speaker_voices(lang, split, neural)
    if not pool:
        raise RuntimeError(f"no {split} neural voices for {lang!r}" if neural else
                           f"no {split} voices of other synthesizers for {lang!r}: are flite, "
                           "libttspico-utils and rhvoice-english installed?")
    items = []
    for text, label in _speech_items(lang, pool, sizes, rng, chatter(lang)):
        voice = pool[int(rng.integers(len(pool)))]
        items.append(Item(text, label, voice, float(rng.uniform(0.8, 1.25)),
                          int(rng.integers(25, 76)), int(rng.integers(2**31)),
                          party=neural and bool(rng.random() < 0.3)))
    return _limited(items, sizes, rng)


NEURAL = "neural"
"""The set in the neural voices of :data:`synth.OTHER_VOICES` (:mod:`voice_host.speakers.neural`),
each voice equally often; three in ten utterances at a party."""


PARTY = "party"
"""The set said at a party: every utterance in party babble of 2-6 talkers at 0-20 dB, by
espeak-ng, MBROLA and the other synthesizers' voices alike (but the neural ones, which have a
set of their own), and babble alone as rejections."""


def _party_plan(lang: str, pool: Sequence[synth.Voice], sizes: Sizes,
                rng: np.random.Generator) -> list[Item]:
    others = [v for v in pool if v.engine not in ("espeak", "mbrola", *synth.NEURAL_ENGINES)]
    groups = [g for g in ([v for v in pool if v.engine == "espeak"],
                          [v for v in pool if v.engine == "mbrola"], others) if g]
    if not groups:
        raise RuntimeError(f"no voices for {lang!r}: is espeak-ng installed?")
    items = []
    for text, label in _speech_items(lang, pool, sizes, rng, chatter(lang)):
        group = groups[int(rng.integers(len(groups)))]
        voice = group[int(rng.integers(len(group)))]
        items.append(Item(text, label, voice, float(rng.uniform(0.8, 1.25)),
                          int(rng.integers(20, 81)), int(rng.integers(2**31)), party=True))
    for _ in range(sizes.noise_only):
        items.append(Item("", REJECT, groups[0][0], 1.0, 50, int(rng.integers(2**31)),
                          party=True))
    return _limited(items, sizes, rng)


def merged(a: Embedded, b: Embedded) -> Embedded:
    """Both sets as one (with SNRs where both have them)."""
    snrs = None if a.snrs is None or b.snrs is None else np.concatenate([a.snrs, b.snrs])
    return Embedded(a.seqs + b.seqs, np.concatenate([a.labels, b.labels]), a.voices + b.voices,
                    a.texts + b.texts, snrs)


def babble_pool(lang: str, split: str, seed: int, count: int = 40,
                every_synthesizer: bool = False) -> list[Audio]:
    """Chatter sentences of ``lang`` (English where it has none) in ``count`` voices of
    ``split``, for party babble: espeak-ng voices, or with ``every_synthesizer`` the voices of
    every synthesizer here but festival and the neural ones (for the :data:`PARTY` set)."""
    rng = np.random.default_rng([seed, 13 if every_synthesizer else 7])
    skip = {"festival", *synth.NEURAL_ENGINES}
    pool = [v for v in synth.voices(lang, split)
            if (v.engine not in skip if every_synthesizer else v.engine == "espeak")]
    out = []
    for _ in range(count):
        voice = pool[int(rng.integers(len(pool)))]
        text = ". ".join(str(s) for s in rng.choice(chatter(lang) or CHATTER_EN, 3))
        speed = float(rng.uniform(0.85, 1.15) if every_synthesizer else rng.uniform(0.8, 1.2))
        try:
            out.append(synth.synthesize(voice, text, speed))
        except synth.SynthesisError:
            continue
    return out


def _framed(clean: Audio, rng: np.random.Generator) -> tuple[Audio, bool]:
    """``clean`` with 0-0.3 s of silence on each side (0.5-2 s of silence for an empty clip)
    at a random level; and whether it was empty."""
    lead = int(rng.uniform(0.0, 0.3) * SAMPLE_RATE)
    trail = int(rng.uniform(0.0, 0.3) * SAMPLE_RATE)
    x = np.concatenate([np.zeros(lead, np.int16), clean, np.zeros(trail, np.int16)])
    empty = len(clean) == 0 or not np.any(clean)
    if empty:
        x = np.zeros(int(rng.uniform(0.5, 2.0) * SAMPLE_RATE), np.int16)
    level = float(rng.uniform(-18, 3))
    x = augment.gain(x, level - 20 * np.log10(max(float(np.abs(x).max()), 1.0) / 20000.0))
    return x, empty


def at_party(clean: Audio, rng: np.random.Generator, babble: Sequence[Audio]) -> Audio:
    """``clean`` said at a party: 2-6 talkers at 0-20 dB, sometimes a room and a noise floor;
    babble alone (quiet to loud) for an empty clip."""
    x, empty = _framed(clean, rng)
    if augment.rooms() and rng.random() < 0.3:
        rooms = augment.rooms()
        x = augment.reverb(x, rooms[int(rng.integers(len(rooms)))], float(rng.uniform(0.3, 1)))
    party = augment.babble(rng, list(babble), len(x), int(rng.integers(2, 7)))
    if empty:
        return augment.to_int16(party * 10 ** (float(rng.uniform(-45, -10)) / 20) * 32768)
    x = augment.mix(x, party, float(rng.uniform(0, 20)))
    if rng.random() < 0.3:
        x = augment.mix(x, _noise_floor(rng, len(x)), float(rng.uniform(15, 35)))
    if rng.random() < 0.15:
        x = augment.band_limit_8k(x)
    return x


def _noise_floor(rng: np.random.Generator, n: int) -> npt.NDArray[np.float64]:
    color = str(rng.choice(["white", "pink", "brown"]))
    return augment.colored_noise(rng, n, color)


def augmented(clean: Audio, version: int, rng: np.random.Generator,
              babble: Sequence[Audio]) -> Audio:
    """One augmented copy of ``clean``: version 0 is light, version 1 and up are hard."""
    x, _ = _framed(clean, rng)
    if version >= 1 and augment.rooms() and rng.random() < 0.35:
        rooms = augment.rooms()
        x = augment.reverb(x, rooms[int(rng.integers(len(rooms)))], float(rng.uniform(0.3, 1)))
    if version == 0:
        snr = float(rng.uniform(25, 50))
        noise = _noise_floor(rng, len(x))
    else:
        snr = float(rng.uniform(-3, 20))
        noise = (augment.babble(rng, list(babble), len(x), int(rng.integers(2, 6)))
                 if babble and rng.random() < 0.4 else _noise_floor(rng, len(x)))
    if not np.any(clean):
        x = augment.to_int16(noise * 10 ** (float(rng.uniform(-50, -10)) / 20) * 32768)
    else:
        x = augment.mix(x, noise, snr)
    if rng.random() < 0.2:
        x = augment.band_limit_8k(x)
    return x


_WORKER: dict[str, object] = {}


def _init_worker(babble: list[Audio], front: str | None = WHISPER) -> None:
    if front is not None:
        if front != WHISPER:
            raise RuntimeError(f"unknown front end {front!r}; the ear has one: {WHISPER}")
        _WORKER["front"] = WhisperFrontEnd(threads=1)
    _WORKER["babble"] = babble


def _synth_many(items: Sequence[Item]) -> list[Audio]:
    out: dict[int, Audio] = {}
    fest: dict[str, list[int]] = {}
    for i, item in enumerate(items):
        if not item.text:
            out[i] = np.zeros(0, np.int16)
        elif item.voice.engine == "festival":
            fest.setdefault(item.voice.name, []).append(i)
        else:
            try:
                out[i] = synth.synthesize(item.voice, item.text, item.speed, item.pitch)
            except synth.SynthesisError:
                out[i] = np.zeros(0, np.int16)
    for idx in fest.values():
        voice = items[idx[0]].voice
        clips = synth.festival_batch(voice, [items[i].text for i in idx],
                                     [items[i].speed for i in idx])
        for i, clip in zip(idx, clips, strict=True):
            out[i] = clip
    return [out[i] for i in range(len(items))]


def _heard(items: Sequence[Item], versions: int) -> Iterator[Audio]:
    """Every augmented version of every item, as the front end hears it, item by item."""
    babble = _WORKER["babble"]
    assert isinstance(babble, list)
    for item, clean in zip(items, _synth_many(items), strict=True):
        rng = np.random.default_rng(item.seed)
        if item.warp != 1.0 and len(clean):
            clean = augment.change_speed(clean, item.warp)
        for v in range(versions):
            yield at_party(clean, rng, babble) if item.party else augmented(clean, v, rng, babble)


def _work(args: tuple[Sequence[Item], int]) -> tuple[list[npt.NDArray[np.float16]], list[float]]:
    items, versions = args
    embedder = cast(Embedder, _WORKER["front"])  # set by _init_worker
    seqs, snrs = [], []
    for audio in _heard(items, versions):
        seqs.append(embedder.embed(audio).astype(np.float16))
        snrs.append(apparent_snr_db(audio))
    return seqs, snrs


def _snr_work(args: tuple[Sequence[Item], int]) -> list[float]:
    return [apparent_snr_db(audio) for audio in _heard(*args)]


@dataclass(frozen=True)
class Embedded:
    """Embedding sequences with their labels, ready for training."""

    seqs: list[npt.NDArray[np.float16]]
    """One ``(T, dim)`` sequence per augmented utterance."""
    labels: npt.NDArray[np.int64]
    """``(N, 4)`` intent, head, unit, card (-1 where a head does not apply)."""
    voices: list[str]
    """The voice of each utterance."""
    texts: list[str]
    """The text of each utterance."""
    snrs: npt.NDArray[np.float32] | None = None
    """The apparent SNR of each utterance (:func:`~voice_host.audio.apparent_snr.apparent_snr_db`),
    or None for a set cached before it was measured (:func:`measure_snrs`)."""


def cache_key(lang: str, split: str, items: Sequence[Item], engine: str | None = None,
              front: str = WHISPER) -> str:
    """A short name for the embedded set of ``items`` (a :func:`plan`) through ``front``.

    The name covers every planned utterance (its text, label, voice, speed, pitch and seed),
    so editing a voice table, a chatter list or a phrase makes a new set instead of reusing
    the old one.
    """
    planned = json.dumps([asdict(i) for i in items], sort_keys=True)
    parts: list[object] = [RECIPE, lang, split, hashlib.sha1(planned.encode()).hexdigest(), front]
    blob = json.dumps(parts, sort_keys=True)
    name = split if engine is None else f"{split}-{engine}"
    name = f"{name}-{front}"
    return f"{lang}-{name}-{hashlib.sha1(blob.encode()).hexdigest()[:10]}"


def _chunked(items: Sequence[Item], versions: int, babble: list[Audio], workers: int,
             progress: Callable[[int], None] | None, chunk: int, front: str | None,
             work: Callable[[tuple[Sequence[Item], int]], _R]) -> list[_R]:
    """``work`` on chunks of ``items``, in ``workers`` processes (with the front end called
    ``front`` loaded in each, unless None), in order."""
    chunks = [items[i : i + chunk] for i in range(0, len(items), chunk)]
    out: list[_R] = []
    if workers <= 1:
        _init_worker(babble, front)
        for c in chunks:
            out.append(work((c, versions)))
            if progress:
                progress(len(c))
        return out
    with ProcessPoolExecutor(workers, initializer=_init_worker,
                             initargs=(babble, front)) as ex:
        for c, r in zip(chunks, ex.map(work, [(c, versions) for c in chunks]), strict=True):
            out.append(r)
            if progress:
                progress(len(c))
    return out


def render(items: Sequence[Item], versions: int, babble: list[Audio], workers: int = 2,
           progress: Callable[[int], None] | None = None, chunk: int = 24,
           front: str = WHISPER) -> Embedded:
    """Synthesize, augment and embed every item, ``versions`` copies each, in worker processes,
    through the front end called ``front``; and measure each copy's apparent SNR."""
    done = _chunked(items, versions, babble, workers, progress, chunk, front, _work)
    seqs = [s for chunk_seqs, _ in done for s in chunk_seqs]
    snrs = np.array([x for _, chunk_snrs in done for x in chunk_snrs], dtype=np.float32)
    rows = [item.label for item in items for _ in range(versions)]
    labels = np.array([[r.intent, r.head, r.unit, r.card] for r in rows], dtype=np.int64)
    return Embedded(seqs, labels, [i.voice.name for i in items for _ in range(versions)],
                    [i.text for i in items for _ in range(versions)], snrs)


def measure_snrs(items: Sequence[Item], versions: int, babble: list[Audio], workers: int = 2,
                 progress: Callable[[int], None] | None = None,
                 chunk: int = 24) -> npt.NDArray[np.float32]:
    """The apparent SNR of every copy :func:`render` makes of ``items``, from the same audio
    (synthesized and augmented again, not embedded): for a set cached before SNRs were kept."""
    done = _chunked(items, versions, babble, workers, progress, chunk, None, _snr_work)
    return np.array([x for chunk_snrs in done for x in chunk_snrs], dtype=np.float32)


def save(data: Embedded, path: Path) -> None:
    """Write ``data`` as one compressed npz (ragged sequences concatenated)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lengths = np.array([len(s) for s in data.seqs], dtype=np.int64)
    flat = np.concatenate(data.seqs) if data.seqs else np.zeros((0, 1), np.float16)
    tmp = path.with_suffix(".tmp.npz")
    arrays: dict[str, npt.NDArray[np.generic]] = {
        "flat": flat, "lengths": lengths, "labels": data.labels, "voices": np.array(data.voices),
        "texts": np.array(data.texts), "intents": np.array(INTENTS)}
    if data.snrs is not None:
        arrays["snrs"] = data.snrs
    np.savez(tmp, **arrays)  # type: ignore[arg-type]
    tmp.replace(path)


def load(path: Path) -> Embedded:
    """Read what :func:`save` wrote."""
    with np.load(path) as z:
        lengths = z["lengths"]
        bounds = np.concatenate([[0], np.cumsum(lengths)])
        flat = z["flat"]
        seqs = [flat[bounds[i] : bounds[i + 1]] for i in range(len(lengths))]
        labels = np.array(z["labels"])
        stored = [str(n) for n in z["intents"]]
        # Intent indices follow the vocabulary the data was made with; map them by name.
        remap = np.array([INTENTS.index(n) if n in INTENTS else INTENTS.index("reject")
                          for n in stored], dtype=np.int64)
        labels[:, 0] = remap[labels[:, 0]]
        snrs = np.array(z["snrs"], dtype=np.float32) if "snrs" in z.files else None
        return Embedded(seqs, labels, [str(v) for v in z["voices"]],
                        [str(t) for t in z["texts"]], snrs)
