"""What the ear can hear: its label space, and the words and sentences it is trained on.

An utterance is one of: a total ("twenty-four"), a card then a total ("plus seven, twenty-four",
"seven, twenty-four", "minus five, eleven"), a command, or anything else (rejected).

A total is read as words: a *head* word (zero to nineteen, or a tens word twenty to ninety) and
an optional *unit* word (one to nine after a tens word). Four heads of the network each predict
one slot, so "thirty-four" and "twenty-four" share what the model learns about "four", and every
total from 0 to 99 is covered without training each combination on its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from voice_host.phrases.languages import COMMAND_NAMES

MAX_TOTAL = 99
"""The largest total the ear knows."""
CARD_VALUES = tuple(range(10))
"""Number-card values (0 to 9)."""

INTENTS: tuple[str, ...] = ("number", *COMMAND_NAMES, "reject")
"""Classes of the intent head."""
HEADS: tuple[int, ...] = (*range(20), 20, 30, 40, 50, 60, 70, 80, 90)
"""Values of the head-word slot: 0-19, then the tens."""
UNITS: tuple[int, ...] = tuple(range(10))
"""Values of the unit slot (0 means none)."""
CARD_SIGNS = ("plus", "minus", "bare")
"""How a card is announced before the total."""
CARDS: tuple[str, ...] = ("none", *(f"{s}{v}" for s in CARD_SIGNS for v in CARD_VALUES))
"""Classes of the card slot: ``none``, ``plus0``...``plus9``, ``minus0``..., ``bare0``..."""


@dataclass(frozen=True)
class Label:
    """The target of one training utterance: one class index per head.

    A head that does not apply (the total of a command) holds -1 and is not trained on it.
    """

    intent: int
    """Index into :data:`INTENTS`."""
    head: int = -1
    """Index into :data:`HEADS`."""
    unit: int = -1
    """Index into :data:`UNITS`."""
    card: int = -1
    """Index into :data:`CARDS`."""


def split_total(total: int) -> tuple[int, int]:
    """The (head-word value, unit) of a total: 24 → (20, 4), 13 → (13, 0)."""
    if not 0 <= total <= MAX_TOTAL:
        raise ValueError(f"total out of range: {total} (0..{MAX_TOTAL})")
    if total < 20:
        return total, 0
    return total - total % 10, total % 10


def join_total(head: int, unit: int) -> int | None:
    """The total a head word and a unit make, or None when they cannot go together."""
    if unit and head < 20:
        return None
    return head + unit


def number_label(total: int, card: str = "none") -> Label:
    """The label of a spoken total, with the card announced before it (or ``none``)."""
    head, unit = split_total(total)
    return Label(
        intent=0, head=HEADS.index(head), unit=UNITS.index(unit), card=CARDS.index(card)
    )


def command_label(name: str) -> Label:
    """The label of a command."""
    return Label(intent=INTENTS.index(name))


REJECT = Label(intent=INTENTS.index("reject"))
"""The label of everything else."""


@dataclass(frozen=True)
class Words:
    """The words of one language that the ear's training text is made of."""

    lang: str
    """Language code."""
    numbers: Mapping[int, str]
    """Total → its usual spoken form."""
    plus: str
    """The word for plus."""
    minus: str
    """The word for minus."""
    commands: Mapping[str, tuple[str, ...]]
    """Command name → phrasings."""


def words(lang: str = "en") -> Words:
    """The words of ``lang``, from the project's phrase table."""
    from voice_host.phrases import phrase_table

    table = phrase_table(lang)
    return Words(
        lang=lang,
        numbers={n: table.number_words(n) for n in range(MAX_TOTAL + 1)},
        plus=table.sign_words[+1][0],
        minus=table.sign_words[-1][0],
        commands=dict(table.commands),
    )


def card_phrase(w: Words, card: str, total: int) -> str:
    """The text of a card-first utterance: ``plus seven, twenty-four``."""
    sign, value = card[:-1], int(card[-1])
    said = w.numbers[value]
    if sign == "plus":
        said = f"{w.plus} {said}"
    elif sign == "minus":
        said = f"{w.minus} {said}"
    return f"{said}, {w.numbers[total]}"


CHATTER_EN: tuple[str, ...] = (
    "pass the crisps please",
    "whose cards are these",
    "I need another drink",
    "that was a clever move",
    "can you shuffle the deck",
    "my phone is ringing",
    "did you see the match last night",
    "hang your coat over there",
    "this game is so much fun",
    "I always lose at this",
    "where did I put my glasses",
    "let me think for a moment",
    "oh come on, really",
    "you are cheating again",
    "the pizza should be here soon",
    "I will get some more chips",
    "it is getting late",
    "turn the music down a bit",
    "who wants a cup of tea",
    "what a lucky draw",
    "I knew you would do that",
    "nobody saw that coming",
    "the dog wants to go out",
    "my hand is terrible",
    "shall we play another round after this",
    "I forgot what I was going to say",
    "somebody open a window",
    "look at the time",
    "that is not fair at all",
    "how many cards do you have",
    "tell me the rules again",
    "the cat is on the table",
    "sorry, I was not listening",
    "good luck everyone",
    "okay, here goes nothing",
    "hmm, let me see",
    "well played",
    "give me a second",
    "who dealt this mess",
    "I am so hungry",
    "thanks for having us over",
    "please stop laughing",
    "the weather is awful today",
    "we should order dinner",
    "I think it's my birthday next week",
    "put the kettle on",
    "can I see the box",
    "this is a really nice table",
    "have you been here before",
    "mind the glass",
)
"""Table talk the ear must reject (training set; the bench uses its own sentences)."""

PARTIALS_EN: tuple[str, ...] = (
    "twen",
    "thir",
    "fif",
    "sev",
    "twenty twen",
    "thirt",
    "fort",
    "tw",
    "th",
    "uh",
    "um",
    "hmm",
    "er",
    "ah",
    "mm hmm",
    "ha ha ha",
    "hee hee hee",
    "ha ha",
    "wow",
    "whoa",
    "ooh",
    "huh",
    "psst",
    "shh",
)
"""Half words, fillers and laughs the ear must reject."""

CHATTER_DE: tuple[str, ...] = (
    "reich mir mal die chips rüber",
    "wem gehören diese karten",
    "ich brauche noch was zu trinken",
    "das war ein schlauer zug",
    "kannst du mal mischen",
    "mein handy klingelt",
    "hast du gestern das spiel gesehen",
    "häng deine jacke da drüben auf",
    "das spiel macht so viel spaß",
    "ich verliere hier immer",
    "wo habe ich meine brille hingelegt",
    "lass mich kurz nachdenken",
    "ach komm, echt jetzt",
    "du schummelst schon wieder",
    "die pizza müsste gleich kommen",
    "ich hole noch mehr salzstangen",
    "es wird langsam spät",
    "mach die musik ein bisschen leiser",
    "wer möchte einen tee",
    "was für ein glück",
    "ich wusste, dass du das machst",
    "damit hat keiner gerechnet",
    "der hund muss mal raus",
    "mein blatt ist furchtbar",
    "spielen wir danach noch eine runde",
    "ich habe vergessen, was ich sagen wollte",
    "kann mal jemand das fenster aufmachen",
    "guck mal, wie spät es ist",
    "das ist überhaupt nicht fair",
    "wie viele karten hast du noch",
    "erklär mir bitte die regeln",
    "die katze sitzt auf dem tisch",
    "entschuldigung, ich habe nicht zugehört",
    "viel glück allerseits",
    "na dann, auf geht's",
    "hm, mal sehen",
    "gut gespielt",
    "gib mir eine sekunde",
    "wer hat denn so schlecht gemischt",
    "ich habe so einen hunger",
    "danke für die einladung",
    "lach nicht so laut",
    "das wetter ist heute furchtbar",
    "wir sollten essen bestellen",
    "nächste woche habe ich geburtstag",
    "möchte noch jemand ein bier",
    "die gummibärchen sind schon alle",
    "wer hat den letzten keks gegessen",
    "prost, auf einen schönen abend",
    "pass auf das glas auf",
)
"""German table talk the ear must reject (training set; the bench uses its own sentences).

None of it is a total or a command phrasing of the German phrase table.
"""

PARTIALS_DE: tuple[str, ...] = (
    "zwan",
    "zwanz",
    "dreiß",
    "vierz",
    "fünfz",
    "sieb",
    "achtz",
    "neunz",
    "einund",
    "und",
    "zwanzig zwan",
    "äh",
    "ähm",
    "öh",
    "hm",
    "mhm",
    "na",
    "tja",
    "haha",
    "hahaha",
    "hihihi",
    "oha",
    "boah",
    "huch",
    "pst",
)
"""German half words, fillers and laughs the ear must reject."""

_CHATTER = {"en": CHATTER_EN, "de": CHATTER_DE}
_PARTIALS = {"en": PARTIALS_EN, "de": PARTIALS_DE}


def chatter(lang: str) -> tuple[str, ...]:
    """The training chatter of ``lang`` (empty for a language that has none yet)."""
    return _CHATTER.get(lang, ())


def partials(lang: str) -> tuple[str, ...]:
    """The training half words, fillers and laughs of ``lang`` (empty when there are none)."""
    return _PARTIALS.get(lang, ())
