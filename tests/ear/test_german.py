"""The ear in German: its totals said unit first but labelled head and unit; and the English
training plan, which the other languages' words and chatter must leave unchanged. German's
chatter, voices and shipped head are tested with the other languages' in ``test_languages.py``.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

from tests.ear.conftest import needs_espeak
from voice_host.ear.vocab import CARDS, HEADS, INTENTS, UNITS, split_total, words
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


EN_PLAN = Path(__file__).parent / "golden" / "en-train-plan.txt"
"""What the English training plan of seed 0 says: each text with its labels and how many times,
in the order first planned. Written again with ``UPDATE_GOLDEN=1``; review its diff."""


def plan_lines(items: list[dataset.Item]) -> list[str]:
    """One line per planned text and label: count, text, intent, head + unit, card."""
    counts = Counter((i.text, i.label) for i in items)
    return [f"{n}\t{text}\t{INTENTS[label.intent]}\t{HEADS[label.head]}+{UNITS[label.unit]}\t"
            f"{CARDS[label.card]}" for (text, label), n in counts.items()]


@needs_espeak
def test_english_chatter_and_plan_are_unchanged() -> None:
    assert chatter("en") == CHATTER_EN and partials("en") == PARTIALS_EN
    assert chatter("xx") == () and partials("xx") == ()
    items = dataset.plan("en", "train", dataset.Sizes(), seed=0)
    lines = plan_lines(items)
    if os.environ.get("UPDATE_GOLDEN"):
        EN_PLAN.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert lines == EN_PLAN.read_text(encoding="utf-8").splitlines()
    assert len(items) == 7716
    # The cached training set's name: a change here makes every cached English set stale.
    assert dataset.cache_key("en", "train", items) == "en-train-whisper-base-2b9aec1f71"
