"""Number-like table talk: how much of it the ear takes for a number or a command.

Ordinary chatter ("could you pass me the salt") is easy to reject. Table talk that sounds like the
game's words is not: parts of numbers ("twenty something"), numbers outside the game ("one hundred
and twelve", "half past ten"), words that sound like numbers or commands ("nice one", "I know",
"hello"). Every sentence here is said by the recognition bench's held-out voices, clean and in
babble at 10 dB, and heard open and at a turn (as the referee hears one, nothing asked: a yes,
no or resume would do nothing there and is talk). Goal: at most 2% taken as a number, 1% as a
command. What keeping talk out costs is measured on the same voices: every phrasing of every
command, heard right open and at a turn.

    python -m bench.chatter [--lang en] [--voices 4]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

NUMBER_LIKE: dict[str, tuple[str, ...]] = {
    "en": (
        "nice one", "twenty something", "one hundred and twelve", "I know", "hello",
        "half past ten", "for sure", "I won", "too bad", "nineteen eighty four", "a million times",
        "number one", "first place", "seventy percent", "the nineties", "twelve inches", "fine",
        "tonight", "I ate it", "it's heaven", "a hundred", "oh no", "three hundred",
        "the eleventh", "forty winks", "at eight o'clock", "two thousand", "sixty something",
        "no way", "yesterday", "undo your shoes", "one of these days", "a couple", "half a dozen",
        "a few", "zero point five",
    ),
    "de": (
        "na und", "zwanzig irgendwas", "hundertzwölf", "ach nein", "hallo", "halb zehn",
        "ein bisschen", "ich habe gewonnen", "zu spät", "neunzehnhundertvierundachtzig",
        "tausendmal", "Nummer eins", "erster Platz", "siebzig Prozent", "die Neunziger",
        "elf Freunde", "fein", "heute Abend", "acht Uhr", "einhundert", "dreihundert", "der elfte",
        "zweitausend", "sechzig und mehr", "nie im Leben", "zurück zum Start", "ein paar",
        "ein Dutzend", "zehnmal", "drei Viertel", "null Komma fünf", "doppelt so viel",
        "die Sieben Zwerge", "tausend Dank", "einmal ist keinmal",
    ),
    "es": (
        "veinte y pico", "ciento doce", "no sé", "hola", "las diez y media", "un poquito",
        "he ganado", "tres tristes tigres", "mil novecientos ochenta y cuatro", "mil veces",
        "número uno", "primer lugar", "setenta por ciento", "los noventa", "once amigos",
        "siete leguas", "esta noche", "a las ocho", "cien", "trescientos", "el onceavo", "dos mil",
        "sesenta y tantos", "ni hablar", "cuatro gatos", "un par", "una docena", "diez veces",
        "tres cuartos", "cero coma cinco", "el doble", "los siete enanitos", "mil gracias",
        "de dos en dos",
    ),
    "fr": (
        "ça va", "vingt et quelques", "cent douze", "je sais", "bonjour", "dix heures et demie",
        "un petit peu", "j'ai gagné", "c'est neuf", "mille neuf cent quatre-vingt-quatre",
        "mille fois", "numéro un", "première place", "soixante-dix pour cent",
        "les années quatre-vingt-dix", "onze amis", "c'est sept", "ce soir", "à huit heures",
        "cent", "trois cents", "le onzième", "deux mille", "soixante et quelques", "pas question",
        "quatre chats", "une paire", "une douzaine", "dix fois", "trois quarts",
        "zéro virgule cinq", "le double", "les sept nains", "mille mercis", "deux par deux",
    ),
    "it": (
        "venti e qualcosa", "centododici", "non so", "ciao", "le dieci e mezza", "un pochino",
        "ho vinto", "tre tigri", "millenovecentoottantaquattro", "mille volte", "numero uno",
        "primo posto", "settanta per cento", "gli anni novanta", "undici amici", "sette vite",
        "stasera", "alle otto", "cento", "trecento", "l'undicesimo", "duemila", "sessanta e passa",
        "neanche per sogno", "quattro gatti", "un paio", "una dozzina", "dieci volte",
        "tre quarti", "zero virgola cinque", "il doppio", "i sette nani", "mille grazie",
        "a due a due",
    ),
}
"""Number-like table talk per language: parts of numbers, numbers outside the game, words that
sound like numbers or commands. None of it is an announcement or a command of the game, nor
means one ("yes please", "one more time", "wait a second" are left out: they are the game's
commands said otherwise)."""

CONDITIONS = ("clean", "babble 10 dB")
"""Where each sentence is heard."""


@dataclass
class Tally:
    """What the ear made of one language's number-like talk in one condition."""

    said: int = 0
    numbers: int = 0
    commands: int = 0
    turn_numbers: int = 0
    turn_commands: int = 0
    phrasings: int = 0
    """Command phrasings said (each heard open, and at a turn if it acts there)."""
    phrasings_right: int = 0
    turn_phrasings: int = 0
    """Phrasings of the commands that act at a turn (not a yes, no or resume)."""
    turn_phrasings_right: int = 0
    phrasings_wrong: int = 0
    """Heard as another command, open or at a turn."""

    def row(self) -> tuple[str, ...]:
        """The shares taken as a number and as a command (open / at a turn), and the commands
        heard right (open / at a turn) and wrong."""
        def pct(n: int, of: int) -> str:
            return f"{100 * n / max(1, of):.1f}%"

        return (pct(self.numbers, self.said), pct(self.turn_numbers, self.said),
                pct(self.commands, self.said), pct(self.turn_commands, self.said),
                f"{pct(self.phrasings_right, self.phrasings)} / "
                f"{pct(self.turn_phrasings_right, self.turn_phrasings)}",
                str(self.phrasings_wrong))


def _babble(clip: npt.NDArray[np.int16], rng: np.random.Generator,
            lang: str) -> npt.NDArray[np.int16]:
    from bench.corpus import LANGUAGES
    from voice_host.audio.noise import mix_at_snr
    from voice_host.speakers import synth

    voices = synth.voices(lang, "bench")
    espeak = [v for v in voices if v.engine == "espeak"] or voices
    talk = [synth.synthesize(espeak[int(rng.integers(len(espeak)))],
                             ". ".join(str(s) for s in rng.choice(LANGUAGES[lang], 2)))
            for _ in range(4)]
    total = sum(t.astype(np.float64)[: len(clip)] if len(t) >= len(clip)
                else np.pad(t.astype(np.float64), (0, len(clip) - len(t))) for t in talk)
    return mix_at_snr(clip, np.asarray(total), 10.0)


def measure(lang: str, voices: int, seed: int = 5) -> tuple[dict[str, Tally], Counter[str]]:
    """Each sentence of :data:`NUMBER_LIKE` by ``voices`` held-out voices, heard open and at a
    turn; the tallies per condition and the sentences taken most often."""
    from rich.progress import track

    from voice_host.ear.backends import load_recognizer
    from voice_host.games.cowabunga.host import Session, Setup
    from voice_host.phrases import phrase_table
    from voice_host.recognition import turn_expectation
    from voice_host.speakers import synth

    rng = np.random.default_rng(seed)
    # At a turn as the referee hears it, nothing asked: a yes, no or resume would do nothing.
    idle = Session(Setup(("Anna", "Ben", "Cleo"), 4, {}), lang=lang).expectation().idle
    ear = load_recognizer("ear", lang)
    pool = synth.voices(lang, "bench")
    chosen = [pool[int(i)] for i in rng.choice(len(pool), min(voices, len(pool)), replace=False)]
    tallies = {c: Tally() for c in CONDITIONS}
    taken: Counter[str] = Counter()
    quiet = np.zeros(4000, np.int16)
    said: list[tuple[str, str | None]] = [(s, None) for s in NUMBER_LIKE[lang]]
    said += [(p, name) for name, ps in phrase_table(lang).commands.items() for p in ps]
    jobs = [(v, s, name) for v in chosen for s, name in said]
    for voice, sentence, command in track(jobs, description=f"{lang} number-like talk, commands"):
        clip = np.concatenate([quiet, synth.synthesize(voice, sentence), quiet])
        for cond in CONDITIONS:
            audio = clip if cond == "clean" else _babble(clip, rng, lang)
            heard = ear.recognize(audio)
            turn = replace(turn_expectation(int(rng.integers(5, 60))), idle=idle)
            at_turn = ear.recognize(audio, turn)
            t = tallies[cond]
            if command is not None:
                acts = command not in idle
                t.phrasings += 1
                t.phrasings_right += heard.command == command
                t.turn_phrasings += acts
                t.turn_phrasings_right += acts and at_turn.command == command
                t.phrasings_wrong += sum(h.command not in (None, command)
                                         for h in (heard, at_turn))
                continue
            t.said += 1
            t.numbers += bool(heard.numbers)
            t.commands += heard.command is not None
            t.turn_numbers += bool(at_turn.numbers)
            t.turn_commands += at_turn.command is not None
            took = heard.numbers or heard.command or at_turn.numbers or at_turn.command
            if took:
                taken[f"{sentence!r} → {took}"] += 1
    return tallies, taken


def main() -> None:
    """Print the shares per language and condition, and the sentences taken most often."""
    from rich.console import Console
    from rich.table import Table

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lang", action="append", choices=sorted(NUMBER_LIKE))
    parser.add_argument("--voices", type=int, default=4)
    args = parser.parse_args()
    console = Console()
    table = Table(title="Number-like table talk taken for the game's words (goal ≤ 2% number, "
                        "≤ 1% command)")
    for col in ("lang", "condition", "said", "as a number", "as a number at a turn",
                "as a command", "as a command at a turn", "commands right (open / turn)",
                "commands wrong"):
        table.add_column(col)
    worst: list[str] = []
    for lang in args.lang or list(NUMBER_LIKE):
        tallies, taken = measure(lang, args.voices)
        for cond, t in tallies.items():
            table.add_row(lang, cond, str(t.said), *t.row())
        worst += [f"{lang}: {k} ×{n}" for k, n in taken.most_common(6)]
    console.print(table)
    for line in worst:
        console.print(line)


if __name__ == "__main__":
    main()
