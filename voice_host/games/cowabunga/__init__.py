"""Cowabunga (Fettnapf) as voice-host hosts it. Its pure rules engine is the top-level
:mod:`cowabunga` package; here are its errors (``errors``), its words (``words``), its host, the
referee that judges announced totals (``host``), its trainer (``trainer``: quiz questions, hints
and the learner's queries) and its entry in the games registry (``entry``).
"""
