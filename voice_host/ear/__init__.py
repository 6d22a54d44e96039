"""The ear: our own recognizer for the game's vocabulary, as it runs at the table.

Whisper base's frozen encoder as the front end (:mod:`~voice_host.ear.whisper`), the shipped head
over it (:mod:`~voice_host.ear.head`, weights in ``models/<lang>/head.npz``), the closed grammar
that reads its outputs (:mod:`~voice_host.ear.decode`, :mod:`~voice_host.ear.vocab`) and the
recognizer behind the :class:`~voice_host.recognition.Recognizer` protocol
(:mod:`~voice_host.ear.recognizer`). How the heads are made is :mod:`voice_host.ear_training`;
each head's card is ``docs/ear/<lang>.md``.
"""
