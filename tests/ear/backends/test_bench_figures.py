"""The recognition bench's own arithmetic (``bench/recognition.py``): the likeliest reading it
scores, the turn it hears a clip at, and the figures it draws from its raw rows."""

from __future__ import annotations

from typing import Any

import numpy as np

from bench import recognition
from bench.corpus import Case, Corpus
from voice_host.recognition import TURN_WINDOW, Alternative, Hearing


def test_likeliest_is_the_sure_reading_or_the_first_number_among_the_alternatives() -> None:
    sure = Hearing(text="twenty-four", numbers=(24,), confidence=0.95,
                   alternatives=(Alternative("thirty-four", (34,), None, 0.03),))
    unsure = Hearing(text="", confidence=0.4,
                     alternatives=(Alternative("undo", (), "undo", 0.4),
                                   Alternative("plus seven, thirteen", (7, 13), None, 0.3),
                                   Alternative("thirty", (30,), None, 0.2)))
    assert recognition.likeliest(sure) == [24]
    assert recognition.likeliest(unsure) == [7, 13]
    assert recognition.likeliest(Hearing(text="", confidence=0.9)) == []


def test_a_turn_starts_one_card_from_the_total_said() -> None:
    for total in (0, 5, 24, 45, 99):
        steps = {total - recognition.turn_current((total,), i) for i in range(200)}
        # Every card either way, where the total it starts from is one a table can have.
        assert steps == {s for s in (*range(-9, 0), *range(1, 10)) if 0 <= total - s <= 99}
    assert recognition.turn_current((3, 24), 7) == recognition.turn_current((24,), 7)
    drawn = {recognition.turn_current((), i) for i in range(300)}
    assert drawn <= set(range(46)) and len(drawn) > 30
    # The narrowing the turn's hearing gets always holds the total said.
    assert all(abs(recognition.turn_current((t,), i) - t) <= TURN_WINDOW
               for t in range(46) for i in range(20))


def test_figures_count_the_likeliest_and_the_turn() -> None:
    cases = [Case("espeak", "v", "clean", "twenty-four", (24,)),
             Case("espeak", "v", "clean", "thirteen", (13,)),
             Case("espeak", "v", "clean", "plus two, six", (2, 6)),
             Case("espeak", "v", "clean", "eleven", (11,)),
             Case("distractor", "v", "clean", "pass the crisps", ())]
    heard = [([24], [24], [24], [24]), ([], [13], [13], [13]), ([], [2, 16], [], [2, 6]),
             ([17], [17], [17], [17]), ([], [30], [30], [30])]
    rows: list[dict[str, object]] = [
        {"numbers": n, "likeliest": best, "turn": turn, "turn_likeliest": turn_best}
        for n, best, turn, turn_best in heard]
    for r in rows:
        r.update(ms=20.0, sec=1.0, alts=0)
    corpus = Corpus(cases, [np.zeros(10, np.int16)] * len(cases))
    out: Any = recognition.summarize(corpus, {"engine": "ear", "load_s": 1.0,
                                              "rss_mb": 100.0, "rows": rows})
    cell = out["table"]["espeak|clean"]
    assert (cell["exact"], cell["wrong"], cell["rejected"]) == (0.25, 0.25, 0.5)
    assert cell["likeliest"] == 0.5
    assert (cell["turn_exact"], cell["turn_wrong"], cell["turn_likeliest"]) == (0.5, 0.25, 0.75)
    assert out["table"]["all numbers|clean"]["likeliest"] == 0.5
    distractor = out["table"]["distractor|clean"]
    assert distractor["accepted"] == 0.0 and distractor["turn_accepted"] == 1.0
    assert "likeliest" not in distractor
    # Raw rows from before the likeliest reading was kept give the old figures and no more.
    old = [{k: r[k] for k in ("numbers", "ms", "sec", "alts")} for r in rows]
    again: Any = recognition.summarize(corpus, {"engine": "ear", "load_s": 1.0,
                                                "rss_mb": 100.0, "rows": old})
    cell = again["table"]["espeak|clean"]
    assert cell["exact"] == 0.25 and "likeliest" not in cell and "turn_exact" not in cell
