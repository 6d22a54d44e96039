#!/usr/bin/env bash
# Run the test suite with the PulseAudio virtual microphone and speaker up.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -x scripts/virtual-audio.sh ]; then
    eval "$(bash scripts/virtual-audio.sh start)"
fi
exec .venv/bin/python -m pytest "$@"
