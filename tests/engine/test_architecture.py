"""The engine's imports run one way (no module imports a module that imports it back)."""
from __future__ import annotations

import ast
from pathlib import Path

import engine.stalins_war as sw

ROOT = Path(sw.__file__).parent


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _imports() -> dict[str, set[str]]:
    """Every intra-package import of every module, at module level or inside a function."""
    files = {_module_name(p): p for p in ROOT.rglob("*.py")}
    out: dict[str, set[str]] = {m: set() for m in files}
    for mod, path in files.items():
        package = mod.split(".") if path.name == "__init__.py" else mod.split(".")[:-1]
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.ImportFrom) or node.level == 0:
                continue
            if node.level - 1 > len(package):
                continue  # engine.core and above
            base = package[:len(package) - (node.level - 1)]
            target = ".".join(base + (node.module.split(".") if node.module else []))
            for alias in node.names:
                full = f"{target}.{alias.name}".strip(".")
                name = full if full in files else target
                if name in files and name != mod and name != "":
                    out[mod].add(name)
    return out


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_engine_imports_have_no_cycle():
    graph = _imports()
    assert "cards.registry" in graph and "flow" in graph  # the walk found the package
    assert _cycle(graph) is None, " -> ".join(_cycle(graph))


def test_steps_do_not_import_the_frames_above_them():
    graph = _imports()
    for low in ("flow", "ops_pool", "consecutive", "cards.registry", "movement", "strategic", "trenches", "special"):
        assert not graph[low] & {"sequence", "rounds", "operations", "cards.catalog"}, low


def test_the_cycle_finder_finds_a_cycle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
