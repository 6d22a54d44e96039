"""Turtle Soup's host: the game (``voice_host.games.turtle_soup``) on the host's seam.

``game`` is the :class:`~voice_host.host.seam.HostedGame` (the deal, the pot, the answers heard,
the payouts), ``lines`` what the host says, ``session`` the game on the shared dialogue, ``bots``
bots at a table heard through the real ear, ``demo`` the command line's demo, ``play`` a real
table on the host's table app.
"""
