"""What became of a correct announcement not accepted at its first utterance: the classifier on
records in the log contract's shape, and a real simulated table in loud babble, heard by the
real ear, whose every announcement is either a first try or a miss."""

from __future__ import annotations

from bench.misses import WHY, miss, misses_of, tally
from voice_host.ear.backends import load_recognizer
from voice_host.games.cowabunga.host.demo import SimTable, Speech, _with_babble
from voice_host.recognition import Samples

HEARD_NOTHING = {"event": "heard", "text": "", "numbers": [], "confidence": 0.31}


def ask(*totals: int) -> dict[str, object]:
    return {"event": "ask", "question": "?",
            "alternatives": [{"card": None, "total": t, "confidence": 0.5} for t in totals]}


def test_each_way_a_first_utterance_can_fall_short_is_told_apart() -> None:
    sure_forty = {"event": "heard", "text": "forty", "numbers": [40], "confidence": 0.86}
    rejected = miss("en-029", "thirty", 30, [HEARD_NOTHING], accepted_wrong=False)
    asked = miss("en-029", "thirty", 30, [HEARD_NOTHING, ask(30, 13)], accepted_wrong=False)
    asked_wrong = miss("en-029", "thirty", 30, [HEARD_NOTHING, ask(40)], accepted_wrong=False)
    confirmed = miss("en-029", "thirty", 30, [sure_forty, ask(40)], accepted_wrong=False)
    misheard = miss("en-029", "thirty", 30, [sure_forty], accepted_wrong=True)
    mistake = miss("en-029", "thirty", 30,
                   [sure_forty, {"event": "mistake", "player": "Emily", "said": 40,
                                 "reason": "impossible_step", "expected": None}],
                   accepted_wrong=False)
    assert [m.why for m in (rejected, asked, asked_wrong, confirmed, misheard, mistake)] == [
        "rejected", "asked", "asked", "confirmed", "misheard", "false mistake"]
    assert asked.offered and not asked_wrong.offered and not confirmed.offered
    assert (confirmed.heard, confirmed.confidence) == ("forty", 0.86)
    counts = tally([rejected, asked, asked_wrong, confirmed, misheard, mistake])
    assert counts == {"rejected": 1, "asked": 2, "confirmed": 1, "misheard": 1,
                      "false mistake": 1, "asked, offered": 1, "confirmed, offered": 0}


def test_every_announcement_at_a_loud_party_is_a_first_try_or_a_miss() -> None:
    def loud(audio: Samples) -> Samples:
        return _with_babble(audio, 5, snr_db=0.0)

    voices = ("en-us+m3", "en-029", "en+f4")
    table = SimTable(("Emily", "Maria", "Hendrik"), seed=5, recognizer=load_recognizer("ear", "en"),
                     speech=[Speech.named(v) for v in voices], noise=loud, mistakes=0,
                     mumble=False)
    stats = table.play(max_turns=5)
    assert stats.turns == 5
    misses = misses_of(stats)
    assert misses, "0 dB babble should keep some announcement from its first try"
    assert len(misses) == stats.announcements - stats.first_try
    assert all(m.why in WHY and m.voice in voices for m in misses)
    assert sum(tally(misses)[why] for why in WHY) == len(misses)
