"""Earcons: shipped, short, distinct, and made reproducibly by the generator."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np

from voice_host.earcons import EARCONS, earcon_path, earcon_samples
from voice_host.earcons.generate import write_all


def _spectrum(x: np.ndarray) -> np.ndarray:
    mag = np.abs(np.fft.rfft(x, 8192))
    return np.asarray(mag / (np.linalg.norm(mag) + 1e-12))


def test_every_earcon_is_shipped_short_and_clean() -> None:
    assert EARCONS == ("listening", "accepted", "question", "mistake", "stew_pot", "direction")
    for name in EARCONS:
        assert earcon_path(name).exists()
        data, rate = earcon_samples(name)
        seconds = len(data) / rate
        assert 0.08 <= seconds <= 0.5, (name, seconds)
        peak = float(np.max(np.abs(data)))
        assert 0.3 <= peak < 0.99, (name, peak)  # audible, never clipped
        assert abs(float(data[0])) < 0.05 and abs(float(data[-1])) < 0.05  # faded: no click


def test_earcons_are_distinct() -> None:
    spectra = {name: _spectrum(earcon_samples(name)[0]) for name in EARCONS}
    for a, b in itertools.combinations(EARCONS, 2):
        similarity = float(np.dot(spectra[a], spectra[b]))
        assert similarity < 0.8, (a, b, similarity)


def test_generator_reproduces_the_shipped_files(tmp_path: Path) -> None:
    made = write_all(tmp_path)
    assert [p.name for p in made] == [f"{n}.wav" for n in EARCONS]
    for path in made:
        assert path.read_bytes() == earcon_path(path.stem).read_bytes(), path.name
