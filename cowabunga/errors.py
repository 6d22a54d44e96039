"""Every way an input to the engine can be wrong: one class per failure mode, one root.

Messages repeat the input, describe the state it met, and say what would have been valid, so a
command line or a referee can show them to a person unchanged.
"""

from __future__ import annotations


class CowabungaError(ValueError):
    """Root of all engine errors: something given to the engine breaks the rules."""


class SetupError(CowabungaError):
    """A table cannot start this way."""


class PlayerCountError(SetupError):
    """Fewer than 2 or more than 5 players."""


class PlayerNameError(SetupError):
    """A player name is empty, not a string, or given twice."""


class UnknownPlayerError(SetupError):
    """A name that is not one of the players at the table."""


class IslandCountError(SetupError):
    """More island cards than the box has, or an island deck that is already empty."""


class IllegalActionError(CowabungaError):
    """An action that is not allowed in the current state."""


class InvalidCardError(IllegalActionError):
    """A value that is not a number card (0–9)."""


class InvalidIslandError(IllegalActionError):
    """A value that is not an island card (10–30)."""


class DuplicateIslandError(IllegalActionError):
    """An island card that is already held by a player (every island value exists once)."""


class CardExhaustedError(IllegalActionError):
    """A card value whose every copy already lies on the discard pile."""


class CardNotInHandError(IllegalActionError):
    """In a full game: the player to move does not hold that card."""


class IslandDrawPendingError(IllegalActionError):
    """A card was played while a right neighbour still has to draw an island card."""


class NoIslandDrawError(IllegalActionError):
    """An island draw was given, but no direction change asked for one."""


class GameOverError(IllegalActionError):
    """An action after the game has ended."""


class ScriptError(CowabungaError):
    """A replay script that is not well formed (not JSON, missing or mistyped fields)."""
