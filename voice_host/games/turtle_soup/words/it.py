"""Turtle Soup in Italian, the rules' language."""

from __future__ import annotations

from types import MappingProxyType

from voice_host.games.turtle_soup.words import SoupWords, ro

WORDS = SoupWords(
    lang="it",
    take=("prendo", "prendo io"),
    wait=("aspetto", "aspetto io"),
    yes="va bene",
    no="no",
    tokens=MappingProxyType({"small": ("piccolo", "piccoli"), "large": ("grande", "grandi"),
                             "extra": ("extra-grande", "extra-grandi")}),
    one=ro({"small": "un piccolo", "large": "un grande", "extra": "un extra-grande"}),
    ranks=ro({"number": "{n} di {suits}", "ace": "asso di {suits}", "crown": "corona di {suits}",
              "pawn": "pedone di {suits}", "court": "corte di {suits}", "excuse": "la Scusa"}),
    and_word="e",
    nothing="niente",
    into_pot="{name}: {what} in pentola.",
    dinner="Cena {number} di {dinners}. Mescolo e scopro.",
    open_fists="Aprite i pugni. {player}, prendi o aspetti?",
    ask_player="{player}, prendi o aspetti?",
    does_take="{player} prende?",
    does_wait="{player} aspetta?",
    confirm_takers="Prendono {takers}. Va bene?",
    confirm_nobody="Aspettano tutti. Va bene?",
    say_yes_or_no="Di' {yes} o {no}.",
    share_each="{takers}: {share} ciascuno.",
    share_one="{taker}: {share}.",
    nobody_takes="Nessuno prende.",
    still_waiting="Aspettano {players}.",
    spoiled="Troppi cuochi: la zuppa è andata a male! {players} restano a bocca asciutta.",
    all_served="Tutti serviti.",
    deck_empty="Il mazzo è finito.",
    returned="{pot} tornano in dispensa.",
    game_over="Fine del gioco. {scores}. {winners}",
    winner="Vince {player}!",
    winners="Vincono {players}!",
    points="{player} {points}",
    status="Cena {number} di {dinners}. In pentola: {pot}. Semi in tavola: {suits}. "
           "Aspettano {waiting}.",
    between="Cena {number} di {dinners} finita. Punti: {scores}.",
    pot="In pentola: {pot}.",
    cards="Scoperte: {cards}. In tavola: {suits}. Mancano: {missing}.",
    waiting="Aspettano {players}. Tocca a {player}.",
    nobody="nessuno",
    hint="Prendere ora: {points} punti. Delle {n} carte rimaste, {k} rovinano la zuppa.",
    hint_none="Nessuna cena in corso.",
    dinners_left="Restano {n} cene, questa compresa.",
    confirm_undo="Annullo l'ultimo giro, {takers}? Di' {yes}.",
    undone="Giro annullato. {status}",
    resumed="Si riprende. {status}",
    unknown_input="{text}: non capisco. Di' {take}, {wait} o un comando ({commands}).",
    labels=ro({"dinner": "Cena", "pot": "Pentola", "suits": "Semi in tavola",
               "waiting": "Aspettano", "served": "Serviti", "scores": "Punti",
               "missing": "Mancano", "deck": "Carte nel mazzo"}),
)
"""Italian."""
