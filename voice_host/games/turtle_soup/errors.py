"""Every way an input to Turtle Soup can be wrong: one class per failure mode, one root.

Messages say where (``dinners[1].takers[2]``), repeat the input and say what would have been
valid, so the command line can show them to a person unchanged, on one line.
"""

from __future__ import annotations


class TurtleSoupError(ValueError):
    """Root of every Turtle Soup error: something given to the engine breaks the rules."""


class ScriptError(TurtleSoupError):
    """A replay script that is not well formed: not JSON, a field missing or of the wrong type."""


class SetupError(TurtleSoupError):
    """A game cannot start this way."""


class PlayerCountError(SetupError):
    """Fewer than 4 or more than 6 players."""


class PlayerNameError(SetupError):
    """A player's name that is not a string, is empty, or is given twice."""


class DinnerCountError(SetupError):
    """A game with no dinner at all."""


class CardError(TurtleSoupError):
    """A card that is not a Decktet card's shape."""


class InvalidRankError(CardError):
    """A rank that is none of ace, crown, pawn, court, excuse, 2-9."""


class InvalidSuitsError(CardError):
    """Suits that are not the six suits' words, or not as many different ones as the rank has."""


class TakerError(TurtleSoupError):
    """A decision round that names a player who cannot take now."""


class UnknownPlayerError(TakerError):
    """A taker who is not one of the players."""


class NotWaitingError(TakerError):
    """A taker who already had a share this dinner, so is no longer waiting."""


class DuplicateTakerError(TakerError):
    """A taker named twice in one decision round."""


class PhaseError(TurtleSoupError):
    """An action the game does not expect now (a decision between dinners, a dinner too many)."""


class LeftoverRoundsError(PhaseError):
    """Decision rounds in the script after its dinner ended."""


class UnfinishedDinnerError(PhaseError):
    """A dinner whose decision rounds ran out while more dinners follow it in the script."""
