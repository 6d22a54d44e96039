"""What one input to a hosted game produces: journal actions, log records and host lines.

A pure session returns a :class:`Step`; the runner carries it out in a fixed order (journal
written and synced, then log, display, voice).
"""

from __future__ import annotations

from dataclasses import dataclass, field

JSONObject = dict[str, object]

MAX_LINE = 140
"""The longest line the host speaks in one go (the voice cuts longer ones)."""


@dataclass
class Step:
    """What one input produced, in the order it must be handled."""

    actions: list[JSONObject] = field(default_factory=list)
    """Journal entries: make them durable before anything is announced."""
    records: list[JSONObject] = field(default_factory=list)
    """Log records in order (``host`` records included)."""
    message: str | None = None
    """A note for the keyboard user (not spoken, not logged), e.g. an unknown typed command."""

    @property
    def lines(self) -> list[str]:
        """The host lines to speak, in order."""
        return [str(r["text"]) for r in self.records if r["event"] == "host"]


def split_line(text: str, limit: int = MAX_LINE) -> list[str]:
    """``text`` as lines of whole sentences, each at most ``limit`` characters where it can be."""
    sentences = [p + ("" if p.endswith((".", "?", "!")) else ".") for p in text.split(". ") if p]
    if len(text) <= limit or len(sentences) < 2:
        return [text]
    lines: list[str] = []
    for sentence in sentences:
        if lines and len(lines[-1]) + 1 + len(sentence) <= limit:
            lines[-1] += " " + sentence
        else:
            lines.append(sentence)
    return lines
