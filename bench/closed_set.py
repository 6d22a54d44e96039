"""Game words heard by a closed-set scorer on Whisper base's decoder (issue 33, §3).

Each game declares the phrases a player may say now; the scorer (``voice_host.ear.closed_set``)
scores each against the utterance and the decoder's own free transcript, and the ear accepts one
phrase, asks between two, or hears nothing. Thresholds are chosen on the ``val`` voices (and their
own table talk), the figures are those of the ``bench`` voices, clean and in babble at 10 dB, as
the recognition bench holds voices out (``bench/corpus.py``). Table talk is the bench's
distractor sentences of the language plus near misses of the game's words ("Sack", "Säcke",
numbers, names that sound alike).

    python bench/closed_set.py                      # both games (cached corpora and scores)
    python bench/closed_set.py --game turtle-soup   # one game
    python bench/closed_set.py --fresh              # score again (the corpora stay cached)
    python bench/closed_set.py --pad --every 3      # a third of the clips, padded to 30 s

The figures go to ``bench/RESULTS.md`` ("Game words: a closed-set scorer on the Whisper
decoder").
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run by path: the repository

from bench.corpus import CACHE, LANGUAGES, Case, Corpus
from voice_host.audio.noise import mix_at_snr
from voice_host.speakers import augment, synth

VERSION = 1
"""Version of the corpora and score files (bump when either changes)."""
CONDITIONS = ("clean", "babble 10 dB")
"""Noise conditions, each applied to every utterance."""
SPLITS = ("val", "bench")
"""Voices the thresholds are chosen on, and voices the figures are measured on."""
WRONG_GOAL = 0.01
"""Most phrases taken for another phrase (the ear's goal for numbers)."""
TALK_GOAL = 0.02
"""Most table talk taken for a phrase (the ear's goal for chatter taken as a number)."""
TALK_ASK_GOAL = 0.05
"""Most table talk the host asks about ("Tränensack or Dudelsack?"): a question nobody called
for is a nuisance, not a verdict, but table talk must be rejected."""


@dataclass(frozen=True)
class Game:
    """One game's declared words, in its language."""

    lang: str
    """The language the players speak."""
    phrases: tuple[str, ...]
    """What players may say now (the scorer's candidates)."""
    near: tuple[str, ...]
    """Table talk close to the phrases, which must be heard as nothing."""


GAMES = {
    "schnapp-den-sack": Game(
        "de",
        ("Zacki", "Dudelsack", "Tränensack", "Frecher Sack", "Wandersack",
         "Anna", "Jonas", "Lena", "Paul"),
        ("Sack", "Säcke", "der Sack", "sechs", "zwei Säcke", "Dudel", "Tränen", "wandern",
         "Zucker", "Anne", "Johanna", "Joker", "schnapp ihn dir", "so ein frecher Kerl")),
    "turtle-soup": Game(
        "it",
        ("prendo", "aspetto", "nessuno", "Giulia", "Marco", "Sofia", "Luca"),
        ("prendi", "aspetta", "nessun problema", "pronto", "zuppa", "tartaruga", "tre",
         "cinque", "Giulio", "marca", "aspettiamo", "prendiamo", "Lucia", "sofà")),
}
"""The games measured: Schnapp den Sack (a call to grab Zacki, the sack kinds, player names)
and Turtle Soup (take, wait, nobody, player names)."""


def corpus_path(game: str, split: str) -> Path:
    """Where a game's corpus of one split is cached."""
    return CACHE / f"closed-set-{game}-{split}-v{VERSION}.npz"


def scores_path(game: str, pad: bool = False) -> Path:
    """Where a game's scored clips are cached."""
    return CACHE / f"closed-set-{game}-scores{'-pad' if pad else ''}-v{VERSION}.json"


def build(game: str, split: str, seed: int = 33) -> Corpus:
    """Synthesize a game's clips in the voices of ``split``: every phrase once in every voice,
    every table-talk sentence once in a voice drawn at random, each clean and in babble."""
    g = GAMES[game]
    rng = np.random.default_rng([seed, SPLITS.index(split), len(game)])
    pool = [v for v in synth.voices(g.lang, split)]
    espeak = [v for v in pool if v.engine == "espeak"]
    clips: list[tuple[str, str, str, np.ndarray]] = []

    def say(voice: synth.Voice, text: str, family: str) -> None:
        try:
            audio = synth.synthesize(voice, text, float(rng.uniform(0.85, 1.2)),
                                     int(rng.integers(30, 71)))
        except synth.SynthesisError as err:
            print(f"  skipped: {err}", file=sys.stderr)
            return
        clips.append((family, voice.name, text, audio))

    for voice in pool:
        for phrase in g.phrases:
            say(voice, phrase, voice.engine)
    talk = (*LANGUAGES[g.lang], *g.near)
    for sentence in talk:
        say(pool[int(rng.integers(len(pool)))], sentence, "talk")
    distractors = LANGUAGES[g.lang]
    babble_pool = [synth.synthesize(espeak[int(rng.integers(len(espeak)))],
                                    ". ".join(str(s) for s in rng.choice(distractors, 3)))
                   for _ in range(12)]
    quiet = np.zeros(int(0.25 * 16000), np.int16)
    cases: list[Case] = []
    audio = []
    for family, name, text, clip in clips:
        padded = np.concatenate([quiet, clip, quiet])
        for cond in CONDITIONS:
            if cond == "clean":
                x = mix_at_snr(padded, augment.colored_noise(rng, len(padded), "pink"), 50.0)
            else:
                x = mix_at_snr(padded, augment.babble(rng, babble_pool, len(padded), 4), 10.0)
            cases.append(Case(family, name, cond, text, ()))
            audio.append(x)
    corpus = Corpus(cases, audio)
    corpus.save(corpus_path(game, split))
    return corpus


def score(game: str, pad: bool = False, every: int = 1) -> dict[str, object]:
    """Score every clip (or every ``every``-th) of a game's corpora, the utterance alone or
    padded to Whisper's 30-s window (``pad``); the corpora are synthesized in a child process
    when missing (so the synthesizers never count in this process's memory)."""
    for split in SPLITS:
        if not corpus_path(game, split).exists():
            subprocess.run([sys.executable, str(Path(__file__).resolve()), "--build", game, split],
                           check=True)
    import psutil

    from voice_host.ear.closed_set import ClosedSetScorer

    g = GAMES[game]
    before = psutil.Process().memory_info().rss
    scorer = ClosedSetScorer(pad_to_window=pad)
    loaded = psutil.Process().memory_info().rss
    rows = []
    for split in SPLITS:
        corpus = Corpus.load(corpus_path(game, split))
        pairs = list(zip(corpus.cases, corpus.audio, strict=True))[::every]
        for case, audio in pairs:
            start, cpu = time.perf_counter(), time.process_time()
            s = scorer.score(audio, g.phrases, g.lang)
            seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
            rows.append({"split": split, **asdict(case), "seconds": seconds, "cpu": cpu,
                         "log_likelihoods": s.log_likelihoods, "priors": s.priors,
                         "free_text": s.free_text, "free_log_likelihood": s.free_log_likelihood})
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    out = {"game": game, "rss_before_mb": before / 2**20, "rss_loaded_mb": loaded / 2**20,
           "peak_rss_mb": peak_kb / 1024, "rows": rows}
    path = scores_path(game, pad)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(out))
    return out


def _scored(row: dict[str, object], phrases: tuple[str, ...]) -> object:
    from voice_host.ear.closed_set import Scored

    free = float(row["free_log_likelihood"])  # type: ignore[arg-type]
    return Scored(phrases, tuple(row["log_likelihoods"]),  # type: ignore[arg-type]
                  tuple(row["priors"]), str(row["free_text"]), free)  # type: ignore[arg-type]


@dataclass
class Tally:
    """Outcomes of one set of clips under one set of thresholds."""

    phrases: int = 0
    right: int = 0
    wrong: int = 0
    asked: int = 0
    asked_right: int = 0
    talk: int = 0
    talk_accepted: int = 0
    talk_asked: int = 0

    def rate(self, n: int, of: int) -> float:
        return n / of if of else 0.0


def tally(rows: list[dict[str, object]], game: Game, t: object) -> Tally:
    """Count what the ear does with ``rows`` under thresholds ``t``."""
    from voice_host.ear.closed_set import Thresholds, decide

    assert isinstance(t, Thresholds)
    out = Tally()
    for row in rows:
        d = decide(_scored(row, game.phrases), t)  # type: ignore[arg-type]
        if row["family"] == "talk":
            out.talk += 1
            out.talk_accepted += d.kind == "accept"
            out.talk_asked += d.kind == "ask"
        else:
            out.phrases += 1
            truth = row["text"]
            out.right += d.kind == "accept" and d.phrases[0] == truth
            out.wrong += d.kind == "accept" and d.phrases[0] != truth
            out.asked += d.kind == "ask"
            out.asked_right += d.kind == "ask" and truth in d.phrases
    return out


def choose(rows: list[dict[str, object]], game: Game) -> object:
    """The thresholds that accept most phrases right on ``rows`` (both conditions; a question
    whose two phrases hold the one said counts half) while taking at most :data:`WRONG_GOAL` of
    phrases for another, :data:`TALK_GOAL` of table talk for a phrase, and asking about at most
    :data:`TALK_ASK_GOAL` of it. The same rule as ``decide``, over all rows at once."""
    from voice_host.ear.closed_set import Thresholds

    first, second, s1, s2, g1, g2 = ([] for _ in range(6))
    truth, talk = [], []
    for row in rows:
        sc = _scored(row, game.phrases)
        i, j = sc.ranked[0], sc.ranked[1]  # type: ignore[attr-defined]
        first.append(i)
        second.append(j)
        s1.append(sc.scores[i])  # type: ignore[attr-defined]
        s2.append(sc.scores[j])  # type: ignore[attr-defined]
        g1.append(sc.gap(i))  # type: ignore[attr-defined]
        g2.append(sc.gap(j))  # type: ignore[attr-defined]
        is_talk = row["family"] == "talk"
        talk.append(is_talk)
        truth.append(-1 if is_talk else game.phrases.index(str(row["text"])))
    f, sec, t_ = np.array(first), np.array(second), np.array(truth)
    a1, a2, b1, b2, tk = (np.array(x) for x in (s1, s2, g1, g2, talk))
    n_phrases, n_talk = int((~tk).sum()), int(tk.sum())
    best: tuple[tuple[float, float, float], Thresholds] | None = None
    for margin in np.arange(0.0, 15.01, 0.5):
        lead = a1 - a2 >= margin
        for floor in (*np.arange(-10.0, 30.01, 1.0), 1e9):
            for gap in (*np.arange(0.0, 20.01, 1.0), 1e9):
                pass1 = (a1 >= floor) & (b1 >= -gap)
                accept = pass1 & lead
                ask = pass1 & ~lead & (a2 >= floor) & (b2 >= -gap)
                right = int((accept & (f == t_) & ~tk).sum())
                wrong = int((accept & (f != t_) & ~tk).sum())
                asked_right = int((ask & ((f == t_) | (sec == t_)) & ~tk).sum())
                talk_accepted, talk_asked = int((accept & tk).sum()), int((ask & tk).sum())
                if (wrong > WRONG_GOAL * n_phrases or talk_accepted > TALK_GOAL * n_talk
                        or talk_asked > TALK_ASK_GOAL * n_talk):
                    continue
                key = (right + 0.5 * asked_right, -talk_asked, -wrong)
                if best is None or key > best[0]:
                    best = (key, Thresholds(float(margin), float(floor), float(gap)))
    assert best is not None  # a floor over every score always qualifies
    return best[1]


def _pct(n: int, of: int) -> str:
    return f"{100 * n / of if of else 0.0:5.1f}%"


def _best(row: dict[str, object], game: Game) -> str:
    """The phrase scored best, sure or not."""
    scored = _scored(row, game.phrases)
    return game.phrases[scored.ranked[0]]  # type: ignore[attr-defined]


def report(data: dict[str, object]) -> None:
    """Print a game's figures: thresholds from ``val``, outcomes on ``bench`` per condition."""
    game = GAMES[str(data["game"])]
    rows: list[dict[str, object]] = data["rows"]  # type: ignore[assignment]
    val = [r for r in rows if r["split"] == "val"]
    t = choose(val, game)
    print(f"\n{data['game']} ({game.lang}): {len(game.phrases)} phrases; thresholds from val "
          f"voices: {t}")
    for split in SPLITS:
        voices = sorted({str(r["voice"]) for r in rows if r["split"] == split
                         and r["family"] != "talk"})
        print(f"  {split}: {len(voices)} voices ({', '.join(voices)})")
    print(f"  {'split':5} {'condition':13} {'clips':>5} {'right':>6} {'wrong':>6} {'ask':>6} "
          f"{'ask ok':>6} {'top1':>6} | {'talk':>4} {'taken':>6} {'asked':>6}")
    for split in SPLITS:
        for cond in CONDITIONS:
            part = [r for r in rows if r["split"] == split and r["condition"] == cond]
            c = tally(part, game, t)
            top1 = sum(1 for r in part if r["family"] != "talk"
                       and _best(r, game) == r["text"])
            print(f"  {split:5} {cond:13} {c.phrases:5d} {_pct(c.right, c.phrases)} "
                  f"{_pct(c.wrong, c.phrases)} {_pct(c.asked, c.phrases)} "
                  f"{_pct(c.asked_right, c.asked)} {_pct(top1, c.phrases)} | {c.talk:4d} "
                  f"{_pct(c.talk_accepted, c.talk)} {_pct(c.talk_asked, c.talk)}")
    bench = [r for r in rows if r["split"] == "bench"]
    for cond in CONDITIONS:
        part = [r for r in bench if r["condition"] == cond]
        for family in sorted({str(r["family"]) for r in part} - {"talk"}):
            c = tally([r for r in part if r["family"] == family], game, t)
            print(f"    bench {cond:13} {family:9} {c.phrases:4d} clips: right "
                  f"{100 * c.rate(c.right, c.phrases):5.1f}%, wrong "
                  f"{100 * c.rate(c.wrong, c.phrases):4.1f}%, ask "
                  f"{100 * c.rate(c.asked, c.phrases):4.1f}%")
    taken = [r for r in bench if r["family"] == "talk"]
    from voice_host.ear.closed_set import decide

    for r in taken:
        d = decide(_scored(r, game.phrases), t)  # type: ignore[arg-type]
        if d.kind != "none":
            print(f"    talk {d.kind}: {r['text']!r} ({r['condition']}) as {d.phrases}")
    seconds = np.array([float(r["seconds"]) for r in rows])  # type: ignore[arg-type]
    cpu = np.array([float(r["cpu"]) for r in rows])  # type: ignore[arg-type]
    print(f"  time per utterance (encoder + scoring, one thread): wall p50 "
          f"{1000 * np.percentile(seconds, 50):.0f} ms, p95 {1000 * np.percentile(seconds, 95):.0f}"
          f" ms; CPU p50 {1000 * np.percentile(cpu, 50):.0f} ms, p95 "
          f"{1000 * np.percentile(cpu, 95):.0f} ms; RSS {data['rss_before_mb']:.0f} MB "
          f"before the scorer, "
          f"{data['rss_loaded_mb']:.0f} MB loaded, peak {data['peak_rss_mb']:.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    parser.add_argument("--fresh", action="store_true", help="score again")
    parser.add_argument("--pad", action="store_true",
                        help="encode each utterance padded to Whisper's 30-s window")
    parser.add_argument("--every", type=int, default=1, metavar="K",
                        help="score every K-th clip only (with --fresh or no cached scores)")
    parser.add_argument("--build", nargs=2, metavar=("GAME", "SPLIT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.build:
        build(*args.build)
        return
    for game in args.game or sorted(GAMES):
        path = scores_path(game, args.pad)
        data = (json.loads(path.read_text()) if path.exists() and not args.fresh
                else score(game, args.pad, args.every))
        report(data)


if __name__ == "__main__":
    main()
