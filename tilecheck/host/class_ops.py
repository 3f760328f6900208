"""Objects of a class body that its methods reach as attributes (round 35R of issue 17):
``class Replica: BOOT = fill(tiles(FLAGS), 1.0)`` with ``@classmethod def boot(cls):
cls.BOOT.sync()``. The class keeps ``BOOT`` for as long as the module lives, and a method
reading ``cls.BOOT``, ``self.BOOT`` or ``Replica.BOOT`` may run it when called: the op counts
as run, not dropped unrun at the end of the class body (no TC105), as a nested function naming
a local op does (``capture``). Only methods written after the binding are seen (the class
body's analysis meets them in order); what a method does to the object is not followed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

import libcst as cst

from tilecheck.host.model import Oids
from tilecheck.syntax.walk import children

_NESTED = (cst.FunctionDef, cst.ClassDef, cst.Lambda)


class Analysis(Protocol):
    """What seeing a definition needs of the analysis."""

    scope_node: cst.FunctionDef | None
    module_node: cst.Module | None

    @property
    def env(self) -> Mapping[str, Oids]: ...

    def capture(self, scope: cst.FunctionDef | cst.ClassDef | cst.Lambda) -> None: ...

    def close_over(self, oids: Oids) -> None: ...


def capture(an: Analysis, definition: cst.FunctionDef | cst.ClassDef) -> None:
    """A definition met: what it names may be run when it is called (``an.capture``); a
    method of a class body also names the body's objects it reads as attributes."""
    an.capture(definition)
    if type(definition) is not cst.FunctionDef or an.scope_node or an.module_node:
        return  # (not a class body's own analysis)
    for name in sorted(_attributes_read(definition) & an.env.keys()):
        an.close_over(an.env[name])


def _attributes_read(fn: cst.FunctionDef) -> frozenset[str]:
    """The attribute names ``fn``'s body (its nested scopes too) reads: ``x.NAME``."""
    found: set[str] = set()
    stack: list[cst.CSTNode] = [fn.body]
    while stack:
        node = stack.pop()
        if type(node) is cst.Attribute:
            found.add(node.attr.value)
        stack.extend(children(node))
    return frozenset(found)
