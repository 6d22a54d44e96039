"""Kapitän Wackelpudding's fall reports as the host hears them: heard right, booked wrong, and
table talk taken for a report, clean and in party babble, under each ``--confirm-falls`` setting.

    .venv/bin/python bench/kapitaen_wackelpudding.py [--lang de] [--falls 6] [--seed 37]
        [--confirm-falls unsure|always|both] [--phrase-head PATH]

Every clip is synthesized speech of held-out voices (the ``bench`` split's MBROLA, Pico, Kokoro
and a few espeak-ng voices: none of them trained the ear, chose the closed-set scorer's
thresholds or plays in the demo), heard by the real ear (``GameWordEar``) with the phrases the
host declares during a journey: the falls possible aboard (a random cargo), "nothing", "arrived",
"touched land" and the ship query. Each report goes through the host's whole exchange: the host
asks to confirm a fall (the voice answers yes or no, heard by the same ear), asks between two
readings (the voice says it again), or asks for it again, up to three reports; under ``unsure``
a sure fall is booked at once, and when it is the wrong one the voice objects ("nein", "falsch"
or "rückgängig"; "no", "wrong", "undo"; up to three times, as a report), answers yes if the
host asks whether to take it back, and says the fall again. Figures:

* reports heard right at once (goal ≥ 98% clean): the first hearing accepted as the fall said;
  and asked about, heard as nothing, heard wrong;
* booked right without a question, booked right (whole exchange), booked right after an
  objection, booked wrong and left standing (should be none), not booked; the voice's
  utterances per fall (the round trips);
* objections: after a fall booked at once, each voice says each objection word once: taken back,
  or not heard (said once; a wrong fall would stand until it is said again);
* table talk (the language's distractor sentences and near misses) taken for a report, asked
  about as a fall, booked, and, said right after a fall booked at once, taking it back.

The ear asks about a fall its phrase head was unsure of as the table does (``--asks-from``).

The figures go to ``bench/RESULTS.md`` ("Kapitän Wackelpudding: falls heard").
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.progress import track

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run by path: the repository

from bench.conditions import CONDITIONS, add_share, add_shares, babble_pool, clip, condition_table
from bench.corpus import LANGUAGES
from bench.phrase_heads import add_head_options, candidate_head
from voice_host.audio.apparent_snr import apparent_snr_db
from voice_host.ear.backends import load_recognizer
from voice_host.ear.closed_set import decide
from voice_host.ear.game_words import GameWordEar, by_meaning
from voice_host.ear.phrase_head import PhraseHead
from voice_host.ear.phrase_head import heard as head_heard
from voice_host.ear.recognizer import EarRecognizer
from voice_host.games.kapitaen_wackelpudding.host import reports
from voice_host.games.kapitaen_wackelpudding.host.confirm import ConfirmFalls
from voice_host.games.kapitaen_wackelpudding.host.play import ASKS_FROM, GAME
from voice_host.games.kapitaen_wackelpudding.host.session import WackelpuddingSession
from voice_host.games.kapitaen_wackelpudding.rules import GOODS, Cargo, Phase
from voice_host.recognition import Expectation, Hearing, Recognizer
from voice_host.speakers import synth

ESPEAK_VOICES = 3
"""espeak-ng voices of the bench split used besides every other engine's bench voices."""
MAX_REPORTS = 3
"""Times a voice says its report (or a donor's name) before the exchange counts as not
booked."""
MAX_ANSWERS = 4
"""Answers to the host's questions in one exchange."""
NEAR = {
    "de": ("Leinen", "wir sind gleich da", "ein Video", "zwei Spiele", "Bonbons gibt es nicht",
           "was ist los", "Land in Sicht", "das Schiff wackelt", "noch nicht angekommen",
           "Vorsicht, der Sarg", "Käsekuchen", "nicht so schnell"),
    "en": ("cast", "we are almost there", "a video", "two games", "no more bonbons",
           "what is going on", "land ahoy", "the ship is wobbling", "not arrived yet",
           "careful with the coffin", "cheesecake", "not so fast"),
}
"""Table talk close to the host's phrases, which must not be taken for a report."""
OBJECTIONS = {"de": ("nein", "falsch", "rückgängig"), "en": ("no", "wrong", "undo")}
"""What a voice says to object to a fall booked at once."""


def bench_voices(lang: str) -> list[synth.Voice]:
    """The held-out voices: every non-espeak bench voice and a few espeak-ng ones."""
    pool = synth.voices(lang, "bench")
    return [v for v in pool if v.engine != "espeak"] + [v for v in pool
                                                        if v.engine == "espeak"][:ESPEAK_VOICES]


class Journey:
    """A journey under way with a random cargo, in a fresh session (Anna steering, her pile
    empty)."""

    def __init__(self, lang: str, rng: random.Random, confirm: ConfirmFalls) -> None:
        self.session = WackelpuddingSession(["Anna", "Ben"], lang=lang, seed=rng.randrange(10**6),
                                            confirm_falls=confirm)
        self.session.start()
        self.session.type(self.session.expectation().words[0][0])  # the roll word
        counts = [rng.choice((0, 0, 1, 1, 2, 3)) for _ in GOODS]
        if not any(counts):
            counts[rng.randrange(len(GOODS))] = 1
        ship = Cargo(tuple(counts))
        state = self.session.table.state
        lands = state.lands.add(state.ship).take(ship)
        self.session.table.state = replace(state, ship=ship, lands=lands, phase=Phase.SAIL)


class Ear:
    """One voice in one condition, through the real ear."""

    def __init__(self, ear: Recognizer, voice: synth.Voice, condition: str,
                 noise: np.random.Generator, babble_pool: list[np.ndarray],
                 rng: random.Random) -> None:
        self.ear, self.voice, self.condition = ear, voice, condition
        self.noise, self.pool, self.rng = noise, babble_pool, rng

    def clip(self, text: str) -> np.ndarray:
        """``text`` said by the voice, a little faster or slower, in the condition's noise."""
        return clip(self.voice, text, self.condition, self.noise, self.pool, self.rng)


def paired(ear: Recognizer, voice: synth.Voice, condition: str, pool: list[np.ndarray],
           rng: random.Random) -> Ear:
    """One exchange's voice with its own randomness drawn from ``rng``: each draws the same
    from ``rng`` whatever was said in it, so both settings hear the same first reports."""
    own = random.Random(rng.randrange(2**32))
    return Ear(ear, voice, condition, np.random.default_rng(own.randrange(2**32)), pool, own)


@dataclass(frozen=True)
class Said:
    """One utterance of an exchange, kept to tell a wrong booking's story."""

    step: str
    """Which step of the exchange: ``report``, ``answer``, ``objection``, ``yes to undo``."""
    text: str
    """What the voice said."""
    clip: np.ndarray
    """The utterance as heard."""
    expect: Expectation
    """What the host declared then."""
    hearing: Hearing
    """What the ear made of it."""
    booked: str | None
    """The pile's verdict right after it (booked right, booked wrong, or None)."""


def play_exchange(session: WackelpuddingSession, ear: Ear, phrase: str, truth: str,
                  booked: Callable[[], str | None], *, objections: tuple[str, ...] = (),
                  counts: Counter[str] | None = None,
                  story: list[Said] | None = None) -> tuple[str, str]:
    """``phrase`` meaning ``truth`` said, the host's questions answered as the voice would (yes or
    no to "did you mean", the phrase again otherwise), and said again up to
    :data:`MAX_REPORTS` times while nothing was booked: (the first hearing: right, wrong, asked or
    none; the end: ``booked()`` once it says booked right or booked wrong, else not booked).

    With ``objections``, a wrong report booked at once is objected to with one of them (a yes
    to the host's "take it back?"), up to :data:`MAX_REPORTS` times, and the phrase said
    again. ``counts`` gets the exchange's ``utterances``, ``questions`` and ``objected``
    added; ``story`` each utterance (:class:`Said`)."""
    yes, no = (session.table.phrases.commands[c][0] for c in ("yes", "no"))
    tally: Counter[str] = Counter() if counts is None else counts

    def say(text: str, step: str) -> Hearing:
        tally["utterances"] += 1
        expect = session.expectation()
        samples = ear.clip(text)
        heard = ear.ear.recognize(samples, expect)
        session.hear(heard)
        if story is not None:
            story.append(Said(step, text, samples, expect, heard, booked()))
        return heard

    def answer() -> None:
        while session.question is not None and tally["questions"] < MAX_ANSWERS:
            tally["questions"] += 1
            q = session.question
            say((yes if q.confirm.meaning == truth else no) if q.confirm is not None else phrase,
                "answer")

    first = ""
    for _ in range(MAX_REPORTS):
        heard = say(phrase, "report")
        if not first:
            first = ("right" if heard.words == (truth,) else "wrong" if heard.words
                     else "asked" if heard.alternatives else "none")
        answer()
        end = booked()
        if end == "booked wrong" and objections and session.table.objection_open():
            tally["objected"] += 1
            for _ in range(MAX_REPORTS):  # as often as a report is said
                say(ear.rng.choice(objections), "objection")
                if session.awaiting_yes == "undo":
                    tally["questions"] += 1
                    say(yes, "yes to undo")
                end = booked()
                if end is None:
                    break
        if end is not None:
            return first, end
        session.question = None
    return first, "not booked"


def exchange(table: Journey, ear: Ear, truth: str, counts: Counter[str],
             story: list[Said] | None = None) -> tuple[str, str]:
    """The report ``truth`` said and the host's exchange about it played out
    (:func:`play_exchange`), a wrong fall booked at once objected to."""
    session = table.session
    said = reports.parse_fall(truth)

    def booked() -> str | None:
        pile = session.state.pile("Anna")
        if not pile.total:
            return None
        return "booked right" if pile == said else "booked wrong"

    return play_exchange(session, ear, reports.as_said(truth, session.table.words), truth,
                         booked, objections=OBJECTIONS[session.table.words.lang], counts=counts,
                         story=story)


def explain(ear: GameWordEar, said: Said) -> str:
    """One utterance as the ear weighed it: apparent SNR, the phrase head's pick and its rivals'
    share, the scorer's best scores and its decision."""
    out = f"SNR {apparent_snr_db(said.clip):.0f} dB"
    if not said.expect.words:
        return out
    phrases = list(dict.fromkeys(p for p, _ in said.expect.words))
    meanings = dict(said.expect.words)
    if not isinstance(ear.base, EarRecognizer):
        return out
    _, encoded = ear.base.hear(said.clip, said.expect)
    if encoded is None:
        return out
    if ear.head is not None:
        pick, p = head_heard(ear.head, encoded.seq, phrases)
        probs = ear.head.probabilities(encoded.seq)
        known = {q: float(probs[i]) for q in phrases if (i := ear.head.index(q)) is not None}
        total = float(probs[0]) + sum(known.values())
        top = sorted(known.items(), key=lambda kv: -kv[1])[:3]
        rivals = ", ".join(f"{q} {v / total:.2f}" for q, v in top)
        out += f"; head {pick or '-'} {p:.2f} (talk {probs[0] / total:.2f}; {rivals})"
    scored = by_meaning(ear._scorer().score_states(encoded.states, phrases, ear.lang), meanings)
    best = ", ".join(f"{scored.phrases[i]} {scored.scores[i]:.1f}" for i in scored.ranked[:3])
    out += f"; scorer {decide(scored, ear.thresholds).kind} ({best})"
    return out


def story_lines(ear: GameWordEar, truth: str, story: list[Said], condition: str,
                voice: synth.Voice) -> list[str]:
    """A wrong booking's story: each utterance, what was heard and how sure, and where it
    booked."""
    lines = [f"{voice.engine}/{voice.name}, {condition}: fall {truth}"]
    for said in story:
        h = said.hearing
        alts = "; ".join(f"{a.words or a.command or a.text} {a.confidence:.2f}"
                         for a in h.alternatives)
        lines.append(f"  {said.step}: {said.text!r} -> {h.words or h.command or h.text!r} "
                     f"{h.confidence:.2f}" + (f" [{alts}]" if alts else "")
                     + f" => {said.booked or '-'}; {explain(ear, said)}")
    return lines


def book_at_once(table: Journey, rng: random.Random) -> None:
    """A fall of what is aboard heard for sure and booked at once (``unsure``)."""
    fall = reports.fall_meaning(rng.choice(reports.possible_falls(table.session.state.ship)))
    table.session.hear(Hearing(text=fall, confidence=1.0, words=(fall,)))
    assert table.session.table.objection_open()


def objection(table: Journey, ear: Ear, word: str, rng: random.Random) -> str:
    """``word`` said once right after a fall booked at once: taken back at once, or not
    heard."""
    session = table.session
    book_at_once(table, rng)
    session.hear(ear.ear.recognize(ear.clip(word), session.expectation()))
    return "not heard" if session.state.pile("Anna").total else "at once"


def talk(table: Journey, ear: Ear, sentence: str) -> tuple[bool, bool, bool]:
    """Table talk heard while the ship sails: (taken for a report, asked about as a fall, a fall
    booked)."""
    session = table.session
    heard = ear.ear.recognize(ear.clip(sentence), session.expectation())
    session.hear(heard)
    taken = bool(heard.words)
    asked = session.question is not None
    return taken, asked, bool(session.state.pile("Anna").total)


def talk_after_booking(table: Journey, ear: Ear, sentence: str, rng: random.Random) -> str:
    """Table talk heard right after a fall booked at once: took it back, or left it."""
    session = table.session
    book_at_once(table, rng)
    session.hear(ear.ear.recognize(ear.clip(sentence), session.expectation()))
    if not session.state.pile("Anna").total:
        return "took back"
    return "left"


def run(lang: str, falls: int, seed: int, console: Console, confirm: ConfirmFalls, *,
        max_voices: int | None = None, max_talk: int | None = None,
        phrase_head: bool = True, head: PhraseHead | None = None,
        show_wrong: bool = False,
        asks_from: float | None = ASKS_FROM) -> dict[str, Counter[str]]:
    """Every voice's reports (and, under ``unsure``, its objections) and the table talk, in both
    conditions; the tallies by condition (with ``show_wrong``, each wrong booking's story
    printed). ``head``: a candidate phrase head in place of the shipped one; ``asks_from``:
    the ear's (:class:`GameWordEar`)."""
    rng = random.Random(seed)
    side = random.Random(seed + 1)
    pool = babble_pool(lang, rng)
    ear = GameWordEar(load_recognizer("ear", lang), game=GAME if phrase_head else None,
                      head=head, asks_from=asks_from)
    voices = bench_voices(lang)[:max_voices]
    tallies: dict[str, Counter[str]] = {c: Counter() for c in CONDITIONS}
    jobs = [(v, c) for v in voices for c in CONDITIONS]
    at_once = confirm is ConfirmFalls.UNSURE
    for voice, condition in track(jobs, description=f"{lang}, {confirm.value}: fall reports",
                                  console=console):
        tally = tallies[condition]
        for _ in range(falls):
            table = Journey(lang, rng, confirm)
            falls_aboard = reports.possible_falls(table.session.table.state.ship)
            truth = reports.fall_meaning(
                rng.choices(falls_aboard, [1.0 / c.total ** 2 for c in falls_aboard])[0])
            counts: Counter[str] = Counter()
            story: list[Said] = []
            try:
                first, end = exchange(table, paired(ear, voice, condition, pool, rng), truth,
                                      counts, story)
            except synth.SynthesisError as err:
                console.print(f"  skipped: {err}")
                continue
            if show_wrong and (end == "booked wrong" or counts["objected"]):
                for line in story_lines(ear, truth, story, condition, voice):
                    console.print(line, markup=False, highlight=False)
            tally["reports"] += 1
            tally[f"first {first}"] += 1
            tally[end] += 1
            tally["utterances"] += counts["utterances"]
            if end == "booked right" and not counts["questions"] and not counts["objected"]:
                tally["booked right unasked"] += 1
            if counts["objected"]:
                tally["objected"] += 1
                tally[f"{end} after an objection"] += 1
            tally[f"{voice.engine} reports"] += 1
            tally[f"{voice.engine} first {first}"] += 1
        for word in OBJECTIONS[lang] if at_once else ():
            try:
                heard = objection(Journey(lang, side, confirm),
                                  paired(ear, voice, condition, pool, side), word, side)
            except synth.SynthesisError as err:
                console.print(f"  skipped: {err}")
                continue
            tally["objections"] += 1
            tally[f"objection {heard}"] += 1
            tally[f"objection {word}"] += 1
            tally[f"objection {word} {heard}"] += 1
    sentences = (*LANGUAGES[lang], *NEAR[lang])[:max_talk]
    for condition in CONDITIONS:
        for sentence in track(sentences, description=f"{lang}: table talk, {condition}",
                              console=console):
            voice = voices[rng.randrange(len(voices))]
            say = paired(ear, voice, condition, pool, rng)
            taken, asked, booked = talk(Journey(lang, rng, confirm), say, sentence)
            tally = tallies[condition]
            tally["talk"] += 1
            tally["talk taken"] += taken
            tally["talk asked"] += asked
            tally["talk booked"] += booked
            if at_once:
                after = talk_after_booking(Journey(lang, side, confirm),
                                           paired(ear, voice, condition, pool, side), sentence,
                                           side)
                tally[f"talk after a booking {after}"] += 1
    return tallies


def report(lang: str, confirm: ConfirmFalls, tallies: dict[str, Counter[str]],
           console: Console) -> None:
    """The figures as a table."""
    table = condition_table(f"Kapitän Wackelpudding ({lang}, --confirm-falls {confirm.value}): "
                            "falls heard, held-out voices")
    rows = [("heard right at once", "first right", "reports"),
            ("asked about at once", "first asked", "reports"),
            ("heard as nothing at once", "first none", "reports"),
            ("heard wrong at once", "first wrong", "reports"),
            ("booked right without a question", "booked right unasked", "reports"),
            ("booked right (whole exchange)", "booked right", "reports"),
            ("  of them after an objection", "booked right after an objection", "reports"),
            ("booked wrong, objected to", "objected", "reports"),
            ("booked wrong and left standing", "booked wrong", "reports"),
            ("not booked", "not booked", "reports"),
            ("table talk taken for a report", "talk taken", "talk"),
            ("table talk asked about as a fall", "talk asked", "talk"),
            ("table talk booked as a fall", "talk booked", "talk")]
    add_shares(table, tallies, rows)
    table.add_row("the voice's utterances per fall", *(
        f"{t['utterances'] / t['reports']:.2f}" if t["reports"] else "-"
        for t in (tallies[c] for c in CONDITIONS)))
    if confirm is ConfirmFalls.UNSURE:
        add_shares(table, tallies, [
            ("objection (said once) taken back", "objection at once", "objections"),
            ("objection not heard", "objection not heard", "objections"),
            ("talk right after a booking: took it back", "talk after a booking took back",
             "talk")])
        for word in OBJECTIONS[lang]:
            add_share(table, f"  \"{word}\": taken back at once", tallies,
                      f"objection {word} at once", f"objection {word}")
    engines = sorted({k.split()[0] for t in tallies.values() for k in t
                      if k.endswith(" reports") and k != "reports"})
    for engine in engines:
        add_share(table, f"  {engine}: heard right at once", tallies, f"{engine} first right",
                  f"{engine} reports")
    console.print(table)


def main() -> None:
    """Run the bench for each language and setting asked."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", choices=("de", "en", "both"), default="both")
    parser.add_argument("--falls", type=int, default=6, help="Reports per voice and condition.")
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--voices", type=int, default=None, help="Only the first N voices.")
    parser.add_argument("--talk", type=int, default=None, help="Only the first N talk clips.")
    parser.add_argument("--confirm-falls", choices=("unsure", "always", "both"), default="both",
                        help="Which falls heard the host confirms (both: each in turn).")
    parser.add_argument("--asks-from", type=float, default=ASKS_FROM,
                        help="Ask about a fall the phrase head was unsure of from this "
                             "probability (a negative value: never).")
    parser.add_argument("--show-wrong", action="store_true",
                        help="Print the story of each fall booked wrong (objected to or not).")
    add_head_options(parser)
    args = parser.parse_args()
    if args.phrase_head is not None and args.lang == "both":
        parser.error("--phrase-head is one language's head: give --lang de or --lang en")
    head = candidate_head(parser, args)
    console = Console()
    settings = (list(ConfirmFalls) if args.confirm_falls == "both"
                else [ConfirmFalls(args.confirm_falls)])
    for lang in (("de", "en") if args.lang == "both" else (args.lang,)):
        for confirm in settings:
            tallies = run(lang, args.falls, args.seed, console, confirm, max_voices=args.voices,
                          max_talk=args.talk, phrase_head=not args.no_phrase_head,
                          head=head, show_wrong=args.show_wrong,
                          asks_from=args.asks_from if args.asks_from >= 0 else None)
            report(lang, confirm, tallies, console)


if __name__ == "__main__":
    main()
