"""The phrase-head options the game benches share: ``--no-phrase-head`` (the closed-set scorer
alone) and ``--phrase-head PATH`` (a candidate head in place of the shipped one), checked and
loaded with a one-line error."""

from __future__ import annotations

import argparse
from pathlib import Path

from voice_host.ear.phrase_head import PhraseHead


def add_head_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--no-phrase-head`` and ``--phrase-head PATH`` to a bench's ``parser``."""
    parser.add_argument("--no-phrase-head", action="store_true",
                        help="The closed-set scorer alone, without the game's phrase head.")
    parser.add_argument("--phrase-head", type=Path, metavar="PATH",
                        help="This phrase head instead of the shipped one (a candidate).")


def candidate_head(parser: argparse.ArgumentParser, args: argparse.Namespace
                   ) -> PhraseHead | None:
    """The head ``--phrase-head`` names, loaded (None without it); a bad one is ``parser``'s
    one-line error."""
    path: Path | None = args.phrase_head
    if path is None:
        return None
    if args.no_phrase_head:
        parser.error("--phrase-head and --no-phrase-head exclude each other")
    if not path.is_file():
        parser.error(f"--phrase-head {path}: no such file; give a head written by voice-host "
                     "ear train-phrases --out")
    try:
        return PhraseHead.load(path)
    except (OSError, ValueError, KeyError):
        parser.error(f"--phrase-head {path}: not a phrase head; give one written by voice-host "
                     "ear train-phrases --out")
