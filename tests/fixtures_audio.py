"""Shared audio test fixtures: a private PulseAudio virtual microphone and speaker.

Use from any conftest: ``from tests.fixtures_audio import virtual_audio  # noqa: F401``.

``virtual_audio`` (session scope) starts a PulseAudio daemon of its own with
``scripts/virtual-audio.sh`` under a fresh temporary root, so concurrent test runs on one machine
never hear each other, exports ``PULSE_SERVER`` & co. into ``os.environ`` for the test process and
its subprocesses, and stops the daemon at the end. It skips, with the reason, only when PulseAudio
is not installed. Play into the microphone with :meth:`VirtualAudio.feed`; the speaker can be
recorded with :meth:`VirtualAudio.record_speaker`. :func:`wait_for` waits for a live program's
log or journal to hold what it was told.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pytest

from voice_host.audio.chunks import write_wav
from voice_host.recognition import SAMPLE_RATE, Samples

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "scripts" / "virtual-audio.sh"

MIC_FEED = "virtual_mic_feed"
"""The sink whose monitor is the virtual microphone: play here to speak into the mic."""
SPEAKER = "virtual_speaker"
"""The default sink: what the application plays arrives here."""


@dataclass(frozen=True)
class Recording:
    """A running ``parec`` and the raw file it writes."""

    process: subprocess.Popen[bytes]
    path: Path


@dataclass
class VirtualAudio:
    """A running private PulseAudio daemon with a virtual microphone and speaker."""

    root: Path
    """The daemon's private folder (socket, state, log)."""
    env: dict[str, str]
    """The PULSE_* environment that points clients at this daemon."""
    _modules: list[str] = field(default_factory=list)

    def subprocess_env(self) -> dict[str, str]:
        """os.environ plus this daemon's variables, for subprocesses."""
        return {**os.environ, **self.env}

    def pactl(self, *args: str) -> str:
        """Run pactl against this daemon and return its output."""
        out = subprocess.run(
            ["pactl", *args], env=self.subprocess_env(), capture_output=True, text=True, check=True
        )
        return out.stdout.strip()

    def feed(self, audio: Path | Samples, tmp: Path | None = None) -> None:
        """Play a WAV (or 16 kHz samples) into the virtual microphone; returns when played."""
        path = audio if isinstance(audio, Path) else self._as_wav(audio, tmp)
        subprocess.run(
            ["paplay", "-d", MIC_FEED, str(path)], env=self.subprocess_env(), check=True, timeout=60
        )

    def _as_wav(self, samples: Samples, tmp: Path | None) -> Path:
        folder = tmp or self.root
        fd, name = tempfile.mkstemp(suffix=".wav", dir=folder)
        os.close(fd)
        write_wav(name, samples)
        return Path(name)

    def record_speaker(self, seconds: float) -> Samples:
        """Record the virtual speaker's monitor for ``seconds`` (16 kHz mono int16)."""
        rec = self.start_recording(f"{SPEAKER}.monitor")
        time.sleep(seconds)
        return self.stop_recording(rec)

    def start_recording(self, source: str) -> Recording:
        """Start recording ``source`` (for example a sink's ``.monitor``) as 16 kHz mono int16."""
        fd, name = tempfile.mkstemp(suffix=".raw", dir=self.root)
        # Into a file, not a pipe: nothing reads a pipe until the end, and a full pipe (about 2 s
        # of audio) stalls the recorder, which then loses whatever comes later.
        with os.fdopen(fd, "wb") as out:
            proc = subprocess.Popen(
                [
                    "parec",
                    "-d",
                    source,
                    "--raw",
                    "--format=s16le",
                    f"--rate={SAMPLE_RATE}",
                    "--channels=1",
                    "--latency-msec=20",
                ],
                env=self.subprocess_env(),
                stdout=out,
            )
        return Recording(proc, Path(name))

    @staticmethod
    def stop_recording(rec: Recording) -> Samples:
        """Stop a recorder from :meth:`start_recording` and return what it recorded."""
        rec.process.terminate()
        rec.process.wait(timeout=10)
        data = rec.path.read_bytes()
        rec.path.unlink()
        return np.frombuffer(data[: len(data) // 2 * 2], dtype="<i2").astype(np.int16)

    def loop_speaker_into_mic(self) -> str:
        """Route the speaker into the microphone (a table where the mic hears the host)."""
        module = self.pactl(
            "load-module",
            "module-loopback",
            f"source={SPEAKER}.monitor",
            f"sink={MIC_FEED}",
            "latency_msec=30",
        )
        self._modules.append(module)
        return module

    def unload(self, module: str) -> None:
        """Unload a module loaded by this fixture."""
        self.pactl("unload-module", module)
        if module in self._modules:
            self._modules.remove(module)


def _start() -> VirtualAudio:
    root = Path(tempfile.mkdtemp(prefix="va-", dir="/tmp"))
    env = {**os.environ, "VA_ROOT": str(root)}
    out = subprocess.run(
        ["bash", str(SCRIPT), "start"], env=env, capture_output=True, text=True, timeout=30
    )
    if out.returncode != 0:
        raise RuntimeError(f"virtual-audio.sh start failed: {out.stderr.strip()}")
    exports = {}
    for line in out.stdout.splitlines():
        if line.startswith("export "):
            key, value = line[len("export ") :].split("=", 1)
            exports[key] = value
    exports["VA_ROOT"] = str(root)
    return VirtualAudio(root=root, env=exports)


def _stop(va: VirtualAudio) -> None:
    subprocess.run(
        ["bash", str(SCRIPT), "stop"],
        env=va.subprocess_env(),
        capture_output=True,
        timeout=30,
        check=False,
    )
    shutil.rmtree(va.root, ignore_errors=True)


@pytest.fixture(scope="session")
def virtual_audio() -> Iterator[VirtualAudio]:
    """A private PulseAudio daemon with ``virtual_mic`` and ``virtual_speaker``, env exported."""
    if shutil.which("pulseaudio") is None or shutil.which("paplay") is None:
        pytest.skip(
            "pulseaudio/pulseaudio-utils not installed (apt-get install pulseaudio "
            "pulseaudio-utils libasound2-plugins)"
        )
    va = _start()
    saved = {k: os.environ.get(k) for k in va.env}
    os.environ.update(va.env)
    try:
        yield va
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        _stop(va)


def wait_for(path: Path, count: int, event: str,
             timeout: float = 30.0) -> list[dict[str, object]]:
    """The JSON lines of ``path`` (a log's events or a journal's actions) once ``count`` of them
    are ``event``, waited for up to ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    records: list[dict[str, object]] = []
    while time.monotonic() < deadline:
        if path.exists():
            records = [json.loads(x) for x in path.read_text().splitlines() if x.endswith("}")]
            if sum(r.get("event", r.get("action")) == event for r in records) >= count:
                return records
        time.sleep(0.05)
    raise AssertionError(f"waited for {count} {event!r} in {path}: {records}")
