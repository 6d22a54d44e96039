"""Schnapp den Sack's host side, on the host's seam: the table the host deals, flips and judges
(:mod:`.table`), the session that drives it (:mod:`.session`), bots and the demo (:mod:`.demo`)."""
