"""The shape of one language's words for Schnapp den Sack (:class:`Words`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Words:
    """One language's words for Schnapp den Sack."""

    lang: str
    """The language code."""
    buzz: tuple[str, ...]
    """The call words the host gives the players at setup, one per seat: long, distinct
    words, heard far better than short names."""
    rows: Mapping[str, tuple[str, str]]
    """Each row's sack (by the rules' row name): singular and plural as spoken."""
    joker: str
    """The joker as spoken."""
    queries: Mapping[str, tuple[str, ...]]
    """Spoken questions and pace commands the host answers while it waits for a call, by
    meaning (``rows``, ``slower``, ``faster``)."""
    near_misses: tuple[str, ...]
    """Talk close to the calls, which the game's phrase head learns to hear as none (the
    bench's own near misses are other words)."""
    start: str
    """The opening: ``{target}`` the plates, ``{calls}`` who calls what."""
    calls_as: str
    """One player's call word: ``{player}``, ``{word}``."""
    presses: str
    """One player's buzzer key, when the table calls by key: ``{player}``, ``{key}``."""
    plates: str
    """The plates of a row or of all rows: ``{plates}``."""
    flip: str
    """A sack card flipped: ``{player}``, ``{sack}``, ``{n}``."""
    flip_joker: str
    """A joker flipped: ``{player}``."""
    grabbed: str
    """A right call: ``{player}``, ``{n}`` cards won."""
    false_grab: str
    """A wrong call that costs the caller a won card: ``{player}``."""
    false_grab_free: str
    """A wrong call by a player with no won card: ``{player}``."""
    missed: str
    """A reachable target nobody called: ``{n}`` ``{sacks}``."""
    game_over: str
    """The end: ``{scores}``, ``{winners}``."""
    winner: str
    """One winner: ``{winners}``."""
    winners: str
    """Several winners (a tie): ``{winners}``."""
    score_item: str
    """One player's score: ``{player}``, ``{n}``."""
    row_item: str
    """One row read out: ``{sacks}``, ``{n}`` shown."""
    empty_row: str
    """An empty row read out: ``{sacks}``."""
    slower: str
    """The host waits longer for calls: ``{seconds}``."""
    faster: str
    """The host waits less for calls: ``{seconds}``."""
    either: str
    """A question between two callers: ``{a}``, ``{b}``."""
    confirm: str
    """A yes/no question about one caller: ``{a}``."""
    confirm_outright: str
    """The same asking for the yes or no outright: ``{a}``."""
    undo_question: str
    """Asks whether to take back the last verdict: ``{verdict}``."""
    taken_back: str
    """The last verdict taken back; the flip is called again: ``{flip}``."""
    everyone: str
    """Who is asked to call again when nothing could be made of a call."""
    nothing_yet: str
    """Status before the first flip."""
    seconds: str
    """A duration in seconds: ``{n}``."""
    display_rows: str
    """The display's title of the rows."""
    display_columns: tuple[str, str, str, str]
    """The display's columns: row, cards shown, count, plates."""
    display_players: tuple[str, str, str, str]
    """The display's player columns: player, call word, pile, won."""
    display_key: str
    """The display's column of the buzzer keys (in place of the call words)."""
