"""The phrase tables: numbers both ways, utterance shapes, commands, chatter."""

from __future__ import annotations

import pytest

from voice_host.phrases import (
    COMMAND_NAMES,
    LANGUAGES,
    UnknownLanguageError,
    Utterance,
    phrase_table,
)


def test_languages() -> None:
    assert LANGUAGES == ("en", "de", "es", "fr", "it")


def test_unknown_language_names_the_valid_ones() -> None:
    with pytest.raises(UnknownLanguageError, match=r"'xx'.*en, de, es, fr, it"):
        phrase_table("xx")


@pytest.mark.parametrize(
    ("lang", "n", "words"),
    [
        ("en", 24, "twenty-four"),
        ("de", 24, "vierundzwanzig"),
        ("es", 24, "veinticuatro"),
        ("fr", 24, "vingt-quatre"),
        ("it", 24, "ventiquattro"),
        ("fr", 71, "soixante et onze"),
        ("de", 31, "einunddreißig"),
    ],
)
def test_number_words(lang: str, n: int, words: str) -> None:
    assert phrase_table(lang).number_words(n) == words


@pytest.mark.parametrize("lang", LANGUAGES)
def test_round_trip_every_number_and_variant(lang: str) -> None:
    table = phrase_table(lang)
    for n in range(100):
        assert table.parse(table.number_words(n)) == Utterance((n,), None, None, n, None)
        for form in table.number_variants(n):
            parsed = table.parse(form)
            assert parsed is not None and parsed.total == n, (form, parsed)
        assert str(n) in table.number_variants(n)


def test_number_words_out_of_range() -> None:
    with pytest.raises(ValueError, match="100"):
        phrase_table("en").number_words(100)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("twenty-four", Utterance((24,), None, None, 24, None)),
        ("Twenty four.", Utterance((24,), None, None, 24, None)),
        ("24", Utterance((24,), None, None, 24, None)),
        ("oh", Utterance((0,), None, None, 0, None)),
        ("plus seven, twenty-four", Utterance((7, 24), 7, +1, 24, None)),
        ("seven, twenty-four", Utterance((7, 24), 7, None, 24, None)),
        ("minus five, eleven", Utterance((5, 11), 5, -1, 11, None)),
        ("+7 24", Utterance((7, 24), 7, +1, 24, None)),
        ("-5, 11", Utterance((5, 11), 5, -1, 11, None)),
        ("um, twenty-two", Utterance((22,), None, None, 22, None)),
        ("whose turn is it?", Utterance((), None, None, None, "whose_turn")),
        ("What's the total", Utterance((), None, None, None, "status")),
    ],
)
def test_english_shapes(text: str, expected: Utterance) -> None:
    assert phrase_table("en").parse(text) == expected


@pytest.mark.parametrize(
    ("lang", "text", "numbers", "sign"),
    [
        ("de", "plus sieben, vierundzwanzig", (7, 24), +1),
        ("de", "Minus fünf, elf", (5, 11), -1),
        ("de", "vier und zwanzig", (24,), None),
        ("es", "más siete, veinticuatro", (7, 24), +1),
        ("es", "mas siete veinticuatro", (7, 24), +1),
        ("es", "menos cinco, treinta y uno", (5, 31), -1),
        ("fr", "plus sept, vingt-quatre", (7, 24), +1),
        ("fr", "moins cinq, vingt et un", (5, 21), -1),
        ("fr", "plus quatre, vingt-deux", (4, 22), +1),  # not "plus 80, 2"
        ("fr", "quatre-vingt-deux", (82,), None),
        # The comma the ear writes after a card is a boundary: the card four, then twenty-four.
        ("fr", "quatre, vingt-quatre", (4, 24), None),
        ("fr", "quatre vingt-quatre", (84,), None),
        ("fr", "quatre, vingt", (4, 20), None),
        ("en", "4, 24", (4, 24), None),
        ("it", "più sette, ventiquattro", (7, 24), +1),
        ("it", "meno cinque, undici", (5, 11), -1),
    ],
)
def test_other_languages_shapes(
    lang: str, text: str, numbers: tuple[int, ...], sign: int | None
) -> None:
    parsed = phrase_table(lang).parse(text)
    assert parsed is not None
    assert (parsed.numbers, parsed.sign) == (numbers, sign)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_commands(lang: str) -> None:
    table = phrase_table(lang)
    assert tuple(table.commands) == COMMAND_NAMES
    for name, phrasings in table.commands.items():
        assert len(phrasings) >= 3 or name in ("yes", "no", "score", "whose_turn")
        for phrase in phrasings:
            assert table.parse(phrase) == Utterance((), None, None, None, name), phrase


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "pass the crisps"),
        ("en", "I think it's twenty-four"),
        ("en", "twenty-four twenty-five twenty-six"),
        ("en", "plus seven"),
        ("en", "undo twenty"),
        ("en", "twenty, twenty-four"),  # a card is 0-9
        ("en", ""),
        ("de", "gib mir mal die chips"),
        ("es", "pásame las patatas"),
        ("fr", "passe-moi les chips"),
        ("it", "passami le patatine"),
    ],
)
def test_chatter_is_none(lang: str, text: str) -> None:
    assert phrase_table(lang).parse(text) is None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_sentence_parses(lang: str) -> None:
    table = phrase_table(lang)
    sentences = list(table.sentences(max_number=45))
    assert len(sentences) == len(set(sentences))
    for sentence in sentences:
        assert table.parse(sentence) is not None, sentence
    said = set(sentences)
    for sign, signs in table.sign_words.items():
        assert signs, sign
        for word in signs:
            text = f"{word} {table.number_words(7)}, {table.number_words(24)}"
            assert text in said and table.parse(text) == Utterance((7, 24), 7, sign, 24, None)


def test_sentences_options() -> None:
    table = phrase_table("en")
    only_totals = list(table.sentences(max_number=3, number_pairs=False, commands=False))
    assert only_totals == ["zero", "oh", "nought", "one", "two", "three"]
    assert "plus seven, twenty-four" in set(table.sentences())
    assert "whose turn is it" in set(table.sentences())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_card_first_round_trip(lang: str) -> None:
    """Every card (0-9), total (0-99) and sign word: 2,000 phrases per language, 10,000 with
    each language's first sign words."""
    table = phrase_table(lang)
    wrong = [
        (text, parsed)
        for sign, words in table.sign_words.items()
        for word in words
        for card in range(10)
        for total in range(100)
        for text in [f"{word} {table.number_words(card)}, {table.number_words(total)}"]
        if (parsed := table.parse(text)) != Utterance((card, total), card, sign, total, None)
    ]
    assert wrong == []
