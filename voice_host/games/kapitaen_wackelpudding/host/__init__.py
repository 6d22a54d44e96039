"""Kapitän Wackelpudding's host: it loads, rolls the die, hears what fell and keeps the books by
voice, on the host's shared dialogue. The rules engine and the replay contract are the game's own
package (:mod:`voice_host.games.kapitaen_wackelpudding`), which stands alone; this package is
the host built on them: the game on the seam (``game``), the session (``session``), the phrases
heard at each moment (``reports``), the words of each language (``words``), the board's display
(``board``) and the simulated table (``demo``)."""
