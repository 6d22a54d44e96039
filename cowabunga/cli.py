"""Command line of the cowabunga engine (placeholder until the engine lands)."""


def main() -> None:
    """Entry point of the ``cowabunga`` console script."""
    raise SystemExit("cowabunga: not built yet")
