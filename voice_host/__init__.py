"""voice-host: everything with a microphone or a speaker.

Audio sources and endpointing (``voice_host.audio``), recognizers (``voice_host.ear.backends``),
number phrases per language (``voice_host.phrases``), the host's voice (``voice_host.voice``),
the trained ear (``voice_host.ear``) and the command line (``voice_host.cli``).
"""

__version__ = "0.1.0"
