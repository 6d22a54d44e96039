"""What the ear is trained on beyond its label space: each utterance's label, and per language
the table talk it must reject (whole sentences, and parts of number phrases)."""

from __future__ import annotations

from dataclasses import dataclass

from voice_host.ear.vocab import CARDS, HEADS, INTENTS, UNITS, split_total


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


CHATTER_ES: tuple[str, ...] = (
    "pásame las patatas fritas",
    "de quién son estas cartas",
    "necesito algo de beber",
    "qué jugada más lista",
    "puedes barajar tú",
    "me está sonando el móvil",
    "viste el partido de ayer",
    "cuelga tu abrigo allí",
    "este juego es muy divertido",
    "siempre pierdo en este juego",
    "dónde he dejado mis gafas",
    "déjame pensar un poco",
    "venga ya, en serio",
    "estás haciendo trampa otra vez",
    "la pizza está a punto de llegar",
    "voy a por más aceitunas",
    "se está haciendo tarde",
    "baja un poco la música",
    "alguien quiere un té",
    "qué suerte tienes",
    "sabía que harías eso",
    "nadie se lo esperaba",
    "hay que sacar al perro",
    "mis cartas son horribles",
    "jugamos otra partida después",
    "se me ha olvidado lo que iba a decir",
    "alguien puede abrir la ventana",
    "mira qué hora es",
    "eso no es nada justo",
    "me explicas las reglas",
    "el gato se ha subido a la mesa",
    "perdona, no estaba escuchando",
    "buena suerte a todos",
    "bueno, vamos allá",
    "a ver, déjame ver",
    "bien jugado",
    "dame un segundo",
    "quién ha barajado tan mal",
    "tengo muchísima hambre",
    "gracias por invitarnos",
    "no te rías tan alto",
    "hoy hace un tiempo horrible",
    "deberíamos pedir algo de cenar",
    "la semana que viene es mi cumpleaños",
    "alguien más quiere una cerveza",
    "ya no quedan gominolas",
    "quién se ha comido la última galleta",
    "salud, por una noche estupenda",
    "cuidado con el vaso",
    "me encanta esta canción",
)
"""Spanish table talk the ear must reject (training set; the bench uses its own sentences).

None of it is a total or a command phrasing of the Spanish phrase table.
"""

PARTIALS_ES: tuple[str, ...] = (
    "vein",
    "veinti",
    "trein",
    "cuaren",
    "cincuen",
    "dieci",
    "sesen",
    "seten",
    "treinta y",
    "y",
    "veinti veinti",
    "eh",
    "ehm",
    "este",
    "pues",
    "mmm",
    "hm",
    "bueno pues",
    "ajá",
    "jaja",
    "jajaja",
    "jejeje",
    "uf",
    "ay",
    "oye",
)
"""Spanish half words, fillers and laughs the ear must reject."""


CHATTER_FR: tuple[str, ...] = (
    "passe-moi les chips",
    "à qui sont ces cartes",
    "il me faut quelque chose à boire",
    "bien joué, c'était malin",
    "tu peux mélanger",
    "mon téléphone sonne",
    "tu as vu le match hier soir",
    "accroche ta veste là-bas",
    "ce jeu est vraiment drôle",
    "je perds toujours à ce jeu",
    "où est-ce que j'ai mis mes lunettes",
    "laisse-moi réfléchir un peu",
    "allez, sérieusement",
    "tu triches encore",
    "la pizza va bientôt arriver",
    "je vais chercher des bretzels",
    "il commence à être tard",
    "baisse un peu la musique",
    "quelqu'un veut du thé",
    "quelle chance",
    "je savais que tu ferais ça",
    "personne ne s'y attendait",
    "il faut sortir le chien",
    "mon jeu est affreux",
    "on fait une autre partie après",
    "j'ai oublié ce que je voulais dire",
    "quelqu'un peut ouvrir la fenêtre",
    "regarde l'heure qu'il est",
    "ce n'est pas du tout juste",
    "tu m'expliques les règles",
    "le chat est monté sur la table",
    "désolé, je n'écoutais pas",
    "bonne chance à tous",
    "bon, on y va",
    "voyons voir",
    "bien vu",
    "donne-moi une seconde",
    "qui a si mal mélangé",
    "j'ai tellement faim",
    "merci pour l'invitation",
    "ne rigole pas si fort",
    "il fait un temps affreux aujourd'hui",
    "on devrait commander à manger",
    "la semaine prochaine c'est mon anniversaire",
    "quelqu'un veut une bière",
    "il n'y a plus de bonbons",
    "qui a mangé le dernier biscuit",
    "santé, à une belle soirée",
    "attention au verre",
    "j'adore cette chanson",
)
"""French table talk the ear must reject (training set; the bench uses its own sentences).

None of it is a total or a command phrasing of the French phrase table.
"""

PARTIALS_FR: tuple[str, ...] = (
    "vin",
    "vingt et",
    "tren",
    "quaran",
    "cinquan",
    "soixan",
    "quatre-vin",
    "dix-hu",
    "et",
    "soixante soix",
    "euh",
    "heu",
    "bah",
    "ben",
    "hum",
    "hmm",
    "mmh",
    "pff",
    "ouf",
    "haha",
    "hahaha",
    "hihi",
    "oh là",
    "bof",
    "dis donc",
)
"""French half words, fillers and laughs the ear must reject."""


CHATTER_IT: tuple[str, ...] = (
    "passami le patatine",
    "di chi sono queste carte",
    "mi serve qualcosa da bere",
    "che mossa furba",
    "puoi mescolare tu",
    "mi sta squillando il telefono",
    "hai visto la partita ieri sera",
    "appendi la giacca là",
    "questo gioco è divertentissimo",
    "perdo sempre a questo gioco",
    "dove ho messo gli occhiali",
    "fammi pensare un attimo",
    "dai, sul serio",
    "stai barando di nuovo",
    "la pizza arriva tra poco",
    "vado a prendere altri salatini",
    "si sta facendo tardi",
    "abbassa un po' la musica",
    "qualcuno vuole un tè",
    "che fortuna",
    "sapevo che l'avresti fatto",
    "nessuno se lo aspettava",
    "bisogna portare fuori il cane",
    "le mie carte sono orribili",
    "facciamo un'altra partita dopo",
    "ho dimenticato cosa volevo dire",
    "qualcuno può aprire la finestra",
    "guarda che ore sono",
    "non è per niente giusto",
    "mi spieghi le regole",
    "il gatto è salito sul tavolo",
    "scusa, non stavo ascoltando",
    "buona fortuna a tutti",
    "allora, si parte",
    "vediamo un po'",
    "ben giocato",
    "dammi un secondo",
    "chi ha mescolato così male",
    "ho una fame da lupi",
    "grazie dell'invito",
    "non ridere così forte",
    "oggi c'è un tempo orribile",
    "dovremmo ordinare qualcosa da mangiare",
    "la settimana prossima è il mio compleanno",
    "qualcun altro vuole una birra",
    "le caramelle sono finite",
    "chi ha mangiato l'ultimo biscotto",
    "salute, a una bella serata",
    "attento al bicchiere",
    "adoro questa canzone",
)
"""Italian table talk the ear must reject (training set; the bench uses its own sentences).

None of it is a total or a command phrasing of the Italian phrase table.
"""

PARTIALS_IT: tuple[str, ...] = (
    "ven",
    "ventitr",
    "tren",
    "quaran",
    "cinquan",
    "sessan",
    "settan",
    "ottan",
    "novan",
    "e",
    "venti ven",
    "ehm",
    "eh",
    "mah",
    "boh",
    "mmm",
    "hm",
    "beh",
    "cioè",
    "allora",
    "ahah",
    "ahahah",
    "ihih",
    "uffa",
    "oddio",
)
"""Italian half words, fillers and laughs the ear must reject."""

_CHATTER = {"en": CHATTER_EN, "de": CHATTER_DE, "es": CHATTER_ES, "fr": CHATTER_FR,
            "it": CHATTER_IT}
_PARTIALS = {"en": PARTIALS_EN, "de": PARTIALS_DE, "es": PARTIALS_ES, "fr": PARTIALS_FR,
             "it": PARTIALS_IT}


def chatter(lang: str) -> tuple[str, ...]:
    """The training chatter of ``lang`` (empty for a language that has none yet)."""
    return _CHATTER.get(lang, ())


def partials(lang: str) -> tuple[str, ...]:
    """The training half words, fillers and laughs of ``lang`` (empty when there are none)."""
    return _PARTIALS.get(lang, ())
