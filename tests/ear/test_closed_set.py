"""The closed-set scorer on Whisper base's decoder: its tokenizer, and a game's words heard.

The spoken checks use MBROLA's German de5 (a held-out bench voice, a real speaker's diphones),
on which the scorer hears the sack kinds; the thresholds are of the kind the bench chooses.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from voice_host.ear import closed_set
from voice_host.ear.closed_set import ClosedSetScorer, Decision, Thresholds, Tokenizer, decide

PHRASES = ("Zacki", "Dudelsack", "Tränensack", "Frecher Sack", "Wandersack", "Anna", "Jonas")
THRESHOLDS = Thresholds(margin=4.0, floor=4.0, gap=6.0)

needs_de5 = pytest.mark.skipif(shutil.which("espeak-ng") is None
                               or not Path("/usr/share/mbrola/de5").is_dir(),
                               reason="needs espeak-ng and mbrola-de5")


@pytest.fixture(scope="module")
def tokenizer() -> Tokenizer:
    return Tokenizer(closed_set.tokenizer_path())


@pytest.fixture(scope="module")
def scorer() -> ClosedSetScorer:
    return closed_set.scorer()


def test_tokenizer_round_trips_umlauts_and_spaces(tokenizer: Tokenizer) -> None:
    for text in (" Tränensack.", " Frecher Sack!", " prendo", " zwei Särge"):
        ids = tokenizer.encode(text)
        assert all(0 <= i < closed_set.EOT for i in ids)
        assert tokenizer.decode(ids) == text


def test_tokenizer_merges_a_common_word_into_one_token(tokenizer: Tokenizer) -> None:
    assert len(tokenizer.encode(" the")) == 1
    assert len(tokenizer.encode(" Tränensack")) > 1


def _say(text: str) -> np.ndarray:
    from voice_host.speakers import synth

    return synth.synthesize(synth.Voice("mbrola", "mb-de5", "bench"), text)


@needs_de5
def test_a_sack_kind_is_heard_above_its_rivals(scorer: ClosedSetScorer) -> None:
    scored = scorer.score(_say("Tränensack"), PHRASES, "de")
    scores = dict(zip(PHRASES, scored.scores, strict=True))
    assert scores["Tränensack"] > scores["Dudelsack"] + THRESHOLDS.margin
    assert decide(scored, THRESHOLDS) == Decision("accept", ("Tränensack",))


@needs_de5
def test_table_talk_is_heard_as_nothing(scorer: ClosedSetScorer) -> None:
    scored = scorer.score(_say("ich hätte gern einen Kaffee"), PHRASES, "de")
    assert decide(scored, THRESHOLDS).kind == "none"
    assert "kaffee" in closed_set.normalized(scored.free_text)


def test_decide_asks_between_two_close_phrases() -> None:
    scored = closed_set.Scored(("Dudelsack", "Tränensack", "Anna"), (-9.0, -9.5, -12.0),
                               (-30.0, -30.0, -11.0), " Trudelsack", -8.0)
    assert decide(scored, THRESHOLDS) == Decision("ask", ("Dudelsack", "Tränensack"))
    unlikely = closed_set.Scored(scored.phrases, scored.log_likelihoods, scored.priors,
                                 " Ich hätte gern einen Kaffee.", -1.0)
    assert decide(unlikely, THRESHOLDS).kind == "none"


def test_an_unknown_language_is_refused(scorer: ClosedSetScorer) -> None:
    with pytest.raises(ValueError, match="no Whisper language token for 'xx'"):
        scorer.score_states(np.zeros((10, 512), np.float32), PHRASES, "xx")
