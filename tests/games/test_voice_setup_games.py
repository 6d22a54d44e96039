"""Each new game's setup by voice, as its table asks it: the questions in the game's languages,
answers heard and typed, refused, denied and stopped, and the game it starts."""

from __future__ import annotations

from voice_host.games.kapitaen_wackelpudding.host.table import Players, WackelpuddingTable
from voice_host.games.turtle_soup.host.table_app import SoupSetup, SoupTableGame
from voice_host.host.voice_setup import SpokenSetup
from voice_host.recognition import Hearing


def test_kapitaen_asks_how_many_play_and_names_them_youngest_first() -> None:
    table = WackelpuddingTable(Players((), seed=3), lang="de", can_answer=True)
    asked = table.ask_setup()
    assert isinstance(asked, SpokenSetup)
    assert asked.begin().lines == ["Wie viele spielen mit?"]
    assert asked.hear(Hearing("sechs", (6,), None, 0.9)).lines == [
        "Sechs? Es spielen zwei bis fünf Personen. Wie viele spielen mit?"]
    assert asked.hear(Hearing("drei", (3,), None, 0.9)).lines == ["Drei. Stimmt das?"]
    assert asked.hear(Hearing("nein", (), "no", 0.95)).lines == ["Wie viele spielen mit?"]
    asked.hear(Hearing("drei", (3,), None, 0.9))
    asked.hear(Hearing("ja", (), "yes", 0.95))
    assert asked.done
    setup, session = table.begin(asked)
    assert setup.to_json() == {"players": ["Spieler 1", "Spieler 2", "Spieler 3"], "seed": 3}
    assert "Spieler 1, Spieler 2 und Spieler 3" in " ".join(session.start().lines)


def test_kapitaen_in_english_typed() -> None:
    table = WackelpuddingTable(Players(()), lang="en", can_answer=True)
    asked = table.ask_setup()
    asked.begin()
    assert asked.type("1").lines == ["One? A table has two to five players. How many players?"]
    asked.type("two")
    setup, _ = table.begin(asked)
    assert setup.to_json()["players"] == ["Player 1", "Player 2"]


def test_kapitaen_with_players_named_asks_nothing() -> None:
    table = WackelpuddingTable(Players(("Anna", "Ben")), lang="de", can_answer=True)
    asked = table.ask_setup()
    assert asked.done and asked.begin().lines == []


def test_turtle_soup_asks_for_four_to_six_players_in_italian() -> None:
    table = SoupTableGame(SoupSetup((), dinners=6, seed=2), lang="it", can_answer=True)
    asked = table.ask_setup()
    assert asked.begin().lines == ["Quanti giocatori?"]
    assert asked.type("3").lines == [
        "Tre? Si gioca da quattro a sei giocatori. Quanti giocatori?"]
    assert asked.hear(Hearing("cinque", (5,), None, 0.9)).lines == ["Cinque. È giusto?"]
    assert asked.hear(Hearing("ripeti", (), "repeat", 1.0)).lines == ["Cinque. È giusto?"]
    asked.hear(Hearing("sì", (), "yes", 0.95))
    setup, session = table.begin(asked)
    assert isinstance(setup, SoupSetup)
    assert setup.players == tuple(f"Giocatore {i}" for i in range(1, 6))
    assert (setup.dinners, setup.seed) == (6, 2)
    assert session.table.state.players == setup.players


def test_turtle_soup_setup_stopped_starts_nothing() -> None:
    table = SoupTableGame(SoupSetup(()), lang="en", can_answer=True)
    asked = table.ask_setup()
    asked.begin()
    asked.hear(Hearing("stop", (), "stop", 0.95))
    assert asked.stopped and not asked.done
