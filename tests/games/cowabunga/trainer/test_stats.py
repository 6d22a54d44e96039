"""Progress: sessions stored in SQLite, the stats chart (PNG and terminal) with the right data."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from voice_host.progress.chart import collect, read_png_series, terminal_chart, write_png
from voice_host.progress.store import AnswerRecord, open_store


def _session(store_path: Path, right: list[bool], ms: list[int], answers: list[int]) -> None:
    with open_store(store_path) as store:
        store.add_session(
            "quiz",
            [
                AnswerRecord("count", f"q{i}", a, [a if r else a + 1], r, t, 2)
                for i, (r, t, a) in enumerate(zip(right, ms, answers, strict=True))
            ],
            seed=1,
            start_level=2,
            end_level=3,
        )


def test_store_and_chart_data(home: Path, tmp_path: Path) -> None:
    db = home / "data" / "progress.sqlite"
    _session(db, [True, False, False, True], [1000, 3000, 2000, 2000], [17, 13, 13, 24])
    _session(db, [True, True, False, True], [800, 1200, 1000, 1000], [17, 13, 31, 24])
    _session(db, [True, True, True, True], [500, 700, 600, 600], [9, 13, 31, 24])
    with open_store(db) as store:
        data = collect(store)
        assert store.last_quiz() is not None and store.last_quiz().end_level == 3  # type: ignore[union-attr]
    series = data.series()
    assert series == {
        "session": [1.0, 2.0, 3.0],
        "accuracy": [50.0, 75.0, 100.0],
        "seconds": [2.0, 1.0, 0.6],
    }
    assert [(t.number, t.wrong, t.asked) for t in data.tricky[:2]] == [(13, 2, 4), (31, 1, 2)]

    png = write_png(data, tmp_path / "chart.png")
    from PIL import Image

    with Image.open(png) as image:
        assert image.format == "PNG"
        width, height = image.size
    assert 600 <= width <= 1200 and 500 <= height <= 1000
    assert read_png_series(png) == series

    text = terminal_chart(data)
    assert "Training progress" in text and len(text.splitlines()) >= 10
    assert "13 (2 of 4 wrong)" in data.table()


def test_stats_command(home: Path, tmp_path: Path) -> None:
    import os

    env = {**os.environ, "VOICE_HOST_HOME": str(home)}
    cmd = [sys.executable, "-m", "voice_host", "train", "stats"]
    empty = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    assert empty.returncode == 0 and "no training sessions yet" in empty.stdout
    _session(home / "data" / "progress.sqlite", [True, False], [900, 1500], [12, 27])
    png = tmp_path / "out.png"
    run = subprocess.run(
        [*cmd, "--json", "--png", str(png)], capture_output=True, text=True, env=env, check=False
    )
    assert run.returncode == 0, run.stderr
    shown = json.loads(run.stdout)
    assert shown["series"]["accuracy"] == [50.0] and shown["png"] == str(png)
    assert png.stat().st_size > 5000
    text = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    assert "numbers that trip you most: 27 (1 of 1 wrong)" in text.stdout
    assert (home / "data" / "progress.png").exists()
