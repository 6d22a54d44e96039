"""The host in German: every kind of line in German with the phrase table's number words and no
English word left in it, setup by voice in German, every language table complete (and Spanish,
French and Italian spot checks), and a German game from a WAV through the German ear with the
host's lines logged and spoken in a German voice."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import numpy as np
import pytest

from cowabunga import Counting, EndReason, Outcome, TableView
from voice_host.games.cowabunga.host import (
    HostLines,
    Session,
    Setup,
    VoiceSetup,
    host_lines,
    parse_islands,
)
from voice_host.games.cowabunga.words import EN, WORDINGS
from voice_host.phrases import phrase_table
from voice_host.recognition import Hearing

from .games import SHORT_GAME_FLAGS, read_log, run, speak_game
from .helpers import PLAYERS, host, table_setup

DE = phrase_table("de")

_ENGLISH_WORDS = """
the a is are not and or no yes none player stew pot pots island islands card cards counting up
down game over say please again has holds draw draws read out wins win to play plays turn taken
back paused go on resume left last that we from all played which what how many players start
starts stop stopped can it be right already dealt nothing see your
"""

ENGLISH = frozenset(_ENGLISH_WORDS.split()) | {
    word for n in range(100) for word in phrase_table("en").number_words(n).split("-")
}
"""English words that must not turn up in a German line (words both languages share, like
"plus", "in", "was" and "Hand", left out)."""


def w(n: int) -> str:
    """The German phrase table's word for ``n``."""
    return DE.number_words(n)


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def english_in(line: str) -> set[str]:
    """The English words in ``line``."""
    words = {t.lower() for t in re.findall(r"[^\W\d_]+", line)}
    return (words & ENGLISH) - {p.lower() for p in PLAYERS}


def every_line(say: HostLines, view: TableView) -> list[str]:
    """One of each line the host can say, on ``view`` and on a game that is over."""
    over = Outcome(EndReason.ISLAND_DECK_EMPTY, ("Maria", "Hendrik"),
                   {"Emily": 1, "Maria": 0, "Hendrik": 0})
    lines = [
        say.start(view), say.resumed(view), say.stew_pot("Emily", "Hendrik", 27, 1),
        say.stew_pot("Emily", "Hendrik", 27, 2), say.direction_change(34, Counting.DOWN, "Emily"),
        say.direction_change(9, Counting.UP, "Maria"), say.island_drawn("Emily", 30),
        say.last_island(), say.game_over(over),
        say.game_over(Outcome(EndReason.ISLAND_DECK_EMPTY, ("Maria",), {"Maria": 0})),
        say.arithmetic(16, Counting.DOWN, 5, 12), say.arithmetic(11, Counting.UP, 9, 21),
        say.impossible_step(4, 30), say.wrong_direction(26, Counting.UP, None, 22),
        say.wrong_direction(26, Counting.UP, 3, 23),
        *(say.card_not_available(card) for card in range(10)),
        say.island_taken(18, "Emily"), say.not_an_island(5),
        say.ask_options([(None, 13), (None, 30)]), say.ask_options([(2, 22), (None, 30)]),
        say.ask_options([(None, 12)]), say.confirm(5, 12), say.confirm_yes_no(None, 12),
        say.say_again("Maria"), say.status(view), say.whose_turn(view),
        say.score({"Emily": 0, "Maria": 1, "Hendrik": 2}), say.islands(view),
        say.island_cards(view), *(say.player_islands(view, s) for s in range(3)),
        say.last_plays([]), say.last_plays([("Emily", 11), ("Maria", 20)]), say.hidden_cards(),
        say.undone("Emily", 27, view), say.nothing_to_undo(), say.confirm_undo("Emily", 27),
        say.paused(),
        say.resumed_after_pause(view), say.setup_players(), say.setup_start(),
        say.setup_island("Spieler 1", 1), say.setup_island("Spieler 1", 2),
        say.setup_confirm(7), say.setup_bad_count(7, 2, 5), say.setup_bad_start(12, 0, 9),
        say.setup_not_island(5), say.setup_dealt(18), say.player_name(1),
        say.confirm_stop(), say.stopped(),
    ]
    return lines


@pytest.fixture
def de_session() -> Session:
    return Session(table_setup(), lang="de")


# --- the game's events ---------------------------------------------------------------------------
def test_every_mistake_reason_in_german(de_session: Session) -> None:
    s = de_session
    assert host(s.type("elf").records) == []
    assert host(s.type("plus neun, einundzwanzig").records) == [
        f"{cap(w(11))} plus {w(9)} ist {w(20)}, nicht {w(21)}. Maria, noch einmal."
    ]
    assert host(s.type("zwanzig").records) == []
    assert host(s.type("zweiundvierzig").records) == [
        f"Von {w(20)} kommt keine Karte auf {w(42)}. Hendrik, noch einmal."
    ]
    assert host(s.type("achtzehn").records) == [
        f"Wir zählen aufwärts, von {w(20)} geht es nicht auf {w(18)}. Hendrik, noch einmal."
    ]
    assert host(s.type("minus zwei, achtzehn").records) == [
        f"Wir zählen aufwärts: {w(20)} plus {w(2)} ist {w(22)}. Hendrik, noch einmal."
    ]
    say = host_lines("de")
    assert say.card_not_available(7) == "Alle Siebenen sind schon gespielt."
    assert say.card_not_available(0) == "Alle Nullen sind schon gespielt."
    assert say.arithmetic(16, Counting.DOWN, 5, 12) == "Sechzehn minus fünf ist elf, nicht zwölf."


def test_stew_pot_direction_change_island_and_game_over_in_german() -> None:
    # 20 of the 21 islands are dealt, so the first island drawn is the last: game over.
    dealt = parse_islands(SHORT_GAME_FLAGS[SHORT_GAME_FLAGS.index("--islands") + 1], PLAYERS)
    s = Session(Setup(PLAYERS, 4, dealt), lang="de")
    assert host(s.start().records) == [f"Die Startkarte ist eine {cap(w(4))}. Emily fängt an."]
    for total in ("elf", "zwanzig", "sechsundzwanzig"):
        s.type(total)
    assert host(s.type("siebenundzwanzig").records) == [
        f"Fettnapf für Emily: Hendrik hat die {cap(w(27))}. Emily hat jetzt einen Fettnapf."
    ]
    assert host(s.type("vierunddreißig").records) == [
        "Vierunddreißig: jetzt wird abwärts gezählt. Emily, zieh eine Inselkarte und lies sie vor."
    ]
    assert host(s.type("dreißig").records) == [
        f"Emily hat die {cap(w(30))}. Das war die letzte Inselkarte. Spielende. Fettnäpfe: "
        f"Maria keinen, Hendrik keinen, Emily einen.",
        "Maria und Hendrik gewinnen.",
    ]
    say = host_lines("de")
    assert say.stew_pot("Emily", "Hendrik", 27, 3).endswith("Emily hat jetzt drei Fettnäpfe.")
    one = Outcome(EndReason.ISLAND_DECK_EMPTY, ("Maria",), {"Maria": 0, "Emily": 2})
    assert say.game_over(one) == "Spielende. Fettnäpfe: Maria keinen, Emily zwei. Maria gewinnt."


def test_questions_in_german() -> None:
    say = host_lines("de")
    assert say.ask_options([(None, 13), (None, 30)]) == f"{cap(w(13))} oder {w(30)}?"
    assert say.ask_options([(2, 22), (None, 30)]) == f"{cap(w(2))}, {w(22)} oder {w(30)}?"
    assert say.confirm(None, 12) == "Zwölf?"
    assert say.confirm_yes_no(5, 12) == "Fünf, zwölf? Sag ja oder nein."
    assert say.say_again("Maria") == "Maria, bitte noch einmal."
    assert say.not_an_island(5) == "Die Fünf ist keine Inselkarte. Welche Inselkarte?"
    assert say.island_taken(18, "Emily") == "Emily hat die Achtzehn schon. Welche Inselkarte?"
    assert say.confirm_stop() == "Spiel beenden? Dann sag ja."
    # The words the host asks for are ones the German parser takes as yes, no and resume.
    for word, command in (("ja", "yes"), ("nein", "no"), ("weiter", "resume")):
        parsed = DE.parse(word)
        assert parsed is not None and parsed.command == command


def test_status_and_other_commands_in_german(de_session: Session) -> None:
    s = de_session
    s.type("elf")
    assert host(s.type("wie ist der stand").records) == [
        f"{cap(w(11))}, es geht aufwärts. Maria ist dran."
    ]
    assert host(s.type("wer ist dran").records) == ["Maria ist dran."]
    assert host(s.type("fettnäpfe").records) == ["Fettnäpfe: Emily keinen, Maria keinen, "
                                                 "Hendrik keinen."]
    assert host(s.type("inselkarten übrig").records) == [f"Noch {w(15)} Inselkarten."]
    assert host(s.type("inseln").records) == [
        f"Inseln: Emily {w(18)} und {w(25)}; Maria {w(12)} und {w(20)}; Hendrik {w(14)} und "
        f"{w(29)}. Noch {w(15)} Inselkarten."
    ]
    assert host(s.type("letzte züge").records) == [f"Letzte Züge: Emily {w(11)}."]
    assert host(s.type("rückgängig").records) == [
        f"Zurückgenommen: {w(11)} von Emily. {cap(w(4))}, es geht aufwärts. Emily ist dran."
    ]
    assert host(s.type("rückgängig").records) == ["Da gibt es nichts zurückzunehmen."]
    assert host(s.type("pause").records) == ["Pause. Sag weiter, wenn es weitergehen soll."]
    assert host(s.type("weiter").records) == [
        f"Es geht weiter. {cap(w(4))}, es geht aufwärts. Emily ist dran."
    ]
    say = host_lines("de")
    assert say.player_islands(s.view, 0) == f"Emily hat {w(18)} und {w(25)}."
    assert say.island_cards(s.view) == "Noch fünfzehn Inselkarten."


def test_no_english_word_in_any_german_line(de_session: Session) -> None:
    de_session.type("elf")
    lines = every_line(host_lines("de"), de_session.view)
    leaks = {line: english_in(line) for line in lines if english_in(line)}
    assert not leaks, leaks
    # The check itself catches English: the English lines are full of it.
    english = every_line(host_lines("en"), Session(table_setup()).view)
    assert all(english_in(line) for line in english)


@pytest.mark.parametrize("lang", sorted(WORDINGS))
def test_every_wording_fills_every_line(lang: str) -> None:
    """A language table is complete: every template takes the fields the host gives it."""
    say = host_lines(lang)
    assert say.wording.lang == lang == say.table.lang
    assert len(say.wording.card_plurals) == 10
    s = Session(table_setup(), lang=lang)
    lines = every_line(say, s.view)
    assert all(line and "{" not in line and "}" not in line for line in lines), lines


def test_a_language_without_a_wording_speaks_english() -> None:
    say = host_lines("xx")
    assert say.wording is EN and say.table.lang == "en"


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        ("es", ("Treinta y cuatro: ahora contamos hacia abajo. Emily, roba una carta de isla y "
                "léela en voz alta.", "Dieciséis menos cinco da once, no doce.",
                "¿Trece u once?", "Ya se han jugado todos los seises.",
                "Fin de la partida. Ollas: Maria ninguna, Emily una. Gana Maria.")),
        ("fr", ("Trente-quatre : maintenant on descend. Emily, pioche une carte île et lis-la à "
                "voix haute.", "Seize moins cinq font onze, pas douze.", "Treize ou onze ?",
                "Toutes les cartes six sont déjà jouées.",
                "Fin de la partie. Marmites : Maria aucune, Emily une. Maria gagne.")),
        ("it", ("Trentaquattro: ora si scende. Emily, pesca una carta isola e leggila ad alta "
                "voce.", "Sedici meno cinque fa undici, non dodici.", "Tredici o undici?",
                "Sono già stati giocati tutti i sei.",
                "Fine della partita. Pentole: Maria nessuna, Emily una. Vince Maria.")),
    ],
)
def test_spanish_french_and_italian_lines(lang: str, lines: tuple[str, ...]) -> None:
    say = host_lines(lang)
    one = Outcome(EndReason.ISLAND_DECK_EMPTY, ("Maria",), {"Emily": 1, "Maria": 0})
    assert (
        say.direction_change(34, Counting.DOWN, "Emily"),
        say.arithmetic(16, Counting.DOWN, 5, 12),
        say.ask_options([(None, 13), (None, 11)]),
        say.card_not_available(6),
        say.game_over(one),
    ) == lines


def test_spanish_conjunctions_change_before_their_sound() -> None:
    say = host_lines("es")
    assert say.ask_options([(None, 13), (None, 8)]) == "¿Trece u ocho?"
    assert say.ask_options([(None, 13), (None, 30)]) == "¿Trece o treinta?"
    assert say.names(["Emily", "Inés"]) == "Emily e Inés"
    assert say.names(["Emily", "Hendrik"]) == "Emily y Hendrik"
    assert host_lines("en").names(["Emily", "Oscar"]) == "Emily and Oscar"


def test_setup_by_voice_in_german() -> None:
    v = VoiceSetup(lang="de", can_answer=True)

    def said(text: str) -> list[str]:
        parsed = DE.parse(text)
        assert parsed is not None, text
        return host(v.hear(Hearing(text, parsed.numbers, parsed.command, 0.9)).records)

    assert host(v.begin().records) == ["Wie viele spielen mit?"]
    assert said("sieben") == [
        f"{cap(w(7))}? Es spielen {w(2)} bis {w(5)} Personen. Wie viele spielen mit?"
    ]
    assert said("zwei") == ["Zwei. Stimmt das?"]
    assert said("ja") == ["Welche Startkarte liegt?"]
    assert said("zwölf") == [
        f"{cap(w(12))}? Die Startkarte geht von {w(0)} bis {w(9)}. Welche Startkarte liegt?"
    ]
    assert said("vier") == ["Vier. Stimmt das?"]
    assert said("ja") == ["Spieler 1, lies deine erste Inselkarte vor."]
    said("achtzehn")
    assert said("ja") == ["Spieler 1, lies deine zweite Inselkarte vor."]
    assert said("achtzehn") == [
        "Die Achtzehn ist schon vergeben. Spieler 1, lies deine zweite Inselkarte vor."
    ]
    assert said("fünf") == [
        "Die Fünf ist keine Inselkarte. Spieler 1, lies deine zweite Inselkarte vor."
    ]
    assert v.players == ("Spieler 1", "Spieler 2")


# --- a German game from a recording ------------------------------------------------------------
def aligned_distance(wav: np.ndarray, speech: np.ndarray) -> float:
    """Mean cosine distance between the log-mel frames of ``speech`` and those of the start of
    ``wav``, aligned by dynamic time warping with the end in ``wav`` left free: near 0 for the
    same words in the same voice, whatever the tempo. espeak-ng through pyttsx3 now and then
    renders a line faster than its rate (about one in eight fresh processes, seen 2026-12-01),
    and a sample-by-sample correlation then finds two renderings of one line unalike."""
    from voice_host.ear.whisper import log_mel

    def frames(x: np.ndarray) -> np.ndarray:
        m = log_mel(np.asarray(x, np.int16)).T
        m = m - m.mean(1, keepdims=True)
        return np.asarray(m / (np.linalg.norm(m, axis=1, keepdims=True) + 1e-9))

    a, b = frames(speech), frames(wav[: int(len(speech) * 1.6)])
    cost = 1.0 - a @ b.T
    acc = np.full((len(a) + 1, len(b) + 1), np.inf)
    acc[0, 0] = 0.0
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            acc[i, j] = cost[i - 1, j - 1] + min(acc[i - 1, j], acc[i, j - 1], acc[i - 1, j - 1])
    return float(acc[-1, 1:].min() / len(a))


GERMAN_GAME = (
    "elf",  # Emily 4+7
    "plus neun, einundzwanzig",  # Maria: arithmetic mistake (zwanzig)
    "zwanzig",
    "sechsundzwanzig",  # Hendrik
    "wie ist der stand",  # the status command
    "zweiundzwanzig",  # Emily: wrong direction
    "siebenundzwanzig",  # Emily hits Hendrik's 27: stew pot
    "vierunddreißig",  # Maria: counting down; Emily draws
    "dreißig",  # the last island card: game over
)
"""A short German game: a mistake, a command, a stew pot, a direction change, game over."""

GERMAN_VOICE = "de"
"""The espeak-ng voice the German game is spoken in."""


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="needs espeak-ng")
def test_a_german_game_from_a_recording(tmp_path: Path) -> None:
    from voice_host.audio.chunks import read_wav
    from voice_host.ear.recognizer import default_head_path
    from voice_host.host.runner import open_voice
    from voice_host.voice import WavVoice

    if not default_head_path("de").exists():
        pytest.skip("no shipped German head")
    game = speak_game(tmp_path / "game.wav", GERMAN_GAME, voice=GERMAN_VOICE, gap_s=0.8)
    log, spoken = tmp_path / "events.jsonl", tmp_path / "host.wav"
    out = run("referee", *SHORT_GAME_FLAGS, "--engine", "ear", "--lang", "de", "--input",
              str(game), "--log", str(log), "--journal", str(tmp_path / "journal.jsonl"),
              "--speak-to", str(spoken), "--no-display")
    assert out.returncode == 0, out.stderr
    records = read_log(log)
    lines = [str(r["text"]) for r in records if r["event"] == "host"]
    assert lines == [
        "Die Startkarte ist eine Vier. Emily fängt an.",
        "Elf plus neun ist zwanzig, nicht einundzwanzig. Maria, noch einmal.",
        "Sechsundzwanzig, es geht aufwärts. Emily ist dran.",
        "Wir zählen aufwärts, von sechsundzwanzig geht es nicht auf zweiundzwanzig. Emily, "
        "noch einmal.",
        "Fettnapf für Emily: Hendrik hat die Siebenundzwanzig. Emily hat jetzt einen Fettnapf.",
        "Vierunddreißig: jetzt wird abwärts gezählt. Emily, zieh eine Inselkarte und lies sie vor.",
        "Emily hat die Dreißig. Das war die letzte Inselkarte. Spielende. Fettnäpfe: "
        "Maria keinen, Hendrik keinen, Emily einen.",
        "Maria und Hendrik gewinnen.",
    ]
    assert not any(english_in(line) for line in lines)
    # The host speaks them in a German voice: the session WAV opens with the first line as
    # `voice-host say --lang de` renders it (not as the English voice does; both rendered in
    # fresh processes, as the referee's was), and the referee's voice for --lang de is espeak-ng's
    # German.
    voice, _ = open_voice(tmp_path / "probe.wav", lang="de")
    assert isinstance(voice, WavVoice) and voice.voice.voice_id() == "gmw/de"
    wav = np.asarray(read_wav(spoken))
    apart = {}
    for lang in ("de", "en"):
        reference = tmp_path / f"say-{lang}.wav"
        said = run("say", lines[0], "--lang", lang, "--speak-to", str(reference))
        assert said.returncode == 0, said.stderr
        apart[lang] = aligned_distance(wav, np.asarray(read_wav(reference)))
    # Measured: 0.03 against the German rendering (0.21 when one of the two came out fast),
    # 0.44 against the English one.
    assert apart["de"] < 0.25 and apart["de"] < apart["en"] / 2, apart
    assert len(wav) > 16000 * len(lines)



@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("en", "unknown input 'x': type a number, yes or no"),
        ("de", "unbekannte Eingabe 'x': tippe eine Zahl, ja oder nein"),
        ("it", "input sconosciuto 'x': digita un numero, sì o no"),
    ],
)
def test_a_typed_setup_answer_that_is_no_answer_is_told_in_the_table_language(
    lang: str, message: str
) -> None:
    v = VoiceSetup(lang=lang, can_answer=True)
    v.begin()
    step = v.type("x")
    assert step.message == message and not step.records
