"""``python -m voice_host``."""

from voice_host.cli import main

main()
