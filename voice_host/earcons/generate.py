"""Make the earcon WAVs, reproducibly: ``python -m voice_host.earcons.generate [FOLDER]``.

Every sound is a few sine or softened square tones with short fades, computed from fixed numbers
only (no randomness), so running the generator again writes the very same bytes. Each earcon has
its own shape, so a player can tell them apart without words:

* ``listening``: two quick rising blips (the host is listening);
* ``accepted``: one short bright chime;
* ``question``: an upward glide, like a spoken question;
* ``mistake``: two low, buzzy, falling tones;
* ``stew_pot``: three falling notes ("wah wah wah");
* ``direction``: a swoop up and back down (the count turns).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import numpy.typing as npt

from voice_host.earcons import EARCONS, SOUNDS_DIR

RATE = 22050
"""Sample rate of the shipped WAVs."""

Wave = npt.NDArray[np.float64]


def _t(seconds: float) -> Wave:
    return np.arange(round(seconds * RATE), dtype=np.float64) / RATE


def _fade(x: Wave, ms: float = 6.0) -> Wave:
    n = min(len(x) // 2, int(RATE * ms / 1000))
    if n:
        ramp = np.linspace(0.0, 1.0, n)
        x[:n] *= ramp
        x[-n:] *= ramp[::-1]
    return x


def tone(freq: float, seconds: float, *, square: float = 0.0, decay: float = 0.0) -> Wave:
    """A tone; ``square`` (0-1) adds odd harmonics, ``decay`` is an exponential fade rate."""
    t = _t(seconds)
    x = np.sin(2 * np.pi * freq * t)
    for k in (3, 5, 7):
        x += square * np.sin(2 * np.pi * freq * k * t) / k
    if decay:
        x *= np.exp(-decay * t)
    return _fade(x)


def glide(f0: float, f1: float, seconds: float) -> Wave:
    """A sine whose pitch moves smoothly (exponentially) from ``f0`` to ``f1``."""
    t = _t(seconds)
    freq = f0 * (f1 / f0) ** (t / seconds)
    phase = 2 * np.pi * np.cumsum(freq) / RATE
    return _fade(np.sin(phase))


def gap(seconds: float) -> Wave:
    """Silence."""
    return np.zeros(len(_t(seconds)))


def _join(*parts: Wave) -> Wave:
    return np.concatenate(parts)


def listening() -> Wave:
    """Two quick rising blips."""
    return _join(tone(660, 0.06), gap(0.03), tone(880, 0.06))


def accepted() -> Wave:
    """One short bright chime."""
    return tone(1320, 0.12, decay=25) + 0.4 * tone(2640, 0.12, decay=40)


def question() -> Wave:
    """An upward glide."""
    return glide(480, 960, 0.22)


def mistake() -> Wave:
    """Two low buzzy falling tones."""
    return _join(tone(330, 0.12, square=0.8), gap(0.04), tone(220, 0.16, square=0.8))


def stew_pot() -> Wave:
    """Three falling notes."""
    return _join(tone(523, 0.09), gap(0.03), tone(440, 0.09), gap(0.03), tone(349, 0.16))


def direction() -> Wave:
    """A swoop up and back down."""
    return _join(glide(400, 1200, 0.15), glide(1200, 400, 0.15))


MAKERS: dict[str, Callable[[], Wave]] = {
    "listening": listening,
    "accepted": accepted,
    "question": question,
    "mistake": mistake,
    "stew_pot": stew_pot,
    "direction": direction,
}
"""Earcon name → its generator."""

assert tuple(MAKERS) == EARCONS

PEAK = 0.5
"""Peak level of every earcon (a cue, not an alarm)."""


def render(name: str) -> npt.NDArray[np.int16]:
    """The earcon ``name`` as 16-bit samples at :data:`RATE`."""
    x = MAKERS[name]()
    x = x * (PEAK / float(np.max(np.abs(x))))
    return np.round(x * 32767).astype(np.int16)


def write_all(folder: Path = SOUNDS_DIR) -> list[Path]:
    """Write every earcon WAV into ``folder``; returns the files."""
    import soundfile

    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for name in MAKERS:
        path = folder / f"{name}.wav"
        soundfile.write(str(path), render(name), RATE, subtype="PCM_16", format="WAV")
        out.append(path)
    return out


def main(argv: list[str] | None = None) -> None:
    """Command line: write the WAVs into the folder given (default: the shipped folder)."""
    args = sys.argv[1:] if argv is None else argv
    folder = Path(args[0]) if args else SOUNDS_DIR
    for path in write_all(folder):
        print(path)


if __name__ == "__main__":
    main()
