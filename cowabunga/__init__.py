"""Cowabunga (Fettnapf): the pure rules engine, bots and simulator. No I/O, no audio.

Two kinds of state share one set of rules:

* :class:`TableView` — what a referee at a physical table knows. Start one with
  :func:`new_table`; feed it :class:`Play` and :class:`DrawIsland` through :func:`apply`
  (or :func:`play_card`, :func:`draw_island`, :func:`table_turn`).
* :class:`GameState` — the full game with hands and decks, for simulation and training. Start
  one with :func:`deal` (an injected ``random.Random``) or :func:`from_deal` (explicit orders).

Both are immutable; :func:`apply` returns ``(new_state, events)``, :func:`legal_actions` lists
what may happen next, and :func:`outcome` is ``None`` until the game is over.
"""

from cowabunga.bots import (
    BOT_NAMES,
    Bot,
    CarefulBot,
    MonteCarloBot,
    RandomBot,
    make_bot,
    mc_hint,
)
from cowabunga.errors import (
    CardExhaustedError,
    CardNotInHandError,
    CowabungaError,
    DuplicateIslandError,
    GameOverError,
    IllegalActionError,
    InvalidCardError,
    InvalidIslandError,
    IslandCountError,
    IslandDrawPendingError,
    NoIslandDrawError,
    PlayerCountError,
    PlayerNameError,
    ScriptError,
    SetupError,
    UnknownPlayerError,
)
from cowabunga.events import (
    Counting,
    DirectionChanged,
    EndReason,
    Event,
    GameOver,
    IslandDrawn,
    Outcome,
    Played,
    Reshuffled,
    StewPot,
)
from cowabunga.game import (
    GameState,
    Observation,
    apply,
    deal,
    from_deal,
    legal_actions,
    observe,
    outcome,
)
from cowabunga.replay import read_script, replay
from cowabunga.table import (
    Action,
    DrawIsland,
    EmptyDeck,
    Play,
    Rules,
    TableView,
    draw_island,
    new_table,
    play_card,
    table_turn,
)

__all__ = [
    "BOT_NAMES",
    "Action",
    "Bot",
    "CardExhaustedError",
    "CardNotInHandError",
    "CarefulBot",
    "Counting",
    "CowabungaError",
    "DirectionChanged",
    "DrawIsland",
    "DuplicateIslandError",
    "EmptyDeck",
    "EndReason",
    "Event",
    "GameOver",
    "GameOverError",
    "GameState",
    "IllegalActionError",
    "InvalidCardError",
    "InvalidIslandError",
    "IslandCountError",
    "IslandDrawPendingError",
    "IslandDrawn",
    "MonteCarloBot",
    "NoIslandDrawError",
    "Observation",
    "Outcome",
    "Play",
    "Played",
    "PlayerCountError",
    "PlayerNameError",
    "RandomBot",
    "Reshuffled",
    "Rules",
    "ScriptError",
    "SetupError",
    "StewPot",
    "TableView",
    "UnknownPlayerError",
    "apply",
    "deal",
    "draw_island",
    "from_deal",
    "legal_actions",
    "make_bot",
    "mc_hint",
    "new_table",
    "observe",
    "outcome",
    "play_card",
    "read_script",
    "replay",
    "table_turn",
]
