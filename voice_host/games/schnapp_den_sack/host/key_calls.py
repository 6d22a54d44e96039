"""A table of Schnapp den Sack whose calls come by buzzer key (:mod:`.buzzers`): the first
player key pressed while a card waits is that player's call, timed when the key arrives.

A key pressed before the waiting card was said (while the host still spoke, or a second key
after the call that settled the card before, up to 0.3 s after it) is no call; a key of
nobody is ignored. With the microphone beside the keys, the ear hears questions and commands and
the wait runs on the stream's clock (:class:`~.listen.StreamTable`); with the keys alone it runs
on the wall clock. The table stops when the keys end (a pipe or a file ran out).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from voice_host.ear.inputs import ChunkSource
from voice_host.games.schnapp_den_sack.host.buzzers import Buzzers
from voice_host.games.schnapp_den_sack.host.keypresses import KeyPress, KeyPresses
from voice_host.games.schnapp_den_sack.host.listen import StreamTable
from voice_host.games.schnapp_den_sack.host.session import SchnappSession
from voice_host.host.step import Step

SAME_RACE_S = 0.3
"""A key this soon after the key that called is the slower hand of the same race (calls within
300 ms of each other are the ones that overlap), never a call on the card flipped next: with the
host muted the next card shows at once, and nobody reads a new card and adds up its row this
fast. Longer, it would swallow a quick call on that card."""


class CardClock:
    """When the waiting card was said, on the keys' clock: keys from before it, or from the race
    for the card before (:data:`SAME_RACE_S`), are no call."""

    def __init__(self, session: SchnappSession, presses: KeyPresses) -> None:
        self.session = session
        """The host."""
        self.presses = presses
        """The keys and their clock."""
        self.flips = session.state.flips
        """The flips made when the waiting card was said."""
        self.said_at = presses.started
        """When it was said (the keys are read from then on)."""
        self.race_until = presses.started
        """Until when keys belong to the race for the card a key settled last."""

    def update(self) -> None:
        """Note a new card waiting (a flip, or one taken back), said by now."""
        if self.session.state.flips != self.flips:
            self.flips, self.said_at = self.session.state.flips, self.presses.now()

    def caller(self, press: KeyPress, buzzers: Buzzers) -> str | None:
        """Whose call ``press`` is on the waiting card (None: nobody's key, or pressed before
        the card was said or in the race for the card before)."""
        if press.at < max(self.said_at, self.race_until):
            return None
        return buzzers.player(press.key)

    def called(self, press: KeyPress) -> None:
        """``press`` called: the keys of the same race that follow it are no call."""
        self.race_until = press.at + SAME_RACE_S


def press_keys(session: SchnappSession, handle: Callable[[Step], object], keys: TextIO,
               buzzers: Buzzers, opening: Step) -> None:
    """Calls by key alone, read from ``keys`` once the opening was said; the wait for a call runs
    on the wall clock from when the host has said the card."""
    handle(opening)
    presses = KeyPresses(keys)
    card = CardClock(session, presses)
    while not (session.stopped or session.game.over) and session.waiting_for() is not None:
        press = presses.next(card.said_at + session.wait_s)
        if press is None and presses.done:
            return
        if press is None:
            handle(session.time_up())
        else:
            player = card.caller(press, buzzers)
            if player is None:
                continue
            handle(session.buzz(player))
            card.called(press)
        card.update()


def hear_with_keys(table: StreamTable, source: ChunkSource, keys: TextIO, buzzers: Buzzers,
                   opening: Step) -> None:
    """The microphone's chunks (questions and commands) and the keys from ``keys`` (calls), as
    they come, until the game ends, the host is told to stop or the keys end."""
    table.start(opening)
    session = table.session
    presses = KeyPresses(keys)
    card = CardClock(session, presses)
    try:
        while not (session.stopped or session.game.over or presses.done):
            chunk = source.read(timeout=0.05)
            if chunk is not None:
                table.feed(chunk)
            card.update()
            for press in presses.ready():
                player = card.caller(press, buzzers)
                if player is not None:
                    table.buzz(player)
                    card.called(press)
                    card.update()
    finally:
        table.close()
