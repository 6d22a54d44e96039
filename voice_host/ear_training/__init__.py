"""How the ear is made: ``voice-host ear train`` and ``voice-host ear calibrate``.

The seeded training data (:mod:`~voice_host.ear_training.dataset`, voices from
:mod:`voice_host.speakers`, labels and table talk in :mod:`~voice_host.ear_training.texts`), the
heads' training (:mod:`~voice_host.ear_training.seqtrain` with torch, from the ``train`` extra;
:mod:`~voice_host.ear_training.mlp` in numpy), their calibration on held-out voices
(:mod:`~voice_host.ear_training.calibration`) and the whole run
(:mod:`~voice_host.ear_training.train`). What runs at the table is :mod:`voice_host.ear`, which
never imports this package. Cached training data lives in the user's cache folder.
"""
