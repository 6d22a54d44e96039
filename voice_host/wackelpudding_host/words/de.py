"""Kapitän Wackelpudding auf Deutsch: what the players say, what the host says, the display."""

from __future__ import annotations

from voice_host.wackelpudding_host.lines import Words

WORDS = Words(
    lang="de",
    goods={
        "video_game": ("ein Videospiel", "ein Videospiel", "Videospiele"),
        "bonbon": ("ein Bonbon", "ein Bonbon", "Bonbons"),
        "coffin": ("ein Sarg", "einen Sarg", "Särge"),
        "cheese": ("ein Käse", "einen Käse", "Käse"),
        "fruit_rollup": ("eine Fruchtrolle", "eine Fruchtrolle", "Fruchtrollen"),
    },
    counts={2: "zwei", 3: "drei", 4: "vier", 5: "fünf", 6: "sechs", 7: "sieben", 8: "acht"},
    and_word="und",
    ports={"video": "Video Insel", "kindien": "Kindien", "dracula": "Dracula Land",
           "maustralia": "Maustralia", "bananen": "Bananen-Atoll", "snarch": "Snarchland"},
    colours={"green": "Grün", "blue": "Blau", "black": "Schwarz", "yellow": "Gelb",
             "red": "Rot", "white": "Weiß"},
    roll=("Leinen los", "würfeln"),
    arrived=("wir sind angekommen",),
    nothing=("nichts",),
    touched_land=("Land berührt",),
    rule_for_all=("Regel für alle",),
    ship_query=("was ist auf dem Schiff",),
    start="Kapitän Wackelpudding mit {players}. Das Schiff liegt bei {port}.",
    load_port="{player}, lade {one} von {island}.",
    load_own="{island} ist leer. {player}, lade {one} aus deinem Patzerstapel.",
    load_other="{island} ist leer. {player}, lade {one} aus {donor}s Patzerstapel.",
    nothing_to_load="Niemand hat noch {many}. {player}, du lädst nichts.",
    card="{player}, Snarchland: zieh eine Abenteuerkarte.",
    then_roll="Dann sag „{roll}“.",
    sail="{colour}! Segle nach {port}. Sag „{arrived}“, wenn du da bist.",
    stay="{colour}! Das Schiff bleibt hier: lade noch {one}. Dann sag „{arrived}“.",
    stay_card="{colour}! Das Schiff bleibt hier: zieh noch eine Abenteuerkarte. "
              "Dann sag „{arrived}“.",
    fell="{goods} runtergefallen, auf {player}s Patzerstapel.",
    fell_question="{goods} runtergefallen?",
    say_yes_or_no="Sag {yes} oder {no}.",
    choice="{a} oder {b}?",
    arrived_line="Angekommen.",
    nothing_line="Nichts gefallen, angekommen.",
    touched_land_line="Land berührt! Zurück nach {port} und die Fahrt neu beginnen.",
    rule_line="Regel für alle: gilt jetzt für alle, {count} bisher. Dann würfeln.",
    game_over="Spielende: nur noch {lands} auf den Inseln. Patzerstapel: {piles}. "
              "{winners} gewinnt!",
    game_over_tie="Spielende: nur noch {lands} auf den Inseln. Patzerstapel: {piles}. "
                  "{winners} gewinnen zusammen!",
    ship_line="Auf dem Schiff: {goods}.",
    ship_empty="Das Schiff ist leer.",
    islands_line="Auf den Inseln: {islands}.",
    piles_line="Patzerstapel: {piles}.",
    whose_turn="{player} ist dran.",
    status="{player} ist dran. Das Schiff ist bei {port}, an Bord: {ship}. "
           "Abenteuerkarten gezogen: {cards}.",
    confirm_undo="{What} zurücknehmen?",
    undone="{What} zurückgenommen.",
    resumed="Weiter geht's.",
    undo_what={"roll": "den Wurf", "fell": "{goods}", "arrived": "die Ankunft",
               "rule": "die Regel für alle"},
    goods_word=("Ware", "Waren"),
    nothing_aboard="nichts",
    label_islands="Inseln",
    label_ship="Schiff",
    label_piles="Patzerstapel",
    label_turn="dran",
    label_port="Schiff bei",
    label_cards="Abenteuerkarten",
    label_rules="Regeln für alle",
    label_over="Spielende",
)
"""The German words."""
