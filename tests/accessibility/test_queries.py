"""Everything the screen shows can be asked for by voice, in every language, and is answered
briefly."""

from __future__ import annotations

import pytest

from cowabunga import GameState, Play, apply, observe
from cowabunga.bots import CarefulBot
from voice_host.games.cowabunga.host.practice import new_game
from voice_host.games.cowabunga.trainer.hint import quick_hint
from voice_host.games.cowabunga.trainer.queries import QUERIES, answer_query
from voice_host.phrases import LANGUAGES, Utterance, phrase_table

SCREEN = (
    "status",
    "whose_turn",
    "my_islands",
    "islands",
    "stew_pots",
    "island_cards",
    "last_plays",
    "my_cards",
)
"""What the display shows, as the queries that speak it."""


def _midgame() -> tuple[GameState, list[tuple[str, int, int]]]:
    state, bots = new_game(3, "You", ["careful", "careful", "careful"])
    me = CarefulBot()
    plays: list[tuple[str, int, int]] = []
    for _ in range(14):
        seat = state.to_play
        card = (me if seat == 0 else bots[seat - 1]).choose(observe(state, seat))
        plays.append((state.table.players[seat], card, state.table.total_after(card)))
        state, _ = apply(state, Play(card))
    return state, plays


def test_every_screen_item_has_a_brief_answer() -> None:
    state, plays = _midgame()
    view = state.table
    hand = state.hands[0]
    assert set(SCREEN) <= set(QUERIES)
    for name in QUERIES:
        text = answer_query(name, view, 0, hand, plays)
        assert text is not None and text.endswith("."), name
        assert len(text) <= 140 and text.count(".") <= 2, (name, text)
    last = answer_query("last_plays", view, 0, hand, plays)
    assert last is not None and last.count(" to ") == 5  # the last five plays
    assert answer_query("my_cards", view, 0, (3, 9, 0)) == "Your cards: zero, three and nine."
    assert answer_query("undo", view, 0) is None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_query_phrases_in_every_language(lang: str) -> None:
    table = phrase_table(lang)
    for name in (*SCREEN, "hint"):
        phrasings = table.commands[name]
        assert len(phrasings) >= 3, (lang, name)
        for phrase in phrasings:
            assert table.parse(phrase) == Utterance((), None, None, None, name), (lang, phrase)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_play_prefix_in_every_language(lang: str) -> None:
    table = phrase_table(lang)
    assert table.play_words
    text = f"{table.play_words[0]} {table.number_words(7)}, {table.number_words(24)}"
    parsed = table.parse(text)
    assert parsed is not None and (parsed.card, parsed.total) == (7, 24), text


def test_hint_says_why_within_the_budget() -> None:
    import random

    state, _ = _midgame()
    while state.to_play != 0:
        seat = state.to_play
        state, _ = apply(state, Play(CarefulBot().choose(observe(state, seat))))
    hint = quick_hint(observe(state, 0), random.Random(1))
    assert hint.card in state.hands[0]
    assert hint.reason.startswith(("Play", "Every card")) and len(hint.reason) < 200
    assert hint.ms < 250  # the bench holds the 100 ms goal; a test on a busy machine allows more


def test_large_print_view_shows_the_table_and_the_hand() -> None:
    from rich.console import Console

    from voice_host.games.cowabunga.host.practice import practice_view

    state, plays = _midgame()
    console = Console(record=True, width=100, color_system="standard")
    console.print(practice_view(state, plays, large=True))
    text = console.export_text(clear=False)
    assert "YOUR CARDS:  " + "  ".join(str(c) for c in sorted(state.hands[0])) in text
    assert "ADA" in text and "island cards left" in text
    assert "███" in text  # the total in big digits
    styled = console.export_text(styles=True)
    assert "\x1b[" in styled  # high-contrast colours are applied
