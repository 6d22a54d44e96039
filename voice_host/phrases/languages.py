"""The per-language word lists behind the phrase tables.

Everything a language needs beyond what num2words gives: command phrasings, the plus/minus words,
spoken alternatives for some numbers, and the filler sounds a parser may skip.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

COMMAND_NAMES = (
    "undo",
    "repeat",
    "status",
    "score",
    "whose_turn",
    "islands",
    "pause",
    "resume",
    "stop",
    "yes",
    "no",
)
"""Every command a phrase table knows, in a stable order."""


@dataclass(frozen=True)
class LanguageData:
    """The hand-written part of one language's phrase table."""

    lang: str
    """Language code, also the num2words language."""
    commands: Mapping[str, tuple[str, ...]]
    """Command name → natural phrasings, the first one canonical."""
    plus: tuple[str, ...]
    """Words for "plus" before a card, the first one canonical."""
    minus: tuple[str, ...]
    """Words for "minus" before a card, the first one canonical."""
    spoken_extra: Mapping[int, tuple[str, ...]]
    """Spoken alternatives to num2words' form of a number (``oh`` for 0, ``zwo`` for 2)."""
    written_extra: Mapping[int, tuple[str, ...]]
    """Written-only variants a transcript may contain (``vier und zwanzig``)."""
    fillers: tuple[str, ...]
    """Hesitation sounds the parser skips."""


def _ro(mapping: dict[str, tuple[str, ...]]) -> Mapping[str, tuple[str, ...]]:
    return MappingProxyType(mapping)


def _ri(mapping: dict[int, tuple[str, ...]]) -> Mapping[int, tuple[str, ...]]:
    return MappingProxyType(mapping)


EN = LanguageData(
    lang="en",
    commands=_ro(
        {
            "undo": ("undo", "take that back", "take it back", "scratch that", "go back"),
            "repeat": ("repeat", "say again", "say that again", "repeat that", "pardon"),
            "status": ("status", "what's the total", "what is the total", "total", "where are we"),
            "score": ("score", "what's the score", "what is the score", "scores"),
            "whose_turn": ("whose turn", "whose turn is it", "who's next", "who is next"),
            "islands": ("islands", "island cards", "which islands", "show the islands"),
            "pause": ("pause", "hold on", "wait", "hang on"),
            "resume": ("resume", "continue", "carry on", "go on"),
            "stop": ("stop", "stop the game", "end the game", "quit", "game over"),
            "yes": ("yes", "yeah", "yep", "correct", "that's right"),
            "no": ("no", "nope", "wrong", "that's wrong"),
        }
    ),
    plus=("plus",),
    minus=("minus",),
    spoken_extra=_ri({0: ("oh", "nought")}),
    written_extra=_ri({}),
    fillers=("uh", "um", "er", "erm", "uhm"),
)

DE = LanguageData(
    lang="de",
    commands=_ro(
        {
            "undo": ("rückgängig", "zurück", "nimm das zurück", "streichen"),
            "repeat": ("wiederholen", "wiederhole", "noch einmal", "nochmal", "wie bitte"),
            "status": ("stand", "wie ist der stand", "was ist die summe", "summe", "status"),
            "score": ("punkte", "punktestand", "wer führt"),
            "whose_turn": ("wer ist dran", "wer ist an der reihe", "wer kommt"),
            "islands": ("inseln", "inselkarten", "welche inseln"),
            "pause": ("pause", "warte", "moment", "einen moment"),
            "resume": ("weiter", "weitermachen", "fortsetzen", "es geht weiter"),
            "stop": ("stopp", "stop", "spiel beenden", "aufhören"),
            "yes": ("ja", "jawohl", "genau", "richtig", "stimmt"),
            "no": ("nein", "falsch", "stimmt nicht", "nee"),
        }
    ),
    plus=("plus",),
    minus=("minus", "weniger"),
    spoken_extra=_ri({2: ("zwo",)}),
    written_extra=_ri({}),
    fillers=("äh", "ähm", "hm", "öh"),
)

ES = LanguageData(
    lang="es",
    commands=_ro(
        {
            "undo": ("deshacer", "deshaz", "anular", "borra eso"),
            "repeat": ("repite", "repetir", "otra vez", "cómo"),
            "status": ("estado", "total", "cuál es el total", "cuánto llevamos"),
            "score": ("puntuación", "puntos", "marcador"),
            "whose_turn": ("de quién es el turno", "a quién le toca", "quién sigue"),
            "islands": ("islas", "cartas de isla", "qué islas"),
            "pause": ("pausa", "espera", "un momento"),
            "resume": ("continuar", "sigue", "seguimos", "reanudar"),
            "stop": ("parar", "para", "alto", "terminar", "fin del juego"),
            "yes": ("sí", "vale", "correcto", "claro"),
            "no": ("no", "incorrecto", "mal"),
        }
    ),
    plus=("más",),
    minus=("menos",),
    spoken_extra=_ri({}),
    written_extra=_ri({1: ("un",), 21: ("veintiún",)}),
    fillers=("eh", "em", "este", "pues"),
)

FR = LanguageData(
    lang="fr",
    commands=_ro(
        {
            "undo": ("annuler", "annule", "retour", "efface"),
            "repeat": ("répète", "répéter", "encore une fois", "pardon", "comment"),
            "status": ("état", "total", "quel est le total", "on en est où"),
            "score": ("score", "points", "les points"),
            "whose_turn": ("à qui le tour", "c'est à qui", "à qui de jouer", "qui joue"),
            "islands": ("îles", "les îles", "quelles îles", "cartes île"),
            "pause": ("pause", "attends", "attendez", "un instant"),
            "resume": ("reprendre", "reprends", "continuer", "on continue"),
            "stop": ("stop", "arrête", "arrêter", "fin de partie"),
            "yes": ("oui", "d'accord", "exact", "correct"),
            "no": ("non", "faux", "incorrect"),
        }
    ),
    plus=("plus",),
    minus=("moins",),
    spoken_extra=_ri({1: ("une",)}),
    written_extra=_ri({80: ("quatre-vingt",)}),
    fillers=("euh", "heu", "ben", "bah"),
)

IT = LanguageData(
    lang="it",
    commands=_ro(
        {
            "undo": ("annulla", "indietro", "cancella", "torna indietro"),
            "repeat": ("ripeti", "ripetere", "di nuovo", "come"),
            "status": ("stato", "totale", "qual è il totale", "a quanto siamo"),
            "score": ("punteggio", "punti", "classifica"),
            "whose_turn": ("a chi tocca", "di chi è il turno", "chi gioca"),
            "islands": ("isole", "carte isola", "quali isole"),
            "pause": ("pausa", "aspetta", "un momento"),
            "resume": ("riprendi", "continua", "riprendere", "andiamo"),
            "stop": ("stop", "basta", "fine partita", "ferma"),
            "yes": ("sì", "giusto", "esatto", "va bene"),
            "no": ("no", "sbagliato", "non è giusto"),
        }
    ),
    plus=("più",),
    minus=("meno",),
    spoken_extra=_ri({}),
    written_extra=_ri({1: ("un",)}),
    fillers=("ehm", "eh", "allora", "cioè"),
)

DATA: Mapping[str, LanguageData] = MappingProxyType({d.lang: d for d in (EN, DE, ES, FR, IT)})
"""Language code → its hand-written data."""
