"""Schnapp den Sack in German, the game's home language."""

from __future__ import annotations

from voice_host.games.schnapp_den_sack.words.schema import Words

WORDS = Words(
    lang="de",
    buzz=("Ananas", "Krokodil", "Schokolade", "Trampolin", "Kartoffelsalat"),
    rows={"dudel": ("Dudelsack", "Dudelsäcke"), "traenen": ("Tränensack", "Tränensäcke"),
          "frech": ("Frecher Sack", "Freche Säcke"), "wander": ("Wandersack", "Wandersäcke")},
    joker="Joker",
    queries={"rows": ("Reihen", "welche Reihen", "lies die Reihen"),
             "slower": ("langsamer",), "faster": ("schneller",)},
    start="Schnapp den Sack! Ziel: {target}. {calls}.",
    calls_as="{player} ruft {word}",
    plates="{plates}",
    flip="{player}: {sack}, {n}.",
    flip_joker="{player}: Joker!",
    grabbed="{player} schnappt! {n} Karten.",
    false_grab="{player}: falsch geschnappt! Eine Karte zurück.",
    false_grab_free="{player}: falsch geschnappt!",
    missed="Zu spät: {n} {sacks}!",
    game_over="Spielende! {scores}. {winners}",
    winner="{winners} gewinnt!",
    winners="{winners} gewinnen!",
    score_item="{player} {n}",
    row_item="{sacks}: {n}",
    empty_row="{sacks}: leer",
    slower="Langsamer: ich warte {seconds}.",
    faster="Schneller: ich warte {seconds}.",
    either="{a} oder {b}?",
    confirm="{a}?",
    confirm_outright="{a}? Ja oder nein?",
    undo_question="{verdict} zurücknehmen?",
    taken_back="Zurückgenommen. {flip}",
    everyone="Alle",
    nothing_yet="Noch keine Karte aufgedeckt.",
    seconds="{n} Sekunden",
    display_rows="Reihen",
    display_columns=("Reihe", "Karten", "Säcke", "Ziel"),
    display_players=("Spieler", "ruft", "Stapel", "gewonnen"),
)
"""The German words."""
