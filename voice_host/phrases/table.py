"""A language's phrase table: numbers both ways, commands, and the utterance shapes players use.

One table drives the recognizer grammars (:meth:`PhraseTable.sentences` and the word lists), the
parser (:meth:`PhraseTable.parse`) and the host's spoken numbers (:meth:`PhraseTable.number_words`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from voice_host.phrases.languages import COMMAND_NAMES, LanguageData

MAX_NUMBER = 99
"""The largest number every table speaks and parses in words."""

CARD_VALUES = range(10)
"""The values of the number cards (0–9): what can stand before a total in card-first phrases."""


@dataclass(frozen=True)
class Utterance:
    """What a player said, reduced to the shapes the game knows."""

    numbers: tuple[int, ...]
    """Every number in spoken order: ``(total,)`` or ``(card, total)``; empty for a command."""
    card: int | None
    """The card's value (0–9) in a card-first phrase ("plus seven, twenty-four" → 7), else None."""
    sign: int | None
    """+1 for "plus", -1 for "minus" before the card; None when not said."""
    total: int | None
    """The announced running total, or None for a command."""
    command: str | None
    """A command name (``"undo"``, ``"whose_turn"``...), or None for numbers."""


def normalize(text: str) -> str:
    """Fold text for matching: lower case, no accents, ß→ss, no apostrophes, words only."""
    text = unicodedata.normalize("NFKC", text).lower().replace("ß", "ss")
    text = "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))
    text = re.sub(r"['’`]", "", text)
    text = re.sub(r"[^\w+\-]+", " ", text)
    return " ".join(text.replace("_", " ").split())


def _tokens(text: str) -> tuple[str, ...]:
    return tuple(normalize(text).replace("-", " ").split())


def spoken_tokens(phrase: str) -> tuple[str, ...]:
    """A phrase as a recognizer's words: lower case, hyphens and commas split, accents kept."""
    text = unicodedata.normalize("NFC", phrase).lower()
    text = re.sub(r"[^\w'’]+", " ", text).replace("’", "'")
    return tuple(text.replace("_", " ").split())


_NUMBER = "number"
_SIGN = "sign"
_COMMAND = "command"
_FILLER = "filler"
_COMMA = ","
"""Marks a comma among a transcript's words (normalized words never hold one)."""


class PhraseTable:
    """Everything one language says in the game, and the parser for it."""

    def __init__(self, data: LanguageData) -> None:
        """Build the table for one language's data; use :func:`phrase_table` instead."""
        self._data = data
        self.lang: str = data.lang
        """Language code (``en``, ``de``, ``es``, ``fr``, ``it``)."""
        self.commands: Mapping[str, tuple[str, ...]] = data.commands
        """Command name → its natural phrasings, the first canonical."""
        self.sign_words: Mapping[int, tuple[str, ...]] = MappingProxyType(
            {+1: data.plus, -1: data.minus}
        )
        """+1 → the words for "plus", -1 → the words for "minus", the first canonical."""
        self.play_words: tuple[str, ...] = data.play
        """Words said before a card in a practice game ("play"); parsed like fillers."""
        self._items: dict[tuple[str, ...], tuple[str, int | str]] = {}
        self._longest = 1
        for name in COMMAND_NAMES:
            for phrase in data.commands[name]:
                self._add(_tokens(phrase), (_COMMAND, name))
        for sign, words in self.sign_words.items():
            for word in words:
                self._add(_tokens(word), (_SIGN, sign))
        for word in (*data.fillers, *data.play):
            self._add(_tokens(word), (_FILLER, 0))
        for n in range(MAX_NUMBER + 1):
            for form in self.number_variants(n):
                if not form.isdigit():
                    self._add(_tokens(form), (_NUMBER, n))

    def _add(self, key: tuple[str, ...], item: tuple[str, int | str]) -> None:
        old = self._items.setdefault(key, item)
        if old != item:
            raise ValueError(f"{self.lang}: phrase {' '.join(key)!r} means both {old} and {item}")
        self._longest = max(self._longest, len(key))

    def __repr__(self) -> str:
        return f"<PhraseTable {self.lang}>"

    def number_words(self, n: int) -> str:
        """The canonical spoken form of ``n`` (en 24 → twenty-four, de 24 → vierundzwanzig)."""
        if not 0 <= n <= MAX_NUMBER:
            raise ValueError(f"{self.lang}: cannot say {n}; numbers go from 0 to {MAX_NUMBER}")
        return _num2words(n, self.lang)

    def spoken_numbers(self, n: int) -> tuple[str, ...]:
        """The forms of ``n`` a speaker may say, canonical first (en 0 → zero, oh, nought)."""
        return (self.number_words(n), *self._data.spoken_extra.get(n, ()))

    def number_variants(self, n: int) -> tuple[str, ...]:
        """Every accepted written form of ``n``: spoken forms, spelling variants and digits."""
        forms: list[str] = []
        for form in (*self.spoken_numbers(n), *self._data.written_extra.get(n, ())):
            forms += [form, form.replace("-", " "), normalize(form).replace("-", " ")]
            if self.lang == "de" and "und" in form:
                forms.append(form.replace("und", " und "))
        forms.append(str(n))
        out: list[str] = []
        for form in forms:
            form = " ".join(form.split())
            if form not in out:
                out.append(form)
        return tuple(out)

    def parse(self, text: str) -> Utterance | None:
        """Read a transcript as a total, a card then a total, or a command; else None.

        A comma is a boundary no number crosses: "quatre, vingt-quatre" is the card four, then
        twenty-four (the ear writes its card-first readings so); "quatre vingt-quatre" is 84.
        """
        marked = [w for piece in text.split(",") for w in (_COMMA, *self._words(piece))]
        words = tuple(marked[1:])
        for items in self._segmentations(words, 0):
            utterance = _shape(items)
            if utterance is not None:
                return utterance
        return None

    def _words(self, text: str) -> tuple[str, ...]:
        """The words of a transcript (or of one piece of it between commas) as the table's."""
        text = normalize(text)
        plus, minus = self.sign_words[+1][0], self.sign_words[-1][0]
        text = re.sub(r"(?<![\w+\-])\+(?=\d)", f" {normalize(plus)} ", text)
        text = re.sub(r"(?<![\w+\-])-(?=\d)", f" {normalize(minus)} ", text)
        return tuple(text.replace("-", " ").split())

    def _segmentations(
        self, words: tuple[str, ...], start: int
    ) -> Iterator[list[tuple[str, int | str]]]:
        """Ways to read words[start:] as table items, longest items first ("quatre-vingt"); no
        item spans a comma."""
        if start == len(words):
            yield []
            return
        if words[start] == _COMMA:
            yield from self._segmentations(words, start + 1)
            return
        if words[start].isdigit():
            for rest in self._segmentations(words, start + 1):
                yield [(_NUMBER, int(words[start])), *rest]
            return
        for size in range(min(self._longest, len(words) - start), 0, -1):
            item = self._items.get(words[start : start + size])
            if item is None:
                continue
            for rest in self._segmentations(words, start + size):
                yield rest if item[0] == _FILLER else [item, *rest]

    def sentences(
        self, max_number: int = 45, number_pairs: bool = True, commands: bool = True
    ) -> Iterator[str]:
        """Every phrase the grammar accepts, totals 0..max_number, cards 0–9; spoken forms only."""
        totals = [f for n in range(max_number + 1) for f in self.spoken_numbers(n)]
        yield from totals
        if number_pairs:
            cards = [f for n in CARD_VALUES for f in self.spoken_numbers(n)]
            signs = ["", *self.sign_words[+1], *self.sign_words[-1]]
            for sign in signs:
                for card in cards:
                    for total in totals:
                        yield f"{sign} {card}, {total}".lstrip()
        if commands:
            for name in COMMAND_NAMES:
                yield from self.commands[name]

    def vocabulary(self) -> frozenset[str]:
        """Every word (as :func:`spoken_tokens` splits them) that :meth:`sentences` can produce."""
        words: set[str] = set()
        phrases = [f for n in range(MAX_NUMBER + 1) for f in self.spoken_numbers(n)]
        phrases += [w for ws in self.sign_words.values() for w in ws]
        phrases += [p for ps in self.commands.values() for p in ps]
        for phrase in phrases:
            words.update(spoken_tokens(phrase))
        return frozenset(words)


def _shape(items: list[tuple[str, int | str]]) -> Utterance | None:
    kinds = tuple(kind for kind, _ in items)
    values = [value for _, value in items]
    if kinds == (_COMMAND,):
        return Utterance(numbers=(), card=None, sign=None, total=None, command=str(values[0]))
    if kinds == (_NUMBER,):
        total = int(values[0])
        return Utterance(numbers=(total,), card=None, sign=None, total=total, command=None)
    if kinds == (_NUMBER, _NUMBER) and values[0] in CARD_VALUES:
        card, total = int(values[0]), int(values[1])
        return Utterance(numbers=(card, total), card=card, sign=None, total=total, command=None)
    if kinds == (_SIGN, _NUMBER, _NUMBER) and values[1] in CARD_VALUES:
        sign, card, total = int(values[0]), int(values[1]), int(values[2])
        return Utterance(numbers=(card, total), card=card, sign=sign, total=total, command=None)
    return None


@cache
def _num2words(n: int, lang: str) -> str:
    from num2words import num2words

    return str(num2words(n, lang=lang))
