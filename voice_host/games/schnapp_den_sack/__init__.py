"""Schnapp den Sack (Amigo, Wolfgang Kramer): its pure rules engine (:mod:`.rules`), its exact
replay contract (:mod:`.replay`), the words of each language (:mod:`.words`), the host that deals,
flips, hears the first call and judges it (:mod:`.host`), and its entry in the games registry
(:mod:`.entry`).
"""
