"""Objects a class body makes (``scratch = tr.zeros(n)``, ``plan = tiles(pool)`` in ``class
Head:``): one object, made once when the module runs the ``class`` statement, shared by every
instance, reached as ``Head.scratch`` and, where nothing stores an attribute of that name, as
``self.scratch`` in its methods (round 28G of issue 17). The module-level analysis binds the
path ``Head.scratch`` when it runs the class statement; a method's summary names the object by
that path (``tilecheck.host.global_effects``), and a call applies its effects to the caller's
object of the path."""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

TENSOR = "tensor"
PARTITION = "partition"


def shared_attributes(
    cls: cst.ClassDef,
    relatives: tuple[cst.ClassDef, ...],
    kind_of: Callable[[cst.Call], str],
) -> dict[str, str]:
    """The attributes ``cls``'s body binds once, to a call ``kind_of`` names (a tensor or a
    partition), that none of its ``relatives`` binds in its body: by attribute, the kind."""
    found: dict[str, str] = {}
    seen: dict[str, int] = {}
    bindings = _bindings(cls)
    if any(not name for name, _ in bindings):
        return found  # (a compound statement or an unpacking: not followed)
    for name, value in bindings:
        seen[name] = seen.get(name, 0) + 1
        kind = kind_of(value) if type(value) is cst.Call else ""
        if kind:
            found[name] = kind
    if not found:
        return found
    others = {name for other in relatives for name, _ in _bindings(other)}
    return {n: k for n, k in found.items() if seen[n] == 1 and n not in others}


def _bindings(cls: cst.ClassDef) -> list[tuple[str, cst.BaseExpression | None]]:
    """The names a class body binds at its top level, with the value where one is given."""
    out: list[tuple[str, cst.BaseExpression | None]] = []
    body = cls.body.body if isinstance(cls.body, cst.IndentedBlock) else ()
    for stmt in body:
        if type(stmt) is cst.FunctionDef or type(stmt) is cst.ClassDef:
            out.append((stmt.name.value, None))
        elif type(stmt) is cst.SimpleStatementLine:
            for small in stmt.body:
                if type(small) is cst.Assign:
                    for target in small.targets:
                        name = target.target
                        single = len(small.targets) == 1 and type(name) is cst.Name
                        if type(name) is cst.Name:
                            out.append((name.value, small.value if single else None))
                        else:
                            out.append(("", None))
                elif type(small) is cst.AnnAssign and type(small.target) is cst.Name:
                    out.append((small.target.value, small.value))
                elif type(small) is cst.AugAssign and type(small.target) is cst.Name:
                    out.append((small.target.value, None))
        else:
            out.append(("", None))  # (a compound statement: its bindings not followed)
    return out
