"""``host.plain_bodies``: which top-level definitions are plain Python, not analysed alone."""

from __future__ import annotations

import ast
from pathlib import Path

import libcst as cst

from tilecheck.host.plain_bodies import TILERT_NAMES, plain_definitions

ROOT = Path(__file__).resolve().parents[2]

SOURCE = """
import tilert as tr
from helpers import upload

TILE = 256
LIMITS = (1, 2)
buf = tr.zeros((8,))
if (late := tr.ones((8,))) is not None:
    pass


class Counter:
    def __init__(self, items):
        self.items = items

    def counts(self):
        out = {}
        for item in self.items:
            out[str(item % TILE)] = out.get(str(item), 0) + 1
        return out


def describe(c):
    return ", ".join(sorted(c.counts()))


def reads_module_tensor():
    return buf


def reads_walrus_name():
    return late


def runs_a_parameter(op):
    op.sync()


def uses_a_package_helper(values):
    return upload(values)


def calls_the_above():
    return uses_a_package_helper([1])


async def awaits(x):
    return await x


class Holder:
    def __init__(self):
        self.t = tr.zeros((4,))

    def step(self):
        return self.t


def steps(h):
    return h.step()
"""


def _plain_names(source: str, known_text: bool = True) -> set[str]:
    module = cst.parse_module(source)
    plain = plain_definitions(module, source if known_text else None)
    return {node.name.value for node in plain}  # type: ignore[attr-defined]


def test_plain_python_is_plain_and_anything_that_may_touch_tilert_is_not() -> None:
    assert _plain_names(SOURCE) == {"Counter", "describe"}
    assert _plain_names(SOURCE, known_text=False) == {"Counter", "describe"}


def test_a_star_import_leaves_nothing_plain() -> None:
    assert _plain_names("from anywhere import *\n\ndef f(x):\n    return x + 1\n") == set()


def test_tilert_names_cover_its_classes_methods() -> None:
    """Every method or attribute of tilert's public classes is a name the test knows."""
    stubs = sorted((ROOT / "tilert").glob("*.pyi"))
    missing = set()
    for stub in stubs:
        for node in ast.walk(ast.parse(stub.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        name = item.name
                    elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                        name = item.target.id
                    else:
                        continue
                    if not name.startswith("_") or name.endswith("__"):
                        missing.add(name)
    assert len(stubs) > 5
    assert missing <= TILERT_NAMES, sorted(missing - TILERT_NAMES)
