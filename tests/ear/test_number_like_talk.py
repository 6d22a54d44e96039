"""The ear's training talk that sounds like the game's words: never an announcement or a command,
never one of the chatter bench's sentences, planned as a rejection, and added without changing
what the rest of a language's plan holds."""

from __future__ import annotations

import pytest

from bench.chatter import NUMBER_LIKE
from tests.ear.conftest import needs_espeak
from voice_host.ear_training import dataset
from voice_host.ear_training.texts import REJECT, chatter, number_like
from voice_host.languages import codes
from voice_host.phrases import phrase_table

TRAINED_WITH_IT = ("de", "en")
"""The languages whose shipped head learned to reject number-like talk."""


def _said(text: str) -> str:
    return " ".join(text.lower().replace("-", " ").split())


@pytest.mark.parametrize("lang", codes())
def test_number_like_talk_is_no_announcement_command_chatter_or_bench_sentence(lang: str) -> None:
    talk = number_like(lang)
    assert (len(talk) >= 40) == (lang in TRAINED_WITH_IT)
    table = phrase_table(lang)
    for text in talk:
        assert table.parse(text) is None, text
    kept_apart = {_said(s) for s in (*NUMBER_LIKE.get(lang, ()), *chatter(lang))}
    assert not {_said(s) for s in talk} & kept_apart
    assert len(set(talk)) == len(talk)


@needs_espeak
@pytest.mark.parametrize("lang", TRAINED_WITH_IT)
def test_number_like_talk_is_planned_as_rejections_after_the_rest(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    sizes = dataset.Sizes(noise_only=0)
    items = dataset.plan(lang, "train", sizes, seed=0)
    talk = set(number_like(lang))
    planned = [i for i in items if i.text in talk]
    assert {i.text for i in planned} == talk
    assert len(planned) == sizes.per_chatter * len(talk)
    assert all(i.label == REJECT for i in planned)
    monkeypatch.setattr(dataset, "number_like", lambda _lang: ())
    before = dataset.plan(lang, "train", sizes, seed=0)
    assert items[: len(before)] == before and len(items) == len(before) + len(planned)
