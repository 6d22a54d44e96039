"""The sound conditions the game benches hear held-out voices in (clean, and party babble of
espeak-ng table talk at 10 dB), a clip said in one, and the tallies by condition as a table."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import Literal

import numpy as np
from rich.table import Table

from bench.corpus import LANGUAGES
from voice_host.audio.noise import mix_at_snr
from voice_host.speakers import augment, synth

CONDITIONS = ("clean", "babble 10 dB")
"""Noise conditions, each applied to every clip."""

Tallies = dict[str, Counter[str]]
"""Counts by condition, then by what was counted."""


def babble_pool(lang: str, rng: random.Random) -> list[np.ndarray]:
    """Twelve clips of table talk (three of the language's sentences each) said by the bench's
    espeak-ng voices in turn: the talkers of the party babble."""
    espeak = [v for v in synth.voices(lang, "bench") if v.engine == "espeak"]
    return [synth.synthesize(espeak[i % len(espeak)], ". ".join(rng.sample(LANGUAGES[lang], 3)))
            for i in range(12)]


def clip(voice: synth.Voice, text: str, condition: str, noise: np.random.Generator,
         pool: list[np.ndarray], rng: random.Random) -> np.ndarray:
    """``text`` said by ``voice``, a little faster or slower, between short silences, in
    ``condition``'s noise (clean: faint pink noise; babble: four of ``pool``'s talkers)."""
    speech = synth.synthesize(voice, text, rng.uniform(0.9, 1.15), rng.randrange(35, 66))
    quiet = np.zeros(4000, np.int16)
    x = np.concatenate([quiet, speech, quiet])
    if condition == "clean":
        return mix_at_snr(x, augment.colored_noise(noise, len(x), "pink"), 50.0)
    return mix_at_snr(x, augment.babble(noise, pool, len(x), 4), 10.0)


def pct(n: int, of: int) -> str:
    """``n`` of ``of`` as a percentage with the counts."""
    return f"{100 * n / of:.1f}% ({n}/{of})" if of else "-"


def condition_table(title: str, *,
                    justify: Literal["left", "right"] = "left") -> Table:
    """An empty table with a label column and a column per condition."""
    table = Table(title=title)
    table.add_column("")
    for condition in CONDITIONS:
        table.add_column(condition, justify=justify)
    return table


def add_share(table: Table, label: str, tallies: Tallies, key: str, of: str) -> None:
    """A row of ``key``'s count out of ``of``'s in each condition."""
    table.add_row(label, *(pct(tallies[c][key], tallies[c][of]) for c in CONDITIONS))


def add_shares(table: Table, tallies: Tallies, rows: Iterable[tuple[str, str, str]]) -> None:
    """A row for each (label, key, of) in ``rows``: :func:`add_share`."""
    for label, key, of in rows:
        add_share(table, label, tallies, key, of)
