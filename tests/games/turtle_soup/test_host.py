"""Turtle Soup's host on the seam: the deal said card by card, the answers heard one by one, the
round repeated and paid out on a sure yes only, undo, the questions; pure, no audio."""

from __future__ import annotations

import json

from voice_host.games.turtle_soup import decktet, rules
from voice_host.games.turtle_soup.cards import Card, Suit
from voice_host.games.turtle_soup.host.lines import SoupLines
from voice_host.games.turtle_soup.host.session import SoupSession
from voice_host.games.turtle_soup.replay import replay
from voice_host.host.step import Step
from voice_host.recognition import Alternative, Hearing

PLAYERS = ("Anna", "Ben", "Cleo", "Dan")


def sure(meaning: str) -> Hearing:
    phrase = {"take": "prendo", "wait": "aspetto"}[meaning]
    return Hearing(text=phrase, confidence=0.9, words=(meaning,))


def unsure() -> Hearing:
    return Hearing(text="prendo", confidence=0.5, alternatives=(
        Alternative("prendo", (), None, 0.5, words=("take",)),
        Alternative("aspetto", (), None, 0.4, words=("wait",))))


def yes(*, rival: bool = False) -> Hearing:
    alternatives = (Alternative("no", (), "no", 0.6),) if rival else ()
    return Hearing(text="va bene", command="yes", confidence=0.9, alternatives=alternatives)


def events(step: Step) -> list[dict[str, object]]:
    names = {"dinner", "revealed", "round", "spoiled", "dinner_over", "game_over"}
    return [r for r in step.records if r["event"] in names]


def test_a_card_is_said_with_its_name_suits_and_what_goes_into_the_pot() -> None:
    say = SoupLines("it")
    merchant = Card(9, (Suit.LEAVES, Suit.KNOTS))
    assert say.revealed(merchant, rules.Tokens(small=9)) == (
        "Il Mercante, nove di Foglie e Nodi: nove piccoli in pentola.")
    assert say.payout(("Anna", "Ben"), rules.Tokens(small=4)) == (
        "Anna e Ben: quattro piccoli ciascuno.")
    pawn = decktet.PAWNS[0].card
    assert say.revealed(pawn, rules.ingredients(pawn, rules.Rules())) == (
        "Il Raccolto, pedone di Lune, Soli e Foglie: un extra-grande in pentola.")
    en = SoupLines("en")
    assert en.revealed(Card("ace", (Suit.MOONS,)), rules.Tokens(large=1)) == (
        "The Ace of Moons: one large into the pot.")


def test_answers_heard_one_by_one_are_repeated_and_paid_on_a_yes() -> None:
    session = SoupSession(PLAYERS, seed=5)
    start = session.start()
    assert start.lines[-1] == "Aprite i pugni. Anna, prendi o aspetti?"
    assert session.hear(sure("take")).lines == ["Ben, prendi o aspetti?"]
    session.hear(sure("wait"))
    session.hear(sure("wait"))
    asked = session.hear(sure("take"))
    assert asked.lines == ["Prendono Anna e Dan. Va bene?"] and not events(asked)
    paid = session.hear(yes())
    assert events(paid)[0]["event"] == "round" and events(paid)[0]["takers"] == ["Anna", "Dan"]
    assert paid.lines[0].startswith("Anna e Dan: ")
    assert {"action": "decide", "takers": ["Anna", "Dan"]} in paid.actions


def test_the_logged_events_are_the_replay_contract_s() -> None:
    session = SoupSession(PLAYERS, seed=9)
    logged = events(session.start())
    takers: list[list[str]] = []
    while session.table.state.dinner == 1:
        waiting = session.table.state.waiting
        chosen = [p for i, p in enumerate(waiting) if i % 2 == len(takers) % 2]
        for player in waiting:
            session.type("prendo" if player in chosen else "aspetto")
        logged += events(session.type("va bene"))
        takers.append(chosen)
    end = next(i for i, e in enumerate(logged) if e["event"] == "dinner_over")
    script = {"players": list(PLAYERS),
              "dinners": [{"cards": [c.to_json() for c in session.table.decks[0]],
                           "takers": takers}]}
    assert logged[:end + 1] == replay(json.dumps(script))[:end + 1]


def test_an_unsure_answer_is_asked_about_and_an_unsure_yes_pays_nobody() -> None:
    session = SoupSession(PLAYERS, seed=5)
    session.start()
    asked = session.hear(unsure())
    assert asked.lines == ["Anna, prendi o aspetti?"]
    assert session.table.answers == {}
    session.hear(sure("take"))
    assert session.table.answers == {"Anna": True}
    for _ in range(3):
        session.hear(sure("wait"))
    again = session.hear(yes(rival=True))
    assert not events(again) and again.lines == ["Prendono Anna. Va bene? Di' va bene o no."]
    assert events(session.hear(yes()))[0]["takers"] == ["Anna"]


def test_a_no_to_the_round_has_it_said_again_from_its_first_player() -> None:
    session = SoupSession(PLAYERS, seed=5)
    session.start()
    for meaning in ("take", "wait", "wait", "wait"):
        session.hear(sure(meaning))
    no = session.hear(Hearing(text="no", command="no", confidence=0.95))
    assert not events(no) and no.lines == ["Anna, ripeti, per favore."]
    assert session.waiting_for() is not None and session.table.answers == {}
    assert not session.table.played


def test_undo_takes_back_the_round_and_its_card() -> None:
    session = SoupSession(PLAYERS, seed=5)
    session.start()
    before = session.table.state
    for line in ("prendo", "aspetto", "aspetto", "aspetto", "va bene"):
        session.type(line)
    assert session.table.state is not before
    undone = session.type("annulla")
    assert session.table.state is before and undone.actions == [{"action": "undo"}]
    assert undone.lines[-1].endswith("Anna, prendi o aspetti?")


def test_questions_answer_from_the_table() -> None:
    session = SoupSession(PLAYERS, seed=5)
    session.start()
    state = session.table.state
    pot = session.type("pentole").lines
    assert pot == [f"In pentola: {session.say.tokens(state.pot)}."]
    hint = session.type("suggerimento").lines[0]
    assert hint.startswith("Prendere ora: ") and session.say.n(len(state.deck)) in hint
    assert session.say.hint(7, 1, 5) == ("Prendere ora: sette punti. "
                                         "Carte che rovinano la zuppa: uno su cinque.")
    assert "Anna" in session.type("a chi tocca").lines[0]
    assert session.type("punteggio").lines == ["Anna sei, Ben sei, Cleo sei, Dan sei"]
    assert session.type("stato").lines[0].startswith("Cena uno di cinque.")


def test_a_whole_game_typed_ends_with_the_scores() -> None:
    session = SoupSession(PLAYERS, lang="en", seed=2)
    session.start()
    said: list[str] = []
    while not session.table.over:
        said += session.type("serve me").lines
        if session.question is not None:
            said += session.type("yes").lines
    assert "Game over." in " ".join(said[-2:]) and said[-1].endswith(("win!", "wins!"))
    assert session.table.state.dinner == 5
