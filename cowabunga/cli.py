"""The ``cowabunga`` command: play against bots, simulate bot games, replay a script.

This is the only module of the package that reads files, the clock or the terminal. Every user
error ends with one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from rich.console import Console
from rich.table import Table

from cowabunga.bots import BOT_NAMES, Bot, make_bot, mc_hint, parse_bots, seat_bots
from cowabunga.cards import CARD_COPIES, LOWER_LIMIT, MAX_PLAYERS, MIN_PLAYERS, UPPER_LIMIT
from cowabunga.errors import CowabungaError
from cowabunga.events import (
    Counting,
    DirectionChanged,
    Event,
    GameOver,
    IslandDrawn,
    Played,
    Reshuffled,
    StewPot,
)
from cowabunga.game import GameState, apply, deal, observe
from cowabunga.replay import replay
from cowabunga.simulate import Tally, simulate
from cowabunga.table import EmptyDeck, Play, Rules

PROG = "cowabunga"
"""The command's name in messages."""

USAGE_ERROR = 2
"""Exit status for any user error (bad arguments, bad script, unreadable file)."""

BOT_PLAYER_NAMES = ("Emily", "Maria", "Hendrik", "Jonas", "Lena")
"""Names the bots take at the table in ``play``."""

END_REASONS = {
    "fourth_stew_pot": "a fourth stew pot",
    "island_deck_empty": "the last island card",
    "hands_empty": "no cards left",
}
"""How a game ended, in words (the JSON output keeps the engine's names)."""

BOT_KINDS = ", ".join(BOT_NAMES)
"""The bot kinds, for help and messages."""


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("voice-host")
    except PackageNotFoundError:
        return "unknown"


def _one_line(text: str) -> str:
    return " ".join(text.replace("\r", "\n").split("\n"))


def _fail(command: str, message: object) -> NoReturn:
    where = f"{PROG} {command}" if command else PROG
    print(f"{where}: {_one_line(str(message))}", file=sys.stderr)
    raise SystemExit(USAGE_ERROR)


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad command line in one line (exit 2)."""

    def error(self, message: str) -> NoReturn:
        _fail("", f"{message} (see {self.prog} --help)")


def _players(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(f"{n}: a table has {MIN_PLAYERS} to {MAX_PLAYERS}")
    return n


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"{n}: must be at least 1")
    return n


def _bots(text: str) -> list[str]:
    kinds = parse_bots(text)
    if kinds is None or any(not part.strip() for part in text.split(",")):
        raise argparse.ArgumentTypeError(
            f"{text!r}: a comma-separated list of bot kinds, none empty; kinds: {BOT_KINDS}"
        )
    return kinds


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="Cowabunga (Fettnapf): play, simulate, replay.")
    parser.add_argument("--version", action="version", version=f"{PROG} {_version()}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    rules = _Parser(add_help=False)
    rules.add_argument(
        "--empty-deck",
        choices=[e.value for e in EmptyDeck],
        default=EmptyDeck.RESHUFFLE.value,
        help="when the number draw pile is empty: reshuffle the discard pile except its top "
        "card, or play_out: no more draws, the game ends when the mover has no card "
        "(default: %(default)s)",
    )
    bots_help = (f"bot kinds for the {{}}, comma-separated, repeated as needed; kinds: "
                 f"{BOT_KINDS}: random plays any card, careful follows the strategy notes, mc "
                 "looks ahead over the unseen cards (default: {})")

    def command(name: str, what: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, parents=[rules], help=what, description=what + ".")

    play = command("play", "a game in the terminal against bots: type a card from your hand")
    play.add_argument("--players", type=_players, default=3,
                      help="players, you included, 2-5 (default: %(default)s)")
    play.add_argument("--bots", type=_bots, default=["careful", "mc"],
                      help=bots_help.format("other seats", "careful,mc"))
    play.add_argument("--seed", type=_seed, default=None,
                      help="seed for a reproducible game (default: a new game each time)")
    play.add_argument("--name", default="You", help="your name at the table (default: %(default)s)")
    play.add_argument("--rollouts", type=_positive, default=1000,
                      help="rollouts per mc move (default: %(default)s)")

    sim = command("simulate", "play many bot games and show who wins and how games end")
    sim.add_argument("--games", type=_positive, default=1000,
                     help="games to play (default: %(default)s)")
    sim.add_argument("--players", type=_players, default=3,
                     help="players per game, 2-5 (default: %(default)s)")
    sim.add_argument("--bots", type=_bots, default=["careful", "random"],
                     help=bots_help.format("seats", "careful,random"))
    sim.add_argument("--seed", type=_seed, default=0,
                     help="seed: the same seed plays the same games (default: %(default)s)")
    sim.add_argument("--json", action="store_true", help="print one JSON object, nothing else")
    sim.add_argument(
        "--no-rotate",
        action="store_true",
        help="keep each bot in its seat (default: rotate seats game by game)",
    )
    sim.add_argument("--rollouts", type=_positive, default=200,
                     help="rollouts per mc move (default: %(default)s)")

    rep = command("replay", "replay a table-view game script, one JSON event per line")
    rep.add_argument("script", help="the JSON script (- for standard input)")
    return parser


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point of the ``cowabunga`` console script."""
    args = _parser().parse_args(argv)
    rules = Rules(EmptyDeck(args.empty_deck))
    if args.command == "replay":
        _replay(args.script, rules)
    elif args.command == "simulate":
        _simulate(args, rules)
    else:
        _play(args, rules)


# --- replay -------------------------------------------------------------------------------


def _replay(path: str, rules: Rules) -> None:
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as err:
        _fail("replay", f"{path}: cannot read: {err.strerror if isinstance(err, OSError) else err}")
    try:
        lines = replay(text, rules)
    except CowabungaError as err:
        _fail("replay", f"{path}: {err}")
    sys.stdout.write("".join(json.dumps(line) + "\n" for line in lines))


# --- simulate ------------------------------------------------------------------------------


def _simulate(args: argparse.Namespace, rules: Rules) -> None:
    kinds = seat_bots(args.bots, args.players)
    err = Console(stderr=True)
    start = time.perf_counter()
    run = functools.partial(
        simulate,
        args.games,
        kinds,
        args.seed,
        rules=rules,
        rotate=not args.no_rotate,
        rollouts=args.rollouts,
    )
    if err.is_terminal:
        from rich.progress import Progress

        with Progress(console=err, transient=True) as progress:
            task = progress.add_task("games", total=args.games)
            step = max(1, args.games // 500)
            tally = run(
                progress=lambda done: (
                    progress.update(task, completed=done)
                    if done % step == 0 or done == args.games
                    else None
                ),
            )
    else:
        tally = run()
    seconds = time.perf_counter() - start
    report = _report(args, kinds, rules, tally, seconds)
    if args.json:
        print(json.dumps(report))
    else:
        _print_report(report, tally)


def _report(
    args: argparse.Namespace, kinds: list[str], rules: Rules, tally: Tally, seconds: float
) -> dict[str, object]:
    return {
        "games": tally.games,
        "players": args.players,
        "seats": kinds,
        "rotate": not args.no_rotate,
        "seed": args.seed,
        "empty_deck": rules.empty_deck.value,
        "bots": {
            kind: {
                "seat_games": tally.bot_games[kind],
                "wins": tally.bot_wins[kind],
                "win_rate": tally.bot_wins[kind] / tally.bot_games[kind],
            }
            for kind in tally.bot_games
        },
        "seat_win_rate": [wins / tally.games for wins in tally.seat_wins],
        "mean_plays": tally.plays / tally.games,
        "plays": tally.plays,
        "end_reasons": dict(sorted(tally.reasons.items())),
        "seconds": seconds,
        "plays_per_s": tally.plays / seconds if seconds > 0 else 0.0,
        "games_per_s": tally.games / seconds if seconds > 0 else 0.0,
    }


def _print_report(report: dict[str, object], tally: Tally) -> None:
    out = Console(highlight=False)
    seats = ", ".join(map(str, report["seats"]))  # type: ignore[call-overload]
    out.print(
        f"[bold]{tally.games} games[/], {report['players']} players, seats {seats}"
        f"{' (rotating)' if report['rotate'] else ''}, seed {report['seed']}, "
        f"empty deck: {report['empty_deck']}"
    )
    bots = Table(title="Win rate per bot (ties count as wins)")
    for col in ("bot", "seat-games", "wins", "win rate"):
        bots.add_column(col, justify="right" if col != "bot" else "left")
    for kind, games in tally.bot_games.items():
        wins = tally.bot_wins[kind]
        bots.add_row(kind, str(games), str(wins), f"{wins / games:.1%}")
    out.print(bots)
    by_seat = Table(title="Win rate per seat")
    by_seat.add_column("seat")
    by_seat.add_column("win rate", justify="right")
    for i, wins in enumerate(tally.seat_wins, 1):
        by_seat.add_row(str(i), f"{wins / tally.games:.1%}")
    out.print(by_seat)
    ends = ", ".join(f"{END_REASONS.get(k, k)}: {v}" for k, v in sorted(tally.reasons.items()))
    out.print(f"Games ended by {ends}")
    out.print(f"Mean game length: {tally.plays / tally.games:.1f} plays")
    out.print(
        f"Throughput: {report['plays_per_s']:,.0f} plays/s, {report['games_per_s']:,.1f} games/s "
        f"({report['seconds']:.2f} s)"
    )


# --- play -----------------------------------------------------------------------------------


def parse_card(text: str) -> int | None:
    """A card value typed by a person (``"7"``, ``" 7 "``, ``"+7"``, ``"-7"``), or ``None``."""
    text = text.strip()
    if text[:1] in ("+", "-"):
        text = text[1:].strip()
    return int(text) if len(text) == 1 and text in "0123456789" else None


def _play(args: argparse.Namespace, rules: Rules) -> None:
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(6), "big")
    rng = random.Random(seed)
    kinds = seat_bots(args.bots, args.players - 1)
    others = [n for n in BOT_PLAYER_NAMES if n != args.name][: args.players - 1]
    names = [args.name, *others]
    try:
        state = deal(names, rng, rules=rules)
    except CowabungaError as err:
        _fail("play", err)
    bots: dict[int, Bot] = {
        seat: make_bot(kind, random.Random(rng.getrandbits(64)), rollouts=args.rollouts)
        for seat, kind in enumerate(kinds, 1)
    }
    out = Console(highlight=False)
    you = "You start." if args.name == "You" else f"You are {args.name} and start."
    out.print(
        f"[bold]Cowabunga[/] — seed {seed}. {you} Others: "
        + ", ".join(f"{names[s]} ({bots[s].name})" for s in bots)
    )
    out.print("Type a card from your hand (7 or +7); ? for a hint, q to quit.")
    try:
        while state.outcome is None:
            seat = state.to_play
            if seat == 0:
                _show_table(out, state)
                card = _ask_card(out, state, rng)
                if card is None:
                    out.print("Bye.")
                    return
            else:
                card = bots[seat].choose(observe(state, seat))
            state, events = apply(state, Play(card))
            for event in events:
                out.print(_describe(event, args.name))
    except EOFError:
        out.print("\nBye.")
        return
    except KeyboardInterrupt:
        out.print("\nBye.")
        raise SystemExit(130) from None


def _ask_card(out: Console, state: GameState, rng: random.Random) -> int | None:
    hand = state.hands[0]
    while True:
        text = input("Your card: ").strip()
        if text.lower() in ("q", "quit", "exit"):
            return None
        if text == "?":
            hint = mc_hint(observe(state, 0), random.Random(rng.getrandbits(64)), 1000)
            out.print(
                "Hint (chance to win): "
                + ", ".join(
                    f"{card}: {p:.0%}" for card, p in sorted(hint.items(), key=lambda kv: -kv[1])
                )
            )
            continue
        card = parse_card(text)
        if card is None:
            out.print(f"Not a card: {text!r}. Type one of your cards: {_cards(hand)}.")
        elif card not in hand:
            out.print(f"You have no {card}. Your cards: {_cards(hand)}.")
        else:
            return card


def _cards(hand: Sequence[int]) -> str:
    return ", ".join(map(str, sorted(hand)))


def _show_table(out: Console, state: GameState) -> None:
    view = state.table
    arrow = "↑ up" if view.counting.value == "up" else "↓ down"
    out.print()
    out.print(
        f"[bold]Total {view.total}[/], counting {arrow} · island deck {view.island_deck} · "
        f"draw pile {view.draw_pile}"
    )
    seats = Table(box=None, padding=(0, 1, 0, 2), show_edge=False)
    seats.add_column("player")
    seats.add_column("islands", max_width=32)
    seats.add_column("stew pots", no_wrap=True)
    for seat, name in enumerate(view.players):
        islands = ", ".join(map(str, view.islands[seat])) or "—"
        seats.add_row(name, islands, "●" * view.stew_pots[seat] or "·")
    out.print(seats)
    danger = []
    for card in sorted(set(state.hands[0])):
        total = view.total_after(card)
        holder = view.stew_pot_holder(total, 0)
        note = f" (island of {view.players[holder]}!)" if holder is not None else ""
        danger.append(f"{card}→{total}{note}")
    out.print(f"  Your hand: [bold]{_cards(state.hands[0])}[/]   " + "  ".join(danger))
    out.print(f"  Played so far (value ×copies): {_played(view.discard)}")


def _played(discard: Sequence[int]) -> str:
    """The discard pile by value: "0 ×2, 3, 8 ×4 (all)"; "nothing yet"."""
    parts = []
    for value, count in enumerate(discard):
        if count:
            times = f" ×{count}" if count > 1 else ""
            gone = " (all)" if count >= CARD_COPIES[value] else ""
            parts.append(f"{value}{times}{gone}")
    return ", ".join(parts) or "nothing yet"


def _describe(event: Event, you: str) -> str:
    def who(player: str, verb: str, verb_you: str) -> str:
        return f"You {verb_you}" if player == you else f"{player} {verb}"

    if isinstance(event, Played):
        return f"{who(event.player, 'plays', 'play')} {event.card}: [bold]{event.total}[/]"
    if isinstance(event, StewPot):
        whose = "your" if event.holder == you else f"{event.holder}'s"
        return (
            f"  [red]Stew pot![/] {event.island} is {whose} island: "
            f"{who(event.player, 'now has', 'now have')} {event.count}"
        )
    if isinstance(event, DirectionChanged):
        by = "you" if event.by == you else event.by
        limit = (f"went past {UPPER_LIMIT}" if event.counting is Counting.DOWN
                 else f"went below {LOWER_LIMIT}")
        return f"  Counting {event.counting.value} now ({by} {limit})"
    if isinstance(event, IslandDrawn):
        return f"  {who(event.player, 'draws', 'draw')} island {event.island}"
    if isinstance(event, Reshuffled):
        return f"  The discard pile is shuffled into a new draw pile ({event.cards} cards)"
    if isinstance(event, GameOver):
        pots = ", ".join(f"{p}: {n}" for p, n in event.outcome.stew_pots.items())
        why = END_REASONS[event.outcome.reason.value]
        winners = event.outcome.winners
        return (
            f"[bold]Game over[/] ({why}). Stew pots: {pots}. "
            f"Winner{'s' if len(winners) > 1 else ''}: {', '.join(winners)}"
            + (" — you win!" if you in winners else "")
        )
    return str(event)


if __name__ == "__main__":
    main()
