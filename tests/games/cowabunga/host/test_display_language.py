"""The live table view in the table's language, large print included; English unchanged."""

from __future__ import annotations

import dataclasses
import io
import string

import pytest
from rich.console import Console

from cowabunga import EndReason, Outcome, TableView
from voice_host.games.cowabunga.host import Session
from voice_host.games.cowabunga.host.display import (
    DISPLAY_WORDS,
    DisplayWords,
    RecentPlay,
    display_words,
    render_table,
)
from voice_host.games.cowabunga.words import WORDINGS
from voice_host.host.live_view import LiveView

from .helpers import table_setup

ENGLISH_LABELS = ("counting", "to play", "island cards left", "stew pots", "last plays")
TEMPLATE_FIELDS = {
    "won_one": {"winners"},
    "won_more": {"winners"},
    "draw_island": {"player"},
    "to_play": {"player"},
    "island_cards_left": {"count"},
    "note_island": {"island"},
}


def text_of(renderable: object) -> str:
    """What a console shows of ``renderable``, as plain text."""
    console = Console(width=100, record=True, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def game(lang: str, *typed: str) -> Session:
    """A session at the rulebook's table in ``lang``, with ``typed`` totals played."""
    s = Session(table_setup(), lang=lang)
    for line in typed:
        s.type(line)
    return s


def over(view: TableView, *winners: str) -> TableView:
    """``view`` as if the game had ended with ``winners``."""
    pots = {name: 0 if name in winners else 1 for name in view.players}
    return dataclasses.replace(view, outcome=Outcome(EndReason.HANDS_EMPTY, winners, pots))


@pytest.mark.parametrize("large", [False, True])
def test_a_german_table_reads_german(large: bool) -> None:
    s = game("de", "11", "20", "27", "33")
    text = text_of(LiveView(s, large=large, enabled=False).renderable())
    assert "Fettnapf" in text and "Cowabunga" not in text and "▼ abwärts" in text
    assert ("HENDRIK: ZIEH EINE INSELKARTE" if large else "Hendrik: zieh eine Inselkarte") in text
    assert "Inselkarten übrig: 15" in text
    assert "Spieler" in text and "Inseln" in text and "Fettnäpfe" in text
    assert "letzte Züge" in text and "Emily: 6 → 33  (Richtungswechsel)" in text
    assert all(label not in text for label in ENGLISH_LABELS)

    s.type("24")
    text = text_of(LiveView(s, large=large, enabled=False).renderable())
    assert "(Richtungswechsel, Insel 24)" in text and "Inselkarten übrig: 14" in text
    assert ("MARIA IST DRAN" if large else "Maria ist dran") in text

    text = text_of(LiveView(game("de"), large=large, enabled=False).renderable())
    assert ("EMILY IST DRAN" if large else "Emily ist dran") in text and "▲ aufwärts" in text
    assert all(label not in text for label in ENGLISH_LABELS)


def test_german_game_over_and_notes() -> None:
    de = display_words("de")
    view = game("de").view
    assert "SPIELENDE — Emily gewinnt" in text_of(render_table(over(view, "Emily"), words=de))
    two = text_of(render_table(over(view, "Emily", "Maria"), words=de))
    assert "SPIELENDE — Emily, Maria gewinnen" in two
    assert "SPIELENDE — EMILY, MARIA GEWINNEN" in text_of(
        render_table(over(view, "Emily", "Maria"), large=True, words=de)
    )
    # Emily's 12 lands on Maria's island: a stew pot for Emily.
    assert [p.note for p in game("de", "12").table.recent_rows()] == ["Fettnapf"]
    host = text_of(render_table(view, transcript=["Emily ist dran."], words=de))
    assert "Moderator" in host


@pytest.mark.parametrize("lang", sorted(WORDINGS))
def test_every_language_has_a_complete_words_table(lang: str) -> None:
    words = display_words(lang)
    assert words.lang == lang and DISPLAY_WORDS[lang] is words
    for f in dataclasses.fields(DisplayWords):
        value = getattr(words, f.name)
        assert isinstance(value, str) and value.strip(), f.name
        fields = {name for _, name, _, _ in string.Formatter().parse(value) if name}
        assert fields == TEMPLATE_FIELDS.get(f.name, set()), f.name
    assert words.won_one != words.won_more
    english = display_words("en")
    if lang != "en":
        same = [f.name for f in dataclasses.fields(DisplayWords)
                if getattr(words, f.name) == getattr(english, f.name)]
        assert set(same) <= {"title"}, same
    assert words.title == ("Fettnapf" if lang == "de" else "Cowabunga")
    text = text_of(LiveView(game(lang, "11", "20", "27", "33"), large=True,
                            enabled=False).renderable())
    assert words.title in text and words.last_plays in text
    if lang != "en":
        assert all(label not in text for label in ENGLISH_LABELS)


def test_an_unknown_language_gets_english() -> None:
    assert display_words("xx") is display_words("en")


@pytest.mark.parametrize("large", [False, True])
def test_english_is_unchanged(large: bool) -> None:
    view = game("en", "11", "20", "27", "33").view
    plays = [RecentPlay("Hendrik", 6, 33, "direction change, island 24")]
    text = text_of(render_table(view, plays, large, ["Thirty-three."]))
    assert text == text_of(render_table(view, plays, large, ["Thirty-three."], display_words("en")))
    assert " Cowabunga " in text and "▼ counting down" in text
    assert ("HENDRIK: DRAW AN ISLAND CARD" if large else "Hendrik: draw an island card") in text
    assert "island cards left: 15" in text and "┃ player    ┃ islands ┃ stew pots ┃" in text
    assert " last plays " in text and " host " in text
    assert "Hendrik: 6 → 33  (direction change, island 24)" in text
    assert "GAME OVER — Emily wins" in text_of(render_table(over(view, "Emily")))
    assert "GAME OVER — Emily, Maria win" in text_of(render_table(over(view, "Emily", "Maria")))
    assert [p.note for p in game("en", "11", "20", "27", "33", "24").table.recent_rows()][-1] == (
        "direction change, island 24"
    )
    assert [p.note for p in game("en", "12").table.recent_rows()] == ["stew pot"]
