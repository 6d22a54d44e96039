"""The games voice-host hosts: the registry (``registry``), what it knows of each game
(``entry``), and one module or package per game with its entry and, for the new games, its pure
rules engine and replay contract."""
