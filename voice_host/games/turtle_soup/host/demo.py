"""``voice-host demo --game turtle-soup``: whole dinners with bots through the real ear.

The bots speak in voices the ear's closed-set scorer hears well (Kokoro, SVOX Pico, MBROLA);
the log holds the game's events (the replay contract's objects) and every ``heard``; the sound
of the whole game, bots and host, goes to a WAV or the speakers.
"""

from __future__ import annotations

from voice_host.games.entry import DemoError, DemoRequest
from voice_host.games.turtle_soup.host.bots import SoupTable
from voice_host.games.turtle_soup.rules import MAX_PLAYERS, MIN_PLAYERS
from voice_host.host.demo_sound import DemoSound
from voice_host.speakers import synth

PLAYERS = {"it": ("Anna", "Bruno", "Carla", "Davide"), "en": ("Anna", "Ben", "Cleo", "Dan")}
"""The bots' names when none are given."""

VOICES = {
    "it": (("kokoro", "it:jf_nezumi"), ("pico", "it-IT"), ("kokoro", "it:jf_tebukuro"),
           ("mbrola", "mb-it4"), ("festival", "lp_diphone"), ("espeak", "it+f4")),
    "en": (("kokoro", "jf_nezumi"), ("pico", "en-GB"), ("kokoro", "jf_tebukuro"),
           ("mbrola", "mb-us2"), ("festival", "cmu_us_slt_arctic_hts"), ("espeak", "en+f4")),
}
"""The bots' voices, one per seat, by language."""


def demo_voices(lang: str) -> list[synth.Voice]:
    """The demo's voices in ``lang`` that are installed here, in seat order."""
    known = {(v.engine, v.name): v for v in synth.voices(lang)}
    found = [known[key] for key in VOICES[lang] if key in known]
    if not found:
        raise DemoError(f"no voice for the {lang} bots is installed (need one of "
                        f"{', '.join(n for _, n in VOICES[lang])})")
    return found


def run(request: DemoRequest) -> str:
    """Play the demo as ``request`` asks; the line that sums it up."""
    from voice_host.ear.backends import load_recognizer
    from voice_host.ear.game_words import GameWordEar

    players = request.players or PLAYERS[request.lang]
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise DemoError(f"{len(players)} players: Turtle Soup is for {MIN_PLAYERS}-{MAX_PLAYERS}")
    voices = demo_voices(request.lang)
    out = DemoSound(speakers=request.speakers, wav=request.wav, lang=request.lang)
    table = SoupTable(players, seed=request.seed,
                      recognizer=GameWordEar(load_recognizer("ear", request.lang)),
                      voices=voices, lang=request.lang, log=request.log,
                      transcript=request.transcript, sound=out.play if out.wanted else None,
                      host_sound=out.say if out.wanted else None)
    try:
        tally = table.play(request.max_turns)
    finally:
        out.write()
    return tally.line()
