"""The user's settings (speech rate, voice, volume, verbosity, earcons, output devices), remembered.

Settings live in ``settings.json`` in the user's config folder (platformdirs), progress data in
the user's data folder. ``VOICE_HOST_HOME`` overrides both for tests and portable installs:
config in ``$VOICE_HOST_HOME/config``, data in ``$VOICE_HOST_HOME/data``.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Literal, cast

APP_NAME = "voice-host"
"""The folder name under the platform's config and data folders."""

HOME_ENV = "VOICE_HOST_HOME"
"""Environment variable that moves config and data under one folder."""

Verbosity = Literal["terse", "normal", "teaching"]
"""How much the host says: the bare facts, short sentences, or with the working shown."""

VERBOSITIES: tuple[Verbosity, ...] = ("terse", "normal", "teaching")
"""Every verbosity, least first."""

MIN_RATE = 80
"""The slowest speech rate, in words per minute (espeak-ng's own lowest)."""

MAX_RATE = 400
"""The fastest speech rate, in words per minute."""

RATE_HELP = f"give words per minute from {MIN_RATE} to {MAX_RATE}"
"""What a valid rate is, for messages (``settings set rate`` and ``say --rate`` share it)."""

DEVICE_SETTINGS = {"output_device": "speaker", "private_device": "speaker",
                   "input_device": "microphone"}
"""Settings that name an audio device, and the kind of device each must be."""


class SettingsError(ValueError):
    """A setting name or value is not valid; the message names it and what would be."""


@dataclass(frozen=True)
class Settings:
    """Everything the user can set; every field has a sensible default."""

    lang: str = "en"
    """Language of the host and the phrases (en, de, es, fr, it)."""
    voice: str | None = None
    """espeak-ng voice id or name part; None picks one for the language."""
    rate: int = 175
    """Speech rate in words per minute (:data:`MIN_RATE` to :data:`MAX_RATE`)."""
    volume: float = 1.0
    """Loudness of the host, 0.0-1.0."""
    verbosity: Verbosity = "normal"
    """terse, normal or teaching."""
    earcons: bool = True
    """Whether short sounds mark listening, accepted, question, mistake, stew pot, direction."""
    output_device: str | None = None
    """Speakers for table announcements (index or name part); None for the default."""
    private_device: str | None = None
    """Headphones for the learner's hand in practice; None to use the speakers."""
    input_device: str | None = None
    """Microphone (index or name part); None for the default."""


SETTING_NAMES: tuple[str, ...] = tuple(f.name for f in fields(Settings))
"""Names accepted by ``voice-host settings set``."""


def home() -> Path | None:
    """The ``VOICE_HOST_HOME`` folder, if set."""
    value = os.environ.get(HOME_ENV)
    return Path(value) if value else None


def config_dir() -> Path:
    """Where settings are kept."""
    root = home()
    if root is not None:
        return root / "config"
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    """Where progress (the SQLite store) and charts are kept."""
    root = home()
    if root is not None:
        return root / "data"
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def settings_path() -> Path:
    """The settings file."""
    return config_dir() / "settings.json"


def _none(text: str) -> bool:
    return text.strip().lower() in ("", "none", "default", "null")


def parse_value(name: str, text: str) -> object:
    """``text`` as the value of setting ``name``; raises :class:`SettingsError`."""
    if name not in SETTING_NAMES:
        raise SettingsError(f"unknown setting {name!r}; settings: {', '.join(SETTING_NAMES)}")
    t = text.strip()
    if name == "rate":
        if not t.isdigit() or not MIN_RATE <= int(t) <= MAX_RATE:
            raise SettingsError(f"rate {text!r}: {RATE_HELP}")
        return int(t)
    if name == "volume":
        try:
            v = float(t)
        except ValueError:
            v = -1.0
        if not 0.0 <= v <= 1.0:
            raise SettingsError(f"volume {text!r}: give a number from 0.0 to 1.0")
        return v
    if name == "verbosity":
        if t.lower() not in VERBOSITIES:
            raise SettingsError(f"verbosity {text!r}: choose one of {', '.join(VERBOSITIES)}")
        return t.lower()
    if name == "earcons":
        if t.lower() in ("on", "true", "yes", "1"):
            return True
        if t.lower() in ("off", "false", "no", "0"):
            return False
        raise SettingsError(f"earcons {text!r}: say on or off")
    if name == "lang":
        from voice_host.phrases import LANGUAGES

        if t.lower() not in LANGUAGES:
            raise SettingsError(f"lang {text!r}: choose one of {', '.join(LANGUAGES)}")
        return t.lower()
    return None if _none(t) else t


def _check(raw: dict[str, object]) -> Settings:
    known = {name: raw[name] for name in SETTING_NAMES if name in raw}
    candidate = replace(Settings(), **known)  # type: ignore[arg-type]
    for name in SETTING_NAMES:
        value = getattr(candidate, name)
        if name in ("voice", "output_device", "private_device", "input_device"):
            ok = value is None or isinstance(value, str)
        elif name == "earcons":
            ok = isinstance(value, bool)
        elif name == "rate":
            ok = (isinstance(value, int) and not isinstance(value, bool)
                  and MIN_RATE <= value <= MAX_RATE)
        elif name == "volume":
            ok = isinstance(value, int | float) and 0.0 <= float(value) <= 1.0
        else:
            ok = isinstance(value, str) and parse_value(name, value) == value
        if not ok:
            raise SettingsError(f"{settings_path()}: {name} = {value!r} is not valid")
    return candidate


def load_settings(path: Path | None = None) -> Settings:
    """The remembered settings (defaults where nothing is stored); raises SettingsError for a
    broken file, naming it."""
    p = path or settings_path()
    if not p.exists():
        return Settings()
    try:
        raw = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as err:
        raise SettingsError(f"{p}: cannot read the settings ({err}); fix or delete it") from None
    if not isinstance(raw, dict):
        raise SettingsError(f"{p}: settings must be a JSON object; fix or delete it")
    return _check(cast(dict[str, object], raw))


def save_settings(settings: Settings, path: Path | None = None) -> Path:
    """Write ``settings`` atomically; returns the file."""
    p = path or settings_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".settings-", suffix=".json", dir=p.parent)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        json.dump(asdict(settings), out, indent=2, sort_keys=True)
        out.write("\n")
    os.replace(tmp, p)
    return p


def check_available(name: str, value: object) -> None:
    """Raise :class:`SettingsError` unless a voice or device setting names one that is there
    now (a setting that names nothing would be silently ignored later): an espeak-ng voice, a
    speaker or a microphone. The message gives the valid choices."""
    if value is None:
        return
    text = str(value)
    if name == "voice":
        from voice_host.voice import LANG_VOICES, VoiceError, espeak_voices, pick_voice

        try:
            voices = espeak_voices()
        except VoiceError as err:
            raise SettingsError(f"voice {text!r}: {err}") from None
        try:
            pick_voice(voices, "en", text)
        except VoiceError:
            ids = {v for v, _ in voices}
            ours = [v for vs in LANG_VOICES.values() for v in vs if v in ids]
            raise SettingsError(
                f"voice {text!r}: no espeak-ng voice has that id or name; choose one of the "
                f"{len(voices)} voices, such as {', '.join(ours)} "
                "(`espeak-ng --voices` lists them all)"
            ) from None
    elif name in DEVICE_SETTINGS:
        from voice_host.audio.mic import AudioDeviceError, list_devices

        kind = DEVICE_SETTINGS[name]
        try:
            found = list_devices()
        except AudioDeviceError:
            found = []
        fit = [d for d in found if (d.outputs if kind == "speaker" else d.inputs) > 0]
        if any(text == str(d.index) if text.isdigit() else text.lower() in d.name.lower()
               for d in fit):
            return
        choices = "; ".join(f"{d.index} {d.name}" for d in fit) or "none found"
        raise SettingsError(
            f"{name} {text!r}: no such {kind}; {kind}s (index or a part of the name): {choices}"
        )


def set_setting(name: str, text: str, path: Path | None = None) -> Settings:
    """Parse, check, store and return the settings with ``name`` set from ``text``."""
    value = parse_value(name, text)
    updated = replace(load_settings(path), **{name: value})  # type: ignore[arg-type]
    save_settings(updated, path)
    return updated
