"""Who spoke, as evidence: a misheard turn and the next player's total are told from a real
mistake said again right, by whether the total said again is in the same voice.

Real synthesized voices through the real ear. Maria's "thirteen" stands heard as "fifteen" (the
words the ear took, said outright, so the test does not hang on one mishearing): from there
Hendrik's right "plus three, sixteen" is a mistake, and Emily's "twenty-one" fits the referee's
table as Hendrik's turn said again. Only her voice tells it is hers.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from tests.ear.conftest import needs_espeak
from voice_host.ear.backends import load_recognizer
from voice_host.games.cowabunga.host import Session
from voice_host.recognition import Hearing, Recognizer

from .helpers import events, heard, table_setup

VOICES = {"Emily": "en-us+m3", "Maria": "en-gb-scotland+Lee", "Hendrik": "en+f4"}

# Start 2: Emily 10 (+8), Maria 13 (+3, heard as fifteen), Hendrik 16 (+3), Emily 21 (+5),
# Maria 23 (+2), Hendrik 27 (+4).
MISHEARD = (("Emily", "ten"), ("Maria", "fifteen"), ("Hendrik", "plus three, sixteen"),
            ("Emily", "twenty-one"), ("Maria", "twenty-three"), ("Hendrik", "twenty-seven"))
# Start 2: Emily 10, Maria says "plus six, seventeen" (10 + 6 is 16), then "sixteen" in her own
# voice: a real mistake said again right; then Hendrik 19 (+3).
REAL_MISTAKE = (("Emily", "ten"), ("Maria", "plus six, seventeen"), ("Maria", "sixteen"),
                ("Hendrik", "nineteen"))


@pytest.fixture(scope="module")
def hearings() -> dict[tuple[str, str], Hearing]:
    """Every line of both games, said in its player's voice and heard by the ear."""
    from voice_host.voice import synthesize

    ear: Recognizer = load_recognizer("ear")
    out = {}
    for who, text in {*MISHEARD, *REAL_MISTAKE}:
        out[(who, text)] = ear.recognize(synthesize(text, voice=VOICES[who]))
    return out


def referee(lines: tuple[tuple[str, str], ...], hearings: dict[tuple[str, str], Hearing],
            *, voice_cue: bool) -> list[dict[str, object]]:
    """The records of a recording's referee (nobody answers) hearing ``lines``."""
    s = Session(table_setup(2), can_answer=False)
    s.table.voice_cue = voice_cue
    return [r for line in lines for r in s.hear(hearings[line]).records]


@needs_espeak
def test_the_next_players_total_in_her_own_voice_finds_the_table_again(
        hearings: dict[tuple[str, str], Hearing]) -> None:
    for line in MISHEARD:
        assert hearings[line].text.endswith(line[1].split()[-1]), hearings[line]
    without = referee(MISHEARD, hearings, voice_cue=False)
    assert [(e["player"], e["total"]) for e in events(without, "played")][2:] == [
        ("Hendrik", 21), ("Emily", 23), ("Maria", 27)]
    records = referee(MISHEARD, hearings, voice_cue=True)
    assert events(records, "resync") == [
        {"event": "resync", "total": 21, "next": "Maria", "skipped": ["Maria"]}]
    played = [(e["player"], e["total"]) for e in events(records, "played")]
    assert played[-4:] == [("Hendrik", 16), ("Emily", 21), ("Maria", 23), ("Hendrik", 27)]


@needs_espeak
def test_a_real_mistake_said_again_in_the_same_voice_stays_a_mistake(
        hearings: dict[tuple[str, str], Hearing]) -> None:
    records = referee(REAL_MISTAKE, hearings, voice_cue=True)
    assert [m["said"] for m in events(records, "mistake")] == [17]
    assert not events(records, "resync")
    assert [(e["player"], e["total"]) for e in events(records, "played")] == [
        ("Emily", 10), ("Maria", 16), ("Hendrik", 19)]


@pytest.mark.parametrize("can_answer", [False, True])
def test_a_legal_total_in_another_players_voice_is_still_taken(can_answer: bool) -> None:
    # Voices as the ear would print them: one direction each, a little noise per utterance.
    rng = np.random.default_rng(7)
    voice = {name: rng.normal(size=80).astype(np.float32) for name in VOICES}

    def said(text: str, who: str) -> Hearing:
        noise = 0.1 * rng.normal(size=80).astype(np.float32)
        return replace(heard(text, 0.99), voice=voice[who] + noise)

    s = Session(table_setup(2), can_answer=can_answer)
    for text, who in (("ten", "Emily"), ("thirteen", "Maria"), ("sixteen", "Hendrik"),
                      ("twenty-one", "Emily"), ("twenty-three", "Maria")):
        assert events(s.hear(said(text, who)).records, "played")
    # Maria announces Hendrik's total for him: a player may announce for another.
    records = s.hear(said("twenty-seven", "Maria")).records
    assert events(records, "played") == [
        {"event": "played", "player": "Hendrik", "card": 4, "total": 27}]
    assert not events(records, "resync") and not events(records, "ask")
