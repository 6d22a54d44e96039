#!/usr/bin/env bash
# Run the test suite with a PulseAudio virtual microphone and speaker up.
# The daemon is private to this run (its own VA_ROOT), so concurrent runs on one machine never
# hear each other, and it is stopped when the run ends. Without PulseAudio the audio tests skip,
# which fails the run under CI=true (tests/conftest.py allows only the skips it lists).
set -euo pipefail
cd "$(dirname "$0")/.."
own_root=""
if [ -z "${VA_ROOT:-}" ]; then
    VA_ROOT="$(mktemp -d "${TMPDIR:-/tmp}/va-run-XXXXXX")"
    own_root="$VA_ROOT"
fi
export VA_ROOT
cleanup() {
    bash scripts/virtual-audio.sh stop >/dev/null 2>&1 || true
    if [ -n "$own_root" ]; then rm -rf "$own_root"; fi
}
if exports="$(bash scripts/virtual-audio.sh start)"; then
    eval "$exports"
    trap cleanup EXIT
else
    echo "run-tests: no virtual audio (PulseAudio missing?); audio tests will skip" >&2
    cleanup
fi
.venv/bin/python -m pytest "$@"
