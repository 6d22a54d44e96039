"""Schnapp den Sack in English."""

from __future__ import annotations

from voice_host.games.schnapp_den_sack.words.schema import Words

WORDS = Words(
    lang="en",
    buzz=("pineapple", "crocodile", "chocolate", "trampoline", "butterfly"),
    rows={"dudel": ("bagpipe sack", "bagpipe sacks"), "traenen": ("teary sack", "teary sacks"),
          "frech": ("cheeky sack", "cheeky sacks"), "wander": ("wander sack", "wander sacks")},
    joker="joker",
    queries={"rows": ("rows", "read the rows", "which rows"),
             "slower": ("slower",), "faster": ("faster",)},
    start="Grab the Sack! Target: {target}. {calls}.",
    calls_as="{player} calls {word}",
    plates="{plates}",
    flip="{player}: {sack}, {n}.",
    flip_joker="{player}: joker!",
    grabbed="{player} grabs it! {n} cards.",
    false_grab="{player}: wrong grab! One card back.",
    false_grab_free="{player}: wrong grab!",
    missed="Too late: {n} {sacks}!",
    game_over="Game over! {scores}. {winners}",
    winner="{winners} wins!",
    winners="{winners} win!",
    score_item="{player} {n}",
    row_item="{sacks}: {n}",
    empty_row="{sacks}: empty",
    slower="Slower: I wait {seconds}.",
    faster="Faster: I wait {seconds}.",
    either="{a} or {b}?",
    confirm="{a}?",
    confirm_outright="{a}? Yes or no?",
    undo_question="Take back {verdict}?",
    taken_back="Taken back. {flip}",
    everyone="Everyone",
    nothing_yet="No card flipped yet.",
    seconds="{n} seconds",
    display_rows="Rows",
    display_columns=("Row", "Cards", "Sacks", "Target"),
    display_players=("Player", "calls", "Pile", "Won"),
)
"""The English words."""
