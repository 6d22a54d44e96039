"""The ear in German: its totals said unit first but labelled head and unit; and the English
training plan, which the other languages' words and chatter must leave unchanged. German's
chatter, voices and shipped head are tested with the other languages' in ``test_languages.py``.
"""

from __future__ import annotations

import hashlib
import json

from tests.ear.conftest import needs_espeak
from voice_host.ear.vocab import HEADS, UNITS, split_total, words
from voice_host.ear_training import dataset
from voice_host.ear_training.texts import CHATTER_EN, PARTIALS_EN, chatter, number_label, partials
from voice_host.phrases import phrase_table


def test_german_totals_read_unit_first_but_label_head_and_unit() -> None:
    w = words("de")
    table = phrase_table("de")
    assert w.numbers[24] == "vierundzwanzig"
    label = number_label(24)
    assert (HEADS[label.head], UNITS[label.unit]) == (20, 4)
    for total in range(100):
        parsed = table.parse(w.numbers[total])
        assert parsed is not None and parsed.numbers == (total,), w.numbers[total]
        head, unit = split_total(total)
        assert HEADS[number_label(total).head] + UNITS[number_label(total).unit] == total
        assert (head, unit) == (HEADS[number_label(total).head], UNITS[number_label(total).unit])


EN_PLAN_TEXTS = "651d56a0b023"
"""Digest of what the English training plan of seed 0 says, in order, with its labels."""


@needs_espeak
def test_english_chatter_and_plan_are_unchanged() -> None:
    assert chatter("en") == CHATTER_EN and partials("en") == PARTIALS_EN
    assert chatter("xx") == () and partials("xx") == ()
    items = dataset.plan("en", "train", dataset.Sizes(), seed=0)
    blob = json.dumps([(i.text, i.label.intent, i.label.head, i.label.unit, i.label.card)
                       for i in items])
    assert len(items) == 7716
    assert hashlib.sha1(blob.encode()).hexdigest()[:12] == EN_PLAN_TEXTS
    assert dataset.cache_key("en", "train", items) == "en-train-87fe4b2101"
