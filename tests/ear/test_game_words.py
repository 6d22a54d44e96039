"""The ear for a game's own words: a declared phrase heard through the real ear and scorer, a sure
command still a command, and a typed phrase read by its words."""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import cast

import numpy as np
import pytest

from voice_host.ear.closed_set import ClosedSetScorer, Decision, Scored
from voice_host.ear.game_words import GameWordEar, by_meaning, words_hearing
from voice_host.recognition import Alternative, Expectation, Hearing, Recognizer, typed_words
from voice_host.recognizers import load_recognizer

SACKS = (("Dudelsack", "dudel"), ("Tränensack", "traenen"), ("Frecher Sack", "frech"),
         ("Wandersack", "wander"))

needs_de5 = pytest.mark.skipif(shutil.which("espeak-ng") is None
                               or not Path("/usr/share/mbrola/de5").is_dir(),
                               reason="needs espeak-ng and mbrola-de5")


def _scored(phrases: tuple[str, ...]) -> Scored:
    return Scored(phrases, (0.0,) * len(phrases), (0.0,) * len(phrases), " Hallo zusammen.", -3.0)


def test_an_accepted_phrase_is_heard_as_its_meaning_with_confidence() -> None:
    hearing = words_hearing(_scored(("Dudelsack", "Wandersack")),
                            Decision("accept", ("Wandersack",)), dict(SACKS))
    assert hearing.words == ("wander",) and hearing.text == "Wandersack"
    assert not hearing.is_empty and hearing.heard_event()["words"] == ["wander"]


def test_two_phrases_asked_about_are_unsure_readings_and_none_is_only_the_transcript() -> None:
    asked = words_hearing(_scored(("Dudelsack", "Wandersack")),
                          Decision("ask", ("Wandersack", "Dudelsack")), dict(SACKS))
    assert asked.words == () and asked.is_empty
    assert [a.words for a in asked.alternatives] == [("wander",), ("dudel",)]
    assert asked.alternatives[0].confidence > asked.alternatives[1].confidence
    none = words_hearing(_scored(("Dudelsack",)), Decision("none", ()), dict(SACKS))
    assert none.is_empty and none.text == "Hallo zusammen." and "words" not in none.heard_event()


def test_two_phrasings_of_one_meaning_do_not_rival_each_other() -> None:
    phrases = ("Leinen los", "würfeln", "nichts")
    scored = Scored(phrases, (-3.0, -4.0, -20.0), (-12.0, -12.5, -9.0), " Leinen los.", -2.5)
    meanings = {"Leinen los": "roll", "würfeln": "roll", "nichts": "nothing"}
    grouped = by_meaning(scored, meanings)
    assert grouped.phrases == ("Leinen los", "nichts")
    assert grouped.scores == (9.0, -11.0)
    assert by_meaning(scored, {p: p for p in phrases}) is scored


def test_a_typed_line_is_read_by_its_phrase_or_its_meaning() -> None:
    assert typed_words("tränensack!", SACKS) == ("traenen",)
    assert typed_words("  Frecher   Sack ", SACKS) == ("frech",)
    assert typed_words("wander", SACKS) == ("wander",)
    assert typed_words("Sack", SACKS) == ()


@needs_de5
def test_a_sack_kind_said_by_a_held_out_voice_is_heard_through_the_real_ear() -> None:
    from voice_host.speakers import synth

    ear = GameWordEar(load_recognizer("ear", "de"))
    said = synth.synthesize(synth.Voice("mbrola", "mb-de5", "bench"), "Tränensack")
    heard = ear.recognize(said, Expectation(numbers=frozenset(), card_first=False, words=SACKS))
    best = heard.words or heard.alternatives[0].words
    assert best == ("traenen",)
    plain = ear.recognize(said, Expectation(numbers=frozenset(), card_first=False))
    assert plain.words == ()


class ScriptedUnsureEar:
    """A scripted stand-in for the base ear: unsure whether it heard eight."""

    name = "scripted"
    lang = "de"

    def recognize(self, samples: object, expect: object = None) -> Hearing:
        return Hearing(text="", confidence=0.4,
                       alternatives=(Alternative("acht", (8,), None, 0.4),))


class ScriptedScorer:
    """A scripted stand-in for the closed-set scorer: none of the phrases is likely."""

    def states(self, samples: object) -> object:
        return samples

    def score_states(self, states: object, phrases: Sequence[str], lang: str) -> Scored:
        return Scored(tuple(phrases), (-40.0,) * len(phrases), (-9.0,) * len(phrases),
                      " Art Art.", -2.0)


def test_an_unsure_number_is_kept_when_none_of_the_games_phrases_is_heard() -> None:
    ear = GameWordEar(cast(Recognizer, ScriptedUnsureEar()),
                      phrase_scorer=lambda: cast(ClosedSetScorer, ScriptedScorer()))
    heard = ear.recognize(np.zeros(1600, np.int16),
                          Expectation(numbers=frozenset({8}), card_first=False, words=SACKS))
    assert heard.is_empty and [a.numbers for a in heard.alternatives] == [(8,)]
