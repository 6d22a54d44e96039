"""The practice game's own sentences, per language; everything else the host says in practice is
the referee's (:mod:`voice_host.referee.wording`), so a learner hears one host in one language.

Templates take fields in braces; a field capitalised in the template (``{Total}``) is filled
capitalised, as in the referee's wording.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PracticeWords:
    """What only the practice game says, in one language."""

    lang: str
    """The language's code."""
    you: str
    """The learner's name when none was given ("You")."""
    start: str
    """The opening. Fields: others (the bots' names), total, islands (the learner's)."""
    your_turn: str
    """The learner is to play. Fields: status (total and direction)."""
    your_turn_terse: str
    """The same, in a word or two."""
    status: str
    """Total and direction. Fields: total, way."""
    bot_play: str
    """A bot announces its play. Fields: player, card, total."""
    your_cards: str
    """The learner's hand (said privately). Fields: cards."""
    not_in_hand: str
    """A play the learner's cards cannot make. Fields: total, card."""
    direction: str
    """A total turned the count (the app draws the island card). Fields: total, way."""
    you_draw: str
    """The learner draws an island card. Fields: island."""
    draws: str
    """Another player draws an island card. Fields: player, island."""
    you_play: str
    """Whose turn: the learner's."""
    hint: str
    """The hint's advice. Fields: card, total."""
    right: str
    """A right announcement, in teaching verbosity."""
    review_head: str
    """The review's first line. Fields: mistakes, risky (counts as words)."""
    review_clean: str
    """The review when there is nothing to say."""
    review_turn: str
    """One reviewed turn. Fields: turn (its number as a word), total, what."""
    risky: str
    """A play a safer card would have avoided. Fields: card, safer."""
    no_total: str
    """A reviewed mistake that named no total the cards make. Fields: said."""
    reshuffled: str
    """The draw pile ran out (said in teaching verbosity)."""
    recording_ended: str
    """The recording ran out before the game ended."""
    stopped: str
    """The learner stopped the game."""


EN = PracticeWords(
    lang="en",
    you="You",
    start="New game with {others}. The start card is {total}. Your islands: {islands}.",
    your_turn="Your turn. {status}",
    your_turn_terse="Your turn.",
    status="{Total}, {way}.",
    bot_play="{player}: {card}, {total}.",
    your_cards="Your cards: {cards}.",
    not_in_hand="None of your cards makes {total}.",
    direction="{Total}: {way}.",
    you_draw="You draw island {island}.",
    draws="{player} draws island {island}.",
    you_play="Your turn.",
    hint="Play {card}: it makes {total}.",
    right="Right.",
    review_head="Review: mistakes {mistakes}, risky plays {risky}.",
    review_clean="Review: no mistakes and no risky plays. Well played.",
    review_turn="Turn {turn}, at {total}: {what}",
    risky="{Safer} was safer than {card}.",
    no_total="your cards could not make {said}.",
    reshuffled="The discard pile becomes the new draw pile.",
    recording_ended="The recording has ended; the game stops here.",
    stopped="Game stopped.",
)

DE = PracticeWords(
    lang="de",
    you="Du",
    start="Neues Spiel mit {others}. Die Startkarte ist eine {Total}. Deine Inseln: {islands}.",
    your_turn="Du bist dran. {status}",
    your_turn_terse="Du bist dran.",
    status="{Total}, {way}.",
    bot_play="{player}: {card}, {total}.",
    your_cards="Deine Karten: {cards}.",
    not_in_hand="Keine deiner Karten ergibt {total}.",
    direction="{Total}: {way}.",
    you_draw="Du ziehst die Insel {island}.",
    draws="{player} zieht die Insel {island}.",
    you_play="Du bist dran.",
    hint="Spiel die {card}: sie ergibt {total}.",
    right="Richtig.",
    review_head="Rückblick: Fehler {mistakes}, riskante Züge {risky}.",
    review_clean="Rückblick: keine Fehler und keine riskanten Züge. Gut gespielt.",
    review_turn="Zug {turn}, bei {total}: {what}",
    risky="Die {safer} war sicherer als die {card}.",
    no_total="deine Karten ergeben keine {said}.",
    reshuffled="Der Ablagestapel wird zum neuen Nachziehstapel.",
    recording_ended="Die Aufnahme ist zu Ende; das Spiel endet hier.",
    stopped="Spiel beendet.",
)

ES = PracticeWords(
    lang="es",
    you="Tú",
    start="Nueva partida con {others}. La carta inicial es el {total}. Tus islas: {islands}.",
    your_turn="Te toca. {status}",
    your_turn_terse="Te toca.",
    status="{Total}, {way}.",
    bot_play="{player}: {card}, {total}.",
    your_cards="Tus cartas: {cards}.",
    not_in_hand="Ninguna de tus cartas da {total}.",
    direction="{Total}: {way}.",
    you_draw="Robas la isla {island}.",
    draws="{player} roba la isla {island}.",
    you_play="Te toca.",
    hint="Juega el {card}: da {total}.",
    right="Correcto.",
    review_head="Repaso: errores {mistakes}, jugadas arriesgadas {risky}.",
    review_clean="Repaso: ni errores ni jugadas arriesgadas. Bien jugado.",
    review_turn="Turno {turn}, en {total}: {what}",
    risky="El {safer} era más seguro que el {card}.",
    no_total="tus cartas no podían dar {said}.",
    reshuffled="El descarte se convierte en el nuevo mazo.",
    recording_ended="La grabación ha terminado; la partida acaba aquí.",
    stopped="Partida terminada.",
)

FR = PracticeWords(
    lang="fr",
    you="Toi",
    start="Nouvelle partie avec {others}. La carte de départ est le {total}. "
          "Tes îles : {islands}.",
    your_turn="À toi. {status}",
    your_turn_terse="À toi.",
    status="{Total}, {way}.",
    bot_play="{player} : {card}, {total}.",
    your_cards="Tes cartes : {cards}.",
    not_in_hand="Aucune de tes cartes ne fait {total}.",
    direction="{Total} : {way}.",
    you_draw="Tu tires l'île {island}.",
    draws="{player} tire l'île {island}.",
    you_play="À toi.",
    hint="Joue le {card} : il fait {total}.",
    right="Juste.",
    review_head="Bilan : erreurs {mistakes}, coups risqués {risky}.",
    review_clean="Bilan : aucune erreur et aucun coup risqué. Bien joué.",
    review_turn="Tour {turn}, à {total} : {what}",
    risky="Le {safer} était plus sûr que le {card}.",
    no_total="tes cartes ne pouvaient pas faire {said}.",
    reshuffled="La défausse devient la nouvelle pioche.",
    recording_ended="L'enregistrement est fini ; la partie s'arrête ici.",
    stopped="Partie arrêtée.",
)

IT = PracticeWords(
    lang="it",
    you="Tu",
    start="Nuova partita con {others}. La carta iniziale è il {total}. Le tue isole: {islands}.",
    your_turn="Tocca a te. {status}",
    your_turn_terse="Tocca a te.",
    status="{Total}, {way}.",
    bot_play="{player}: {card}, {total}.",
    your_cards="Le tue carte: {cards}.",
    not_in_hand="Nessuna delle tue carte fa {total}.",
    direction="{Total}: {way}.",
    you_draw="Peschi l'isola {island}.",
    draws="{player} pesca l'isola {island}.",
    you_play="Tocca a te.",
    hint="Gioca il {card}: fa {total}.",
    right="Giusto.",
    review_head="Riepilogo: errori {mistakes}, mosse rischiose {risky}.",
    review_clean="Riepilogo: nessun errore e nessuna mossa rischiosa. Ben giocato.",
    review_turn="Turno {turn}, a {total}: {what}",
    risky="Il {safer} era più sicuro del {card}.",
    no_total="le tue carte non potevano fare {said}.",
    reshuffled="Gli scarti diventano il nuovo mazzo.",
    recording_ended="La registrazione è finita; la partita si ferma qui.",
    stopped="Partita interrotta.",
)

PRACTICE_WORDS: dict[str, PracticeWords] = {w.lang: w for w in (EN, DE, ES, FR, IT)}
"""The practice game's sentences by language."""
