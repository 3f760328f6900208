"""The last item of a list only ever read but for its last (round 23D of issue 17): ``pends =
[]``, ``pends.append(k(...).submit())`` in a loop, then ``wait_all(pends[:-1])`` or ``for p in
pends[:-1]: p.wait()``. The plain analysis keeps one object per site, so a wait of any step's
Pending counts for the site, and the last step's, which no read of the list ever takes, is not
told apart.

Here the source alone decides it. A name the scope binds only by ``name = []`` (no other binding
anywhere in it: ``tilecheck.host.dict_names``), every other mention of which in the scope is
``name.append(<call>)`` (one such call in all), ``name[<a>:-1]`` (no step) or ``len(name)``, none
inside a nested function, lambda or class, in a scope that never calls ``globals()``,
``locals()``, ``vars()``, ``eval`` or ``exec``: its list only ever grows at its end, and no read
takes its last item, so the item the last ``append`` put in is never taken out; made right in the
``append``, nothing else holds it, and it goes unwaited (unrun) when the list goes at the scope's
end. ``findings`` reports it where the call is a Pending's submit (an op's launch) the analysis
made."""

from __future__ import annotations

import libcst as cst

from tilecheck.host.dict_names import list_names
from tilecheck.syntax.index import SyntaxIndex

_READERS = frozenset({"globals", "locals", "vars", "eval", "exec"})
_NESTED = (cst.FunctionDef, cst.ClassDef, cst.Lambda)


def last_appended(index: SyntaxIndex, scope: cst.CSTNode) -> tuple[cst.Call, ...]:
    """The calls whose objects the last ``append`` of such a list puts in, never taken out."""
    lists = list_names(index, scope)
    if not lists:
        return ()
    nodes = index.nodes(scope)
    mentions: dict[str, int] = {}  # a name -> its mentions not yet accounted for
    appended: dict[str, list[cst.Call]] = {}
    sliced: set[str] = set()
    nested: set[int] = set()
    for node in nodes:
        kind = type(node)
        if kind is cst.Name:
            if node.value in _READERS:  # type: ignore[attr-defined]
                return ()
            if node.value in lists:  # type: ignore[attr-defined]
                mentions[node.value] = mentions.get(node.value, 0) + 1  # type: ignore[attr-defined]
        elif kind is cst.Assign:
            targets = node.targets  # type: ignore[attr-defined]
            name = targets[0].target
            if len(targets) == 1 and type(name) is cst.Name and name.value in lists:
                mentions[name.value] = mentions.get(name.value, 0) - 1  # (``a = b = []``: no)
        elif kind is cst.Call:
            func = node.func  # type: ignore[attr-defined]
            args = node.args  # type: ignore[attr-defined]
            if (
                type(func) is cst.Attribute
                and type(func.value) is cst.Name
                and func.value.value in lists
                and func.attr.value == "append"
                and len(args) == 1
                and args[0].keyword is None
                and not args[0].star
                and type(args[0].value) is cst.Call
            ):
                appended.setdefault(func.value.value, []).append(args[0].value)
                mentions[func.value.value] = mentions.get(func.value.value, 0) - 1
            elif (
                type(func) is cst.Name
                and func.value == "len"
                and len(args) == 1
                and type(args[0].value) is cst.Name
                and args[0].value.value in lists
            ):
                mentions[args[0].value.value] = mentions.get(args[0].value.value, 0) - 1
        elif kind is cst.Subscript:
            value = node.value  # type: ignore[attr-defined]
            if type(value) is cst.Name and value.value in lists and _but_last(node):  # type: ignore[arg-type]
                sliced.add(value.value)
                mentions[value.value] = mentions.get(value.value, 0) - 1
        elif kind in _NESTED and node is not scope:
            nested.update(id(n) for n in index.nodes(node) if type(n) is cst.Name)
    out: list[cst.Call] = []
    for name in sorted(sliced):
        calls = appended.get(name, [])
        if len(calls) != 1 or mentions.get(name) != 0:
            continue
        if any(id(n) in nested for n in nodes if type(n) is cst.Name and n.value == name):
            continue
        out.append(calls[0])
    return tuple(out)


def _but_last(node: cst.Subscript) -> bool:
    """``x[a:-1]``: every item but the last (no step)."""
    if len(node.slice) != 1:
        return False
    part = node.slice[0].slice
    if type(part) is not cst.Slice or part.step is not None:
        return False
    upper = part.upper
    return (
        type(upper) is cst.UnaryOperation
        and type(upper.operator) is cst.Minus
        and type(upper.expression) is cst.Integer
        and upper.expression.value == "1"
    )
