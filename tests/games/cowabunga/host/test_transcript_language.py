"""The printed transcript speaks the table's language: the referee's heard, typed, host and
would-ask lines, the live view's reading of them, the demo's bot lines and its closing summary;
English prints exactly what it always did, and the JSON log keeps its English event names."""

from __future__ import annotations

import io
import json
from typing import Any

import numpy as np
import pytest

from cowabunga import EndReason, Outcome
from voice_host.games.cowabunga.host import Session
from voice_host.games.cowabunga.host.demo import SimTable, Stats
from voice_host.games.cowabunga.words import EN, WORDINGS
from voice_host.host.live_view import LiveView
from voice_host.host.runner import Runner
from voice_host.phrases import phrase_table
from voice_host.recognition import Alternative, Hearing

from .helpers import PLAYERS, table_setup

ENGLISH_LABELS = ("heard", "HOST", "typed", "would ask", "mumbled", "turns", "won", "cut short")
"""The English transcript's own words, none of which may turn up in another language's labels."""


def hearing(lang: str, text: str, confidence: float, *alts: tuple[str, float]) -> Hearing:
    """A scripted hearing of ``text`` in ``lang`` with alternatives given as (text, confidence)."""
    table = phrase_table(lang)
    parsed = table.parse(text)
    assert parsed is not None, text
    alternatives = []
    for alt_text, alt_conf in alts:
        alt = table.parse(alt_text)
        assert alt is not None, alt_text
        alternatives.append(Alternative(alt_text, alt.numbers, alt.command, alt_conf))
    return Hearing(text, parsed.numbers, parsed.command, confidence, tuple(alternatives))


def recorded_game(lang: str, typed: tuple[str, ...], said: str, rival: str) -> tuple[
    list[str], list[dict[str, Any]]
]:
    """A short game from a recording in ``lang``: the start, ``typed`` lines, then ``said`` heard
    unsure against ``rival`` (a question logged, not asked). Returns the transcript and the log."""
    session = Session(table_setup(), lang=lang, can_answer=False)
    lines: list[str] = []
    log = io.StringIO()
    ref = Runner(session, log=log, transcript=lines.append, recording=True,
                  wording=session.say.wording)
    ref.handle(session.start())
    for line in typed:
        ref.type(line)
    ref.hear(hearing(lang, said, 0.45, (rival, 0.55)))
    ref.type("???")
    return lines, [json.loads(line) for line in log.getvalue().splitlines()]


def test_the_english_transcript_is_unchanged() -> None:
    lines, _ = recorded_game(
        "en", ("eleven", "twenty", "twenty-seven"), "twenty-three", "thirty-two"
    )
    assert lines[:-1] == [
        "HOST: The start card is four. Emily starts.",
        "  heard (typed): eleven  [1.0]",
        "  heard (typed): twenty  [1.0]",
        "  heard (typed): twenty-seven  [1.0]",
        "  heard: twenty-three  [0.45]",
        "  (would ask: Thirty-two or twenty-three?)",
        "HOST: Thirty-two: counting down. Hendrik, draw an island card and read it out.",
    ]
    assert lines[-1].startswith("  unknown input '???': type a total (24), a card and a total")


def test_a_runner_made_without_a_wording_prints_the_games_language() -> None:
    session = Session(table_setup(), lang="de")
    lines: list[str] = []
    ref = Runner(session, transcript=lines.append)
    ref.type("elf")
    assert ref.wording is None and lines == ["  gehört (getippt): elf  [1.0]"]
    english = Runner(Session(table_setup()), transcript=lines.append)
    english.type("eleven")
    assert lines[-1] == "  heard (typed): eleven  [1.0]"


def test_a_german_transcript_has_german_labels_and_no_english_ones() -> None:
    lines, records = recorded_game(
        "de", ("elf", "zwanzig", "siebenundzwanzig"), "dreiundzwanzig", "zweiunddreißig"
    )
    assert lines[:6] == [
        "MODERATOR: Die Startkarte ist eine Vier. Emily fängt an.",
        "  gehört (getippt): elf  [1.0]",
        "  gehört (getippt): zwanzig  [1.0]",
        "  gehört (getippt): siebenundzwanzig  [1.0]",
        "  gehört: dreiundzwanzig  [0.45]",
        "  (würde fragen: Zweiunddreißig oder dreiundzwanzig?)",
    ]
    assert lines[6].startswith("MODERATOR: Zweiunddreißig: jetzt wird abwärts gezählt.")
    assert len(lines) == 8 and lines[7].startswith("  unbekannte Eingabe '???'")
    for line in lines:
        assert not any(label in line for label in ENGLISH_LABELS), line
    # The log keeps its contract: English event names, the same fields.
    assert {r["event"] for r in records} == {"host", "heard", "played", "ask", "direction"}
    typed = [r.get("typed", False) for r in records if r["event"] == "heard"]
    assert typed == [True, True, True, False]


@pytest.mark.parametrize("lang", sorted(set(WORDINGS) - {"en"}))
def test_every_language_labels_its_transcript(lang: str) -> None:
    w = WORDINGS[lang]
    lines, _ = recorded_game(
        lang,
        tuple(phrase_table(lang).number_words(n) for n in (11, 20, 27)),
        phrase_table(lang).number_words(23),
        phrase_table(lang).number_words(32),
    )
    host = w.host_line.partition("{text}")[0]
    assert lines[0].startswith(host) and not lines[0].startswith("HOST")
    assert lines[1].startswith("  " + w.heard_line.partition("{")[0]) and w.typed_mark in lines[1]
    assert lines[5].startswith("  " + w.would_ask.partition("{")[0])
    for line in lines:
        assert not any(label in line for label in ENGLISH_LABELS), line


@pytest.mark.parametrize("lang", sorted(WORDINGS))
def test_every_wording_fills_its_transcript_labels(lang: str) -> None:
    w = WORDINGS[lang]
    filled = [
        w.heard_line.format(typed=w.typed_mark, text="x", confidence=0.5),
        w.host_line.format(text="x"),
        w.would_ask.format(question="x"),
        w.bot_line.format(player="Emily", how=w.mumbled_mark, text="x"),
        w.typed_line.format(text="x"),
        w.demo_won.format(winners="Emily", reason=w.end_reasons["hands_empty"]),
        w.demo_cut_short,
        Stats().summary(w),
    ]
    assert all(line and "{" not in line and "}" not in line for line in filled), filled
    assert set(w.end_reasons) == {reason.value for reason in EndReason}
    assert w.host_line.endswith("{text}") and not w.heard_line.startswith("{")


def test_the_live_view_tells_the_host_from_the_ear_in_the_tables_language() -> None:
    for lang, host, heard in (
        ("en", "HOST: Emily starts.", "  heard: eleven  [0.9]"),
        ("de", "MODERATOR: Emily fängt an.", "  gehört: elf  [0.9]"),
    ):
        view = LiveView(Session(table_setup(), lang=lang), large=False, enabled=True)
        view.note(host)
        view.note(heard)
        view.note("  (note)")
        assert view.said == [host.partition(": ")[2], "(note)"], lang


# --- the demo -------------------------------------------------------------------------------------
def table(lang: str, lines: list[str]) -> SimTable:
    """A demo table in ``lang`` whose bots speak silence (nothing reaches the recognizer)."""
    sim = SimTable(PLAYERS, seed=7, recognizer=None, lang=lang,  # type: ignore[arg-type]
                   transcript=lines.append)
    sim._audio = lambda seat, text, mumbled: np.zeros(8000, dtype=np.int16)  # type: ignore[method-assign]
    return sim


def test_the_demo_transcript_in_english_is_unchanged() -> None:
    lines: list[str] = []
    sim = table("en", lines)
    sim.say(0, "eleven", mumbled=True)
    sim.say(1, "twenty")
    sim.type("11")
    assert lines == [
        "Emily (mumbled, in noise): eleven",
        "  heard: …  [0.0]",
        "Maria: twenty",
        "  heard: …  [0.0]",
        "(typed) 11",
        "  heard (typed): 11  [1.0]",
    ]


def test_the_demo_transcript_in_german() -> None:
    lines: list[str] = []
    sim = table("de", lines)
    sim.say(0, "elf", mumbled=True)
    sim.type("11")
    assert lines == [
        "Emily (genuschelt, im Lärm): elf",
        "  gehört: …  [0.0]",
        "(getippt) 11",
        "  gehört (getippt): 11  [1.0]",
    ]


def stats(outcome: Outcome | None) -> Stats:
    return Stats(turns=12, utterances=30, planted=3, caught=2, questions=1, typed=0,
                 outcome=outcome)


ENDED = Outcome(EndReason.FOURTH_STEW_POT, ("Maria", "Hendrik"), {"Maria": 0, "Hendrik": 0})


def test_the_demo_summary_in_english_is_unchanged() -> None:
    assert stats(ENDED).summary() == stats(ENDED).summary(EN) == (
        "12 turns, 30 utterances; mistakes planted 3, caught 2; questions 1; typed 0; "
        "Maria, Hendrik won (fourth_stew_pot)"
    )
    assert stats(None).summary() == (
        "12 turns, 30 utterances; mistakes planted 3, caught 2; questions 1; typed 0; cut short"
    )


def test_the_demo_summary_in_german_names_the_end_in_german() -> None:
    de = WORDINGS["de"]
    assert stats(ENDED).summary(de) == (
        "12 Züge, 30 Äußerungen; Fehler eingebaut 3, erkannt 2; Rückfragen 1; getippt 0; "
        "Sieg: Maria, Hendrik (vierter Fettnapf)"
    )
    islands = Outcome(EndReason.ISLAND_DECK_EMPTY, ("Emily",), {"Emily": 0})
    assert stats(islands).summary(de).endswith("; Sieg: Emily (keine Inselkarte mehr)")
    assert stats(None).summary(de).endswith("; getippt 0; vorzeitig beendet")
    for lang in sorted(set(WORDINGS) - {"en"}):
        summary = stats(ENDED).summary(WORDINGS[lang])
        assert "fourth_stew_pot" not in summary and "turns" not in summary, summary


def test_an_undo_misheard_as_the_next_players_total_is_taken_back_too() -> None:
    """Taking back a misheard total, the bot's spoken "undo" is heard as a total the next player
    could say (a scripted hearing: typed in place of the speech). That turn is a false accept
    as well: both are taken back and the table is where it was before the first."""
    lines: list[str] = []
    sim = table("en", lines)
    sim.referee.handle(sim.session.start())
    before = sim.session.view.total
    sim.type(str(before + 1))  # the misheard total, accepted
    step = 1 if sim.session.view.counting.name == "UP" else -1
    phantom = [sim.session.view.total + step]
    said: list[str] = []

    def hears(seat: int, text: str, *, mumbled: bool = False) -> object:
        said.append(text)
        return sim.type(str(phantom.pop())) if phantom else None  # the first "undo" only

    sim.say = hears  # type: ignore[method-assign, assignment]
    sim._undo(1)
    assert said[0] == "undo" and len(said) >= 2
    assert sim.session.turns == [] and sim.session.view.total == before
    assert sim.stats.false_accepts == 1
