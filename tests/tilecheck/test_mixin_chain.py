"""The host analysis's mixins form one linear chain (``Store`` -> ... -> ``BodyAnalysis``), and
a mixin hands a call on to the rest of the chain as ``Base.method(self, ...)``, ``Base`` being
its one direct base: in a linear chain that is the lookup ``super().method(...)`` does, without
building a ``super`` object and walking the chain's class dictionaries on every call (round 28S,
issue 17). These tests keep the two facts that make it so."""

from __future__ import annotations

import ast
from pathlib import Path

from tilecheck.host.analysis import BodyAnalysis

HOST = Path(__file__).resolve().parents[2] / "tilecheck" / "host"
CHAIN = BodyAnalysis.__mro__[:-1]  # (``object`` last)


def test_the_chain_is_linear() -> None:
    for cls in CHAIN:
        assert len(cls.__bases__) == 1, f"{cls.__name__} has bases {cls.__bases__}"


def test_a_mixin_hands_on_to_its_own_base() -> None:
    """``X.method(self, ...)`` in a method of chain class ``C``: ``X`` is ``C``'s base (a class
    given another base must hand on to the new one)."""
    names = {cls.__name__ for cls in CHAIN}
    wrong: list[str] = []
    for path in sorted(HOST.glob("*.py")):
        tree = ast.parse(path.read_text())
        for cls in tree.body:
            if not isinstance(cls, ast.ClassDef) or cls.name not in names:
                continue
            base = cls.bases[0].id if cls.bases and isinstance(cls.bases[0], ast.Name) else None
            for node in ast.walk(cls):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                    continue
                owner = node.func.value
                first = node.args[0] if node.args else None
                if (
                    isinstance(owner, ast.Name)
                    and owner.id in names
                    and isinstance(first, ast.Name)
                    and first.id == "self"
                    and owner.id != base
                ):
                    wrong.append(f"{path.name}:{node.lineno} {cls.name} calls {owner.id}")
    assert not wrong, wrong
