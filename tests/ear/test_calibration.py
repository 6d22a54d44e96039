"""Thresholds per band of SNR: fitted on val, never under the one threshold, surer in noise; and
under a turn's narrowing, never over it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np

from voice_host.ear.vocab import INTENTS
from voice_host.ear_training.calibration import (
    MIN_BAND,
    SNR_BANDS,
    choose_snr_thresholds,
    choose_threshold,
    choose_turn_thresholds,
    current_totals,
    thresholds_of,
)
from voice_host.recognition import turn_expectation

RIGHT = (0, 2, 4, 0)
WRONG = (0, 3, 4, 0)


def _val(bands: list[tuple[float, int, int, float]]) -> tuple[np.ndarray, ...]:
    """Val rows per band: (SNR, right readings, wrong readings, confidence of the wrong ones);
    the right ones are read at confidence 0.99."""
    labels, guess, conf, snrs = [], [], [], []
    for snr, right, wrong, wrong_conf in bands:
        for k in range(right + wrong):
            labels.append(RIGHT)
            guess.append(RIGHT if k < right else WRONG)
            conf.append(0.99 if k < right else wrong_conf)
            snrs.append(snr)
    return (np.array(labels, np.int64), np.array(guess, np.int64),
            np.array(conf, np.float32), np.array(snrs, np.float32))


def test_a_noisy_band_with_sure_wrong_readings_asks_for_more() -> None:
    labels, guess, conf, snrs = _val([(50.0, 400, 2, 0.6), (30.0, 300, 2, 0.6),
                                      (20.0, 300, 30, 0.955), (5.0, 300, 30, 0.9)])
    floor = choose_threshold(labels, guess, conf)
    bands = choose_snr_thresholds(labels, guess, conf, snrs, floor)
    assert [lo for lo, _ in bands] == list(SNR_BANDS)
    ts = [t for _, t in bands]
    assert ts[-1] == ts[-2] == round(floor, 4)  # clean bands: the floor, never below it
    assert ts[1] > 0.955  # over its sure wrong readings
    assert ts[0] == ts[1]  # its own fit (over 0.9) is lower, the cleaner band's is taken
    assert np.all(thresholds_of(snrs, bands)[snrs == 20.0] == ts[1])
    assert thresholds_of(np.array([0.0, 14.9, 15.0, 60.0], np.float32), bands).tolist() == (
        [np.float32(t) for t in (ts[0], ts[0], ts[1], ts[3])])


def test_a_band_with_too_few_utterances_takes_the_floor() -> None:
    few = MIN_BAND // 2
    labels, guess, conf, snrs = _val([(50.0, 400, 0, 0.6), (20.0, few - 10, 10, 0.97)])
    bands = choose_snr_thresholds(labels, guess, conf, snrs, 0.5)
    assert all(t == 0.5 for _, t in bands)


def test_chatter_heard_as_a_number_counts_as_wrong() -> None:
    reject = INTENTS.index("reject")
    labels = np.array([RIGHT] * 300 + [(reject, -1, -1, -1)] * 30, np.int64)
    guess = np.array([RIGHT] * 300 + [WRONG] * 30, np.int64)
    conf = np.array([0.99] * 300 + [0.93] * 30, np.float32)
    bands = choose_snr_thresholds(labels, guess, conf, np.full(330, 10.0, np.float32), 0.5)
    assert bands[0][1] > 0.93


def _calibrate(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "voice_host", "ear", "calibrate", *args],
                          capture_output=True, text=True, timeout=120, check=False)


def test_calibrating_a_head_that_is_not_there_names_the_fix(tmp_path: Path) -> None:
    result = _calibrate("--model", str(tmp_path / "no.npz"))
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1
    assert "no ear head at" in result.stderr and "voice-host ear train" in result.stderr


def test_calibrating_a_file_that_is_no_head_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "head.npz"
    bad.write_bytes(b"not a head")
    result = _calibrate("--model", str(bad))
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1
    assert "cannot read the ear head" in result.stderr and "Traceback" not in result.stderr
    assert bad.read_bytes() == b"not a head"


def test_calibrating_a_head_for_another_language_is_refused(tmp_path: Path) -> None:
    from voice_host.ear.recognizer import default_head_path

    head = tmp_path / "head.npz"
    head.write_bytes(default_head_path("en").read_bytes())
    result = _calibrate("--lang", "de", "--model", str(head))
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1
    assert "is a head for 'en', not 'de'; give --lang en" in result.stderr
    assert head.read_bytes() == default_head_path("en").read_bytes()


def test_calibrating_into_a_cache_that_cannot_be_written_is_refused_before_any_work() -> None:
    result = _calibrate("--cache", "/proc/nowhere")
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1
    assert "--cache: cannot write in /proc/nowhere" in result.stderr


def test_a_clean_turn_needs_less_where_its_narrowed_readings_are_right() -> None:
    # Every wrong reading under 0.7 in each band: clean speech gets a threshold far below the
    # one threshold; noisy bands keep the one threshold, whatever their own fit.
    labels, guess, conf, snrs = _val([(50.0, 400, 4, 0.65), (30.0, 300, 4, 0.65),
                                      (20.0, 300, 3, 0.65), (5.0, 300, 3, 0.6)])
    ceiling = 0.89
    bands = choose_turn_thresholds(labels, guess, conf, snrs, ceiling)
    assert [lo for lo, _ in bands] == list(SNR_BANDS)
    ts = [t for _, t in bands]
    assert ts[3] < 0.7  # clean: under the one threshold
    assert ts[0] == ts[1] == ts[2] == ceiling
    # Sure wrong readings in clean speech: capped at the one threshold, never more.
    labels, guess, conf, snrs = _val([(50.0, 300, 30, 0.97)])
    assert choose_turn_thresholds(labels, guess, conf, snrs, ceiling)[-1][1] == ceiling
    labels, guess, conf, snrs = _val([(50.0, MIN_BAND // 2, 0, 0.6)])
    few = choose_turn_thresholds(labels, guess, conf, snrs, ceiling)
    assert all(t == ceiling for _, t in few)


def test_a_turns_current_total_is_one_card_from_the_total_said() -> None:
    from voice_host.ear.decode import JOINED

    rng = np.random.default_rng(5)
    numbers = [(0, h, u, 0) for h in range(JOINED.shape[0]) for u in range(JOINED.shape[1])
               if JOINED[h, u] >= 0]
    rows = [numbers[int(i)] for i in rng.integers(0, len(numbers), 500)]
    rows += [(INTENTS.index("undo"), -1, -1, -1)] * 50
    labels = np.array(rows, np.int64)
    current = current_totals(labels, seed=3)
    said = JOINED[labels[:500, 1], labels[:500, 2]]
    steps = np.abs(current[:500] - said)
    assert steps.min() >= 1 and steps.max() <= 9
    assert current.min() >= 0 and current.max() <= 99
    assert (current[500:] <= 45).all() and len(set(current[500:].tolist())) > 5
    window = turn_expectation(int(current[0]))
    assert window.numbers is not None and int(said[0]) in window.numbers and window.number_pairs
