"""Kapitän Wackelpudding: its pure rules engine (``rules``), its exact replay contract
(``replay``), its words (``words``), its host (``host``: it loads, rolls the die, hears what fell
and keeps the books by voice) and its entry in the games registry (``entry``)."""
