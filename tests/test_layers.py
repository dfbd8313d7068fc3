"""The package layers, enforced: every ``import`` of ``patience/`` and of the Sphinx
extension (in functions and under ``TYPE_CHECKING`` too) follows the allowed graph of
``docs/architecture.md``, which is a DAG, and the engine — the code the page's Play runs
under Pyodide — imports nothing but the standard library, :mod:`patience.cards` and itself.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TREES = {"patience": ROOT / "patience", "patience_sphinx": ROOT / "extensions" / "patience_sphinx"}

# Each layer and the layers it may import (besides itself and the standard library;
# third-party packages are held to the engine only). A module of ``patience`` is in the
# layer of its longest listed prefix.
ALLOWED: dict[str, set[str]] = {
    "patience": set(),  # the package's __init__: the version
    "patience.cards": set(),
    "patience.datafile": set(),
    "patience.sources": set(),
    "patience.output": set(),
    "patience.progress": set(),
    "patience.findings": set(),
    "patience.orthography": {"patience.datafile"},
    "patience.numerals": {"patience.orthography"},
    "patience.citation": {"patience.datafile", "patience.sources"},
    "patience.text": {"patience.citation", "patience.datafile", "patience.orthography", "patience.sources"},
    "patience.rulespec": {"patience", "patience.cards", "patience.datafile", "patience.sources"},
    "patience.engine": {"patience.cards"},
    "patience.rulespec.compile": {"patience.rulespec", "patience.engine", "patience.cards", "patience.datafile"},
    "patience.solver": {"patience.engine", "patience.cards"},
    "patience.player": {"patience.engine", "patience.solver", "patience.cards"},
    "patience.session": {"patience.engine", "patience.solver", "patience.player", "patience.cards"},
    "patience.views": {"patience.engine", "patience.solver", "patience.cards"},
    "patience.stats": {"patience.engine", "patience.solver", "patience.player", "patience.rulespec", "patience.rulespec.compile",
                       "patience.views", "patience.datafile", "patience.progress"},
    "patience.readings": {"patience.stats"},
    "patience.claims": {"patience.engine", "patience.solver", "patience.player", "patience.rulespec", "patience.rulespec.compile",
                        "patience.stats", "patience.numerals", "patience.cards", "patience.datafile"},
    "patience.corpus": {"patience.text", "patience.orthography", "patience.rulespec"},
    "patience.consistency": {"patience.findings", "patience.corpus", "patience.claims", "patience.rulespec", "patience.rulespec.compile",
                             "patience.engine", "patience.stats", "patience.text", "patience.orthography",
                             "patience.citation", "patience.datafile"},
    "patience.export": {"patience.corpus", "patience.citation", "patience.text", "patience.orthography",
                        "patience.rulespec", "patience.rulespec.compile", "patience.engine", "patience.views",
                        "patience.datafile", "patience.output"},
}
TOP = {"patience.cli", "patience.__main__", "patience_sphinx"}  # may import anything below them
ENGINE_MAY_IMPORT = {"patience.cards", "patience.engine"}


def layer_of(module: str) -> str | None:
    """The layer of a dotted module name of ``patience`` (or the extension), or ``None``."""
    if module.split(".")[0] == "patience_sphinx":
        return "patience_sphinx"
    if module.split(".")[0] != "patience":
        return None
    for name in sorted([*ALLOWED, *TOP], key=len, reverse=True):
        if module == name or module.startswith(name + "."):
            return name
    return module  # a new module: not in the table, so it fails until placed


def imports(tree: str, path: Path) -> list[tuple[str, str, int]]:
    """``(module, imported, line)`` for every name an ``import`` in ``path`` may load."""
    base = TREES[tree]
    parts = path.relative_to(base).with_suffix("").parts
    module = ".".join([tree, *parts[:-1]] if parts[-1] == "__init__" else [tree, *parts])
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
        if isinstance(node, ast.Import):
            found += [(module, alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - node.level + 1]
                name = ".".join([*anchor, node.module] if node.module else anchor)
            else:
                name = node.module or ""
            found += [(module, name, node.lineno), *((module, f"{name}.{a.name}", node.lineno) for a in node.names)]
    return found


def all_imports() -> list[tuple[str, str, str]]:
    """``(module, imported, where)`` over both trees."""
    found = []
    for tree, base in TREES.items():
        for path in sorted(base.rglob("*.py")):
            found += [(m, name, f"{path.relative_to(ROOT)}:{line}") for m, name, line in imports(tree, path)]
    return found


def violations(edges: list[tuple[str, str, str]]) -> list[str]:
    """Every import that runs against :data:`ALLOWED`, and every cycle between layers."""
    problems, graph = [], {}
    stdlib = sys.stdlib_module_names
    for module, name, where in edges:
        source, target = layer_of(module), layer_of(name)
        if source == "patience.engine" and target not in ENGINE_MAY_IMPORT:
            top = name.split(".")[0]
            if target is not None or top not in stdlib and top != "__future__":
                problems.append(f"{where}: the engine imports {name}")
                continue
        if target is None or target == source:
            continue
        graph.setdefault(source, set()).add(target)
        if source in TOP:
            continue
        if target in TOP or target not in ALLOWED.get(source, set()):
            problems.append(f"{where}: {module} ({source}) imports {name} ({target}), not allowed")
    problems += [f"cycle between layers: {' → '.join(c)}" for c in cycles(graph)]
    return problems


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The cycles of ``graph``, one path per strongly connected part."""
    found, done = [], set()

    def visit(node: str, path: list[str]) -> None:
        if node in path:
            found.append([*path[path.index(node):], node])
            return
        if node in done:
            return
        for target in sorted(graph.get(node, ())):
            visit(target, [*path, node])
        done.add(node)

    for node in sorted(graph):
        visit(node, [])
    return found


def test_every_import_follows_the_layers():
    assert violations(all_imports()) == []


def test_every_module_is_in_a_layer():
    modules = {m for m, _, _ in all_imports()}
    assert {layer_of(m) for m in modules} <= {*ALLOWED, *TOP}


def test_the_allowed_graph_is_a_dag():
    assert cycles({a: set(bs) for a, bs in ALLOWED.items()}) == []


@pytest.mark.parametrize("edge, says", [
    (("patience.engine.game", "patience.solver.search", "x.py:1"), "the engine imports patience.solver.search"),
    (("patience.engine.rules", "patience.rulespec.schema", "x.py:1"), "the engine imports patience.rulespec.schema"),
    (("patience.engine.rules", "pydantic", "x.py:1"), "the engine imports pydantic"),
    (("patience.solver.search", "patience.session", "x.py:1"), "imports patience.session (patience.session)"),
    (("patience.rulespec.schema", "patience.rulespec.compile", "x.py:1"), "not allowed"),
    (("patience.claims.runners", "patience.cli.main", "x.py:1"), "not allowed"),
])
def test_an_upward_import_is_reported(edge, says):
    problems = violations([*all_imports(), edge])
    assert any(says in problem for problem in problems), problems


def test_a_cycle_is_reported_even_where_each_edge_is_allowed(monkeypatch):
    monkeypatch.setitem(ALLOWED, "patience.engine", {"patience.cards", "patience.solver"})
    monkeypatch.setattr(sys.modules[__name__], "ENGINE_MAY_IMPORT", {*ENGINE_MAY_IMPORT, "patience.solver"})
    problems = violations([*all_imports(), ("patience.engine.game", "patience.solver", "x.py:1")])
    assert any("cycle between layers" in p and "patience.engine" in p and "patience.solver" in p
               for p in problems), problems


def test_an_upward_import_written_in_a_file_is_found(tmp_path, monkeypatch):
    tree = tmp_path / "patience"
    (tree / "engine").mkdir(parents=True)
    (tree / "engine" / "__init__.py").write_text("")
    (tree / "engine" / "game.py").write_text("def hint():\n    from patience.session import Session\n")
    monkeypatch.setitem(TREES, "patience", tree)
    found = imports("patience", tree / "engine" / "game.py")
    assert ("patience.engine.game", "patience.session", 2) in found
    assert violations([(m, n, f"game.py:{line}") for m, n, line in found])
