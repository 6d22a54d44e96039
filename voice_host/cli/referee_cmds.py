"""Commands: referee_cmds (filled in by its owner)."""

from voice_host.cli.app import app  # noqa: F401
