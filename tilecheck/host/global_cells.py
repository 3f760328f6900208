"""A function's store into an attribute or a constant key of a module-level holder object,
carried to its callers (issue 17, round 33A2).

A module name bound once, at its top level, to a library holder (``var = ContextVar("p")``,
``ns = SimpleNamespace()``, ``table = {}``) and by nothing else is one object every function
of the module shares. ``var.set(x)`` (``var.value = x``, ``tilecheck.host.context_cells``),
``ns.last = x`` or ``table["last"] = x`` inside a function leaves ``x`` in that object for
the caller and for later calls, as the same statement at module level does. The function's
summary says so (``Summary.global_stores`` under the path, ``var.value``) where the store is
in a line every call runs and the function names the holder nowhere else (no read of it that
could wait what it held); a call by name makes the store on the caller's holder (a function
summarized passes it on where it makes the call on every call). A function that names the
holder at all may take back what it holds (``var.get().wait()``): its call releases what the
caller's holder got from such stores (may, silence; ``RELEASED`` marks it in
``Summary.global_releases``). ``pending is None`` of what a holder gave empties the holder
too. Holders of any other kind, stores by a key not constant and stores through a parameter
or a rebound name are left as they were."""

from __future__ import annotations

from typing import cast

import libcst as cst

from tilecheck.host.containers import root_of
from tilecheck.host.exit_stacks import bound_by
from tilecheck.host.library_spec import Does, named
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import path_of, single_assignment
from tilecheck.syntax.walk import children

# The library types whose instances hold what is stored into their attributes.
HOLDERS = named(Does.CELL) | frozenset({"types.SimpleNamespace", "dict", "builtins.dict"})
_SPELLED = frozenset(h.rpartition(".")[2] for h in HOLDERS)
# A ``Summary.global_releases`` entry ``var.*``: what the caller's ``var`` got from stores.
RELEASED = ".*"


def store_path(target: cst.BaseExpression) -> tuple[str, str] | None:
    """``var.attr`` or ``table["key"]`` (a constant key) as a store's target: the holder's
    name and the path (``path_of``'s, which reads back as the same target)."""
    kind = type(target)
    if (kind is not cst.Attribute and kind is not cst.Subscript) or type(
        cast(cst.Attribute | cst.Subscript, target).value
    ) is not cst.Name:
        return None
    path = path_of(target)
    return (root_of(path), path) if path is not None else None


def holder_call(canonical: str | None) -> bool:
    """A call of this library name makes a holder."""
    return canonical in HOLDERS


def holders(index: SyntaxIndex, module: cst.CSTNode) -> dict[str, cst.Call | cst.Dict]:
    """The module's names bound once, at its top level, to a call (annotated or not) or a
    dict display, by nothing else, with that value (a callee is checked where it is used)."""
    made: dict[str, cst.Call | cst.Dict] = {}
    for stmt in module.body if type(module) is cst.Module else ():
        assigned = single_assignment(stmt, annotated=True)
        if assigned is None:
            continue
        target, value = assigned
        if type(target) is cst.Name and (type(value) is cst.Dict or _spelled(value)):
            made[target.value] = cast(cst.Call | cst.Dict, value)
    if not made:
        return made
    count: dict[str, int] = {}
    for node in index.nodes(module):
        for bound in bound_by(node):
            count[bound] = count.get(bound, 0) + 1
    return {name: call for name, call in made.items() if count.get(name) == 1}


def _spelled(value: cst.BaseExpression | None) -> bool:
    """A call whose callee's last name is a holder type's (the cheap test, before the module
    is walked: most modules have none)."""
    if type(value) is not cst.Call:
        return False
    func = value.func
    last = func.attr.value if type(func) is cst.Attribute else getattr(func, "value", None)
    return last in _SPELLED


def named_in(fn: cst.FunctionDef, name: str) -> int:
    """How many times ``fn``'s body names ``name`` (nested scopes included)."""
    count = 0
    stack: list[cst.CSTNode] = [fn.body]
    while stack:
        node = stack.pop()
        if type(node) is cst.Name and node.value == name:
            count += 1
        stack.extend(children(node))
    return count
