"""The live table display: the total in big digits, direction, whose turn, islands and stew pots.

``render_table(view, recent, large=False)`` returns a rich renderable; put it in a
``rich.live.Live`` or print it once. ``large=True`` is the high-contrast large-print view for a
player who reads it from across the table: bigger digits, white on black, names in capitals.
``words=display_words(lang)`` labels it in the table's language (English unless given).
Nothing here knows about speech or the referee: any caller with a
:class:`~cowabunga.TableView` can use it.
"""

from voice_host.games.cowabunga.host.display.view import RecentPlay, big_number, render_table
from voice_host.games.cowabunga.host.display.words import DISPLAY_WORDS, DisplayWords, display_words

__all__ = [
    "DISPLAY_WORDS",
    "DisplayWords",
    "RecentPlay",
    "big_number",
    "display_words",
    "render_table",
]
