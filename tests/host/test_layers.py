"""The house's layers, read from the source: no import cycles anywhere in ``voice_host``, the
host's dialogue and runner know no game, a new game's rules engine imports nothing of the host,
and no module imports another's private names.

The import graph is built from every module's syntax tree, imports inside functions included
(those under ``TYPE_CHECKING`` left out, since they never run), so an import no test executes
counts as much as one that does.
Importing ``a.b.c`` runs ``a.b``'s ``__init__`` too, so that counts as an edge.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
GAME_AGNOSTIC = "voice_host.host"
"""The host: the same for every game."""
GAMES = ("cowabunga", "voice_host.games")
"""What the host must not import: the games, their hosts and their trainers."""
OWN_GAMES = ("voice_host.games.entry", "voice_host.games.registry")
"""The registry's own modules; every other package under ``voice_host.games`` is a game."""


def module_name(path: Path) -> str:
    """The dotted name of a module file under the repository."""
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for top in ("voice_host", "cowabunga", "bench")
           for p in (REPO / top).rglob("*.py")}


def runtime_imports(path: Path) -> Iterator[tuple[str, tuple[str, ...], int]]:
    """(module, names, line) of each import that can run: anywhere in the module, inside
    functions too (a cycle hidden in a function is still a cycle), never under
    ``if TYPE_CHECKING``."""
    def walk(node: ast.AST) -> Iterator[tuple[str, tuple[str, ...], int]]:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for other in node.orelse:
                yield from walk(other)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, (), node.lineno
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module, tuple(a.name for a in node.names), node.lineno
        for child in ast.iter_child_nodes(node):
            yield from walk(child)
    yield from walk(ast.parse(path.read_text(encoding="utf-8")))


def resolve(module: str, names: tuple[str, ...]) -> set[str]:
    """The project modules an import loads: the module (or a submodule named in ``names``) and
    the packages above it."""
    targets = {f"{module}.{n}" for n in names if f"{module}.{n}" in MODULES}
    if module in MODULES:
        targets.add(module)
    for target in list(targets):
        parts = target.split(".")
        targets.update(".".join(parts[:k]) for k in range(1, len(parts))
                       if ".".join(parts[:k]) in MODULES)
    return targets


def graph() -> dict[str, set[str]]:
    """Each project module's runtime imports of other project modules."""
    edges: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        out: set[str] = set()
        for module, names, _ in runtime_imports(path):
            out |= resolve(module, names)
        # A module's own packages are already loading when it runs: no edge back to them.
        edges[name] = {t for t in out if t != name and not name.startswith(t + ".")}
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_no_import_cycles() -> None:
    assert cycles(graph()) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_host_imports_no_game() -> None:
    edges = graph()
    for name in edges:
        if name == GAME_AGNOSTIC or name.startswith(GAME_AGNOSTIC + "."):
            bad = {t for t in edges[name] if t.startswith(GAMES)}
            assert not bad, f"{name} imports {sorted(bad)}: the host must know no game"


def host_side(name: str) -> bool:
    """Whether module ``name`` is a game's host side (``voice_host.games.<game>.host``, or
    Cowabunga's trainer), which stands on the seam and so may import the host; the rest of the
    game's package may not."""
    parts = name.split(".")
    return (len(parts) >= 4 and parts[:2] == ["voice_host", "games"]
            and parts[3] in ("host", "trainer"))


def test_new_games_rules_import_nothing_of_the_host() -> None:
    edges = graph()
    for name in edges:
        if (not name.startswith("voice_host.games.") or name.startswith(OWN_GAMES)
                or host_side(name)):
            continue
        bad = {t for t in edges[name] if t.startswith("voice_host")
               and not t.startswith(("voice_host.games", "voice_host.languages"))
               and t != "voice_host"}
        assert not bad, (f"{name} imports {sorted(bad)}: a game's package stands alone (its "
                         "words may read their files with voice_host.languages)")


def test_the_language_files_reader_imports_nothing_of_the_project() -> None:
    edges = graph()
    readers = [name for name in edges if name.startswith("voice_host.languages")]
    assert readers
    for name in readers:
        bad = {t for t in edges[name] if t.startswith("voice_host")
               and not t.startswith("voice_host.languages") and t != "voice_host"}
        assert not bad, f"{name} imports {sorted(bad)}: the ear and every game read it"


def test_no_private_names_across_modules() -> None:
    for name, path in MODULES.items():
        for module, names, line in runtime_imports(path):
            private = [n for n in names if n.startswith("_") and not n.startswith("__")]
            assert not (private and module != name), (
                f"{path.relative_to(REPO)}:{line} imports {private} from {module}")
