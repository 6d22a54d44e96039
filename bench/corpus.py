"""The recognition bench's own corpus: held-out synthetic voices, noise, distractors, humans.

Nothing here is used to train the ear: the espeak-ng voices come from the ``bench`` split of
``voice_host.speakers.synth`` (accents and variants never used in training), the MBROLA and festival
voices are held out too, the distractor sentences differ from the ear's training chatter, and
the human digits (FSDD, two speakers) are never trained on by the shipped head.

English is the default; German (``lang="de"``) has the same recipe in the German ``bench``
voices (espeak-ng ``de`` variants, MBROLA mb-de5 and mb-de8) with German distractors. There are
no human German recordings, so the German corpus is synthetic voices only.

Noise is mixed at an SNR over the ITU-T P.56 active speech level of each padded clip
(``voice_host.audio.noise.mix_at_snr``), as in every bench; corpus v6 is the first so made.
Corpus v7 adds neural voices at its end (two Kokoro speakers and Piper's joe, held out from
training); every case before them is v6's.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from voice_host.audio.noise import mix_at_snr
from voice_host.ear.vocab import card_phrase, words
from voice_host.speakers import augment, synth

REPO = Path(__file__).resolve().parents[1]
FSDD = REPO.parent / "shared" / "corpus" / "fsdd-dev"
"""The human digits (FSDD by Zohar Jackson and contributors, CC BY-SA 4.0)."""
CACHE = REPO / "data" / "bench"

CONDITIONS = ("clean", "pink 20 dB", "pink 10 dB", "pink 0 dB",
              "babble 20 dB", "babble 10 dB", "babble 0 dB")
"""Noise conditions, each applied to every utterance."""

DISTRACTORS = (
    "could you pass me the salt",
    "I think it is going to rain tomorrow",
    "where are the car keys",
    "my sister is coming over later",
    "let's have a break after this round",
    "that movie was really boring",
    "who left the door open",
    "I would love some coffee",
    "the kids are asleep upstairs",
    "what time does the shop close",
    "you always say that",
    "my back hurts from sitting",
    "this chair is wobbly",
    "did anyone feed the fish",
    "I am not sure about that",
    "the neighbours are loud tonight",
    "can we play music",
    "bring the snacks over here",
    "that is hilarious",
    "I need to check my email",
    "she played a great card",
    "honestly I have no idea",
    "we are running out of ice",
    "is the oven still on",
    "nice try",
    "my turn went badly",
    "let us see what happens",
    "hold the door please",
    "I heard a noise outside",
    "everybody calm down",
)
"""Table talk that must not be heard as a number (not in the ear's training chatter)."""

DISTRACTORS_DE = (
    "kannst du mir mal das salz geben",
    "ich glaube, morgen regnet es",
    "wo sind die autoschlüssel",
    "meine schwester kommt später vorbei",
    "lass uns danach kurz frische luft schnappen",
    "der film war echt langweilig",
    "wer hat die tür offen gelassen",
    "ich hätte gern einen kaffee",
    "die kinder schlafen oben",
    "wann macht der laden zu",
    "das sagst du immer",
    "mir tut vom sitzen der rücken weh",
    "dieser stuhl wackelt",
    "hat jemand die fische gefüttert",
    "da bin ich mir nicht sicher",
    "die nachbarn sind heute laut",
    "können wir musik anmachen",
    "bring die knabbersachen hier rüber",
    "das ist ja zum totlachen",
    "ich muss kurz meine mails lesen",
    "sie hat eine tolle karte gespielt",
    "ehrlich gesagt keine ahnung",
    "das eis geht langsam aus",
    "ist der ofen noch an",
    "netter versuch",
    "mein zug ist schiefgegangen",
    "mal schauen, was passiert",
    "halt bitte die tür auf",
    "draußen war ein geräusch",
    "jetzt beruhigt euch mal alle",
)
"""German table talk that must not be heard as a number (not in the ear's training chatter)."""

DISTRACTORS_ES = (
    "me pasas la sal",
    "creo que mañana va a llover",
    "dónde están las llaves del coche",
    "mi hermana viene más tarde",
    "hagamos un descanso después de esta ronda",
    "la película era muy aburrida",
    "quién ha dejado la puerta abierta",
    "me apetece un café",
    "los niños duermen arriba",
    "a qué hora cierra la tienda",
    "siempre dices lo mismo",
    "me duele la espalda de estar sentado",
    "esta silla cojea",
    "alguien ha dado de comer a los peces",
    "no estoy seguro de eso",
    "los vecinos hacen mucho ruido esta noche",
    "podemos poner música",
    "trae los aperitivos aquí",
    "qué gracioso",
    "tengo que mirar el correo",
    "ella ha jugado una carta muy buena",
    "la verdad es que ni idea",
    "se nos está acabando el hielo",
    "está el horno todavía encendido",
    "buen intento",
    "mi turno ha ido fatal",
    "quién quiere más tarta",
    "hace frío aquí dentro",
    "mañana madrugo",
    "qué bien lo estamos pasando",
)
"""Spanish table talk that must not be heard as a number (not in the ear's training chatter)."""

DISTRACTORS_FR = (
    "tu me passes le sel",
    "je crois qu'il va pleuvoir demain",
    "où sont les clés de la voiture",
    "ma sœur passe plus tard",
    "faisons une pause après cette manche",
    "le film était vraiment ennuyeux",
    "qui a laissé la porte ouverte",
    "je prendrais bien un café",
    "les enfants dorment en haut",
    "à quelle heure ferme le magasin",
    "tu dis toujours ça",
    "j'ai mal au dos d'être assis",
    "cette chaise est bancale",
    "quelqu'un a nourri les poissons",
    "je n'en suis pas sûr",
    "les voisins font du bruit ce soir",
    "on peut mettre de la musique",
    "apporte les amuse-gueules ici",
    "c'est hilarant",
    "je dois lire mes mails",
    "elle a joué une très bonne carte",
    "franchement je n'en sais rien",
    "on n'a bientôt plus de glaçons",
    "le four est encore allumé",
    "bien essayé",
    "mon tour s'est mal passé",
    "qui veut encore du gâteau",
    "il fait froid ici",
    "demain je me lève tôt",
    "qu'est-ce qu'on s'amuse",
)
"""French table talk that must not be heard as a number (not in the ear's training chatter)."""

DISTRACTORS_IT = (
    "mi passi il sale",
    "credo che domani pioverà",
    "dove sono le chiavi della macchina",
    "mia sorella passa più tardi",
    "facciamo una pausa dopo questo giro",
    "il film era noiosissimo",
    "chi ha lasciato la porta aperta",
    "prenderei volentieri un caffè",
    "i bambini dormono di sopra",
    "a che ora chiude il negozio",
    "dici sempre così",
    "mi fa male la schiena a stare seduto",
    "questa sedia traballa",
    "qualcuno ha dato da mangiare ai pesci",
    "non ne sono sicuro",
    "i vicini fanno rumore stasera",
    "possiamo mettere un po' di musica",
    "porta qui gli stuzzichini",
    "che ridere",
    "devo controllare la posta",
    "ha giocato una carta bellissima",
    "sinceramente non ne ho idea",
    "sta finendo il ghiaccio",
    "il forno è ancora acceso",
    "bel tentativo",
    "il mio turno è andato male",
    "chi vuole altra torta",
    "fa freddo qui dentro",
    "domani mi alzo presto",
    "quanto ci stiamo divertendo",
)
"""Italian table talk that must not be heard as a number (not in the ear's training chatter)."""

LANGUAGES: dict[str, tuple[str, ...]] = {"en": DISTRACTORS, "de": DISTRACTORS_DE,
                                        "es": DISTRACTORS_ES, "fr": DISTRACTORS_FR,
                                        "it": DISTRACTORS_IT}
"""The languages the bench has a corpus for, with their distractor sentences."""

HUMANS: dict[str, str] = {"en": "FSDD digits, jackson and yweweler"}
"""Human recordings per language (German has none)."""


@dataclass(frozen=True)
class Case:
    """One bench utterance."""

    family: str
    """``espeak``, ``festival``, ``human`` or ``distractor``."""
    voice: str
    """Voice or speaker."""
    condition: str
    """One of :data:`CONDITIONS`."""
    text: str
    """What was said."""
    numbers: tuple[int, ...]
    """What should be heard (empty for a distractor)."""


@dataclass
class Corpus:
    """Bench cases with their audio (16 kHz int16)."""

    cases: list[Case]
    """The cases."""
    audio: list[npt.NDArray[np.int16]]
    """One clip per case."""

    def save(self, path: Path) -> None:
        """Write audio and cases beside each other (plus a raw PCM copy, see :func:`clips`)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        lengths = np.array([len(a) for a in self.audio], dtype=np.int64)
        flat = np.concatenate(self.audio)
        np.savez(path, audio=flat, lengths=lengths,
                 cases=np.array(json.dumps([asdict(c) for c in self.cases])))
        flat.astype("<i2").tofile(path.with_suffix(".pcm"))

    @classmethod
    def load(cls, path: Path) -> Corpus:
        """Read what :meth:`save` wrote."""
        with np.load(path) as z:
            bounds = np.concatenate([[0], np.cumsum(z["lengths"])])
            flat = z["audio"]
            audio = [flat[bounds[i] : bounds[i + 1]] for i in range(len(bounds) - 1)]
            text = str(z["cases"])
        return cls(_parsed(text), audio)


def _human_digits() -> list[tuple[str, int, int, npt.NDArray[np.int16]]]:
    from voice_host.audio.chunks import read_wav

    out = []
    for path in sorted(FSDD.glob("*.wav")):
        digit, speaker, take = path.stem.split("_")
        out.append((speaker, int(digit), int(take), read_wav(path)))
    return out


def corpus_path(seed: int, quick: bool, lang: str = "en") -> Path:
    """Where the corpus of ``seed`` in ``lang`` is cached."""
    name = "corpus" if lang == "en" else f"corpus-{lang}"
    return CACHE / f"{name}-{seed}-{'quick' if quick else 'full'}-v7.npz"


OTHER_FAMILIES = ("flite", "pico", "rhvoice")
"""The synthesizers of :data:`synth.OTHER_VOICES` that have bench voices."""
NEURAL_FAMILIES = ("kokoro", "piper")
"""The neural synthesizers (:mod:`voice_host.speakers.neural`) that have bench voices."""

Clean = tuple[str, str, str, tuple[int, ...], npt.NDArray[np.int16], bool]
"""One clean utterance: family, voice, text, numbers, audio, whether it is also heard in noise."""


def build(seed: int = 1234, quick: bool = False, lang: str = "en") -> Corpus:
    """Synthesize the bench corpus of ``lang`` (cached under ``data/bench``)."""
    if lang not in LANGUAGES:
        raise ValueError(f"no bench corpus for {lang!r}; languages: {', '.join(LANGUAGES)}")
    path = corpus_path(seed, quick, lang)
    if path.exists():
        return Corpus.load(path)
    rng = np.random.default_rng(seed)
    w = words(lang)
    pool = synth.voices(lang, "bench")
    espeak = [v for v in pool if v.engine == "espeak"]
    festival = [v for v in pool if v.engine == "festival"]
    if not espeak:
        raise RuntimeError(f"no bench voices for {lang!r}: is espeak-ng installed?")
    n_espeak = min(4 if quick else 12, len(espeak))
    chosen = [espeak[int(i)] for i in rng.choice(len(espeak), n_espeak, replace=False)]
    clean: list[Clean] = []
    mbrola: list[Clean] = []

    def add(family: str, voice: synth.Voice, text: str, numbers: tuple[int, ...],
            r: np.random.Generator = rng, into: list[Clean] = clean) -> None:
        audio = synth.synthesize(voice, text, float(r.uniform(0.85, 1.2)),
                                 int(r.integers(30, 71)))
        into.append((family, voice.name, text, numbers, audio, True))

    def card_first(r: np.random.Generator) -> tuple[str, tuple[int, ...]]:
        value, total, sign = int(r.integers(10)), int(r.integers(46)), r.random()
        card = "plus" if sign < 0.5 else "minus" if sign < 0.8 else "bare"
        return card_phrase(w, f"{card}{value}", total), (value, total)

    per_voice = 3 if quick else 10
    for voice in chosen:
        for total in rng.choice(46, per_voice, replace=False):
            add("espeak", voice, w.numbers[int(total)], (int(total),))
        for _ in range(1 if quick else 3):
            add("espeak", voice, *card_first(rng))
    for voice in festival:
        totals = rng.choice(46, 4 if quick else 30, replace=False)
        texts = [w.numbers[int(t)] for t in totals]
        nums: list[tuple[int, ...]] = [(int(t),) for t in totals]
        for _ in range(1 if quick else 6):
            value, total = int(rng.integers(10)), int(rng.integers(46))
            card = "plus" if rng.random() < 0.6 else "minus"
            texts.append(card_phrase(w, f"{card}{value}", total))
            nums.append((value, total))
        audios = synth.festival_batch(voice, texts, [1.0] * len(texts))
        for text, n, a in zip(texts, nums, audios, strict=True):
            clean.append(("festival", voice.name, text, n, a, True))
    distractors = LANGUAGES[lang]
    sentences = distractors[:5] if quick else distractors
    for s in sentences:
        for _ in range(1):
            voice = espeak[int(rng.integers(len(espeak)))]
            add("distractor", voice, s, ())
    # MBROLA voices (real speakers' diphones) from a seed stream of their own, after everything
    # else, so the cases before them are the same as in corpora made without them.
    mb_rng = np.random.default_rng([seed, 5])
    for voice in (v for v in pool if v.engine == "mbrola"):
        for total in mb_rng.choice(46, 4 if quick else 24, replace=False):
            add("mbrola", voice, w.numbers[int(total)], (int(total),), mb_rng, mbrola)
        for _ in range(1 if quick else 6):
            add("mbrola", voice, *card_first(mb_rng), mb_rng, mbrola)
    # Voices of more real speakers (flite, SVOX Pico, RHVoice), likewise from a stream of their
    # own, after the MBROLA cases; then the neural voices (Kokoro, Piper) from one more (v7).
    others: list[Clean] = []
    for families, stream in ((OTHER_FAMILIES, 7), (NEURAL_FAMILIES, 11)):
        other_rng = np.random.default_rng([seed, stream])
        for voice in (v for v in pool if v.engine in families):
            for total in other_rng.choice(46, 4 if quick else 24, replace=False):
                add(voice.engine, voice, w.numbers[int(total)], (int(total),), other_rng, others)
            for _ in range(1 if quick else 6):
                add(voice.engine, voice, *card_first(other_rng), other_rng, others)
    humans = _human_digits() if lang in HUMANS else []
    if quick:
        humans = humans[::20]
    for speaker, digit, take, recording in humans:
        # Every take clean; takes 0-4 in noise too, to keep the bench's run time down.
        clean.append(("human", speaker, w.numbers[digit], (digit,), recording, take < 5))
    babble_pool = [synth.synthesize(espeak[int(rng.integers(len(espeak)))],
                                    ". ".join(str(s) for s in rng.choice(distractors, 3)))
                   for _ in range(6 if quick else 20)]
    clean += mbrola + others
    cases: list[Case] = []
    audio: list[npt.NDArray[np.int16]] = []
    quiet = np.zeros(int(0.25 * 16000), np.int16)
    for family, name, text, numbers, clip, noisy in clean:
        padded = np.concatenate([quiet, clip, quiet])
        for cond in CONDITIONS if noisy else CONDITIONS[:1]:
            if cond == "clean":
                noise = augment.colored_noise(rng, len(padded), "pink")
                x = mix_at_snr(padded, noise, 50.0)
            else:
                kind, snr = cond.split()[0], float(cond.split()[1])
                noise = (augment.colored_noise(rng, len(padded), "pink") if kind == "pink"
                         else augment.babble(rng, babble_pool, len(padded), 4))
                x = mix_at_snr(padded, noise, snr)
            cases.append(Case(family, name, cond, text, numbers))
            audio.append(x)
    corpus = Corpus(cases, audio)
    corpus.save(path)
    return corpus


def cases(path: Path) -> list[Case]:
    """The cases of the corpus saved at ``path``, without its audio."""
    with np.load(path) as z:
        return _parsed(str(z["cases"]))


def _parsed(text: str) -> list[Case]:
    return [Case(**{**c, "numbers": tuple(c["numbers"])}) for c in json.loads(text)]


def clips(path: Path) -> list[tuple[int, int]]:
    """(offset, length) of every clip in the raw PCM beside ``path``.

    Engines read clips one at a time from that file, so the corpus itself never adds to an
    engine's measured peak memory.
    """
    with np.load(path) as z:
        lengths = z["lengths"]
    offsets = np.concatenate([[0], np.cumsum(lengths)[:-1]])
    return [(int(o), int(n)) for o, n in zip(offsets, lengths, strict=True)]


def read_clip(path: Path, offset: int, length: int) -> npt.NDArray[np.int16]:
    """One clip from the raw PCM beside ``path``."""
    return np.fromfile(path.with_suffix(".pcm"), dtype="<i2", count=length,
                       offset=2 * offset).astype(np.int16)
