"""Progress over sessions: the numbers, a PNG chart (matplotlib) and a terminal chart (plotext).

The PNG carries its own data: the series it plots are stored as JSON in the PNG's
``voice-host-series`` text chunk, so a test (or a curious learner) can read back exactly what
was drawn.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from voice_host.progress.store import ProgressStore, SessionRow, Tricky
from voice_host.settings import data_dir

SERIES_KEY = "voice-host-series"
"""PNG text chunk holding the plotted series as JSON."""


@dataclass(frozen=True)
class StatsData:
    """What ``train stats`` shows."""

    sessions: list[SessionRow]
    """Every stored session, oldest first."""
    tricky: list[Tricky]
    """The numbers that trip the learner most, worst first."""

    def series(self) -> dict[str, list[float | None]]:
        """The plotted series: session number, accuracy in percent, mean answer seconds."""
        return {
            "session": [float(i + 1) for i in range(len(self.sessions))],
            "accuracy": [round(100 * s.accuracy, 1) for s in self.sessions],
            "seconds": [
                None if s.mean_ms is None else round(s.mean_ms / 1000, 2) for s in self.sessions
            ],
        }

    def to_json(self) -> dict[str, object]:
        """Everything as JSON-ready values."""
        return {
            "series": self.series(),
            "kinds": [s.kind for s in self.sessions],
            "tricky": [
                {"number": t.number, "asked": t.asked, "wrong": t.wrong, "mean_ms": t.mean_ms}
                for t in self.tricky
            ],
        }

    def table(self) -> str:
        """The sessions and the tricky numbers as plain text."""
        lines = ["  #  kind      date              right  accuracy  mean time"]
        for i, s in enumerate(self.sessions, 1):
            when = datetime.fromtimestamp(s.started, UTC).strftime("%Y-%m-%d %H:%M")
            mean = "-" if s.mean_ms is None else f"{s.mean_ms / 1000:.1f} s"
            lines.append(
                f"{i:>3}  {s.kind:<8}  {when}  {s.correct:>3}/{s.asked:<3}"
                f"  {100 * s.accuracy:>6.0f}%  {mean:>9}"
            )
        if self.tricky:
            worst = ", ".join(
                f"{t.number} ({t.wrong} of {t.asked} wrong)" for t in self.tricky if t.wrong
            )
            slow = ", ".join(
                f"{t.number} ({t.mean_ms / 1000:.1f} s)"
                for t in sorted(self.tricky, key=lambda t: -(t.mean_ms or 0))[:3]
                if t.mean_ms is not None
            )
            lines.append(f"numbers that trip you most: {worst or 'none missed'}")
            if slow:
                lines.append(f"slowest: {slow}")
        return "\n".join(lines)


def collect(store: ProgressStore) -> StatsData:
    """The stats of everything in ``store``."""
    return StatsData(store.sessions(), store.tricky_numbers())


def default_png() -> Path:
    """``progress.png`` in the user's data folder."""
    return data_dir() / "progress.png"


def write_png(data: StatsData, path: Path | None = None) -> Path:
    """Draw accuracy and answer time per session into a PNG (large, high-contrast)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    target = path or default_png()
    target.parent.mkdir(parents=True, exist_ok=True)
    series = data.series()
    x = series["session"]
    plt.rcParams.update({"font.size": 16})
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(10, 8), sharex=True)
    kinds = [s.kind for s in data.sessions]
    try:
        for n, kind in enumerate(dict.fromkeys(kinds)):
            # one line per kind of session: a quiz's answer time is not a reaction time
            mine = [i for i, k in enumerate(kinds) if k == kind]
            style = ("-", "--", ":", "-.")[n % 4]
            top.plot([x[i] for i in mine], [series["accuracy"][i] for i in mine], "o" + style,
                     color="#0050c8", linewidth=3, markersize=9, label=kind)
            secs = [(x[i], series["seconds"][i]) for i in mine if series["seconds"][i] is not None]
            bottom.plot([p[0] for p in secs], [p[1] for p in secs], "s" + style,
                        color="#c03000", linewidth=3, markersize=9, label=kind)
        if len(set(kinds)) > 1:
            top.legend(loc="best")
            bottom.legend(loc="best")
        top.set_ylabel("accuracy (%)")
        top.set_ylim(0, 105)
        top.grid(True, alpha=0.4)
        top.set_title("Training progress")
        bottom.set_ylabel("answer time (s)")
        bottom.set_xlabel("session")
        bottom.grid(True, alpha=0.4)
        bottom.set_ylim(bottom=0)
        bottom.xaxis.set_major_locator(MaxNLocator(integer=True))
        fig.tight_layout()
        fig.savefig(
            str(target), dpi=80, metadata={SERIES_KEY: json.dumps(series)}, facecolor="white"
        )
    finally:
        plt.close(fig)
    return target


def read_png_series(path: Path) -> dict[str, list[float | None]]:
    """The series stored in a chart written by :func:`write_png`."""
    from PIL import Image

    with Image.open(path) as image:
        text = image.info.get(SERIES_KEY)
    if not isinstance(text, str):
        raise ValueError(f"{path}: no {SERIES_KEY} data; not a voice-host chart")
    series: dict[str, list[float | None]] = json.loads(text)
    return series


def terminal_chart(data: StatsData, width: int = 80, height: int = 20) -> str:
    """Accuracy and answer time as a terminal chart (plotext 5 or 6), returned as plain text."""
    import plotext

    series = data.series()
    x = series["session"]
    secs = [(xi, s) for xi, s in zip(x, series["seconds"], strict=True) if s is not None]
    plt: Any = plotext
    if hasattr(plt, "plot"):  # plotext 5: a module-level pyplot-like API
        plt.clear_figure()
        plt.plotsize(width, height)
        plt.plot(x, series["accuracy"], label="accuracy %")
        if secs:
            plt.plot(
                [p[0] for p in secs], [p[1] for p in secs], label="answer time s", yside="right"
            )
        plt.title("Training progress")
        plt.xlabel("session")
        text = str(plt.build())
        plt.clear_figure()
    else:  # plotext 6: signals drawn on a figure
        fig = plt.figure
        fig.clear.all()
        accuracy = fig.signal(x, series["accuracy"]).lines(True)
        accuracy.label("accuracy %")
        fig.draw(accuracy)
        if secs:
            seconds = fig.signal([p[0] for p in secs], [p[1] for p in secs], yside="right")
            seconds.lines(True)
            seconds.label("answer time s")
            fig.draw(seconds)
        fig.title("Training progress")
        fig.label("session", axis="x")
        fig.plot_size(width, height)
        text = str(fig.build())
        fig.clear.all()
    return str(plt.uncolorize(text)) if hasattr(plt, "uncolorize") else text
