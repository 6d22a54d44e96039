"""Synthetic speakers: the voices and rooms that stand in for people at a table.

Speech synthesizers (espeak-ng, MBROLA, festival, flite, Pico, RHVoice, and the neural voices of
the ``voices`` extra) in voices split once and for all into ``train``, ``val`` and ``bench`` sets
(:mod:`~voice_host.speakers.synth`), and the rooms they are heard in: noise, babble, reverberation
(:mod:`~voice_host.speakers.augment`). They make the demo's simulated players, the ear's training
data (:mod:`voice_host.ear_training`) and the bench's clips; the ear that runs at a table never
imports them.
"""
