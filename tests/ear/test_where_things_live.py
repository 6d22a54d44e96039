"""Where the ear's files live: the heads and the voice encoder in the package, their cards in
``docs/ear``, training caches in the user's cache folder (never inside the installed package)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.conftest import REPO
from voice_host.cli.app import app
from voice_host.ear.recognizer import MODELS_DIR, shipped_languages
from voice_host.ear_training.train import data_dir


def test_the_package_ships_heads_and_no_cards() -> None:
    from voice_host.games.registry import GAMES

    assert shipped_languages() == ["de", "en", "es", "fr", "it"]
    files = [p.relative_to(MODELS_DIR) for p in MODELS_DIR.rglob("*") if p.is_file()]
    assert sorted(p for p in files if p.name == "head.npz") == [
        Path(lang, "head.npz") for lang in shipped_languages()]
    assert sorted(p for p in files if p.parent == Path()) == [
        Path("voice-encoder.LICENSE.txt"), Path("voice-encoder.npz")]
    phrase_heads = [p for p in files if p.name != "head.npz" and p.parent != Path()]
    assert phrase_heads, "the games' phrase heads ship too"
    for head in phrase_heads:
        game = GAMES[head.stem]
        assert head.suffix == ".npz" and head.parent.name in game.languages
        assert game.head_phrases is not None
    for lang in shipped_languages():
        assert (REPO / "docs" / "ear" / f"{lang}.md").is_file()
    assert (REPO / "docs" / "ear" / "phrase-heads.md").is_file()
    assert (REPO / "docs" / "ear" / "voice-encoder.md").is_file()


def test_ear_info_names_the_card(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["ear", "info", "--lang", "de"])
    assert result.exit_code == 0, result.output
    info = json.loads(result.output)
    assert info["lang"] == "de" and Path(info["card"]) == REPO / "docs" / "ear" / "de.md"


def test_training_caches_live_in_the_users_cache(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    monkeypatch.setenv("VOICE_HOST_CACHE", str(tmp_path))
    assert data_dir() == tmp_path / "ear-data"
    monkeypatch.delenv("VOICE_HOST_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert data_dir().is_relative_to(tmp_path / "xdg")
    assert not data_dir().is_relative_to(REPO / "voice_host")
