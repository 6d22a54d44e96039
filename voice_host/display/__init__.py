"""The live table display: the total in big digits, direction, whose turn, islands and stew pots.

``render_table(view, recent, large=False)`` returns a rich renderable; put it in a
``rich.live.Live`` or print it once. ``large=True`` is the high-contrast large-print view for a
player who reads it from across the table: bigger digits, white on black, names in capitals.
Nothing here knows about speech or the referee: any caller with a
:class:`~cowabunga.TableView` can use it.
"""

from voice_host.display.view import RecentPlay, big_number, render_table

__all__ = ["RecentPlay", "big_number", "render_table"]
