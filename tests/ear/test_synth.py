"""The synthesizers behind the ear's training data and bench: each voice speaks, speed works,
no speaker is both trained on and measured, and a cached set is named by
its plan."""

from __future__ import annotations

import shutil
from dataclasses import replace

import numpy as np
import pytest

from tests.ear.conftest import needs_espeak
from voice_host.ear_training import dataset
from voice_host.speakers import synth

OTHERS = [synth.Voice(e, n, s) for lang in synth.OTHER_VOICES
          for (e, n), s in synth.OTHER_VOICES[lang].items()]


@pytest.mark.parametrize("voice", OTHERS, ids=lambda v: f"{v.engine}-{v.name}")
def test_each_other_voice_speaks_and_follows_the_speed(voice: synth.Voice) -> None:
    if voice not in [v for lang in synth.OTHER_VOICES for v in synth.other_voices(lang)]:
        pytest.skip(f"{voice.engine} {voice.name} is not installed (scripts/setup.sh installs it)")
    text = "zweiundvierzig" if voice.name.startswith("de") else "forty two"
    normal = synth.synthesize(voice, text)
    slow = synth.synthesize(voice, text, speed=0.7)
    assert normal.dtype == np.int16 and 0.3 < len(normal) / 16000 < 3.0
    assert np.sqrt(np.mean(normal.astype(np.float64) ** 2)) > 300
    assert len(slow) > 1.15 * len(normal)


def test_a_speaker_stays_in_one_set_across_synthesizers() -> None:
    def speaker(name: str) -> str:
        return name.removesuffix("_diphone").removesuffix("_arctic_hts").removeprefix("cmu_us_")

    sets: dict[str, set[str]] = {}
    for (_, name), split in synth.OTHER_VOICES["en"].items():
        sets.setdefault(speaker(name), set()).add(split)
    for name, split in synth.FESTIVAL_VOICES.items():
        sets.setdefault(speaker(name), set()).add(split)
    assert sets["slt"] == {"bench"}
    assert all(len(s) == 1 for s in sets.values()), sets


def test_the_speakers_party_and_neural_plans_use_only_their_split() -> None:
    if not synth.other_voices("en") or shutil.which("espeak-ng") is None:
        pytest.skip("the other synthesizers are not installed")
    speakers = dataset.plan("en", "train", dataset.MBROLA, 0, dataset.SPEAKERS)
    party = dataset.plan("en", "train", dataset.PARTY_QUICK, 0, dataset.PARTY)
    assert speakers and all(i.voice.split == "train" for i in speakers + party)
    assert all(i.voice.engine not in ("espeak", "mbrola") for i in speakers)
    assert all(i.party for i in party) and not any(i.party for i in speakers)
    big = dataset.plan("en", "train", dataset.PARTY_SIZES, 0, dataset.PARTY)
    engines = {i.voice.engine for i in big}
    assert {"espeak", "mbrola"} <= engines and engines & {"flite", "pico", "rhvoice", "festival"}
    assert sum(not i.text for i in big) == dataset.PARTY_SIZES.noise_only
    # The neural voices (a second of a core an utterance) are in a small set of their own.
    assert not (engines | {i.voice.engine for i in speakers}) & synth.NEURAL_ENGINES
    neural = dataset.plan("en", "train", dataset.NEURAL_SIZES, 0, dataset.NEURAL)
    voices = {i.voice for i in neural}
    assert voices == set(dataset.speaker_voices("en", "train", neural=True))
    assert {v.name for v in voices} == set(synth.KOKORO_TRAIN)
    assert len(neural) < len(big) / 5 and 0.2 < np.mean([i.party for i in neural]) < 0.4


@pytest.mark.parametrize(("lang", "learns"), [("fr", True), ("de", False), ("es", False),
                                              ("it", False)])
def test_kokoro_trains_where_its_head_learned_from_it(lang: str, learns: bool) -> None:
    # The same speakers train and measure in every language: a bench speaker never trains.
    voices = {v for v in synth.voices(lang) if v.engine == "kokoro"}
    train = {v.name.split(":")[-1] for v in voices if v.split == "train"}
    bench = {v.name.split(":")[-1] for v in voices if v.split == "bench"}
    assert train == (set(synth.KOKORO_TRAIN) if learns else set())
    assert bench == set(synth.KOKORO_BENCH) and not train & bench
    assert bool(dataset.speaker_voices(lang, "train", neural=True)) is learns
    if learns:
        plan = dataset.plan(lang, "train", dataset.NEURAL_QUICK, 0, dataset.NEURAL)
        assert plan and all(i.voice.engine == "kokoro" for i in plan)


@needs_espeak
def test_a_cached_set_is_named_by_what_it_says_and_who_says_it() -> None:
    items = dataset.plan("en", "val", dataset.QUICK, seed=0)
    key = dataset.cache_key("en", "val", items)
    other_voice = synth.Voice("espeak", "en-us+nobody", "val")
    assert dataset.cache_key("en", "val", [replace(items[0], voice=other_voice), *items[1:]]) != key
    assert dataset.cache_key("en", "val", [replace(items[0], text="pass the crisps"),
                                           *items[1:]]) != key
    assert dataset.cache_key("en", "val", items[1:]) != key
    assert key.startswith("en-val-whisper-base-")
    assert dataset.cache_key("en", "val", items, front="another")[-10:] != key[-10:]
