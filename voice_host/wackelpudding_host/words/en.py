"""Kapitän Wackelpudding in English: what the players say, what the host says, the display."""

from __future__ import annotations

from voice_host.wackelpudding_host.lines import Words

WORDS = Words(
    lang="en",
    goods={
        "video_game": ("a video game", "a video game", "video games"),
        "bonbon": ("a bonbon", "a bonbon", "bonbons"),
        "coffin": ("a coffin", "a coffin", "coffins"),
        "cheese": ("a cheese", "a cheese", "cheeses"),
        "fruit_rollup": ("a fruit rollup", "a fruit rollup", "fruit rollups"),
    },
    counts={2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"},
    and_word="and",
    ports={"video": "Video Island", "kindien": "Kindien", "dracula": "Dracula Land",
           "maustralia": "Maustralia", "bananen": "Banana Atoll", "snarch": "Snarchland"},
    colours={"green": "Green", "blue": "Blue", "black": "Black", "yellow": "Yellow",
             "red": "Red", "white": "White"},
    roll=("set sail", "roll the die"),
    arrived=("we have arrived",),
    nothing=("nothing fell",),
    touched_land=("touched land",),
    rule_for_all=("rule for all",),
    ship_query=("what is on the ship",),
    start="Kapitän Wackelpudding with {players}. The ship lies at {port}.",
    load_port="{player}, load {one} from {island}.",
    load_own="{island} is empty. {player}, load {one} from your screw-up pile.",
    load_other="{island} is empty. {player}, load {one} from {donor}'s screw-up pile.",
    nothing_to_load="Nobody has any {many} left. {player}, you load nothing.",
    card="{player}, Snarchland: draw an adventure card.",
    then_roll="Then say \"{roll}\".",
    sail="{colour}! Sail to {port}. Say \"{arrived}\" when you get there.",
    stay="{colour}! The ship stays here: load {one} more. Then say \"{arrived}\".",
    stay_card="{colour}! The ship stays here: draw another adventure card. "
              "Then say \"{arrived}\".",
    fell="{goods} fell, into {player}'s screw-up pile.",
    fell_question="{goods} fell?",
    say_yes_or_no="Say {yes} or {no}.",
    choice="{a} or {b}?",
    arrived_line="Arrived.",
    nothing_line="Nothing fell, arrived.",
    touched_land_line="Touched land! Back to {port} and start the journey again.",
    rule_line="Rule for all: it holds for everyone now, {count} so far. Then roll.",
    game_over="Game over: only {lands} left on the islands. Screw-up piles: {piles}. "
              "{winners} wins!",
    game_over_tie="Game over: only {lands} left on the islands. Screw-up piles: {piles}. "
                  "{winners} win together!",
    ship_line="On the ship: {goods}.",
    ship_empty="The ship is empty.",
    islands_line="On the islands: {islands}.",
    piles_line="Screw-up piles: {piles}.",
    whose_turn="It's {player}'s turn.",
    status="It's {player}'s turn. The ship is at {port}, carrying {ship}. "
           "Adventure cards drawn: {cards}.",
    confirm_undo="Take back {what}?",
    undone="Took back {what}.",
    resumed="Let's go on.",
    undo_what={"roll": "the roll", "fell": "{goods}", "arrived": "the arrival",
               "rule": "the rule for all"},
    goods_word=("good", "goods"),
    nothing_aboard="nothing",
    label_islands="Islands",
    label_ship="Ship",
    label_piles="Screw-up piles",
    label_turn="to move",
    label_port="ship at",
    label_cards="adventure cards",
    label_rules="rules for all",
    label_over="game over",
)
"""The English words."""
