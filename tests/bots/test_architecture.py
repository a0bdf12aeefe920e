"""bots/ uses only the engine's public API: `import engine` and the names in `engine.__all__`."""
from __future__ import annotations

import ast
import sys
from pathlib import Path

import engine

ROOT = Path(__file__).resolve().parents[2] / "bots"


def _files():
    files = sorted(ROOT.rglob("*.py"))
    assert files and any(p.name == "fast.py" for p in files)
    return files


def test_bots_import_only_engine_and_the_standard_library():
    allowed = {"engine", "__future__"}
    for path in _files():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module]
                assert node.module != "engine", f"{path.name}: use `import engine`, not from-imports"
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                assert name == top or top != "engine", f"{path.name} imports {name}: engine internals"
                assert top in allowed or top in sys.stdlib_module_names, f"{path.name} imports {name}"


def test_bots_use_only_the_engines_public_names():
    public = set(engine.__all__)
    used = set()
    for path in _files():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "engine":
                used.add(node.attr)
    assert used, "bots must reach the engine somewhere"
    assert used <= public, sorted(used - public)
