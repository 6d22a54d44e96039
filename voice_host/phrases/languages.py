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
    "my_cards",
    "my_islands",
    "stew_pots",
    "island_cards",
    "last_plays",
    "hint",
)
"""Every command a phrase table knows, in a stable order.

The last six are the accessibility queries of training and practice (issue 5): the learner's
hand, their islands, everyone's stew pots, island cards left, the last plays, and a hint.
"""


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
    play: tuple[str, ...] = ()
    """Words a player may say before a card in a practice game ("play seven, twenty-four"); the
    parser skips them like fillers, the first one canonical."""


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
            "my_cards": ("my cards", "my hand", "what are my cards", "read my cards"),
            "my_islands": ("my islands", "what are my islands", "which islands do i have"),
            "stew_pots": ("stew pots", "how many stew pots", "stew pot count"),
            "island_cards": ("island cards left", "how many island cards", "island deck"),
            "last_plays": ("last plays", "last five plays", "what was played"),
            "hint": ("hint", "give me a hint", "what should i play", "help me"),
        }
    ),
    plus=("plus",),
    minus=("minus",),
    spoken_extra=_ri({0: ("oh", "nought")}),
    written_extra=_ri({}),
    fillers=("uh", "um", "er", "erm", "uhm"),
    play=("play", "i play"),
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
            "my_cards": ("meine karten", "meine hand", "welche karten habe ich"),
            "my_islands": ("meine inseln", "welche inseln habe ich", "was sind meine inseln"),
            "stew_pots": ("fettnäpfe", "wie viele fettnäpfe", "fettnapfkarten"),
            "island_cards": ("inselkarten übrig", "wie viele inselkarten", "inselstapel"),
            "last_plays": ("letzte züge", "die letzten züge", "was wurde gespielt"),
            "hint": ("tipp", "hinweis", "was soll ich spielen", "hilf mir"),
        }
    ),
    plus=("plus",),
    minus=("minus", "weniger"),
    spoken_extra=_ri({2: ("zwo",)}),
    written_extra=_ri({}),
    fillers=("äh", "ähm", "hm", "öh"),
    play=("ich spiele", "spiele", "ich lege"),
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
            "my_cards": ("mis cartas", "mi mano", "qué cartas tengo"),
            "my_islands": ("mis islas", "qué islas tengo", "cuáles son mis islas"),
            "stew_pots": ("ollas", "cuántas ollas", "las ollas"),
            "island_cards": (
                "cartas de isla restantes",
                "cuántas cartas de isla quedan",
                "mazo de islas",
            ),
            "last_plays": ("últimas jugadas", "las últimas jugadas", "qué se ha jugado"),
            "hint": ("pista", "una pista", "qué debo jugar", "ayúdame"),
        }
    ),
    plus=("más",),
    minus=("menos",),
    spoken_extra=_ri({}),
    written_extra=_ri({1: ("un",), 21: ("veintiún",)}),
    fillers=("eh", "em", "este", "pues"),
    play=("juego", "pongo", "tiro"),
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
            "my_cards": ("mes cartes", "ma main", "quelles sont mes cartes"),
            "my_islands": ("mes îles", "quelles sont mes îles", "mes cartes île"),
            "stew_pots": ("marmites", "les marmites", "combien de marmites"),
            "island_cards": ("cartes île restantes", "combien de cartes île", "pioche des îles"),
            "last_plays": ("derniers coups", "les derniers coups", "qu'est-ce qui a été joué"),
            "hint": ("indice", "un indice", "que dois-je jouer", "aide-moi"),
        }
    ),
    plus=("plus",),
    minus=("moins",),
    spoken_extra=_ri({1: ("une",)}),
    written_extra=_ri({80: ("quatre-vingt",)}),
    fillers=("euh", "heu", "ben", "bah"),
    play=("je joue", "je pose"),
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
            "my_cards": ("le mie carte", "mie carte", "la mia mano"),
            "my_islands": ("le mie isole", "mie isole", "quali sono le mie isole"),
            "stew_pots": ("pentole", "le pentole", "quante pentole"),
            "island_cards": ("carte isola rimaste", "quante carte isola", "mazzo delle isole"),
            "last_plays": ("ultime giocate", "le ultime giocate", "cosa è stato giocato"),
            "hint": ("suggerimento", "un suggerimento", "cosa devo giocare", "aiutami"),
        }
    ),
    plus=("più",),
    minus=("meno",),
    spoken_extra=_ri({}),
    written_extra=_ri({1: ("un",)}),
    fillers=("ehm", "eh", "allora", "cioè"),
    play=("gioco", "metto", "calo"),
)

DATA: Mapping[str, LanguageData] = MappingProxyType({d.lang: d for d in (EN, DE, ES, FR, IT)})
"""Language code → its hand-written data."""
