"""Cowabunga (Fettnapf): the pure rules engine, bots and simulator. No I/O, no audio."""
