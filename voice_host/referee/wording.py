"""The host's sentences, one table per language.

A :class:`Wording` holds every sentence the host says as a ``str.format`` template with named
fields; :class:`~voice_host.referee.lines.HostLines` fills them with the phrase table's number
words and the players' names. Adding a language is adding one ``Wording`` to :data:`WORDINGS`.

Every text field of a template is also offered with its first letter in upper case under the
capitalised name: ``{total}`` is "vierunddreißig", ``{Total}`` is "Vierunddreißig" (the start of a
sentence, or a number used as a noun in German: "die Vierunddreißig"). The fields each template
gets are named in its docstring.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType


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


EN = Wording(
    lang="en",
    up="counting up",
    down="counting down",
    and_word="and",
    or_word="or",
    no_islands="none",
    stew_pot_counts=MappingProxyType({0: "none"}),
    card_plurals=("zeros", "ones", "twos", "threes", "fours", "fives", "sixes", "sevens",
                  "eights", "nines"),
    ordinals=("first", "second"),
    player_name="Player {number}",
    start="The start card is {total}. {player} starts.",
    resumed="Back to the game. {status}",
    stew_pot=Plural(
        one="Stew pot for {player}: {holder} holds {island}. {player} has {count}.",
        other="Stew pot for {player}: {holder} holds {island}. {player} has {count}.",
    ),
    direction_change="{Total}: {way}. {drawer}, draw an island card and read it out.",
    island_drawn="{player} has {island}.",
    last_island="That was the last island card.",
    game_over=Plural(
        one="Game over. Stew pots: {standings}. {winners} wins.",
        other="Game over. Stew pots: {standings}. {winners} win.",
    ),
    standing="{player} {count}",
    arithmetic="{Total} {op} {card} is {right}, not {said}.",
    impossible_step="No card goes from {total} to {said}.",
    wrong_direction="We are {way} from {total}, not to {said}.",
    wrong_direction_card="We are {way}: {total} {op} {card} is {right}.",
    card_not_available="All the {cards} are played.",
    island_taken="{holder} already holds {island}. Which island card?",
    not_an_island="{Value} is not an island card. Which island card?",
    try_again="{Player}, try again.",
    options="{First} {or_word} {last}?",
    confirm="{Reading}?",
    confirm_yes_no="{question} Say {yes} or {no}.",
    reading="{card}, {total}",
    say_again="{player}, please say it again.",
    resync_question="Is the total {total} now, with {player} to play?",
    status_over="{Total}. The game is over.",
    status_island="{Total}, {way}. {drawer} draws an island card.",
    status_play="{Total}, {way}. {player} to play.",
    turn_over="The game is over.",
    turn_island="{drawer} draws an island card.",
    turn_play="{player}'s turn.",
    score="Stew pots: {standings}.",
    islands="Islands: {held}. {left}",
    held="{player} {values}",
    island_cards=Plural(
        zero="None island cards left.",
        one="One island card left.",
        other="{Count} island cards left.",
    ),
    player_islands=Plural(one="{player} holds {values}.", other="{player} holds {values}."),
    no_plays="No plays yet.",
    last_plays="Last plays: {plays}.",
    play="{player} {total}",
    hidden_cards="I can't see the cards in your hand.",
    undone="Taken back: {player}'s {total}. {status}",
    nothing_to_undo="Nothing to take back.",
    confirm_undo="Take back {player}'s {total}? Say {yes} to take it back.",
    paused="Paused. Say {resume} to go on.",
    resumed_after_pause="Go on. {status}",
    setup_players="How many players?",
    setup_start="What is the start card?",
    setup_island="{player}, read out your {nth} island card.",
    setup_confirm="{Value}. Is that right?",
    setup_bad_count="{Value}? A table has {low} to {high} players.",
    setup_bad_start="{Value}? The start card is {low} to {high}.",
    setup_not_island="{Value} is not an island card.",
    setup_dealt="{Value} is already dealt.",
    confirm_stop="Stop the game? Say {yes} to stop.",
    stopped="Game stopped. It can be resumed.",
    unknown_input=(
        "unknown input {text}: type a total (24), a card and a total (+7 24), or a command: "
        "{commands}"
    ),
    unknown_setup_input="unknown input {text}: type a number, {yes} or {no}",
    heard_line="heard{typed}: {text}  [{confidence}]",
    typed_mark=" (typed)",
    host_line="HOST: {text}",
    would_ask="(would ask: {question})",
    bot_line="{player}{how}: {text}",
    mumbled_mark=" (mumbled, in noise)",
    typed_line="(typed) {text}",
    demo_summary=(
        "{turns} turns, {utterances} utterances; mistakes planted {planted}, "
        "caught {caught}; questions {questions}; typed {typed}; {end}"
    ),
    demo_won="{winners} won ({reason})",
    demo_cut_short="cut short",
    end_reasons=MappingProxyType({
        "fourth_stew_pot": "fourth_stew_pot",
        "island_deck_empty": "island_deck_empty",
        "hands_empty": "hands_empty",
    }),
)
"""English, the host's first language."""

DE = Wording(
    lang="de",
    up="aufwärts",
    down="abwärts",
    and_word="und",
    or_word="oder",
    no_islands="keine",
    stew_pot_counts=MappingProxyType({0: "keinen", 1: "einen"}),
    card_plurals=("Nullen", "Einsen", "Zweien", "Dreien", "Vieren", "Fünfen", "Sechsen",
                  "Siebenen", "Achten", "Neunen"),
    ordinals=("erste", "zweite"),
    player_name="Spieler {number}",
    start="Die Startkarte ist eine {Total}. {player} fängt an.",
    resumed="Zurück zum Spiel. {status}",
    stew_pot=Plural(
        one="Fettnapf für {player}: {holder} hat die {Island}. {player} hat jetzt einen Fettnapf.",
        other="Fettnapf für {player}: {holder} hat die {Island}. {player} hat jetzt {count} "
        "Fettnäpfe.",
    ),
    direction_change=(
        "{Total}: jetzt wird {way} gezählt. {drawer}, zieh eine Inselkarte und lies sie vor."
    ),
    island_drawn="{player} hat die {Island}.",
    last_island="Das war die letzte Inselkarte.",
    game_over=Plural(
        one="Spielende. Fettnäpfe: {standings}. {winners} gewinnt.",
        other="Spielende. Fettnäpfe: {standings}. {winners} gewinnen.",
    ),
    standing="{player} {count}",
    arithmetic="{Total} {op} {card} ist {right}, nicht {said}.",
    impossible_step="Von {total} kommt keine Karte auf {said}.",
    wrong_direction="Wir zählen {way}, von {total} geht es nicht auf {said}.",
    wrong_direction_card="Wir zählen {way}: {total} {op} {card} ist {right}.",
    card_not_available="Alle {cards} sind schon gespielt.",
    island_taken="{holder} hat die {Island} schon. Welche Inselkarte?",
    not_an_island="Die {Value} ist keine Inselkarte. Welche Inselkarte?",
    try_again="{Player}, noch einmal.",
    options="{First} {or_word} {last}?",
    confirm="{Reading}?",
    confirm_yes_no="{question} Sag {yes} oder {no}.",
    reading="{card}, {total}",
    say_again="{player}, bitte noch einmal.",
    resync_question="Steht es jetzt bei {total}, und {player} ist dran?",
    status_over="{Total}. Das Spiel ist aus.",
    status_island="{Total}, es geht {way}. {drawer} zieht eine Inselkarte.",
    status_play="{Total}, es geht {way}. {player} ist dran.",
    turn_over="Das Spiel ist aus.",
    turn_island="{drawer} zieht eine Inselkarte.",
    turn_play="{player} ist dran.",
    score="Fettnäpfe: {standings}.",
    islands="Inseln: {held}. {left}",
    held="{player} {values}",
    island_cards=Plural(
        zero="Keine Inselkarte mehr.",
        one="Noch eine Inselkarte.",
        other="Noch {count} Inselkarten.",
    ),
    player_islands=Plural(
        zero="{player} hat keine Insel.",
        one="{player} hat die {Values}.",
        other="{player} hat {values}.",
    ),
    no_plays="Noch nichts gespielt.",
    last_plays="Letzte Züge: {plays}.",
    play="{player} {total}",
    hidden_cards="Eure Karten auf der Hand sehe ich nicht.",
    undone="Zurückgenommen: {total} von {player}. {status}",
    nothing_to_undo="Da gibt es nichts zurückzunehmen.",
    confirm_undo="{Total} von {player} zurücknehmen? Dann sag {yes}.",
    paused="Pause. Sag {resume}, wenn es weitergehen soll.",
    resumed_after_pause="Es geht weiter. {status}",
    setup_players="Wie viele spielen mit?",
    setup_start="Welche Startkarte liegt?",
    setup_island="{player}, lies deine {nth} Inselkarte vor.",
    setup_confirm="{Value}. Stimmt das?",
    setup_bad_count="{Value}? Es spielen {low} bis {high} Personen.",
    setup_bad_start="{Value}? Die Startkarte geht von {low} bis {high}.",
    setup_not_island="Die {Value} ist keine Inselkarte.",
    setup_dealt="Die {Value} ist schon vergeben.",
    confirm_stop="Spiel beenden? Dann sag {yes}.",
    stopped="Spiel angehalten. Es kann später weitergehen.",
    unknown_input=(
        "unbekannte Eingabe {text}: tippe eine Summe (24), eine Karte und die Summe (+7 24) oder "
        "einen Befehl: {commands}"
    ),
    unknown_setup_input="unbekannte Eingabe {text}: tippe eine Zahl, {yes} oder {no}",
    heard_line="gehört{typed}: {text}  [{confidence}]",
    typed_mark=" (getippt)",
    host_line="MODERATOR: {text}",
    would_ask="(würde fragen: {question})",
    bot_line="{player}{how}: {text}",
    mumbled_mark=" (genuschelt, im Lärm)",
    typed_line="(getippt) {text}",
    demo_summary=(
        "{turns} Züge, {utterances} Äußerungen; Fehler eingebaut {planted}, "
        "erkannt {caught}; Rückfragen {questions}; getippt {typed}; {end}"
    ),
    demo_won="Sieg: {winners} ({reason})",
    demo_cut_short="vorzeitig beendet",
    end_reasons=MappingProxyType({
        "fourth_stew_pot": "vierter Fettnapf",
        "island_deck_empty": "keine Inselkarte mehr",
        "hands_empty": "keine Karte mehr auf der Hand",
    }),
)
"""German, the game's home (*Fettnapf*): the rulebook's Fettnapf, Insel, Inselkarte, Startkarte."""

ES = Wording(
    lang="es",
    up="hacia arriba",
    down="hacia abajo",
    and_word="y",
    or_word="o",
    no_islands="ninguna",
    stew_pot_counts=MappingProxyType({0: "ninguna", 1: "una"}),
    card_plurals=("ceros", "unos", "doses", "treses", "cuatros", "cincos", "seises", "sietes",
                  "ochos", "nueves"),
    ordinals=("primera", "segunda"),
    player_name="Jugador {number}",
    euphony=(("o", "u", r"h?o"), ("y", "e", r"h?i(?![aeou])")),
    start="La carta inicial es un {total}. Empieza {player}.",
    resumed="Volvemos a la partida. {status}",
    stew_pot=Plural(
        one="Olla para {player}: {holder} tiene el {island}. {player} lleva una olla.",
        other="Olla para {player}: {holder} tiene el {island}. {player} lleva {count} ollas.",
    ),
    direction_change=(
        "{Total}: ahora contamos {way}. {drawer}, roba una carta de isla y léela en voz alta."
    ),
    island_drawn="{player} tiene el {island}.",
    last_island="Era la última carta de isla.",
    game_over=Plural(
        one="Fin de la partida. Ollas: {standings}. Gana {winners}.",
        other="Fin de la partida. Ollas: {standings}. Ganan {winners}.",
    ),
    standing="{player} {count}",
    arithmetic="{Total} {op} {card} da {right}, no {said}.",
    impossible_step="Ninguna carta lleva de {total} a {said}.",
    wrong_direction="Contamos {way}: de {total} no se llega a {said}.",
    wrong_direction_card="Contamos {way}: {total} {op} {card} da {right}.",
    card_not_available="Ya se han jugado todos los {cards}.",
    island_taken="{holder} ya tiene el {island}. ¿Qué carta de isla?",
    not_an_island="El {value} no es una carta de isla. ¿Qué carta de isla?",
    try_again="{Player}, inténtalo otra vez.",
    options="¿{First} {or_word} {last}?",
    confirm="¿{Reading}?",
    confirm_yes_no="{question} Di {yes} o {no}.",
    reading="{card}, {total}",
    say_again="{player}, repítelo, por favor.",
    resync_question="¿El total es ahora {total}, y le toca a {player}?",
    status_over="{Total}. La partida ha terminado.",
    status_island="{Total}, contamos {way}. {drawer} roba una carta de isla.",
    status_play="{Total}, contamos {way}. Le toca a {player}.",
    turn_over="La partida ha terminado.",
    turn_island="{drawer} roba una carta de isla.",
    turn_play="Le toca a {player}.",
    score="Ollas: {standings}.",
    islands="Islas: {held}. {left}",
    held="{player} {values}",
    island_cards=Plural(
        zero="No quedan cartas de isla.",
        one="Queda una carta de isla.",
        other="Quedan {count} cartas de isla.",
    ),
    player_islands=Plural(
        zero="{player} no tiene ninguna isla.",
        one="{player} tiene el {values}.",
        other="{player} tiene {values}.",
    ),
    no_plays="Todavía no se ha jugado nada.",
    last_plays="Últimas jugadas: {plays}.",
    play="{player} {total}",
    hidden_cards="No puedo ver las cartas de tu mano.",
    undone="Anulado: el {total} de {player}. {status}",
    nothing_to_undo="No hay nada que anular.",
    confirm_undo="¿Anular el {total} de {player}? Di {yes} para anularlo.",
    paused="Pausa. Di {resume} para seguir.",
    resumed_after_pause="Seguimos. {status}",
    setup_players="¿Cuántos jugadores?",
    setup_start="¿Cuál es la carta inicial?",
    setup_island="{player}, lee tu {nth} carta de isla.",
    setup_confirm="{Value}. ¿Es correcto?",
    setup_bad_count="¿{Value}? Se juega de {low} a {high} jugadores.",
    setup_bad_start="¿{Value}? La carta inicial va de {low} a {high}.",
    setup_not_island="El {value} no es una carta de isla.",
    setup_dealt="El {value} ya está repartido.",
    confirm_stop="¿Terminar la partida? Di {yes} para terminar.",
    stopped="Partida detenida. Se puede reanudar.",
    unknown_input=(
        "entrada desconocida {text}: escribe un total (24), una carta y el total (+7 24) o una "
        "orden: {commands}"
    ),
    unknown_setup_input="entrada desconocida {text}: escribe un número, {yes} o {no}",
    heard_line="oído{typed}: {text}  [{confidence}]",
    typed_mark=" (escrito)",
    host_line="PRESENTADOR: {text}",
    would_ask="(preguntaría: {question})",
    bot_line="{player}{how}: {text}",
    mumbled_mark=" (murmurado, con ruido)",
    typed_line="(escrito) {text}",
    demo_summary=(
        "{turns} turnos, {utterances} frases; errores sembrados {planted}, "
        "detectados {caught}; preguntas {questions}; escritos {typed}; {end}"
    ),
    demo_won="victoria de {winners} ({reason})",
    demo_cut_short="partida interrumpida",
    end_reasons=MappingProxyType({
        "fourth_stew_pot": "cuarta olla",
        "island_deck_empty": "no quedan cartas de isla",
        "hands_empty": "no quedan cartas en la mano",
    }),
)
"""Spanish: olla, isla, carta de isla (the phrase table's words)."""

FR = Wording(
    lang="fr",
    up="on monte",
    down="on descend",
    and_word="et",
    or_word="ou",
    no_islands="aucune",
    stew_pot_counts=MappingProxyType({0: "aucune", 1: "une"}),
    card_plurals=("zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf"),
    ordinals=("première", "deuxième"),
    player_name="Joueur {number}",
    start="Carte de départ : {total}. {player} commence.",
    resumed="On reprend la partie. {status}",
    stew_pot=Plural(
        one="Marmite pour {player} : {holder} a le {island}. {player} a maintenant une marmite.",
        other="Marmite pour {player} : {holder} a le {island}. {player} a maintenant {count} "
        "marmites.",
    ),
    direction_change=(
        "{Total} : maintenant {way}. {drawer}, pioche une carte île et lis-la à voix haute."
    ),
    island_drawn="{player} a le {island}.",
    last_island="C'était la dernière carte île.",
    game_over=Plural(
        one="Fin de la partie. Marmites : {standings}. {winners} gagne.",
        other="Fin de la partie. Marmites : {standings}. {winners} gagnent.",
    ),
    standing="{player} {count}",
    arithmetic="{Total} {op} {card} font {right}, pas {said}.",
    impossible_step="Aucune carte ne mène de {total} à {said}.",
    wrong_direction="{Way} : de {total}, on ne peut pas aller à {said}.",
    wrong_direction_card="{Way} : {total} {op} {card} font {right}.",
    card_not_available="Toutes les cartes {cards} sont déjà jouées.",
    island_taken="{holder} a déjà le {island}. Quelle carte île ?",
    not_an_island="Le {value} n'est pas une carte île. Quelle carte île ?",
    try_again="{Player}, essaie encore.",
    options="{First} {or_word} {last} ?",
    confirm="{Reading} ?",
    confirm_yes_no="{question} Dis {yes} ou {no}.",
    reading="{card}, {total}",
    say_again="{player}, répète, s'il te plaît.",
    resync_question="Le total est-il maintenant {total}, et c'est à {player} de jouer ?",
    status_over="{Total}. La partie est finie.",
    status_island="{Total}, {way}. {drawer} pioche une carte île.",
    status_play="{Total}, {way}. À {player} de jouer.",
    turn_over="La partie est finie.",
    turn_island="{drawer} pioche une carte île.",
    turn_play="À {player} de jouer.",
    score="Marmites : {standings}.",
    islands="Îles : {held}. {left}",
    held="{player} {values}",
    island_cards=Plural(
        zero="Plus aucune carte île.",
        one="Il reste une carte île.",
        other="Il reste {count} cartes île.",
    ),
    player_islands=Plural(
        zero="{player} n'a aucune île.",
        one="{player} a le {values}.",
        other="{player} a {values}.",
    ),
    no_plays="Rien n'a encore été joué.",
    last_plays="Derniers coups : {plays}.",
    play="{player} {total}",
    hidden_cards="Je ne vois pas les cartes de ta main.",
    undone="Annulé : le {total} joué par {player}. {status}",
    nothing_to_undo="Rien à annuler.",
    confirm_undo="Annuler le {total} joué par {player} ? Dis {yes} pour annuler.",
    paused="Pause. Dis {resume} pour continuer.",
    resumed_after_pause="On continue. {status}",
    setup_players="Combien de joueurs ?",
    setup_start="Quelle est la carte de départ ?",
    setup_island="{player}, lis ta {nth} carte île.",
    setup_confirm="{Value}. C'est bien ça ?",
    setup_bad_count="{Value} ? On joue de {low} à {high} joueurs.",
    setup_bad_start="{Value} ? La carte de départ va de {low} à {high}.",
    setup_not_island="Le {value} n'est pas une carte île.",
    setup_dealt="Le {value} est déjà distribué.",
    confirm_stop="Arrêter la partie ? Dis {yes} pour arrêter.",
    stopped="Partie arrêtée. Elle pourra reprendre.",
    unknown_input=(
        "saisie inconnue {text} : tapez un total (24), une carte et le total (+7 24) ou une "
        "commande : {commands}"
    ),
    unknown_setup_input="saisie inconnue {text} : tapez un nombre, {yes} ou {no}",
    heard_line="entendu{typed} : {text}  [{confidence}]",
    typed_mark=" (tapé)",
    host_line="ANIMATEUR : {text}",
    would_ask="(demanderait : {question})",
    bot_line="{player}{how} : {text}",
    mumbled_mark=" (marmonné, dans le bruit)",
    typed_line="(tapé) {text}",
    demo_summary=(
        "{turns} tours, {utterances} énoncés ; erreurs glissées {planted}, "
        "repérées {caught} ; questions {questions} ; tapés {typed} ; {end}"
    ),
    demo_won="victoire : {winners} ({reason})",
    demo_cut_short="partie interrompue",
    end_reasons=MappingProxyType({
        "fourth_stew_pot": "quatrième marmite",
        "island_deck_empty": "plus de cartes île",
        "hands_empty": "plus de cartes en main",
    }),
)
"""French: marmite, île, carte île (the phrase table's words)."""

IT = Wording(
    lang="it",
    up="si sale",
    down="si scende",
    and_word="e",
    or_word="o",
    no_islands="nessuna",
    stew_pot_counts=MappingProxyType({0: "nessuna", 1: "una"}),
    card_plurals=("gli zeri", "gli uno", "i due", "i tre", "i quattro", "i cinque", "i sei",
                  "i sette", "gli otto", "i nove"),
    ordinals=("prima", "seconda"),
    player_name="Giocatore {number}",
    start="Carta iniziale: {total}. Comincia {player}.",
    resumed="Si torna alla partita. {status}",
    stew_pot=Plural(
        one="Pentola per {player}: {holder} ha l'isola {island}. {player} ha una pentola.",
        other="Pentola per {player}: {holder} ha l'isola {island}. {player} ha {count} pentole.",
    ),
    direction_change=(
        "{Total}: ora {way}. {drawer}, pesca una carta isola e leggila ad alta voce."
    ),
    island_drawn="{player} prende l'isola {island}.",
    last_island="Era l'ultima carta isola.",
    game_over=Plural(
        one="Fine della partita. Pentole: {standings}. Vince {winners}.",
        other="Fine della partita. Pentole: {standings}. Vincono {winners}.",
    ),
    standing="{player} {count}",
    arithmetic="{Total} {op} {card} fa {right}, non {said}.",
    impossible_step="Nessuna carta porta da {total} a {said}.",
    wrong_direction="{Way}: da {total} non si arriva a {said}.",
    wrong_direction_card="{Way}: {total} {op} {card} fa {right}.",
    card_not_available="Sono già stati giocati tutti {cards}.",
    island_taken="{holder} ha già l'isola {island}. Quale carta isola?",
    not_an_island="{Value} non è una carta isola. Quale carta isola?",
    try_again="{Player}, riprova.",
    options="{First} {or_word} {last}?",
    confirm="{Reading}?",
    confirm_yes_no="{question} Di' {yes} o {no}.",
    reading="{card}, {total}",
    say_again="{player}, ripeti, per favore.",
    resync_question="Il totale adesso è {total}, e tocca a {player}?",
    status_over="{Total}. La partita è finita.",
    status_island="{Total}, {way}. {drawer} pesca una carta isola.",
    status_play="{Total}, {way}. Tocca a {player}.",
    turn_over="La partita è finita.",
    turn_island="{drawer} pesca una carta isola.",
    turn_play="Tocca a {player}.",
    score="Pentole: {standings}.",
    islands="Isole: {held}. {left}",
    held="{player} {values}",
    island_cards=Plural(
        zero="Non restano carte isola.",
        one="Resta una carta isola.",
        other="Restano {count} carte isola.",
    ),
    player_islands=Plural(
        zero="{player} non ha isole.",
        one="{player} ha l'isola {values}.",
        other="{player} ha le isole {values}.",
    ),
    no_plays="Non si è ancora giocato niente.",
    last_plays="Ultime giocate: {plays}.",
    play="{player} {total}",
    hidden_cards="Non vedo le carte che hai in mano.",
    undone="Annullato: {total} di {player}. {status}",
    nothing_to_undo="Non c'è niente da annullare.",
    confirm_undo="Annullare {total} di {player}? Di' {yes} per annullarlo.",
    paused="Pausa. Di' {resume} per continuare.",
    resumed_after_pause="Si riprende. {status}",
    setup_players="Quanti giocatori?",
    setup_start="Qual è la carta iniziale?",
    setup_island="{player}, leggi la tua {nth} carta isola.",
    setup_confirm="{Value}. È giusto?",
    setup_bad_count="{Value}? Si gioca da {low} a {high} giocatori.",
    setup_bad_start="{Value}? La carta iniziale va da {low} a {high}.",
    setup_not_island="{Value} non è una carta isola.",
    setup_dealt="L'isola {value} è già assegnata.",
    confirm_stop="Fermare la partita? Di' {yes} per fermarla.",
    stopped="Partita fermata. Si potrà riprendere.",
    unknown_input=(
        "input sconosciuto {text}: scrivi un totale (24), una carta e il totale (+7 24) o un "
        "comando: {commands}"
    ),
    unknown_setup_input="input sconosciuto {text}: digita un numero, {yes} o {no}",
    heard_line="sentito{typed}: {text}  [{confidence}]",
    typed_mark=" (digitato)",
    host_line="PRESENTATORE: {text}",
    would_ask="(chiederebbe: {question})",
    bot_line="{player}{how}: {text}",
    mumbled_mark=" (borbottato, nel rumore)",
    typed_line="(digitato) {text}",
    demo_summary=(
        "{turns} turni, {utterances} frasi; errori inseriti {planted}, "
        "scoperti {caught}; domande {questions}; digitati {typed}; {end}"
    ),
    demo_won="vittoria: {winners} ({reason})",
    demo_cut_short="partita interrotta",
    end_reasons=MappingProxyType({
        "fourth_stew_pot": "quarta pentola",
        "island_deck_empty": "carte isola finite",
        "hands_empty": "niente più carte in mano",
    }),
)
"""Italian: pentola, isola, carta isola (the phrase table's words)."""

WORDINGS: Mapping[str, Wording] = MappingProxyType({w.lang: w for w in (EN, DE, ES, FR, IT)})
"""Language code → its sentences; a language not here is spoken with English sentences."""
