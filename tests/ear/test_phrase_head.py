"""The phrase head: only declared phrases can be heard, talk competes with them, its threshold
holds, and it survives a save and a load."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from voice_host.ear.closed_set import ClosedSetScorer
from voice_host.ear.head import pooled_dim
from voice_host.ear.phrase_head import TALK, PhraseHead, heard, likeliest

DIM = 2
PRIOR = np.array([0.1, 0.6, 0.25, 0.05], np.float32)
"""Talk, "Ananas", "Krokodil", "Schokolade", whatever is said (the weights ignore the input)."""


def fixed_head(threshold: float) -> PhraseHead:
    """A head whose probabilities are :data:`PRIOR` for any utterance."""
    size = pooled_dim(DIM)
    w = np.zeros((size, len(PRIOR)), np.float32)
    return PhraseHead((TALK, "Ananas", "Krokodil", "Schokolade"), np.zeros(size, np.float32),
                      np.ones(size, np.float32), [(w, np.log(PRIOR))], threshold=threshold)


SEQ = np.ones((12, DIM), np.float32)


def test_only_declared_phrases_compete_with_talk() -> None:
    head = fixed_head(threshold=0.6)
    phrase, p = heard(head, SEQ, ["Ananas", "Krokodil"])
    assert phrase == "Ananas"
    assert p == pytest.approx(0.6 / 0.95, abs=1e-5)
    phrase, p = heard(head, SEQ, ["Krokodil", "Schokolade"])
    assert phrase == "Krokodil"
    assert p == pytest.approx(0.25 / 0.4, abs=1e-5)


def test_talk_or_an_unsure_phrase_is_none() -> None:
    assert heard(fixed_head(threshold=0.7), SEQ, ["Ananas", "Krokodil"])[0] is None
    assert heard(fixed_head(threshold=0.5), SEQ, ["Schokolade"])[0] is None  # talk leads


def test_the_likeliest_declared_phrase_is_named_with_talks_share_even_when_unsure() -> None:
    head = fixed_head(threshold=0.9)
    phrase, p, talk = likeliest(head, SEQ, ["Ananas", "Krokodil"])
    assert phrase == "Ananas"
    assert (p, talk) == pytest.approx((0.6 / 0.95, 0.1 / 0.95), abs=1e-5)
    phrase, p, talk = likeliest(head, SEQ, ["Schokolade"])
    assert phrase == "Schokolade" and p < talk
    assert likeliest(head, SEQ, ["Trampolin"]) == (None, 0.0, 1.0)


def test_phrases_are_matched_as_spoken_and_unknown_ones_are_not_heard() -> None:
    head = fixed_head(threshold=0.6)
    assert heard(head, SEQ, ["ananas!"])[0] == "ananas!"
    assert heard(head, SEQ, ["Trampolin"]) == (None, 0.0)


def test_a_saved_head_loads_with_the_same_probabilities(tmp_path: Path) -> None:
    rng = np.random.default_rng(0)
    size = pooled_dim(DIM)
    head = PhraseHead((TALK, "a", "b"), rng.standard_normal(size).astype(np.float32),
                      rng.uniform(0.5, 2, size).astype(np.float32),
                      [(rng.standard_normal((size, 8)).astype(np.float32),
                        np.zeros(8, np.float32)),
                       (rng.standard_normal((8, 3)).astype(np.float32), np.zeros(3, np.float32))],
                      temperature=1.7, threshold=0.83, meta={"game": "g"})
    head.save(tmp_path / "g.npz")
    back = PhraseHead.load(tmp_path / "g.npz")
    seq = rng.standard_normal((9, DIM)).astype(np.float32)
    assert back.phrases == head.phrases
    assert back.temperature == pytest.approx(1.7) and back.threshold == pytest.approx(0.83)
    assert back.meta == {"game": "g"}
    assert np.allclose(back.probabilities(seq), head.probabilities(seq), atol=2e-3)


def _no_scorer() -> ClosedSetScorer:
    raise AssertionError("the phrase head was not sure: the scorer was asked")


SAID = [("schnapp-den-sack", "de", "Krokodil"), ("schnapp-den-sack", "en", "chocolate"),
        ("kapitaen-wackelpudding", "de", "zwei Särge"),
        ("kapitaen-wackelpudding", "en", "two coffins")]


@pytest.mark.parametrize(("game", "lang", "said"), SAID)
def test_a_shipped_head_hears_its_phrase_in_a_held_out_voice_without_the_scorer(
        game: str, lang: str, said: str) -> None:
    from voice_host.ear.backends import load_recognizer
    from voice_host.ear.game_words import GameWordEar
    from voice_host.games.registry import GAMES
    from voice_host.recognition import Expectation
    from voice_host.speakers import synth

    entry = GAMES[game]
    assert entry.head_phrases is not None
    phrases = entry.head_phrases(lang).phrases
    ear = GameWordEar(load_recognizer("ear", lang), game=game, phrase_scorer=_no_scorer)
    assert ear.head is not None and ear.head.phrases[1:] == phrases
    pico = next(v for v in synth.voices(lang, "bench") if v.engine == "pico")
    expect = Expectation(numbers=frozenset(), number_pairs=False,
                         words=tuple((p, f"meaning of {p}") for p in phrases))
    heard_it = ear.recognize(synth.synthesize(pico, said), expect)
    assert heard_it.words == (f"meaning of {said}",)


@pytest.mark.parametrize(("args", "says"), [
    (["nope"], "no game 'nope'"),
    (["turtle-soup"], "games with one: kapitaen-wackelpudding, schnapp-den-sack"),
    (["schnapp-den-sack", "--lang", "it"], "speaks de, en"),
])
def test_train_phrases_refuses_what_it_cannot_train_in_one_line(
        args: list[str], says: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.cli.helpers import one_line_error, voice_host

    one_line_error(voice_host(["ear", "train-phrases", *args], capsys, monkeypatch), says)


def test_a_neural_share_of_training_utterances_goes_to_the_kokoro_voices_and_no_other() -> None:
    from voice_host.ear_training.phrase_training import plan

    phrases, talk = ["zwei Särge", "ein Käse"], ["hallo zusammen"]
    plain = plan("de", "train", phrases, talk, 40, 10, seed=3)
    mixed = plan("de", "train", phrases, talk, 40, 10, seed=3, neural=0.25)
    kokoro = [i for i in mixed if i.voice.engine == "kokoro"]
    assert 0.1 < len(kokoro) / len(mixed) < 0.4
    assert all(i.voice.split == "train" and i.voice.name.startswith("de:") for i in kokoro)
    assert [i.text for i in mixed] == [i.text for i in plain]
    assert [i.voice for i in mixed if i.voice.engine != "kokoro"] == [
        p.voice for p, m in zip(plain, mixed, strict=True) if m.voice.engine != "kokoro"]
    assert not any(i.voice.engine == "kokoro" for i in plan("de", "val", phrases, talk, 4, 1,
                                                             seed=3, neural=0.25))


def test_a_phrase_the_head_is_sure_of_wins_over_a_command_the_ear_is_sure_of(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from voice_host.ear.backends import load_recognizer
    from voice_host.ear.game_words import GameWordEar
    from voice_host.ear.recognizer import EarRecognizer
    from voice_host.games.registry import GAMES
    from voice_host.recognition import Expectation, Hearing
    from voice_host.speakers import synth

    base = load_recognizer("ear", "en")
    assert isinstance(base, EarRecognizer)
    real_hear = base.hear

    def sure_of_stew_pots(samples: object, expect: object = None, *, voice: bool = True) -> object:
        """The real encoder states, with the hearing a scripted stand-in: the sure command a
        fall report was heard as in party babble."""
        _, encoded = real_hear(samples, expect, voice=voice)  # type: ignore[arg-type]
        return Hearing(text="stew pots", command="stew_pots", confidence=0.99), encoded

    monkeypatch.setattr(base, "hear", sure_of_stew_pots)
    entry = GAMES["kapitaen-wackelpudding"]
    assert entry.head_phrases is not None
    phrases = entry.head_phrases("en").phrases
    ear = GameWordEar(base, game="kapitaen-wackelpudding", phrase_scorer=_no_scorer)
    pico = next(v for v in synth.voices("en", "bench") if v.engine == "pico")
    expect = Expectation(numbers=frozenset(), number_pairs=False,
                         words=tuple((p, f"meaning of {p}") for p in phrases))
    assert ear.recognize(synth.synthesize(pico, "two coffins"), expect).words == (
        "meaning of two coffins",)
    talk = ear.recognize(synth.synthesize(pico, "what a lovely evening"), expect)
    assert talk.command == "stew_pots"


def test_train_phrases_takes_the_utterances_of_each_phrase(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    out = tmp_path / "head.npz"
    command = [sys.executable, "-m", "voice_host", "ear", "train-phrases", "schnapp-den-sack",
               "--quick", "--per-phrase", "3", "--out", str(out)]
    env = {**os.environ, "VOICE_HOST_CACHE": str(tmp_path / "cache")}
    result = subprocess.run(command, capture_output=True, text=True, check=False, env=env)
    assert result.returncode == 0, result.stderr[-2000:]
    head = PhraseHead.load(out)
    recipe = head.meta["recipe"]
    assert isinstance(recipe, dict) and recipe["per_phrase"] == 3
    phrases = len(head.phrases) - 1
    # each phrase 3 times, each talk sentence once (the quick recipe), and the calls said at once
    assert int(str(head.meta["train_utterances"])) >= 3 * phrases
