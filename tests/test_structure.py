"""The structure docs/architecture.md describes, kept true: imports go one way (no cycle in
tilert outside its interpreter, none in tilecheck, imports inside functions counted), no
module asks a backend its name outside the backends, and no module of the packages is over
600 lines."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support import REPO

PACKAGES = ("tilert", "tilecheck", "mypy_plugin/tilecheck_mypy")
MAX_LINES = 600


def _modules(root: Path) -> dict[str, Path]:
    """Dotted module name -> file, for every module of the package at ``root`` (a native
    module by its ``.pyi``; C sources too, for their length)."""
    base = root.parent
    found: dict[str, Path] = {}
    for path in sorted(root.rglob("*")):
        if path.suffix not in (".py", ".pyi", ".c") or "__pycache__" in path.parts:
            continue
        dotted = ".".join(path.relative_to(base).with_suffix("").parts)
        name = dotted.removesuffix(".__init__")
        if path.suffix == ".py" or name not in found:  # (a stub beside its module adds nothing)
            found[name] = path
    return found


def _imports(path: Path, name: str, modules: dict[str, Path]) -> Iterator[str]:
    """The modules of the same package that ``path`` imports, anywhere in it."""
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = name.split(".")[: None if is_package else -1]
                parts = parts[: len(parts) - node.level + 1]
                origin = ".".join([*parts, *([node.module] if node.module else [])])
            else:
                origin = node.module or ""
            targets = [
                f"{origin}.{a.name}" if f"{origin}.{a.name}" in modules else origin
                for a in node.names
            ]
        else:
            continue
        for target in targets:
            while target and target not in modules:  # a name inside a module: the module
                target = target.rpartition(".")[0]
            if target and target != name:
                yield target


def _cycles(root: Path) -> list[list[str]]:
    modules = _modules(root)
    edges = {
        name: set(_imports(path, name, modules)) if path.suffix == ".py" else set()
        for name, path in modules.items()
    }
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for v in edges:
        if v not in index:
            visit(v)
    return cycles


@pytest.mark.parametrize("package", ["tilert", "tilecheck"])
def test_imports_go_one_way(package: str) -> None:
    cycles = [
        c
        for c in _cycles(REPO / package)
        if not all(m.startswith("tilert.interpret.") for m in c)  # the interpreter's own
    ]
    assert cycles == []


def test_the_detector_sees_a_cycle_through_an_import_inside_a_function(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from pkg import b\n")
    (pkg / "b.py").write_text("def f():\n    from pkg.a import x\n")
    (pkg / "c.py").write_text("from . import a\n")
    assert _cycles(pkg) == [["pkg.a", "pkg.b"]]


# ``backend.name == "cutile"`` and the like (either side of the comparison): a backend's name,
# not any ``.name`` (an import's ``alias.name == "tilert"`` asks no backend anything)
_NAME_TEST = re.compile(
    r"""\.name\s*[!=]=\s*["'](cutile|interpret)["']|["'](cutile|interpret)["']\s*[!=]="""
)


def test_no_module_asks_a_backend_its_name_outside_the_backends() -> None:
    found = []
    for package in PACKAGES:
        for name, path in _modules(REPO / package).items():
            if name.startswith(("tilert.cutile", "tilert.interpret")):
                continue
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if _NAME_TEST.search(line):
                    found.append(f"{path.relative_to(REPO)}:{number}: {line.strip()}")
    assert found == []


def test_no_module_is_over_600_lines() -> None:
    long = [
        f"{path.relative_to(REPO)}: {count}"
        for package in PACKAGES
        for path in _modules(REPO / package).values()
        if (count := len(path.read_text().splitlines())) > MAX_LINES
    ]
    assert long == []
