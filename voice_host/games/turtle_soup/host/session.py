"""Turtle Soup's session: the game on the host's dialogue, pure (no audio, no clock, no files).

A runner feeds each utterance's :class:`~voice_host.recognition.Hearing` (or a typed line) to
:meth:`SoupSession.hear` / :meth:`SoupSession.type` and carries out the returned step.
"""

from __future__ import annotations

from collections.abc import Sequence

from voice_host.games.turtle_soup.cards import Card
from voice_host.games.turtle_soup.host.game import Choice, SoupGame
from voice_host.games.turtle_soup.host.lines import SoupLines
from voice_host.games.turtle_soup.rules import MIN_DINNERS
from voice_host.host.dialogue import Dialogue
from voice_host.host.seam import Policy
from voice_host.host.step import Step


class SoupSession(Dialogue[Choice]):
    """The host of one game of Turtle Soup at a physical table."""

    def __init__(self, players: Sequence[str], *, lang: str = "it",
                 dinners: int = MIN_DINNERS, extended: bool = False, seed: int | None = None,
                 decks: Sequence[Sequence[Card]] | None = None, can_answer: bool = True,
                 policy: Policy | None = None) -> None:
        say = SoupLines(lang)
        self.table = SoupGame(players, say, dinners=dinners, extended=extended, seed=seed,
                              decks=decks)
        """The game: the engine's state, the answers of the round, the journal actions."""
        super().__init__(self.table, say, can_answer=can_answer, policy=policy)
        self.say: SoupLines = say
        """The host's lines."""
        self.table.bind(self)

    def start(self) -> Step:
        """Deal the first dinner, turn its cards up and ask the first player."""
        step = Step()
        self.table.start(step)
        return step
