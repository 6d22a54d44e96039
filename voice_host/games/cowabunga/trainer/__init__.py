"""Cowabunga's trainer: quick mental arithmetic under game pressure.

* :mod:`.questions` makes quiz questions from real game situations; :mod:`.plan` chooses their
  levels (a fixed ramp for seeded sessions, adaptation to accuracy and speed otherwise);
  :mod:`.quiz` runs a session.
* :mod:`.queries` answers aloud what the practice table shows, and :mod:`.hint` finds the safest
  card for the practice game (:mod:`voice_host.games.cowabunga.host.practice`).

Replies come from :mod:`voice_host.host.channels`; every session is kept by
:mod:`voice_host.progress`. The commands are ``voice-host train quiz | practice | stats``.
"""
