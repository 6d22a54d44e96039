"""Kapitän Wackelpudding's donor pile named by voice: a holder's name heard right, a name without
the good or table talk never taken for one, clean and in party babble.

    .venv/bin/python bench/kapitaen_donor_names.py [--lang de] [--names 4] [--seed 41]

The host waits at an empty island for the table to name whose pile a load comes from: four
players drawn from a pool of names, two of the others holding the good (one proposed, one not),
one holding none. Each held-out voice (the ``bench`` split, as ``kapitaen_wackelpudding.py``)
says a holder's name in one of the declared ways ("von Clara", "Clara"; "from Clara's pile"),
heard by the real ear (``GameWordEar``) with the phrases declared then: the holders' names, the
roll word and the ship query. The host's exchange is played out: a name other than the one
proposed is confirmed ("Von Clara?") and the voice answers yes through the same ear; a choice is
answered by the name again; up to three sayings. Then the voice says the name of the player
without the good, and table talk, each of which must take nothing.

Figures: names heard right at once, asked about, heard as nothing, heard wrong; booked right,
booked wrong (should be none), not booked; the name of a player without the good taken for a
donor or loaded, table talk taken. They go to ``bench/RESULTS.md`` ("Kapitän Wackelpudding: the
donor named by voice").
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.progress import track

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run by path: the repository

from bench.conditions import CONDITIONS, add_share, add_shares, babble_pool, condition_table
from bench.corpus import LANGUAGES
from bench.kapitaen_wackelpudding import Ear, bench_voices, play_exchange
from voice_host.ear.backends import load_recognizer
from voice_host.ear.game_words import GameWordEar
from voice_host.games.kapitaen_wackelpudding.host import reports
from voice_host.games.kapitaen_wackelpudding.host.session import WackelpuddingSession
from voice_host.games.kapitaen_wackelpudding.rules import Rules, donors
from voice_host.host.step import JSONObject
from voice_host.speakers import synth

NAMES = {
    "de": ("Anna", "Ben", "Clara", "Jonas", "Lena", "Paul", "Emma", "Felix", "Mia", "Lukas"),
    "en": ("Emily", "Maria", "Hendrik", "James", "Olivia", "Noah", "Sophie", "Jack", "Grace",
           "Oscar"),
}
"""The players' names drawn for each table."""
RULES = Rules(goods_per_island=2, end_at=0)
"""Small islands, so a few turns empty one."""
TO_THE_CHOICE: tuple[JSONObject, ...] = (
    {"action": "load", "from_pile": None}, {"action": "roll", "port": "video"},
    {"action": "load", "from_pile": None}, {"action": "fall", "goods": {"video_game": 2}},
    {"action": "arrive"},
    {"action": "load", "from_pile": None}, {"action": "roll", "port": "snarch"},
    {"action": "arrive"},
    {"action": "load", "from_pile": None}, {"action": "roll", "port": "video"},
    {"action": "fall", "goods": {"video_game": 1}}, {"action": "arrive"},
)
"""A journal that leaves the fourth player at the empty Video Insel: the first and third hold a
video game each (the first proposed), the second none."""


def at_the_choice(lang: str, rng: random.Random) -> WackelpuddingSession:
    """A fresh table of four drawn names, waiting for the donor of the fourth's load."""
    session = WackelpuddingSession(rng.sample(NAMES[lang], 4), lang=lang, rules=RULES)
    for action in TO_THE_CHOICE:
        session.table.replay(dict(action))
    assert session.table.choosing()
    return session


def exchange(session: WackelpuddingSession, ear: Ear, donor: str,
             phrase: str) -> tuple[str, str]:
    """``phrase`` naming ``donor``'s pile said and the host's exchange played out
    (:func:`~bench.kapitaen_wackelpudding.play_exchange`)."""
    before = session.state

    def booked() -> str | None:
        if session.table.choosing():
            return None
        taken = next(p for p in before.players
                     if session.state.pile(p).total < before.pile(p).total)
        return "booked right" if taken == donor else "booked wrong"

    return play_exchange(session, ear, phrase, reports.donor_meaning(donor), booked)


def run(lang: str, names: int, seed: int, console: Console, *, max_voices: int | None = None,
        max_talk: int | None = None) -> dict[str, Counter[str]]:
    """Every voice's names and the table talk, in both conditions; the tallies by condition."""
    rng = random.Random(seed)
    noise = np.random.default_rng(seed)
    pool = babble_pool(lang, rng)
    ear = GameWordEar(load_recognizer("ear", lang))
    voices = bench_voices(lang)[:max_voices]
    tallies: dict[str, Counter[str]] = {c: Counter() for c in CONDITIONS}
    jobs = [(v, c) for v in voices for c in CONDITIONS]
    for voice, condition in track(jobs, description=f"{lang}: donors named", console=console):
        say = Ear(ear, voice, condition, noise, pool, rng)
        tally = tallies[condition]
        for _ in range(names):
            session = at_the_choice(lang, rng)
            holders = donors(session.state)
            donor = rng.choice(holders)
            template = rng.choice(session.table.words.donor_phrases)
            other = at_the_choice(lang, rng)
            stranger = next(p for p in other.state.players
                            if p not in donors(other.state) and p != other.state.player)
            try:
                first, end = exchange(session, say, donor, template.format(name=donor))
                heard = ear.recognize(say.clip(template.format(name=stranger)),
                                      other.expectation())
            except synth.SynthesisError as err:
                console.print(f"  skipped: {err}")
                continue
            other.hear(heard)
            tally["names"] += 1
            tally[f"form {template} names"] += 1
            tally[f"form {template} first {first}"] += 1
            tally[f"first {first}"] += 1
            tally[end] += 1
            tally["strangers"] += 1
            tally["stranger taken"] += any(w.startswith(reports.DONOR) for w in heard.words)
            tally["stranger loaded"] += not other.table.choosing()
    sentences = LANGUAGES[lang][:max_talk]
    for condition in CONDITIONS:
        for sentence in track(sentences, description=f"{lang}: table talk, {condition}",
                              console=console):
            session = at_the_choice(lang, rng)
            voice = voices[rng.randrange(len(voices))]
            say = Ear(ear, voice, condition, noise, pool, rng)
            heard = ear.recognize(say.clip(sentence), session.expectation())
            session.hear(heard)
            tallies[condition]["talk"] += 1
            tallies[condition]["talk taken"] += bool(heard.words)
            tallies[condition]["talk loaded"] += not session.table.choosing()
    return tallies


def report(lang: str, tallies: dict[str, Counter[str]], console: Console) -> None:
    """The figures as a table."""
    table = condition_table(f"Kapitän Wackelpudding ({lang}): the donor named, held-out voices")
    rows = [("names heard right at once", "first right", "names"),
            ("asked about at once", "first asked", "names"),
            ("heard as nothing at once", "first none", "names"),
            ("heard wrong at once", "first wrong", "names"),
            ("booked right (whole exchange)", "booked right", "names"),
            ("booked wrong", "booked wrong", "names"),
            ("not booked", "not booked", "names"),
            ("a name without the good taken for a donor", "stranger taken", "strangers"),
            ("... and loaded", "stranger loaded", "strangers"),
            ("table talk taken for a phrase", "talk taken", "talk"),
            ("table talk that loaded", "talk loaded", "talk")]
    add_shares(table, tallies, rows)
    forms = sorted({k.removeprefix("form ").removesuffix(" names") for t in tallies.values()
                    for k in t
                    if k.startswith("form ") and k.endswith(" names")})
    for form in forms:
        add_share(table, f"  \"{form}\": heard right at once", tallies,
                  f"form {form} first right", f"form {form} names")
    console.print(table)


def main() -> None:
    """Run the bench for each language asked."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", choices=("de", "en", "both"), default="both")
    parser.add_argument("--names", type=int, default=4, help="Names per voice and condition.")
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--voices", type=int, default=None, help="Only the first N voices.")
    parser.add_argument("--talk", type=int, default=None, help="Only the first N talk clips.")
    args = parser.parse_args()
    console = Console()
    for lang in (("de", "en") if args.lang == "both" else (args.lang,)):
        tallies = run(lang, args.names, args.seed, console, max_voices=args.voices,
                      max_talk=args.talk)
        report(lang, tallies, console)


if __name__ == "__main__":
    main()
