"""The Vosk adapter's own code: grammar, result parsing, snapping, the missing-model error.

No Vosk model can be had here, so the model is replaced by :class:`ScriptedVoskModel`, a stand-in
that hands back recorded Vosk JSON results. The one test that needs a real model runs only when
the environment variable ``VOSK_MODEL`` points at one.
"""

from __future__ import annotations

import gc
import inspect
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from voice_host.ear.backends import EngineError, load_recognizer
from voice_host.ear.backends.vosk_engine import (
    UNK,
    KaldiLike,
    VoskReading,
    VoskRecognizer,
    parse_result,
    snap,
)
from voice_host.recognition import SAMPLE_RATE, Expectation

SILENCE = np.zeros(1600, dtype=np.int16)

# Results in the shapes Vosk 0.3.45 prints: with SetMaxAlternatives(n > 0) ...
ALTS_24 = json.dumps(
    {
        "alternatives": [
            {
                "confidence": 231.6,
                "result": [
                    {"end": 0.75, "start": 0.3, "word": "twenty"},
                    {"end": 1.05, "start": 0.75, "word": "four"},
                ],
                "text": "twenty four",
            },
            {"confidence": 226.1, "result": [], "text": "twenty"},
            {"confidence": 224.0, "result": [], "text": "thirty four"},
        ]
    }
)
ALTS_CLOSE = json.dumps(
    {
        "alternatives": [
            {"confidence": 150.2, "text": "thirteen"},
            {"confidence": 150.0, "text": "thirty"},
        ]
    }
)
# ... and with SetMaxAlternatives(0), per-word confidences.
WORDS_CARD = json.dumps(
    {
        "result": [
            {"conf": 1.0, "end": 0.6, "start": 0.2, "word": "plus"},
            {"conf": 0.97, "end": 1.0, "start": 0.6, "word": "seven"},
            {"conf": 0.92, "end": 1.4, "start": 1.1, "word": "twenty"},
            {"conf": 0.95, "end": 1.8, "start": 1.4, "word": "four"},
        ],
        "text": "plus seven twenty four",
    }
)
EMPTY = json.dumps({"text": ""})
UNK_ONLY = json.dumps({"alternatives": [{"confidence": 90.0, "text": UNK}]})


class ScriptedKaldi:
    """Stand-in for ``vosk.KaldiRecognizer``: returns the next recorded result."""

    def __init__(self, model: ScriptedVoskModel, grammar: str) -> None:
        self.model = model
        self.grammar = grammar
        self.max_alternatives = -1
        self.words = False

    def SetWords(self, enable: bool) -> None:
        self.words = enable

    def SetMaxAlternatives(self, n: int) -> None:
        self.max_alternatives = n

    def AcceptWaveform(self, data: bytes) -> bool:
        self.model.fed.append(len(data))
        return False

    def FinalResult(self) -> str:
        return self.model.results.pop(0)


class ScriptedVoskModel:
    """Stand-in for a loaded Vosk model; NOT a model: it replays recorded results."""

    def __init__(self, results: list[str]) -> None:
        self.results = list(results)
        self.grammars: list[list[str]] = []
        self.fed: list[int] = []

    def recognizer(self, grammar: str) -> KaldiLike:
        self.grammars.append(json.loads(grammar))
        return ScriptedKaldi(self, grammar)

    def knows(self, word: str) -> bool:
        return True


def scripted(results: list[str], lang: str = "en", **kw: float) -> VoskRecognizer:
    return VoskRecognizer(lang, model=ScriptedVoskModel(results), **kw)  # type: ignore[arg-type]


def test_grammar_contents() -> None:
    rec = scripted([])
    grammar = rec.grammar()
    assert grammar[-1] == UNK
    assert "twenty four" in grammar and "forty five" in grammar and "forty six" not in grammar
    assert "plus seven twenty four" in grammar and "minus five eleven" in grammar
    assert "seven twenty four" in grammar
    assert "whose turn is it" in grammar and "undo" in grammar
    assert len(grammar) == len(set(grammar))


def test_grammar_has_the_play_prefix_with_cards() -> None:
    rec = scripted([])
    grammar = rec.grammar()
    assert "play seven twenty four" in grammar and "i play seven twenty four" in grammar
    assert "play minus five eleven" in grammar and "i play plus nine forty five" in grammar
    assert "play twenty four" not in grammar  # "play" goes before a card, not a bare total
    assert len(grammar) == len(set(grammar))
    bare = rec.grammar(Expectation(numbers=frozenset({24}), number_pairs=False))
    assert not [p for p in bare if p.startswith(("play ", "i play "))]
    de = scripted([], lang="de").grammar(Expectation(numbers=frozenset({24})))
    assert "ich spiele sieben vierundzwanzig" in de and "ich lege minus zwei vierundzwanzig" in de


def test_play_prefixed_card_first() -> None:
    said = json.dumps({"alternatives": [{"confidence": 240.0, "text": "play seven twenty four"}]})
    rec = scripted([said, said])
    hearing = rec.recognize(SILENCE)
    assert hearing.numbers == (7, 24) and hearing.text == "play seven twenty four"
    # Not allowed when card-first phrases are not: rejected like any out-of-grammar reading.
    bare = rec.recognize(SILENCE, Expectation(numbers=frozenset({24}), number_pairs=False))
    assert bare.numbers == ()


def test_grammar_follows_expectation() -> None:
    rec = scripted([])
    grammar = rec.grammar(Expectation(numbers=frozenset({13, 30}), number_pairs=False))
    assert "thirteen" in grammar and "thirty" in grammar
    assert "twenty four" not in grammar and "plus seven thirty" not in grammar
    assert "status" in grammar
    only = rec.grammar(Expectation(numbers=frozenset({13}), number_pairs=False, commands=False))
    assert only == ["thirteen", UNK]


def test_commands_that_would_do_nothing_are_not_in_the_grammar() -> None:
    rec = scripted([])
    idle = rec.grammar(Expectation(numbers=frozenset({13}), number_pairs=False,
                                   idle=frozenset({"yes", "no", "resume"})))
    assert "status" in idle and "undo" in idle
    assert not {"yes", "no", "resume"} & set(idle)
    assert {"yes", "no"} <= set(rec.grammar(Expectation(numbers=frozenset({13}))))


def test_grammar_german_words() -> None:
    grammar = scripted([], lang="de").grammar()
    assert "vierundzwanzig" in grammar and "plus sieben vierundzwanzig" in grammar
    assert "wer ist dran" in grammar


def test_grammar_is_sent_once_per_expectation() -> None:
    model = ScriptedVoskModel([ALTS_24, ALTS_24, ALTS_24])
    rec = VoskRecognizer("en", model=model)
    rec.recognize(SILENCE)
    rec.recognize(SILENCE)
    rec.recognize(SILENCE, Expectation(numbers=frozenset({24})))
    assert len(model.grammars) == 2
    assert model.fed == [3200, 3200, 3200]


def test_parse_alternatives() -> None:
    readings = parse_result(ALTS_24)
    assert [r.text for r in readings] == ["twenty four", "twenty", "thirty four"]
    assert readings[0].confidence > 0.99
    assert sum(r.confidence for r in readings) == pytest.approx(1.0)


def test_parse_word_confidences() -> None:
    assert parse_result(WORDS_CARD) == [VoskReading("plus seven twenty four", 0.92)]
    assert parse_result(EMPTY) == []
    assert parse_result("") == []


def test_confident_total_with_alternatives() -> None:
    hearing = scripted([ALTS_24]).recognize(SILENCE)
    assert hearing.numbers == (24,) and hearing.command is None
    assert hearing.confidence > 0.99
    assert [a.numbers for a in hearing.alternatives] == [(20,), (34,)]


def test_card_first() -> None:
    hearing = scripted([WORDS_CARD]).recognize(SILENCE)
    assert hearing.numbers == (7, 24)
    assert hearing.confidence == pytest.approx(0.92)


def test_unsure_means_no_numbers() -> None:
    hearing = scripted([ALTS_CLOSE]).recognize(SILENCE)
    assert hearing.numbers == ()
    assert hearing.text == "thirteen"
    assert hearing.alternatives[0].numbers == (30,)


def test_nothing_heard() -> None:
    assert scripted([EMPTY]).recognize(SILENCE).is_empty
    hearing = scripted([UNK_ONLY]).recognize(SILENCE)
    assert hearing.is_empty and hearing.confidence == 0.0


def test_out_of_grammar_words_are_revalidated() -> None:
    # Vosk returned a number the turn does not allow: rejected, not passed on.
    out = json.dumps({"alternatives": [{"confidence": 300.0, "text": "twenty four"}]})
    rec = scripted([out])
    hearing = rec.recognize(SILENCE, Expectation(numbers=frozenset({13, 30}), number_pairs=False))
    assert hearing.numbers == ()


def test_snap() -> None:
    allowed = frozenset({"twenty four", "twenty five", "plus seven twenty four", "undo"})
    assert snap("twenty four", allowed) == ("twenty four", 1.0)
    assert snap("plus seven twenty four [unk]", allowed) == ("plus seven twenty four", 0.5)
    assert snap("twenty", allowed) == (None, 0.0)  # two phrases are one word away
    assert snap("pass the crisps", allowed) == (None, 0.0)


def test_snapped_reading_loses_confidence() -> None:
    out = json.dumps({"result": [{"conf": 1.0, "word": "undo"}], "text": "undo it"})
    hearing = scripted([out]).recognize(SILENCE)
    assert hearing.text == "undo" and hearing.confidence == 0.5 and hearing.command is None
    assert scripted([out], min_confidence=0.4).recognize(SILENCE).command == "undo"


def test_missing_model_names_the_fix(tmp_path: Path) -> None:
    with pytest.raises(EngineError) as err:
        VoskRecognizer("de", model_path=tmp_path / "nowhere")
    message = str(err.value)
    assert "\n" not in message and "voice-host models download de" in message


def test_invalid_model_names_the_fix(tmp_path: Path) -> None:
    (tmp_path / "am").mkdir()
    with pytest.raises(EngineError, match="voice-host models download en"):
        load_recognizer("vosk", "en", tmp_path)


def test_unknown_language() -> None:
    with pytest.raises(EngineError, match="en, de, es, fr, it"):
        VoskRecognizer("xx", model=ScriptedVoskModel([]))


class VoskLibrary:
    """Stand-in for libvosk, the C library under the vosk package: the package's own Python
    (``vosk.Model``, ``vosk.KaldiRecognizer``) runs for real on top of it, so the adapter's calls
    must have the shapes that package accepts. It records every call, knows the words of
    ``vocabulary`` and returns ``result`` as the final result."""

    def __init__(self, vocabulary: set[str], result: str) -> None:
        self.vocabulary = vocabulary
        self.result = result
        self.calls: list[tuple[object, ...]] = []
        self._keep: list[object] = []

    def vosk_model_new(self, path: bytes) -> object:
        self.calls.append(("model_new", path))
        return vosk_ffi().new("int *")

    def vosk_model_find_word(self, model: object, word: bytes) -> int:
        return 1 if word.decode("utf-8") in self.vocabulary else -1

    def vosk_recognizer_new_grm(self, model: object, rate: float, grammar: bytes) -> object:
        self.calls.append(("recognizer_new_grm", rate, json.loads(grammar.decode("utf-8"))))
        return vosk_ffi().new("int *")

    def vosk_recognizer_set_words(self, rec: object, enable: int) -> None:
        self.calls.append(("set_words", enable))

    def vosk_recognizer_set_max_alternatives(self, rec: object, n: int) -> None:
        self.calls.append(("set_max_alternatives", n))

    def vosk_recognizer_accept_waveform(self, rec: object, data: bytes, size: int) -> int:
        self.calls.append(("accept_waveform", type(data), size))
        return 0

    def vosk_recognizer_final_result(self, rec: object) -> object:
        text = vosk_ffi().new("char[]", self.result.encode("utf-8"))
        self._keep.append(text)
        return text

    def vosk_recognizer_free(self, rec: object) -> None:
        pass

    def vosk_model_free(self, model: object) -> None:
        pass

    def vosk_set_log_level(self, level: int) -> None:
        pass


def vosk_ffi() -> Any:
    """The vosk package's cffi handle (what it builds C strings and pointers with)."""
    vosk = pytest.importorskip("vosk")
    return vosk._ffi


def model_folder(path: Path) -> Path:
    """A folder with a Vosk model's files (empty stand-ins), so the adapter goes on to load it."""
    for rel in ("am/final.mdl", "conf/mfcc.conf", "conf/model.conf", "graph/HCLr.fst",
                "graph/Gr.fst"):
        (path / rel).parent.mkdir(parents=True, exist_ok=True)
        (path / rel).write_text("x")
    return path


def with_library(monkeypatch: pytest.MonkeyPatch, library: VoskLibrary) -> None:
    """Put ``library`` under the vosk package for this test. Its handles are ``int *``, which
    the real library's functions refuse, so a model freed after the test cannot reach it."""
    vosk = pytest.importorskip("vosk")
    monkeypatch.setattr(vosk, "_c", library)


@pytest.fixture(autouse=True)
def _free_vosk_objects(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Free the vosk objects a test made while its stand-in library is still in place (this
    fixture ends before ``monkeypatch`` undoes it)."""
    yield
    gc.collect()


def test_a_loaded_model_calls_the_vosk_package_as_it_expects(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The loaded-model wrapper through the vosk package's real classes: the model loaded from
    the folder, a grammar recognizer (model, 16 kHz, the phrases as a JSON string), words and
    alternatives switched on, 16-bit audio fed, and the final result read back."""
    library = VoskLibrary({"vierundzwanzig", "fünf", "wer", "ist", "dran"}, ALTS_24)
    with_library(monkeypatch, library)
    folder = model_folder(tmp_path / "de")
    rec = VoskRecognizer("de", folder)
    said = json.dumps({"alternatives": [{"confidence": 230.0, "text": "vierundzwanzig"}]})
    library.result = said
    hearing = rec.recognize(SILENCE, Expectation(numbers=frozenset({24}), number_pairs=False))
    assert hearing.numbers == (24,) and hearing.text == "vierundzwanzig"
    (model, grm, words, alts, fed) = library.calls
    assert model == ("model_new", str(folder).encode("utf-8"))
    expect = Expectation(numbers=frozenset({24}), number_pairs=False)
    assert grm == ("recognizer_new_grm", SAMPLE_RATE, rec.grammar(expect))
    assert grm[2][0] == "vierundzwanzig" and "wer ist dran" in grm[2] and grm[2][-1] == UNK
    assert (words, alts) == (("set_words", 1), ("set_max_alternatives", 3))
    assert fed == ("accept_waveform", bytes, 2 * len(SILENCE))
    # Non-ASCII words reach the library as UTF-8.
    rec.recognize(SILENCE, Expectation(numbers=frozenset({5}), number_pairs=False))
    assert "fünf" in library.calls[-4][2]  # type: ignore[operator]


def test_the_stand_ins_calls_are_ones_the_vosk_package_has() -> None:
    """The methods the scripted stand-in offers in vosk's spelling exist on vosk's own class
    with the arguments the adapter passes."""
    vosk = pytest.importorskip("vosk")
    for name, args in [("SetWords", ["enable_words"]),
                       ("SetMaxAlternatives", ["max_alternatives"]),
                       ("AcceptWaveform", ["data"]), ("FinalResult", [])]:
        assert name in vars(ScriptedKaldi)
        params = list(inspect.signature(getattr(vosk.KaldiRecognizer, name)).parameters)
        assert params == ["self", *args], (name, params)
    assert next(iter(inspect.signature(vosk.Model).parameters)) == "model_path"


def test_phrases_with_words_the_model_lacks_are_left_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Vosk drops a word its model lacks from the grammar's phrases ("Ignoring word missing in
    vocabulary"): with "twenty" missing, "twenty four" would become "four" and a total could be
    heard as another. A phrase with a word the model lacks must not be in the grammar."""
    known = {w for p in scripted([]).grammar() for w in p.split()} - {"twenty"}
    library = VoskLibrary(known, EMPTY)
    with_library(monkeypatch, library)
    rec = VoskRecognizer("en", model_folder(tmp_path / "en"))
    rec.recognize(SILENCE)
    del rec
    grammar = library.calls[1][2]
    assert isinstance(grammar, list) and "four" in grammar
    assert not [p for p in grammar if "twenty" in p.split()]


@pytest.mark.skipif(not os.environ.get("VOSK_MODEL"), reason="set VOSK_MODEL to a Vosk model")
def test_real_model(tmp_path: Path) -> None:
    from tests.ear.backends.speech import espeak, have_espeak

    if not have_espeak():
        pytest.skip("espeak-ng is not installed")
    lang = os.environ.get("VOSK_LANG", "en")
    rec = VoskRecognizer(lang, Path(os.environ["VOSK_MODEL"]))
    voice = {"en": "en-us", "de": "de", "es": "es", "fr": "fr-fr", "it": "it"}[lang]
    words = rec.table.number_words(24)
    assert rec.recognize(espeak(words, voice, tmp_path)).numbers == (24,)
    assert rec.recognize(espeak("pass the crisps please", voice, tmp_path)).numbers == ()
