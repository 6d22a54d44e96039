"""Shared test configuration: paths, the hypothesis profiles, the skips CI allows, and a private
VOICE_HOST_HOME for every test."""

from __future__ import annotations

import fnmatch
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

REPO = Path(__file__).resolve().parents[1]
"""The repository root."""

SHARED = REPO.parent / "shared"
"""The team's shared folder (rules, corpus, audio recipes) beside the checkout."""

FSDD = SHARED / "corpus" / "fsdd-dev"
"""The real human digits (two FSDD speakers): ``{digit}_{speaker}_{take}.wav`` at 8 kHz."""

needs_fsdd = pytest.mark.skipif(not FSDD.is_dir(), reason=f"needs the human digits in {FSDD}")
"""Skip a test that plays the human digits when the shared corpus is not beside the checkout."""

IN_CI = os.environ.get("CI") == "true"
"""Set by CI (``.ci/run``): hypothesis derandomized, and a skip not allowed below fails the run."""

settings.register_profile("slow_machine", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
"""A busy 2-core machine is no reason for a property test to fail: no time limits."""
settings.register_profile("ci", settings.get_profile("slow_machine"), derandomize=True,
                          print_blob=True)
"""CI's examples are the same on every run, so a failure found once is found again."""
settings.register_profile("dev", settings.get_profile("slow_machine"), print_blob=True)
"""Random examples, the failing ones kept in ``.hypothesis/`` and tried first next time."""
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if IN_CI else "dev"))


@pytest.fixture(autouse=True)
def home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh ``VOICE_HOST_HOME`` for every test (a test may set its own; one that asks for
    ``home`` gets the folder): the suite never reads the user's settings, nor leaves journals or
    statistics in their data folder."""
    folder = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("VOICE_HOST_HOME", str(folder))
    return folder

EXPECTED_SKIPS: dict[str, str] = {
    "tests/ear/backends/test_vosk_engine.py::test_real_model":
        "no Vosk model can be had here; it runs with VOSK_MODEL set",
}
"""The tests allowed to skip in CI (node id patterns, with why); any other skip fails CI."""

_skipped: list[tuple[str, str]] = []
_unexpected: list[tuple[str, str]] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Collect every skipped test with its reason."""
    if report.skipped and not hasattr(report, "wasxfail"):
        longrepr = report.longrepr
        reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
        _skipped.append((report.nodeid, reason))


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """In CI, a skip that :data:`EXPECTED_SKIPS` does not allow fails the run."""
    _unexpected[:] = [
        (node, reason) for node, reason in _skipped
        if not any(fnmatch.fnmatchcase(node, pattern) for pattern in EXPECTED_SKIPS)
    ]
    if IN_CI and _unexpected and session.exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Name the skips CI does not allow (failing the run there)."""
    if not _unexpected:
        return
    verdict = "CI fails on these" if IN_CI else "CI would fail on these"
    terminalreporter.section(f"unexpected skips ({verdict}; tests/conftest.py EXPECTED_SKIPS)")
    for node, reason in _unexpected:
        terminalreporter.write_line(f"{node}: {reason}")
