"""The ear for a game's own words: a declared phrase heard through the real ear and scorer, a sure
command still a command, and a typed phrase read by its words."""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import cast

import numpy as np
import pytest

from voice_host.ear.backends import load_recognizer
from voice_host.ear.closed_set import ClosedSetScorer, Decision, Scored
from voice_host.ear.game_words import GameWordEar, by_meaning, words_hearing
from voice_host.ear.head import pooled_dim
from voice_host.ear.phrase_head import TALK, PhraseHead
from voice_host.ear.whisper import DIM
from voice_host.recognition import Alternative, Expectation, Hearing, Recognizer, typed_words

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
    heard = ear.recognize(said, Expectation(numbers=frozenset(), number_pairs=False, words=SACKS))
    best = heard.words or heard.alternatives[0].words
    assert best == ("traenen",)
    plain = ear.recognize(said, Expectation(numbers=frozenset(), number_pairs=False))
    assert plain.words == ()


def test_a_game_ear_makes_no_voice_prints_and_the_base_ear_does() -> None:
    """No game asks who spoke: its ear spares the voice encoder; the referee's ear prints."""
    from voice_host.speakers import synth

    base = load_recognizer("ear", "de")
    ear = GameWordEar(base, game="schnapp-den-sack")
    said = synth.synthesize(synth.Voice("mbrola", "mb-de1", "train"), "Krokodil")
    calls = Expectation(numbers=frozenset(), number_pairs=False, words=(("Krokodil", "Ben"),))
    assert ear.recognize(said, calls).voice is None
    assert ear.recognize(said).voice is None
    voice = base.recognize(said).voice
    assert voice is not None and voice.shape == (256,)


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
                          Expectation(numbers=frozenset({8}), number_pairs=False, words=SACKS))
    assert heard.is_empty and [a.numbers for a in heard.alternatives] == [(8,)]


FALLS = (("ein Sarg", "fell:coffin=1"), ("zwei Särge", "fell:coffin=2"))


def _unsure_head(talk: float) -> PhraseHead:
    """A scripted head over the real encoder's states, whatever is said: talk at ``talk``, then
    "ein Sarg" likeliest, never sure (its bar is 0.9)."""
    size = pooled_dim(DIM)
    rest = 1.0 - talk
    prior = np.log(np.array([talk, 0.7 * rest, 0.3 * rest], np.float32))
    return PhraseHead((TALK, "ein Sarg", "zwei Särge"), np.zeros(size, np.float32),
                      np.ones(size, np.float32), [(np.zeros((size, 3), np.float32), prior)],
                      threshold=0.9)


@pytest.mark.parametrize(("talk", "asks_from", "asked"), [
    (0.2, 0.4, True),     # "ein Sarg" 0.56, likelier than talk: asked about
    (0.2, None, False),   # a game that does not ask so hears nothing
    (0.2, 0.6, False),    # under the floor
    (0.45, 0.3, False),   # talk is likelier ("ein Sarg" 0.39)
])
def test_a_phrase_the_head_found_likeliest_but_unsure_of_is_asked_about_when_wanted(
        talk: float, asks_from: float | None, asked: bool) -> None:
    from voice_host.speakers import synth

    ear = GameWordEar(load_recognizer("ear", "de"), head=_unsure_head(talk),
                      phrase_scorer=lambda: cast(ClosedSetScorer, ScriptedScorer()),
                      asks_from=asks_from)
    said = synth.synthesize(synth.Voice("espeak", "de+Annie", "bench"), "ein Sarg")
    heard = ear.recognize(said, Expectation(numbers=frozenset(), number_pairs=False, words=FALLS))
    assert heard.words == ()
    offered = [a.words for a in heard.alternatives if a.words]
    assert offered == ([("fell:coffin=1",)] if asked else [])
    if asked:
        assert heard.alternatives[0].confidence == pytest.approx(0.7 * (1 - talk), abs=1e-3)

