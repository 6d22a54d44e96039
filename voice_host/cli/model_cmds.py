"""Commands: ``models list | download LANG | verify PATH`` for the Vosk models."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from voice_host.cli.app import UserError, app

models_app = typer.Typer(
    name="models",
    help="List, download and verify the Vosk models (one small model per language).",
    no_args_is_help=True,
)
app.add_typer(models_app, name="models")


@models_app.command("list")
def list_models() -> None:
    """Show the models in the manifest and whether each is installed."""
    from voice_host.models import ModelError, default_model_dir, load_manifest, problems

    try:
        manifest = load_manifest()
    except ModelError as err:
        raise UserError(str(err)) from None
    for lang, e in manifest.items():
        path = default_model_dir(lang)
        if not path.exists():
            state = "not installed"
        elif problems(path):
            state = f"BROKEN at {path} (run: voice-host models download {lang} --force)"
        else:
            state = f"installed at {path}"
        size = f"~{e.approx_mb:g} MB" if e.approx_mb else "size unknown"
        check = "sha256 known" if e.sha256 else "checksum unknown"
        print(f"{lang}  {e.name}  {size}, {check}  {state}")


@models_app.command("download")
def download_model(
    lang: Annotated[str, typer.Argument(help="Language: en, de, es, fr, it.")],
    url: Annotated[
        str | None, typer.Option(help="Fetch the archive from this URL instead (a mirror).")
    ] = None,
    dest: Annotated[
        Path | None, typer.Option(help="Install into this folder instead of the default.")
    ] = None,
    force: Annotated[bool, typer.Option(help="Download again even if installed.")] = False,
) -> None:
    """Download, check and unpack the model for LANG; prints the model folder."""
    from voice_host.models import ModelError, download

    try:
        path = download(lang, url_override=url, dest=dest, force=force)
    except ModelError as err:
        raise UserError(str(err)) from None
    print(path)


@models_app.command("verify")
def verify_model(
    path: Annotated[Path, typer.Argument(help="A Vosk model folder.")],
) -> None:
    """Check that PATH is a complete Vosk model folder."""
    from voice_host.models import ModelError, verify

    try:
        verify(path)
    except ModelError as err:
        raise UserError(str(err)) from None
    print(f"{path}: ok")
