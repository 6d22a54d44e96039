"""Each new game's setup by voice, as its table asks it: the questions in the game's languages,
answers heard and typed, refused, denied and stopped, and the game it starts."""

from __future__ import annotations

import shutil

import numpy as np
import pytest

from voice_host.games.kapitaen_wackelpudding.host.play import Players, WackelpuddingTable
from voice_host.games.schnapp_den_sack.host.voice_setup import SchnappVoiceSetup
from voice_host.games.turtle_soup.host.play import SoupSetup, SoupTableGame
from voice_host.host.voice_setup import SpokenSetup
from voice_host.recognition import Hearing


def test_kapitaen_asks_how_many_play_and_names_them_youngest_first() -> None:
    table = WackelpuddingTable(Players((), seed=3), lang="de", can_answer=True)
    asked = table.ask_setup()
    assert isinstance(asked, SpokenSetup)
    question = "Wie viele spielen mit? Spieler eins ist die oder der Jüngste."
    assert asked.begin().lines == [question]
    assert asked.hear(Hearing("sechs", (6,), None, 0.9)).lines == [
        f"Sechs? Es spielen zwei bis fünf Personen. {question}"]
    assert asked.hear(Hearing("drei", (3,), None, 0.9)).lines == ["Drei. Stimmt das?"]
    assert asked.hear(Hearing("nein", (), "no", 0.95)).lines == [question]
    assert asked.hear(Hearing("drei", (3,), None, 0.9)).lines == [question]  # just denied
    assert asked.hear(Hearing("drei", (3,), None, 0.9)).lines == ["Drei. Stimmt das?"]
    asked.hear(Hearing("ja", (), "yes", 0.95))
    assert asked.done
    setup, session = table.begin(asked)
    assert setup.to_json() == {"players": ["Spieler 1", "Spieler 2", "Spieler 3"], "seed": 3,
                               "confirm_falls": "unsure"}
    assert "Spieler 1, Spieler 2 und Spieler 3" in " ".join(session.start().lines)


def test_kapitaen_in_english_typed() -> None:
    table = WackelpuddingTable(Players(()), lang="en", can_answer=True)
    asked = table.ask_setup()
    asked.begin()
    assert asked.type("1").lines == [
        "One? A table has two to five players. How many players? Player one is the youngest."]
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
    assert asked.hear(Hearing("cinque", (5,), None, 0.9)).lines == ["Cinque. Va bene?"]
    assert asked.hear(Hearing("ripeti", (), "repeat", 1.0)).lines == ["Cinque. Va bene?"]
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
    asked.hear(Hearing("yes", (), "yes", 0.95))
    assert asked.stopped and not asked.done


def test_schnapp_asks_players_variant_and_pace_and_names_players_by_call_word() -> None:
    asked = SchnappVoiceSetup("de", seed=4)
    assert asked.begin().lines == ["Wie viele spielen mit?"]
    assert asked.hear(Hearing("drei", (3,), None, 0.9)).lines == ["Drei. Stimmt das?"]
    said = asked.hear(Hearing("ja", (), "yes", 0.95)).lines
    assert said[0].startswith("Welcher Zielteller?")
    assert asked.expectation().numbers == frozenset({6, 7, 8, 9, 10, 12})
    assert asked.type("11").lines[0].startswith("Elf? Die Teller sind sechs")
    assert asked.hear(Hearing("zwei Teller", confidence=0.9, words=("two",))).lines == [
        "Zwei Teller. Stimmt das?"]
    assert asked.hear(Hearing("ja", (), "yes", 0.95)).lines == ["Der erste Teller?"]
    asked.type("6")
    assert asked.type("6").lines == ["Sechs liegt schon. Der zweite Teller?"]
    asked.type("12")
    assert asked.hear(Hearing("vier", (4,), None, 0.9)).lines == [
        "Vier Sekunden. Stimmt das?"]
    asked.hear(Hearing("ja", (), "yes", 0.95))
    assert asked.done
    table = asked.table()
    assert table.state.players == ("Ananas", "Krokodil", "Schokolade")
    assert table.state.plates == ((6, 12),) * 4 and table.wait_s == 4.0 and table.seed == 4
    start = table.session(lang="de").table.start_line()
    assert start == "Schnapp den Sack! Ziel: sechs, zwölf. Ananas, Krokodil, Schokolade."


def test_schnapp_one_plate_per_row_in_english_typed() -> None:
    asked = SchnappVoiceSetup("en", wait_s=2.0)
    asked.begin()
    asked.type("2")
    assert asked.type("each row").lines == ["Which plate for the bagpipe sacks?"]
    for plate in ("7", "8", "9"):
        asked.type(plate)
    assert asked.type("twelve").lines == [] and asked.done
    table = asked.table()
    assert table.state.players == ("pineapple", "crocodile")
    assert table.state.plates == ((7,), (8,), (9,), (12,)) and table.wait_s == 2.0


def test_schnapp_flags_leave_only_the_players_to_ask() -> None:
    asked = SchnappVoiceSetup("de", plates=((8,),) * 4, wait_s=5.0)
    asked.begin()
    asked.type("5")
    assert asked.done and asked.table().state.players[-1] == "Kartoffelsalat"


def test_schnapp_on_a_recording_and_stopped() -> None:
    asked = SchnappVoiceSetup("de", plates=((6,),) * 4, can_answer=False)
    asked.begin()
    assert asked.hear(Hearing("zwei", (2,), None, 0.9)).lines[0].startswith("Wie viele Sekunden")
    asked.hear(Hearing("drei", (3,), None, 0.9))
    assert asked.done and asked.table().wait_s == 3.0
    stopped = SchnappVoiceSetup("de")
    stopped.begin()
    assert stopped.hear(Hearing("stopp", (), "stop", 0.95)).lines == [
        "Spiel beenden? Dann sag ja."]
    stopped.hear(Hearing("ja", (), "yes", 0.95))
    assert stopped.stopped and not stopped.done


@pytest.mark.skipif(shutil.which("pico2wave") is None, reason="needs pico2wave")
def test_the_real_ear_hears_the_variant_and_the_yes() -> None:
    from voice_host.ear.backends import load_recognizer
    from voice_host.ear.game_words import GameWordEar
    from voice_host.speakers import synth

    ear = GameWordEar(load_recognizer("ear", lang="de"))
    voice = synth.Voice("pico", "de-DE", "bench")
    asked = SchnappVoiceSetup("de", seed=2)
    asked.begin()
    said: list[str] = []
    for text in ("vier", "ja", "zwei Teller", "ja", "acht", "ja", "zehn", "nein", "zwölf", "ja",
                 "fünf", "ja"):
        hearing = ear.recognize(np.asarray(synth.synthesize(voice, text)), asked.expectation())
        said += asked.hear(hearing).lines
    assert "Zwei Teller. Stimmt das?" in said and "Teller zehn. Stimmt das?" in said
    assert asked.done
    table = asked.table()
    assert len(table.state.players) == 4 and table.state.plates == ((8, 12),) * 4
    assert table.wait_s == 5.0


@pytest.mark.skipif(shutil.which("pico2wave") is None, reason="needs pico2wave")
def test_a_number_the_ear_is_unsure_of_beside_phrases_is_said_back_not_lost() -> None:
    from voice_host.audio.chunks import samples_to_chunks
    from voice_host.ear.backends import load_recognizer
    from voice_host.ear.early import table_endpointer
    from voice_host.ear.game_words import GameWordEar
    from voice_host.games.schnapp_den_sack.host.voice_setup import hear_answer
    from voice_host.speakers import synth

    voice = synth.Voice("pico", "de-DE", "bench")
    quiet = np.zeros(24000, np.int16)
    table = np.concatenate([quiet, *(np.concatenate([synth.synthesize(voice, t), quiet])
                                     for t in ("zwei", "ja", "acht"))])
    acht = list(table_endpointer().utterances(samples_to_chunks(table)))[-1].samples
    asked = SchnappVoiceSetup("de")
    asked.answers["players"] = 2
    ear = GameWordEar(load_recognizer("ear", lang="de"))
    heard = hear_answer(ear, acht, asked.expectation())
    assert not heard.numbers  # this cut of "acht" is one the ear's heads are unsure of
    assert asked.hear(heard).lines == ["Teller acht. Stimmt das?"]
    recording = SchnappVoiceSetup("de", can_answer=False)
    recording.answers["players"] = 2
    assert recording.hear(heard).lines == [] and "plate" not in recording.answers


@pytest.mark.skipif(shutil.which("pico2wave") is None, reason="needs pico2wave")
def test_a_live_schnapp_setup_hears_the_microphone_and_reads_the_keyboard_beside_it() -> None:
    import os

    from voice_host.audio.chunks import AudioChunk, samples_to_chunks
    from voice_host.audio.gate import SpeakingGate
    from voice_host.ear.backends import load_recognizer
    from voice_host.ear.game_words import GameWordEar
    from voice_host.games.schnapp_den_sack.host.voice_setup import ask_live
    from voice_host.host.runner import Runner
    from voice_host.speakers import synth

    voice = synth.Voice("pico", "de-DE", "bench")
    quiet = np.zeros(16000, np.int16)
    said = np.concatenate([quiet, synth.synthesize(voice, "drei"), quiet,
                           synth.synthesize(voice, "ja"), quiet, quiet])
    reading, writing = os.pipe()

    class Microphone:
        """The recording's chunks, then the lines typed once it has been heard."""

        def __init__(self) -> None:
            self.chunks = samples_to_chunks(said)
            self.typed = "zwei Teller\n8\n12\n5\n"

        def read(self, timeout: float | None = None) -> AudioChunk | None:
            chunk = next(self.chunks, None)
            if chunk is None and self.typed:
                os.write(writing, self.typed.encode())
                os.close(writing)
                self.typed = ""
            return chunk

    asked = SchnappVoiceSetup("de")
    runner = Runner(asked)
    with os.fdopen(reading, encoding="utf-8") as keyboard:
        ask_live(asked, runner, GameWordEar(load_recognizer("ear", lang="de")), Microphone(),
                 SpeakingGate(), keyboard)
    assert asked.done
    assert asked.answers == {"players": 3, "plate": "two", "first_plate": 8,
                             "second_plate": 12, "wait": 5}
    assert "Drei. Stimmt das?" in runner.lines
