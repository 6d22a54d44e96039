"""The host's sentences, one table per language.

A :class:`Wording` holds every sentence the host says as a ``str.format`` template with named
fields; :class:`~voice_host.games.cowabunga.host.lines.HostLines` fills them with the phrase
table's number
words and the players' names. The sentences themselves are each language file's ``[host]``
(:mod:`voice_host.languages`): adding a language is adding its file.

Every text field of a template is also offered with its first letter in upper case under the
capitalised name: ``{total}`` is "vierunddreißig", ``{Total}`` is "Vierunddreißig" (the start of a
sentence, or a number used as a noun in German: "die Vierunddreißig"). The fields each template
gets are named in its docstring.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from voice_host.languages import build, codes


@dataclass(frozen=True)
class Plural:
    """One sentence in its forms for a count of one, of more, and (where it differs) of none."""

    one: str
    """The form for exactly one."""
    other: str
    """The form for any other count."""
    zero: str | None = None
    """The form for none, where it is not :attr:`other`."""

    def pick(self, count: int) -> str:
        """The form for ``count``."""
        if count == 0 and self.zero is not None:
            return self.zero
        return self.one if count == 1 else self.other


@dataclass(frozen=True)
class Wording:
    """Every sentence of the host in one language (fields in braces, see the module docstring)."""

    lang: str
    """Language code, the same as its phrase table's."""

    # --- words ---------------------------------------------------------------------------------
    up: str
    """The count going up, as in "{total}, {way}"."""
    down: str
    """The count going down."""
    and_word: str
    """Joins the last two names or numbers of a list."""
    or_word: str
    """Joins the last two readings of a question."""
    no_islands: str
    """What a player holds when they hold no island."""
    stew_pot_counts: Mapping[int, str]
    """Stew pot counts said otherwise than the bare number ("none", "keinen", "einen")."""
    card_plurals: tuple[str, ...]
    """The ten card values as plurals, 0 to 9 ("zeros", "ones"... / "Nullen", "Einsen"...)."""
    ordinals: tuple[str, str]
    """"first" and "second", for the island cards asked for during setup."""
    player_name: str
    """The name of a player set up by voice. Fields: number (digits)."""

    # --- the game ------------------------------------------------------------------------------
    start: str
    """Fields: total, player."""
    resumed: str
    """An interrupted game continues. Fields: status."""
    stew_pot: Plural
    """By the player's stew pot count. Fields: player, holder, island, count."""
    direction_change: str
    """Fields: total, way, drawer."""
    island_drawn: str
    """Fields: player, island."""
    last_island: str
    """No fields."""
    game_over: Plural
    """By the number of winners. Fields: standings, winners."""
    standing: str
    """One player's stew pots in a list. Fields: player, count."""

    # --- mistakes ------------------------------------------------------------------------------
    arithmetic: str
    """Fields: total, op, card, right, said."""
    impossible_step: str
    """Fields: total, said."""
    wrong_direction: str
    """Without a card. Fields: way, total, said."""
    wrong_direction_card: str
    """With the card said. Fields: way, total, op, card, right."""
    card_not_available: str
    """Fields: cards (a :attr:`card_plurals` entry)."""
    island_taken: str
    """Fields: holder, island."""
    not_an_island: str
    """Fields: value."""
    try_again: str
    """After a mistake, who announces again (the same player). Fields: player."""

    # --- questions -----------------------------------------------------------------------------
    options: str
    """A choice. Fields: first (all readings but the last, comma-separated), last."""
    confirm: str
    """A yes/no question on one reading. Fields: reading."""
    confirm_yes_no: str
    """Fields: question, yes, no (the phrase table's words)."""
    reading: str
    """A total with its card. Fields: card, total."""
    say_again: str
    """Fields: player."""
    resync_question: str
    """The announcements carry on from another table than the referee's: is it there now?
    Fields: total, player (who acts next there)."""

    # --- commands ------------------------------------------------------------------------------
    status_over: str
    """Fields: total."""
    status_island: str
    """Fields: total, way, drawer."""
    status_play: str
    """Fields: total, way, player."""
    turn_over: str
    """No fields."""
    turn_island: str
    """Fields: drawer."""
    turn_play: str
    """Fields: player."""
    score: str
    """Fields: standings."""
    islands: str
    """Fields: held (one :attr:`held` per player, ``; ``-separated), left (:attr:`island_cards`)."""
    held: str
    """One player's islands in a list. Fields: player, values."""
    island_cards: Plural
    """By the cards left. Fields: count."""
    player_islands: Plural
    """By the islands held. Fields: player, values."""
    no_plays: str
    """No fields."""
    last_plays: str
    """Fields: plays (one :attr:`play` each, comma-separated)."""
    play: str
    """Fields: player, total."""
    hidden_cards: str
    """No fields."""
    undone: str
    """Fields: player, total, status."""
    nothing_to_undo: str
    """No fields."""
    confirm_undo: str
    """Fields: player, total, yes (the phrase table's word)."""
    paused: str
    """Fields: resume (the phrase table's word)."""
    resumed_after_pause: str
    """Fields: status."""

    # --- setup by voice ------------------------------------------------------------------------
    setup_players: str
    """No fields."""
    setup_start: str
    """No fields."""
    setup_island: str
    """Fields: player, nth (an :attr:`ordinals` entry)."""
    setup_confirm: str
    """Fields: value."""
    setup_bad_count: str
    """Fields: value, low, high."""
    setup_bad_start: str
    """Fields: value, low, high."""
    setup_not_island: str
    """Fields: value."""
    setup_dealt: str
    """Fields: value."""
    confirm_stop: str
    """Fields: yes (the phrase table's word)."""
    stopped: str
    """No fields."""
    unknown_input: str
    """A typed line that is no total, card and total, or command (printed, never spoken).
    Fields: text (quoted), commands (the table's first phrasings)."""
    unknown_setup_input: str
    """A typed answer to a setup question that is no number, yes or no (printed, never
    spoken). Fields: text (quoted), yes, no (the table's first phrasings)."""

    # --- the printed transcript (never spoken) -----------------------------------------------
    heard_line: str
    """An utterance heard (or a line typed), printed indented; starts with a fixed word (the live
    view tells these lines by it). Fields: typed (:attr:`typed_mark` or nothing), text,
    confidence."""
    typed_mark: str
    """Marks a heard line that was typed."""
    host_line: str
    """A host line in the transcript; ends with its text (the live view shows the text alone).
    Fields: text."""
    would_ask: str
    """A question the host would have asked (a recording is not asked), printed indented.
    Fields: question."""
    bot_line: str
    """What a demo bot said. Fields: player, how (:attr:`mumbled_mark` or nothing), text."""
    mumbled_mark: str
    """Marks a demo bot's line mumbled into party noise."""
    typed_line: str
    """A total (or command) a demo bot typed as the last resort. Fields: text."""
    demo_summary: str
    """The demo's closing line. Fields: turns, utterances, planted, caught, questions, typed,
    end (:attr:`demo_won` or :attr:`demo_cut_short`)."""
    demo_won: str
    """How the demo game ended. Fields: winners (comma-separated), reason (an
    :attr:`end_reasons` entry)."""
    demo_cut_short: str
    """The demo game stopped before its end."""
    end_reasons: Mapping[str, str]
    """Why a game ended, by the replay contract's reason (``EndReason`` value); English prints
    the contract's values themselves."""

    # --- sound ---------------------------------------------------------------------------------
    euphony: tuple[tuple[str, str, str], ...] = ()
    """(conjunction, its other form, a regex the next word starts with for that form): Spanish
    says "trece u once", "Emily e Inés"."""


WORDINGS: Mapping[str, Wording] = MappingProxyType(
    {lang: build(Wording, lang, "host") for lang in codes()}
)
"""Language code → its sentences (each language file's ``[host]``); a language not here is
spoken with English sentences."""

EN, DE, ES, FR, IT = (WORDINGS[lang] for lang in ("en", "de", "es", "fr", "it"))
"""Each language's sentences by the names they had as tables of this module; :data:`EN` is the
host's first language."""
