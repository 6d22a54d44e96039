"""Turtle Soup in English."""

from __future__ import annotations

from types import MappingProxyType

from voice_host.games.turtle_soup.words import SoupWords, ro

WORDS = SoupWords(
    lang="en",
    take=("serve me", "serve me now"),
    wait=("keep cooking", "keep it cooking"),
    yes="yes",
    no="no",
    tokens=MappingProxyType({"small": ("small", "small"), "large": ("large", "large"),
                             "extra": ("extra-large", "extra-large")}),
    one=ro({"small": "one small", "large": "one large", "extra": "one extra-large"}),
    ranks=ro({"number": "{n} of {suits}", "ace": "ace of {suits}", "crown": "crown of {suits}",
              "pawn": "pawn of {suits}", "court": "court of {suits}", "excuse": "the Excuse"}),
    and_word="and",
    nothing="nothing",
    into_pot="{name}: {what} into the pot.",
    dinner="Dinner {number} of {dinners}. I shuffle and turn up.",
    open_fists="Open your fists. {player}, serve you or keep cooking?",
    ask_player="{player}, serve you or keep cooking?",
    does_take="{player} takes?",
    does_wait="{player} waits?",
    confirm_takers="{takers} take. Right?",
    confirm_nobody="Everybody waits. Right?",
    say_yes_or_no="Say {yes} or {no}.",
    share_each="{takers}: {share} each.",
    share_one="{taker}: {share}.",
    nobody_takes="Nobody takes.",
    still_waiting="{players} still waiting.",
    spoiled="Too many cooks: the soup is spoiled! {players} go without.",
    all_served="Everybody is served.",
    deck_empty="The deck is empty.",
    returned="{pot} go back to the bank.",
    game_over="Game over. {scores}. {winners}",
    winner="{player} wins!",
    winners="{players} win!",
    points="{player} {points}",
    status="Dinner {number} of {dinners}. In the pot: {pot}. Suits on the table: {suits}. "
           "Waiting: {waiting}.",
    between="Dinner {number} of {dinners} is over. Scores: {scores}.",
    pot="In the pot: {pot}.",
    cards="Turned up: {cards}. On the table: {suits}. Missing: {missing}.",
    waiting="Waiting: {players}. {player} to answer.",
    nobody="nobody",
    hint="Taking now: {points} points; the next card spoils it {k} times in {n}.",
    hint_none="No dinner is on.",
    dinners_left="{n} dinners left, this one included.",
    confirm_undo="Take back the last round, {takers}? Say {yes}.",
    undone="Round taken back. {status}",
    resumed="Back to the table. {status}",
    unknown_input="{text}: not understood. Say {take}, {wait} or a command ({commands}).",
    labels=ro({"dinner": "Dinner", "pot": "Pot", "suits": "Suits on the table",
               "waiting": "Waiting", "served": "Served", "scores": "Scores",
               "missing": "Missing", "deck": "Cards in the deck"}),
)
"""English."""
