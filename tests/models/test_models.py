"""Model download against a local HTTP server, and verification.

The archives are built by the tests: a fake-but-well-formed Vosk model layout named
``stand-in-vosk-model``. It is not a real model and no recognizer loads it; it exercises the
download, checks and atomic unpacking only.
"""

from __future__ import annotations

import hashlib
import http.server
import io
import socket
import subprocess
import sys
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from voice_host import models
from voice_host.models import ModelEntry, ModelError, default_model_dir, download, verify

REPO = Path(__file__).resolve().parents[2]
STAND_IN = "stand-in-vosk-model"

LAYOUT = {
    "am/final.mdl": b"stand-in acoustic model",
    "conf/mfcc.conf": b"--use-energy=false\n",
    "conf/model.conf": b"--min-active=200\n",
    "graph/HCLr.fst": b"stand-in",
    "graph/Gr.fst": b"stand-in",
    "graph/disambig_tid.int": b"1\n",
    "graph/phones/word_boundary.int": b"1 nonword\n",
    "ivector/final.ie": b"stand-in",
    "ivector/final.dubm": b"stand-in",
    "README": b"A stand-in for a Vosk model layout, built by the tests. Not a real model.\n",
}


def make_zip(files: dict[str, bytes], top: str = STAND_IN) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in files.items():
            zf.writestr(f"{top}/{name}" if top else name, data)
    return buf.getvalue()


GOOD = make_zip(LAYOUT)


class Server:
    """Serves byte strings at paths; ``/short`` claims more bytes than it sends."""

    def __init__(self) -> None:
        self.files: dict[str, bytes] = {}
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                if self.path == "/short":
                    self.send_response(200)
                    self.send_header("Content-Length", str(len(GOOD)))
                    self.end_headers()
                    self.wfile.write(GOOD[: len(GOOD) // 2])
                    return
                body = server.files.get(self.path)
                if body is None:
                    self.send_error(404)
                    return
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.block_on_close = False
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}{path}"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    s = Server()
    s.files["/good.zip"] = GOOD
    s.files["/flat.zip"] = make_zip(LAYOUT, top="")
    s.files["/corrupt.zip"] = b"PK\x03\x04" + b"\x00garbage" * 500
    s.files["/incomplete.zip"] = make_zip({"am/final.mdl": b"x", "README": b"half a model"})
    yield s
    s.close()


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "models"
    monkeypatch.setenv("VOICE_HOST_MODELS", str(root))
    return root


def entry(url: str, size: int | None = None, sha: str | None = None) -> ModelEntry:
    return ModelEntry(lang="en", name=STAND_IN, url=url, size_bytes=size, sha256=sha)


def leftovers(root: Path) -> list[str]:
    """Anything in the store besides installed model folders (temp files, partial unpacks)."""
    if not root.exists():
        return []
    return sorted(p.name for p in (root / "vosk").iterdir() if p.name.startswith("."))


def test_default_dir_follows_the_environment(store: Path) -> None:
    assert default_model_dir("de") == store / "vosk" / "de"


def test_manifest_lists_the_five_languages_honestly() -> None:
    manifest = models.load_manifest()
    assert sorted(manifest) == ["de", "en", "es", "fr", "it"]
    for lang, e in manifest.items():
        assert e.url.startswith("https://alphacephei.com/vosk/models/vosk-model-small-")
        assert e.url.endswith(f"{e.name}.zip")
        assert e.sha256 is None or len(e.sha256) == 64, lang


def test_download_installs_a_verified_model(server: Server, store: Path) -> None:
    sha = hashlib.sha256(GOOD).hexdigest()
    seen: list[tuple[int, int | None]] = []
    path = download(
        "en",
        url_override=server.url("/good.zip"),
        entry=entry("unused", len(GOOD), sha),
        progress=lambda done, total: seen.append((done, total)),
    )
    assert path == default_model_dir("en")
    assert verify(path) == path
    assert (path / "am" / "final.mdl").read_bytes() == LAYOUT["am/final.mdl"]
    assert sha in (path / models.MARKER).read_text()
    assert seen[-1] == (len(GOOD), len(GOOD))
    assert leftovers(store) == []


def test_archive_without_a_top_folder(server: Server, store: Path) -> None:
    path = download("en", entry=entry(server.url("/flat.zip")), progress=False)
    verify(path)


def test_installed_model_is_kept_unless_forced(server: Server, store: Path) -> None:
    path = download("en", entry=entry(server.url("/good.zip")), progress=False)
    (path / "keep-me").write_text("x")
    assert download("en", entry=entry(server.url("/corrupt.zip")), progress=False) == path
    assert (path / "keep-me").exists()
    download("en", entry=entry(server.url("/good.zip")), progress=False, force=True)
    assert not (path / "keep-me").exists()


def test_failures_leave_the_old_model_alone(server: Server, store: Path) -> None:
    path = download("en", entry=entry(server.url("/good.zip")), progress=False)
    with pytest.raises(ModelError, match="corrupt"):
        download("en", entry=entry(server.url("/corrupt.zip")), progress=False, force=True)
    verify(path)
    assert leftovers(store) == []


@pytest.mark.parametrize(
    ("path", "size", "sha", "message"),
    [
        ("/corrupt.zip", None, None, "archive is corrupt"),
        ("/good.zip", 1234, None, "wrong size: .* bytes, the manifest says 1234"),
        ("/good.zip", None, "0" * 64, "wrong checksum"),
        ("/short", None, None, "incomplete"),
        ("/incomplete.zip", None, None, "is not a Vosk model: missing conf/mfcc.conf"),
        ("/missing.zip", None, None, "HTTP 404"),
    ],
)
def test_bad_downloads_fail_cleanly(
    server: Server, store: Path, path: str, size: int | None, sha: str | None, message: str
) -> None:
    with pytest.raises(ModelError, match=message) as err:
        download("en", entry=entry(server.url(path), size, sha), progress=False)
    assert "\n" not in str(err.value)
    assert not default_model_dir("en").exists()
    assert leftovers(store) == []


def test_offline_is_said_plainly(store: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    # Nothing listens on the port any more: connection refused.
    with pytest.raises(ModelError, match=rf"cannot reach 127.0.0.1:{port}: are you offline\?"):
        download("en", entry=entry(f"http://127.0.0.1:{port}/m.zip"), progress=False)
    assert not default_model_dir("en").exists()
    assert leftovers(store) == []


def test_verify_names_what_is_missing(tmp_path: Path) -> None:
    (tmp_path / "am").mkdir()
    (tmp_path / "am" / "final.mdl").write_bytes(b"x")
    with pytest.raises(ModelError) as err:
        verify(tmp_path)
    message = str(err.value)
    assert "missing conf/mfcc.conf" in message and "graph/HCLG.fst" in message
    with pytest.raises(ModelError, match="is not a folder"):
        verify(tmp_path / "nothing")


def _cli(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "voice_host", "models", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )


def test_models_cli(server: Server, store: Path, tmp_path: Path) -> None:
    import os

    env = {**os.environ, "VOICE_HOST_MODELS": str(store)}
    listed = _cli("list", env=env)
    assert listed.returncode == 0
    assert "vosk-model-small-de-0.15" in listed.stdout and "checksum unknown" in listed.stdout
    assert "not installed" in listed.stdout

    got = _cli("download", "fr", "--url", server.url("/good.zip"), env=env)
    assert got.returncode == 0, got.stderr
    assert got.stdout.strip() == str(store / "vosk" / "fr")
    assert "fr  vosk-model-small-fr-0.22" in _cli("list", env=env).stdout
    assert "installed at" in _cli("list", env=env).stdout

    ok = _cli("verify", str(store / "vosk" / "fr"), env=env)
    assert ok.returncode == 0 and ok.stdout.strip().endswith(": ok")

    bad = _cli("verify", str(tmp_path), env=env)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1

    broken = _cli("download", "de", "--url", server.url("/corrupt.zip"), env=env)
    assert broken.returncode == 2 and "corrupt" in broken.stderr
    assert broken.stderr.count("\n") == 1

    unknown = _cli("download", "xx", env=env)
    assert unknown.returncode == 2 and "choose one of: en, de, es, fr, it" in unknown.stderr
