"""The ear on real audio: held-out synthetic voices, human digits, chatter, missing heads.

Floors sit a few points under what the shipped head measures, so a regression trips them.
"""

from __future__ import annotations

import copy
import shutil
from pathlib import Path

import numpy as np
import pytest

from tests.conftest import FSDD, needs_fsdd
from tests.ear.conftest import needs_espeak, top_numbers
from voice_host.ear.backends import EngineError
from voice_host.ear.recognizer import EarRecognizer, threshold_in_band
from voice_host.ear.vocab import words
from voice_host.recognition import COMMANDS_ONLY, Expectation
from voice_host.speakers import synth

TOP_FLOOR_VOICE = 0.65
"""Share of totals whose best reading is right, in the held-out voices (measured 38 of 52)."""
TOP_FLOOR_HUMAN = 0.8
"""Share of human digits whose best reading is right (measured: see CARD)."""

HELD_OUT = synth.Voice("espeak", "en-029+m3", "bench")
"""A voice never used in training (bench accent and bench variant)."""
HELD_OUT_VOICES = (HELD_OUT, synth.Voice("espeak", "en-us-nyc+f4", "bench"),
                   synth.Voice("espeak", "en-029+Annie", "bench"),
                   synth.Voice("espeak", "en-us-nyc+klatt2", "bench"))
"""Four voices never used in training: both bench accents, male, female and klatt variants."""
WRONG_CEILING = 0.1
"""Share of totals accepted as another number in those voices (measured 4 of 52: the en-029
accent's "thirty" and "thirty-three" heard as forty and forty-three)."""


@needs_espeak
def test_totals_in_held_out_voices(ear: EarRecognizer) -> None:
    totals = (0, 3, 7, 11, 13, 17, 20, 24, 30, 33, 38, 40, 45)
    top = wrong = 0
    for voice in HELD_OUT_VOICES:
        for total in totals:
            text = words("en").numbers[total]
            hearing = ear.recognize(synth.synthesize(voice, text))
            top += top_numbers(hearing) == (total,)
            wrong += bool(hearing.numbers) and hearing.numbers != (total,)
    n = len(totals) * len(HELD_OUT_VOICES)
    assert top >= TOP_FLOOR_VOICE * n, top
    assert wrong <= WRONG_CEILING * n, wrong


@needs_espeak
def test_card_first_phrase(ear: EarRecognizer) -> None:
    hearing = ear.recognize(synth.synthesize(HELD_OUT, "plus seven, twenty-four"))
    assert hearing.numbers in ((7, 24), ())
    assert (7, 24) in [hearing.numbers, *(a.numbers for a in hearing.alternatives)]


@needs_espeak
def test_chatter_is_rejected(ear: EarRecognizer) -> None:
    sentences = ("could you pass me the salt", "where are the car keys",
                 "that movie was really boring", "I would love some coffee",
                 "is the oven still on", "everybody calm down")
    accepted = [s for s in sentences if ear.recognize(synth.synthesize(HELD_OUT, s)).numbers]
    assert len(accepted) <= 1, accepted


@needs_fsdd
def test_human_digits(ear: EarRecognizer) -> None:
    from voice_host.audio.chunks import read_wav

    paths = sorted(FSDD.glob("*.wav"))[::2]
    top = wrong = 0
    for path in paths:
        digit = int(path.name.split("_")[0])
        hearing = ear.recognize(read_wav(path))
        top += top_numbers(hearing) == (digit,)
        wrong += bool(hearing.numbers) and hearing.numbers != (digit,)
    assert top / len(paths) >= TOP_FLOOR_HUMAN, top / len(paths)
    assert wrong / len(paths) <= 0.05


def test_silence_and_noise_hear_nothing(ear: EarRecognizer) -> None:
    rng = np.random.default_rng(0)
    assert ear.recognize(np.zeros(16000, np.int16)).is_empty
    noise = (rng.standard_normal(24000) * 2000).astype(np.int16)
    assert not ear.recognize(noise).numbers


def test_expectation_never_adds_a_number(ear: EarRecognizer) -> None:
    silence = np.zeros(16000, np.int16)
    hearing = ear.recognize(silence, Expectation(numbers=frozenset({24})))
    assert not hearing.numbers


def test_missing_head_says_how_to_train_one(tmp_path: Path) -> None:
    with pytest.raises(EngineError, match="voice-host ear train --lang de"):
        EarRecognizer("de", model_path=tmp_path / "nothing.npz")


def test_a_language_without_a_phrase_table_names_the_languages_there_are() -> None:
    with pytest.raises(EngineError, match=r"no phrase table for language 'xx'.*en, de, es, fr, it"):
        EarRecognizer("xx")


def test_a_file_that_is_no_head_is_a_clear_error(tmp_path: Path) -> None:
    other = tmp_path / "other.npz"
    np.savez(other, weights=np.zeros(3))
    with pytest.raises(EngineError, match=r"cannot read the ear head .*no 'out_intent_w' in it"):
        EarRecognizer("en", model_path=other)
    text = tmp_path / "text.npz"
    text.write_text("not a head")
    with pytest.raises(EngineError, match="give a head written by voice-host ear train"):
        EarRecognizer("en", model_path=text)


QUERY_COMMANDS = ("my_cards", "my_islands", "stew_pots", "island_cards", "last_plays", "hint")
TOP_FLOOR_QUERY = 0.8
"""Share of query-command phrasings whose best reading is right, in the held-out voice."""


@needs_espeak
def test_query_commands_in_a_held_out_voice(ear: EarRecognizer) -> None:
    top = total = 0
    for name in QUERY_COMMANDS:
        for phrase in words("en").commands[name]:
            hearing = ear.recognize(synth.synthesize(HELD_OUT, phrase))
            best = hearing.command or next((a.command for a in hearing.alternatives), None)
            top += best == name
            total += 1
    assert top >= TOP_FLOOR_QUERY * total, (top, total)


TALK = synth.Voice("espeak", "en-us-nyc+f4", "bench")
"""A held-out voice talking at the table around the player's announcement."""


def _said_amid_talk(total: int, before: np.ndarray, after: np.ndarray) -> np.ndarray:
    """``total`` said in a held-out voice with the table talk ``before`` and ``after`` it, 16 dB
    quieter: one utterance of 7 s, as the endpointer cuts it when the talk keeps it open."""
    quieter = 10 ** (-16 / 20)
    said = synth.synthesize(HELD_OUT, words("en").numbers[total]).astype(np.float64)
    gap = np.zeros(3200)
    return np.concatenate([before * quieter, gap, said, gap, after * quieter]).astype(np.int16)


@needs_espeak
def test_a_total_amid_table_talk_is_heard_in_a_window(
    ear: EarRecognizer, monkeypatch: pytest.MonkeyPatch
) -> None:
    import voice_host.ear.recognizer as recognizer

    totals = (7, 13, 24, 31, 38, 42)
    before = synth.synthesize(TALK, "so I told him the train was late again and he just laughed")
    after = synth.synthesize(TALK, "anyway who wants more of these crisps")
    clips = [_said_amid_talk(t, before.astype(np.float64), after.astype(np.float64))
             for t in totals]
    assert all(len(c) > recognizer.LONG_S * 16000 for c in clips)
    windowed = [ear.recognize(c).numbers for c in clips]
    monkeypatch.setattr(recognizer, "LONG_S", float("inf"))
    whole = [ear.recognize(c).numbers for c in clips]
    right = [heard == (t,) for heard, t in zip(windowed, totals, strict=True)]
    # Measured: 3 of 6 heard right in a window, none as a whole, none wrong either way.
    assert sum(right) >= 2, windowed
    assert sum(right) > sum(h == (t,) for h, t in zip(whole, totals, strict=True)), whole
    assert all(not h or h == (t,) for h, t in zip(windowed, totals, strict=True)), windowed


@needs_espeak
def test_long_table_talk_alone_is_heard_as_nothing(ear: EarRecognizer) -> None:
    talk = synth.synthesize(TALK, "so I told him the train was late again and he just laughed. "
                                  "anyway who wants more of these crisps. is the oven still on")
    assert len(talk) > 2 * 16000 * 3
    hearing = ear.recognize(talk)
    assert not hearing.numbers and hearing.command is None, hearing


def test_the_shipped_head_asks_more_confidence_in_noise(ear: EarRecognizer) -> None:
    bands = ear.snr_thresholds
    assert bands and [lo for lo, _ in bands] == sorted(lo for lo, _ in bands)
    assert all(t >= ear.threshold for _, t in bands)
    assert [t for _, t in bands] == sorted((t for _, t in bands), reverse=True)
    assert bands[0][1] > ear.threshold  # the noisiest band asks for more than the one threshold


@needs_espeak
def test_a_noisy_utterance_open_to_any_number_is_held_to_its_band(ear: EarRecognizer) -> None:
    from voice_host.audio.apparent_snr import apparent_snr_db
    from voice_host.audio.noise import mix_at_snr, pink_noise

    clean = synth.synthesize(HELD_OUT, "thirty one")
    noisy = mix_at_snr(clean, pink_noise(len(clean), seed=2), 10.0)
    assert apparent_snr_db(noisy) < 25.0 < apparent_snr_db(clean)
    strictest = ear.snr_thresholds[0][1]
    assert ear.threshold_for(noisy, None) == strictest
    assert ear.threshold_for(noisy, Expectation(numbers=None)) == strictest
    assert ear.threshold_for(clean, None) == ear.snr_thresholds[-1][1]
    # Narrowed to a turn, the turn's band; to an island card or a yes or no, the one threshold.
    turn = Expectation(numbers=frozenset(range(12, 51)), number_pairs=True)
    assert ear.threshold_for(noisy, turn) == threshold_in_band(apparent_snr_db(noisy),
                                                               ear.turn_thresholds)
    assert ear.threshold_for(clean, turn) == ear.turn_thresholds[-1][1] < ear.threshold
    island = Expectation(numbers=frozenset(range(10, 31)), number_pairs=False)
    assert ear.threshold_for(clean, island) == ear.threshold
    assert ear.threshold_for(clean, COMMANDS_ONLY) == ear.threshold


def test_the_shipped_head_needs_less_in_a_clean_turn(ear: EarRecognizer) -> None:
    bands = ear.turn_thresholds
    assert [lo for lo, _ in bands] == [lo for lo, _ in ear.snr_thresholds]
    assert all(t <= ear.threshold for _, t in bands)  # never above the one threshold
    assert [t for _, t in bands] == sorted((t for _, t in bands), reverse=True)
    assert bands[-1][1] < ear.threshold


@needs_espeak
def test_in_noise_nothing_less_sure_than_its_band_is_taken(ear: EarRecognizer) -> None:
    from voice_host.audio.noise import mix_at_snr, pink_noise

    heard = []
    for k, total in enumerate((4, 13, 19, 27, 30, 36, 41, 44)):
        clean = synth.synthesize(HELD_OUT_VOICES[k % 4], words("en").numbers[total])
        noisy = mix_at_snr(clean, pink_noise(len(clean), seed=k), 10.0)
        hearing = ear.recognize(noisy)
        threshold = ear.threshold_for(noisy, None)
        assert not hearing.numbers or hearing.confidence >= threshold, (total, hearing)
        heard.append(hearing.numbers == (total,))
    assert sum(heard) >= 3, heard  # still heard, not deaf: measured 4 of 8


@needs_espeak
def test_a_turn_s_lower_thresholds_are_for_totals_not_commands(ear: EarRecognizer) -> None:
    voice = synth.Voice("espeak", "en+klatt2", "bench")
    turn = Expectation(numbers=frozenset(range(11, 50)), number_pairs=True)
    talk = synth.synthesize(voice, "a few")
    heard = ear.recognize(talk, turn)
    likeliest = heard.alternatives[0] if heard.command is None else heard
    assert likeliest.command == "undo", heard  # "a few" sounds like "undo"
    # The real ear with its thresholds either side of that: a turn's below it (a total this
    # sure would be taken), an open hearing's above. A turn narrows the totals, never the
    # commands, so the command is held to the open hearing's threshold and stays unsure.
    sure = likeliest.confidence
    placed = copy.copy(ear)
    placed.turn_thresholds = ((0.0, sure - 0.05),)
    placed.snr_thresholds = ((0.0, (sure + 1.0) / 2),)
    assert placed.threshold_for(talk, turn) < sure < placed.threshold_for(talk, None)
    assert placed.recognize(talk, turn).command is None
    assert placed.recognize(synth.synthesize(voice, "pause"), turn).command == "pause"


@pytest.mark.skipif(shutil.which("flite") is None or shutil.which("text2wave") is None,
                    reason="needs flite and festival")
def test_talk_heard_as_no_is_talk_at_a_turn_where_nothing_is_asked(ear: EarRecognizer) -> None:
    from tests.games.cowabunga.host.helpers import heard, session

    table = session()
    talk = [synth.synthesize(synth.Voice("festival", "ked_diphone", "bench"), "no way"),
            synth.synthesize(synth.Voice("flite", "slt", "bench"), "I know")]
    assert [ear.recognize(t).command for t in talk] == ["no", "no"]  # open, both sure "no"
    # At the referee's turn nothing is asked: a no would do nothing, so it is table talk.
    assert [ear.recognize(t, table.expectation()).command for t in talk] == [None, None]
    table.hear(heard("twenty", 1.0))  # a mistake from four: "Twenty?"
    assert table.question is not None and table.question.confirm is not None
    assert ear.recognize(talk[0], table.expectation()).command == "no"
