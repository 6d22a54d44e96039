"""Turtle Soup (P.D. Magnus, for the Decktet): a press-your-luck soup for 4-6 players.

``decktet`` is the real deck as data, ``rules`` the pure engine, ``replay`` the exact replay
contract (``voice-host replay turtle-soup SCRIPT.json``), ``strategies`` the bots' ways to play,
``words`` what the host and the players say, ``host`` the game on the host's seam and ``entry``
its place in the games registry. Nothing but ``host`` and ``entry`` imports the host's side.
"""
