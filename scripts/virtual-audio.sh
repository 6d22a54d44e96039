#!/usr/bin/env bash
# virtual-audio.sh -- headless virtual microphone + speaker via PulseAudio (no sound hardware needed).
#
#   bash virtual-audio.sh [start]   start daemon + devices if missing (idempotent); print env + device names
#   bash virtual-audio.sh stop      stop the daemon this script started (by PID from its pid file)
#   bash virtual-audio.sh status    exit 0 if the daemon answers
#
#   eval "$(bash virtual-audio.sh)"   # start and export PULSE_SERVER/PULSE_SINK/PULSE_SOURCE into this shell
#
# Topology (all PulseAudio, everything kept under $VA_ROOT):
#   virtual_speaker       null sink     = the app's speaker.  Capture what the app says: parec -d virtual_speaker.monitor
#   virtual_mic_feed      null sink     = test harness plays here: paplay -d virtual_mic_feed speech.wav
#   virtual_mic           remap source  = the app's microphone (re-exposes virtual_mic_feed.monitor as a real,
#                                         non-monitor source; 16 kHz mono by default)
# Defaults: default sink = virtual_speaker, default source = virtual_mic, so PortAudio/sounddevice device
# 'pulse' (or 'default') records from the virtual mic and plays to the virtual speaker.
set -euo pipefail

VA_ROOT="${VA_ROOT:-${TMPDIR:-/tmp}/virtual-audio}"
VA_MIC_RATE="${VA_MIC_RATE:-16000}"        # native rate/channels of the mic chain
VA_MIC_CHANNELS="${VA_MIC_CHANNELS:-1}"
VA_SPK_RATE="${VA_SPK_RATE:-48000}"        # native rate/channels of the speaker sink
VA_SPK_CHANNELS="${VA_SPK_CHANNELS:-2}"

RUN="$VA_ROOT/run"                 # XDG_RUNTIME_DIR
PULSE_DIR="$RUN/pulse"             # PULSE_RUNTIME_PATH (socket + pid file)
STATE="$VA_ROOT/pulse-state"       # PULSE_STATE_PATH, cookie, config (keeps ~/.config/pulse untouched)
SOCK="$PULSE_DIR/native"
LOG="$VA_ROOT/pulseaudio.log"

export XDG_RUNTIME_DIR="$RUN"
export PULSE_RUNTIME_PATH="$PULSE_DIR"
export PULSE_STATE_PATH="$STATE"
export PULSE_COOKIE="$STATE/cookie"
export XDG_CONFIG_HOME="$STATE/config"
export PULSE_SERVER="unix:$SOCK"

log() { echo "[virtual_audio] $*" >&2; }
alive() { pactl info >/dev/null 2>&1; }
daemon_pid() { [ -s "$PULSE_DIR/pid" ] && tr -dc '0-9' < "$PULSE_DIR/pid" || true; }

stop() {
  local pid; pid="$(daemon_pid)"
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill "$pid"
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && { log "pid $pid did not exit on TERM, sending KILL"; kill -9 "$pid"; }
    log "stopped pulseaudio pid $pid"
  else
    log "no daemon running (pid file: ${pid:-none})"
  fi
  rm -f "$PULSE_DIR/pid" "$SOCK"
}

start() {
  command -v pulseaudio >/dev/null || { log "pulseaudio missing: apt-get install -y --no-install-recommends pulseaudio pulseaudio-utils libasound2-plugins libportaudio2 espeak-ng sox alsa-utils"; exit 1; }
  mkdir -p "$PULSE_DIR" "$STATE/config"
  chmod 700 "$RUN" "$PULSE_DIR" "$STATE"
  if alive; then
    log "daemon already running (pid $(daemon_pid))"
  else
    rm -f "$SOCK" "$PULSE_DIR/pid"        # stale leftovers from a killed daemon
    local t0 t1; t0=$(date +%s.%N)
    # -n: skip /etc/pulse/default.pa (udev/dbus/systemd modules are useless here).
    # Running as root prints "not intended to be run as root" -- harmless; --system is NOT needed.
    pulseaudio --daemonize=yes --use-pid-file=yes --exit-idle-time=-1 --disallow-exit=yes \
      --system=no -n --log-target="file:$LOG" --log-level=notice \
      --load="module-native-protocol-unix socket=$SOCK auth-anonymous=1"
    for _ in $(seq 250); do alive && break; sleep 0.02; done
    alive || { log "daemon failed to start; see $LOG"; tail -20 "$LOG" >&2; exit 1; }
    t1=$(date +%s.%N)
    log "started pulseaudio pid $(daemon_pid) in $(awk "BEGIN{printf \"%.3f\", $t1 - $t0}")s"
  fi
  # Idempotent device creation: only load what is missing.
  pactl list short sinks | awk '{print $2}' | grep -qx virtual_speaker ||
    pactl load-module module-null-sink sink_name=virtual_speaker norewinds=1 rate="$VA_SPK_RATE" channels="$VA_SPK_CHANNELS" \
      sink_properties=device.description=Virtual_Speaker >/dev/null
  pactl list short sinks | awk '{print $2}' | grep -qx virtual_mic_feed ||
    pactl load-module module-null-sink sink_name=virtual_mic_feed norewinds=1 rate="$VA_MIC_RATE" channels="$VA_MIC_CHANNELS" \
      sink_properties=device.description=Virtual_Mic_Feed >/dev/null
  pactl list short sources | awk '{print $2}' | grep -qx virtual_mic ||
    pactl load-module module-remap-source master=virtual_mic_feed.monitor source_name=virtual_mic \
      rate="$VA_MIC_RATE" channels="$VA_MIC_CHANNELS" source_properties=device.description=Virtual_Mic >/dev/null
  pactl set-default-sink virtual_speaker
  pactl set-default-source virtual_mic

  cat <<EOF
export VA_ROOT=$VA_ROOT
export XDG_RUNTIME_DIR=$RUN
export PULSE_RUNTIME_PATH=$PULSE_DIR
export PULSE_STATE_PATH=$STATE
export PULSE_COOKIE=$STATE/cookie
export XDG_CONFIG_HOME=$STATE/config
export PULSE_SERVER=unix:$SOCK
export PULSE_SINK=virtual_speaker
export PULSE_SOURCE=virtual_mic
# app speaker (PA sink):        virtual_speaker   -> capture it: parec -d virtual_speaker.monitor
# app microphone (PA source):   virtual_mic       -> feed it:    paplay -d virtual_mic_feed speech.wav
# sounddevice / PortAudio:      device='pulse' (or 'default'); import sounddevice AFTER the daemon is up
# mic native format: ${VA_MIC_RATE} Hz, ${VA_MIC_CHANNELS} ch s16le; speaker: ${VA_SPK_RATE} Hz, ${VA_SPK_CHANNELS} ch
EOF
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  status) alive && { log "running, pid $(daemon_pid)"; pactl list short sinks >&2; pactl list short sources >&2; } ;;
  *) echo "usage: $0 [start|stop|status]" >&2; exit 2 ;;
esac
