"""The live display of a hosted game: the game draws itself (in large print when asked), with
the last lines the host said beneath it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from voice_host.host.dialogue import Dialogue

if TYPE_CHECKING:
    from rich.console import RenderableType

    from voice_host.games.cowabunga.words import Wording

TRANSCRIPT_LINES = 4
"""Host lines kept on the live display."""


class LiveView:
    """A rich live display of a game's session (or nothing when off); a context manager."""

    def __init__(self, session: Dialogue[Any], *, large: bool, enabled: bool) -> None:
        self.session = session
        """The game shown."""
        self.wording: Wording = session.say.wording
        """The table's language, to tell the host's lines in the transcript."""
        self.large = large
        """Large print, high contrast."""
        self.enabled = enabled
        """Whether a live display is shown at all."""
        self.said: list[str] = []
        """The transcript's last lines."""
        self._live: Any = None

    def renderable(self) -> RenderableType:
        """The display as it should look now, drawn by the game."""
        return self.session.game.render(self.large, self.said[-TRANSCRIPT_LINES:])

    def note(self, line: str) -> None:
        """Add a transcript line (printed directly when there is no live display)."""
        if self.enabled:
            host = self.wording.host_line.partition("{text}")[0]
            heard = "  " + self.wording.heard_line.partition("{")[0]
            if line.startswith(host):
                self.said.append(line[len(host) :])
            elif not line.startswith(heard):
                self.said.append(line.strip())
        else:
            print(line, flush=True)

    def refresh(self) -> None:
        """Redraw."""
        if self._live is not None:
            self._live.update(self.renderable(), refresh=True)

    def __enter__(self) -> LiveView:
        if self.enabled:
            from rich.live import Live

            self._live = Live(self.renderable(), auto_refresh=False, screen=self.large)
            self._live.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._live is not None:
            self._live.__exit__(None, None, None)
            self._live = None
            if self.large:
                # The large view drew on the alternate screen, which is gone now: print its last
                # frame once. The ordinary view's last frame stays on the terminal as it is.
                from rich.console import Console

                Console().print(self.renderable())
