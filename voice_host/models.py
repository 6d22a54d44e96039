"""Vosk models: the manifest, where models live, download with checks, and verification.

A download is streamed to a temporary file beside the target folder, checked (complete, size and
checksum where the manifest knows them), unpacked into a temporary folder beside the target,
verified as a Vosk model, and only then renamed into place. On any failure nothing half-written
is left behind.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import tempfile
import urllib.error
import urllib.parse
import urllib.request
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO

MANIFEST_PATH = Path(__file__).resolve().parents[1] / "models" / "manifest.json"
"""The manifest of downloadable models shipped with the project."""

ENV_MODELS = "VOICE_HOST_MODELS"
"""Environment variable that overrides where models are stored."""

MARKER = ".voice-host-model.json"
"""File written into an installed model recording where it came from."""


class ModelError(Exception):
    """A model is missing, cannot be fetched, or is not a valid model; one line says why."""


@dataclass(frozen=True)
class ModelEntry:
    """One downloadable model from the manifest."""

    lang: str
    """Language code."""
    name: str
    """The model's published name (its archive's top folder)."""
    url: str
    """Where the zip archive is published."""
    approx_mb: float | None = None
    """Published approximate size in MB, for display."""
    size_bytes: int | None = None
    """Exact archive size, when known; checked after download."""
    sha256: str | None = None
    """Archive checksum, when known (null means: checksum unknown); checked after download."""
    license: str | None = None
    """The model's license."""


def load_manifest(path: Path | None = None) -> dict[str, ModelEntry]:
    """The manifest's models by language."""
    p = path or Path(os.environ.get("VOICE_HOST_MANIFEST", MANIFEST_PATH))
    try:
        raw = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise ModelError(f"cannot read the model manifest {p}: {err}") from None
    out = {}
    for lang, m in raw.get("models", {}).items():
        out[lang] = ModelEntry(
            lang=lang,
            name=str(m["name"]),
            url=str(m["url"]),
            approx_mb=m.get("approx_mb"),
            size_bytes=m.get("size_bytes"),
            sha256=m.get("sha256"),
            license=m.get("license"),
        )
    return out


def entry_for(lang: str, manifest: dict[str, ModelEntry] | None = None) -> ModelEntry:
    """The manifest entry for ``lang``; ModelError names the languages there are."""
    models = load_manifest() if manifest is None else manifest
    try:
        return models[lang]
    except KeyError:
        raise ModelError(
            f"no model for language {lang!r} in the manifest; choose one of: {', '.join(models)}"
        ) from None


def models_root() -> Path:
    """Where models are kept: $VOICE_HOST_MODELS, else the user data folder of voice-host."""
    env = os.environ.get(ENV_MODELS)
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("voice-host", appauthor=False)) / "models"


def default_model_dir(lang: str) -> Path:
    """The folder the Vosk model for ``lang`` is installed in (it may not exist yet)."""
    return models_root() / "vosk" / lang


def missing_model_message(lang: str, path: Path | None = None) -> str:
    """The one line shown when a model is not there, naming the command that fixes it."""
    where = path or default_model_dir(lang)
    return f"no Vosk model for {lang!r} at {where}; run: voice-host models download {lang}"


# --- verification --------------------------------------------------------------------------

REQUIRED_FILES = ("am/final.mdl", "conf/mfcc.conf", "conf/model.conf")
"""Files every Vosk model folder has (besides a decoding graph)."""

GRAPHS = (("graph/HCLG.fst",), ("graph/HCLr.fst", "graph/Gr.fst"))
"""Either a static graph or a lookahead pair (the small models use the pair)."""


def problems(path: Path) -> list[str]:
    """What is wrong with ``path`` as a Vosk model folder (empty when it looks complete)."""
    if not path.is_dir():
        return [f"{path} is not a folder"]
    found: list[str] = []
    for rel in REQUIRED_FILES:
        f = path / rel
        if not f.is_file():
            found.append(f"missing {rel}")
        elif f.stat().st_size == 0:
            found.append(f"empty {rel}")
    if not any(all((path / g).is_file() for g in graph) for graph in GRAPHS):
        found.append("missing graph/HCLG.fst (or graph/HCLr.fst with graph/Gr.fst)")
    ivector = path / "ivector"
    if ivector.is_dir() and not (ivector / "final.ie").is_file():
        found.append("missing ivector/final.ie")
    return found


def verify(path: str | Path) -> Path:
    """Check that ``path`` is a complete Vosk model folder; returns it, raises ModelError if not."""
    p = Path(path)
    found = problems(p)
    if found:
        expected = "am/final.mdl, conf/mfcc.conf, conf/model.conf, graph/"
        raise ModelError(
            f"{p} is not a Vosk model: {'; '.join(found)} (a model folder has {expected})"
        )
    return p


# --- download ------------------------------------------------------------------------------

Progress = Callable[[int, int | None], None]
"""Called with (bytes so far, total or None) while downloading."""


def _host(url: str) -> str:
    parts = urllib.parse.urlsplit(url)
    return parts.netloc or url


def _fetch(url: str, out: IO[bytes], progress: Progress | None, timeout: float) -> tuple[int, str]:
    """Stream ``url`` into ``out``; returns (bytes, sha256 hex)."""
    digest = hashlib.sha256()
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            length = resp.headers.get("Content-Length")
            total = int(length) if length and length.isdigit() else None
            got = 0
            if progress:
                progress(0, total)
            while True:
                block = resp.read(1 << 16)
                if not block:
                    break
                out.write(block)
                digest.update(block)
                got += len(block)
                if progress:
                    progress(got, total)
    except urllib.error.HTTPError as err:
        raise ModelError(f"download of {url} failed: HTTP {err.code} {err.reason}") from None
    except urllib.error.URLError as err:
        reason = err.reason
        raise ModelError(f"cannot reach {_host(url)}: are you offline? ({reason})") from None
    except TimeoutError:
        raise ModelError(f"cannot reach {_host(url)}: timed out; are you offline?") from None
    except (ConnectionError, OSError) as err:
        raise ModelError(f"download from {_host(url)} broke off: {err}") from None
    if total is not None and got != total:
        raise ModelError(f"download of {url} is incomplete: {got} of {total} bytes")
    return got, digest.hexdigest()


def _unpack(archive: Path, into: Path) -> Path:
    """Extract ``archive`` into ``into`` safely; returns the model root inside it."""
    try:
        with zipfile.ZipFile(archive) as zf:
            bad = zf.testzip()
            if bad is not None:
                raise ModelError(f"archive is corrupt: bad CRC in {bad}")
            root = into.resolve()
            for info in zf.infolist():
                dest = (into / info.filename).resolve()
                if not dest.is_relative_to(root):
                    raise ModelError(f"archive is unsafe: {info.filename} points outside")
            zf.extractall(into)
    except zipfile.BadZipFile as err:
        raise ModelError(f"archive is corrupt: not a zip file ({err})") from None
    entries = [p for p in into.iterdir() if not p.name.startswith("__MACOSX")]
    if (into / "am").is_dir() or len(entries) != 1 or not entries[0].is_dir():
        return into
    return entries[0]


def download(
    lang: str,
    *,
    url_override: str | None = None,
    dest: Path | None = None,
    entry: ModelEntry | None = None,
    progress: bool | Progress = True,
    timeout: float = 30.0,
    force: bool = False,
) -> Path:
    """Download, check, unpack and install the model for ``lang``; returns its folder.

    ``url_override`` fetches from elsewhere (a mirror, or a local server in tests); ``dest``
    installs somewhere other than :func:`default_model_dir`; ``entry`` replaces the manifest's.
    An installed, valid model is kept unless ``force``.
    """
    e = entry or entry_for(lang)
    url = url_override or e.url
    target = dest or default_model_dir(lang)
    if target.exists() and not force and not problems(target):
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{target.name}.download-", dir=target.parent))
    try:
        archive = work / "archive.zip"
        with archive.open("wb") as out:
            if callable(progress):
                got, sha = _fetch(url, out, progress, timeout)
            elif progress:
                got, sha = _fetch_with_bar(url, out, e, timeout)
            else:
                got, sha = _fetch(url, out, None, timeout)
        if e.size_bytes is not None and got != e.size_bytes:
            raise ModelError(
                f"download of {url} has the wrong size: {got} bytes, the manifest says "
                f"{e.size_bytes}"
            )
        if e.sha256 is not None and sha.lower() != e.sha256.lower():
            raise ModelError(
                f"download of {url} has the wrong checksum: sha256 {sha}, the manifest says "
                f"{e.sha256}"
            )
        root = _unpack(archive, work / "unpacked")
        verify(root)
        (root / MARKER).write_text(
            json.dumps(
                {"lang": lang, "name": e.name, "url": url, "bytes": got, "sha256": sha},
                indent=2,
            ),
            encoding="utf-8",
        )
        old = None
        if target.exists() or target.is_symlink():
            old = work / "previous"
            target.rename(old)
        try:
            root.rename(target)
        except OSError:
            if old is not None:
                old.rename(target)
            raise
        return target
    except ModelError as err:
        raise ModelError(f"{lang}: {err}") from None
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _fetch_with_bar(url: str, out: IO[bytes], e: ModelEntry, timeout: float) -> tuple[int, str]:
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        DownloadColumn,
        Progress,
        TimeRemainingColumn,
        TransferSpeedColumn,
    )

    console = Console(file=sys.stderr)
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        DownloadColumn(),
        TransferSpeedColumn(),
        TimeRemainingColumn(),
        console=console,
        disable=not console.is_terminal,  # no bar in logs and pipes
    ) as bar:
        approx = int(e.approx_mb * 1_000_000) if e.approx_mb else None
        task = bar.add_task(e.name, total=approx)

        def update(done: int, total: int | None) -> None:
            bar.update(task, completed=done, total=total or approx)

        return _fetch(url, out, update, timeout)


def installed(lang: str) -> Path | None:
    """The installed model folder for ``lang`` if it verifies, else None."""
    path = default_model_dir(lang)
    return path if path.exists() and not problems(path) else None
