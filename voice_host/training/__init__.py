"""Training mode: a quiz, a practice game against bots, and the learner's progress.

* :mod:`~voice_host.training.questions` makes quiz questions from real game situations;
  :mod:`~voice_host.training.plan` chooses their levels (a fixed ramp for seeded sessions,
  adaptation to accuracy and speed otherwise); :mod:`~voice_host.training.quiz` runs a session.
* :mod:`~voice_host.training.practice` plays a full game against the engine's bots, with voice
  queries (:mod:`~voice_host.training.queries`), a hint (:mod:`~voice_host.training.hint`) and a
  review at the end.
* :mod:`~voice_host.training.channels` is where replies come from (a recording, the microphone,
  the keyboard) and where the host's lines go (terminal, speakers and headphones, WAV files).
* :mod:`~voice_host.training.progress` keeps every session in SQLite;
  :mod:`~voice_host.training.stats` draws the charts.

The commands are ``voice-host train quiz | practice | stats`` (``voice_host/cli/train_cmds.py``).
"""
