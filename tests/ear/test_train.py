"""``voice-host ear train --quick`` end to end: data, head, calibration, a loadable head."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from tests.ear.conftest import cpu_flags, needs_espeak
from voice_host.cli.app import app
from voice_host.ear.head import Head
from voice_host.ear.recognizer import EarRecognizer
from voice_host.ear_training import calibration, dataset, kernels, train
from voice_host.speakers import synth


@needs_espeak
@pytest.mark.slow
@pytest.mark.parametrize("arch", ["conv", "mlp"])
def test_quick_training_writes_a_loadable_head(tmp_path: Path, arch: str) -> None:
    if arch == "conv":
        pytest.importorskip("torch")
    out = tmp_path / "head.npz"
    # A process of its own, as from the command line: torch has computed nothing before the
    # training pins its kernels.
    command = [
        sys.executable, "-m", "voice_host", "ear", "train", "--quick", "--seed", "3", "--out",
        str(out), "--cache", str(tmp_path / "cache"), "--workers", "1", "--arch", arch]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    # The MLP's first layer takes the pooled 5,120-wide vector of Whisper's states: 11 MB.
    assert out.exists() and out.stat().st_size < (5_000_000 if arch == "conv" else 12_000_000)
    made = {f.name.split("-")[2] for f in (tmp_path / "cache").glob("en-train-*.npz")}
    assert "party" in made and "warped" in made
    if any(v.split == "train" for v in synth.other_voices("en")):
        assert "speakers" in made
    rec = EarRecognizer("en", model_path=out)
    hearing = rec.recognize(np.zeros(16000, np.int16))
    assert 0.0 <= hearing.confidence <= 1.0
    info = CliRunner().invoke(app, ["ear", "info", "--model", str(out)])
    assert info.exit_code == 0 and '"quick": true' in info.output
    assert f'"arch": "{arch}"' in info.output
    assert '"front": "whisper-base"' in info.output and rec.front.name == "whisper-base"
    pinned = arch == "conv" and _has_avx2()
    assert (rec.head.meta["kernels"] == "AVX2") == pinned, rec.head.meta["kernels"]
    assert rec.head.meta["draw"] == train.DRAWS.get("en", 0)
    bands = rec.head.meta["snr_thresholds"]
    assert isinstance(bands, list) and [lo for lo, _ in bands] == list(calibration.SNR_BANDS)
    assert all(t >= rec.threshold for _, t in bands)
    turn = rec.head.meta["turn_snr_thresholds"]
    assert isinstance(turn, list) and [lo for lo, _ in turn] == list(calibration.SNR_BANDS)
    assert all(t <= rec.threshold for _, t in turn)
    _calibration_measures_the_snrs_a_cached_val_set_lacks(tmp_path, out)
    if arch == "conv":
        _another_draw_trains_other_weights_on_the_same_data(tmp_path, command, rec)


def _calibration_measures_the_snrs_a_cached_val_set_lacks(tmp_path: Path, out: Path) -> None:
    cached = sorted((tmp_path / "cache").glob("en-val-*.npz"))
    assert cached
    kept = {}
    for path in cached:  # as cached before SNRs were kept
        data = dataset.load(path)
        assert data.snrs is not None and len(data.snrs) == len(data.seqs)
        kept[path] = data.snrs
        dataset.save(dataclasses.replace(data, snrs=None), path)
    before = Head.load(out)
    result = CliRunner().invoke(app, ["ear", "calibrate", "--model", str(out), "--cache",
                                      str(tmp_path / "cache"), "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert "thresholds 0 dB up" in result.output
    assert "narrowed to a turn: thresholds 0 dB up" in result.output
    for path, snrs in kept.items():  # measured again on the same audio, and kept now
        again = dataset.load(path).snrs
        assert again is not None and np.allclose(again, snrs, atol=1e-3)
    after = Head.load(out)
    weights, kept_weights = before.arrays(), after.arrays()
    assert weights.keys() == kept_weights.keys()
    assert all(np.array_equal(weights[k], kept_weights[k]) for k in weights)
    assert after.temperatures == before.temperatures
    assert after.meta["val_figures"] == before.meta["val_figures"]
    assert after.meta["snr_thresholds"] == before.meta["snr_thresholds"]
    assert after.meta["turn_snr_thresholds"] == before.meta["turn_snr_thresholds"]


def _another_draw_trains_other_weights_on_the_same_data(
        tmp_path: Path, command: list[str], first: EarRecognizer) -> None:
    cached = sorted((tmp_path / "cache").iterdir())
    draw = train.DRAWS.get("en", 0) + 1
    out = tmp_path / "other.npz"
    at = command.index("--out")
    again = [*command[:at + 1], str(out), *command[at + 2:], "--draw", str(draw)]
    result = subprocess.run(again, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    assert sorted((tmp_path / "cache").iterdir()) == cached  # no data made anew
    other = EarRecognizer("en", model_path=out)
    assert other.head.meta["draw"] == draw and other.head.meta["seed"] == 3
    assert other.head.meta["train_utterances"] == first.head.meta["train_utterances"]
    assert not np.array_equal(other.head.convs[0][0], first.head.convs[0][0])


def _has_avx2() -> bool:
    """An x86-64 CPU with AVX2: training pins torch to its kernels (`ear_training.kernels`)."""
    return kernels.pins_here() and "avx2" in cpu_flags()


@pytest.mark.parametrize(("args", "message"), [
    (["--members", "0"], "--members 0: an ensemble needs at least one head"),
    (["--draw", "-1"], "--draw -1: draws are numbered from 0"),
    (["--arch", "tree"], "--arch 'tree': choose conv or mlp"),
    (["--out", "/proc/nowhere/head.npz"], "--out: cannot write in /proc/nowhere"),
    (["--cache", "/proc/nowhere"], "--cache: cannot write in /proc/nowhere"),
])
def test_bad_training_options_are_refused_before_any_data_is_made(
        tmp_path: Path, args: list[str], message: str) -> None:
    cmd = [sys.executable, "-m", "voice_host", "ear", "train", "--cache",
           str(tmp_path / "cache"), "--out", str(tmp_path / "head.npz"), *args]
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.stderr
    assert "Traceback" not in result.stderr and not result.stdout
    assert not (tmp_path / "cache").exists() and not (tmp_path / "head.npz").exists()
