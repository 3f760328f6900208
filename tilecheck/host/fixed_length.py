"""The length of a list no code can change: bound once, to a display of ``n`` items, to a
display repeated a constant number of times (``[None] * SLOTS``, round 35K) or to a
comprehension of one ``for`` over ``range(n)`` (or over a display of ``n`` items), and named
elsewhere only where nothing changes its length (indexed, walked, measured, zipped). Where that
holds, ``xs[-1]`` is ``xs[n - 1]``, apart from ``xs[0]`` (``tilecheck.host.lanes``: the items a
loop over ``pends[:-1]`` leaves in flight); anything else gives no length (nothing guessed)."""

from __future__ import annotations

from collections.abc import Mapping

import libcst as cst

from tilecheck.host.library_spec import Does, named
from tilecheck.syntax.constants import const_int
from tilecheck.syntax.walk import with_parents

# Builtins that read a list without changing it, when given it as an argument; and the
# library callables the spec says walk, hash, key, map, fold or pass on the items of what they
# are given (``library_spec``, round 31S: ``map(f, xs)``, ``dict(zip(ks, xs))``,
# ``itertools.accumulate(xs, f)``), spelled by name or as an attribute of their module
_WALKING = (Does.WALKS, Does.PASSES, Does.MAPS, Does.RUNNING, Does.KEY_RUNS, Does.HASHES)
_SPEC_READERS = {name for does in _WALKING for name in named(does)}
_MODULE_READERS = frozenset(n for n in _SPEC_READERS if not n.startswith("builtins."))
# (imported by name: those whose name a module's own function is unlikely to take)
_GENERIC = frozenset({"chain", "merge", "compress", "deque", "Counter", "OrderedDict"})
_READERS = frozenset({"len", "zip", "enumerate", "reversed", "sorted", "print", "sum", "list"}) | {
    name.rpartition(".")[2]
    for name in _SPEC_READERS
    if name.startswith("builtins.") or name.rpartition(".")[2] not in _GENERIC
}


def fixed_length(
    scope: cst.CSTNode, name: str, constants: Mapping[str, int] | None = None
) -> int | None:
    """The length of the list ``name`` in ``scope`` (nested scopes included), or None.
    ``constants``: the integer constants a count may name (``range(SLOTS)``); None: literals
    alone."""
    length: int | None = None
    binds = 0
    for node, parent, above in with_parents(scope):
        if type(node) is cst.Name and node.value == name:  # (exact: ``isinstance`` is slow)
            if isinstance(parent, cst.AssignTarget) or (
                isinstance(parent, cst.AnnAssign) and parent.target is node
            ):
                binds += 1
                continue
            if not _reads(node, parent, above):
                return None
        if type(node) is cst.Assign and _binds(node, name):
            length = _display_length(node.value, constants or {})
        if type(node) is cst.AnnAssign and _annotated(node, name):
            value = node.value
            length = _display_length(value, constants or {}) if value is not None else None
    return length if binds == 1 else None


def _binds(node: cst.Assign, name: str) -> bool:
    return (
        any(isinstance(t.target, cst.Name) and t.target.value == name for t in node.targets)
        and len(node.targets) == 1
    )


def _annotated(node: cst.AnnAssign, name: str) -> bool:
    """``xs: list[T] = [...]``."""
    return isinstance(node.target, cst.Name) and node.target.value == name


def _reads(node: cst.Name, parent: cst.CSTNode | None, above: cst.CSTNode | None) -> bool:
    """``xs[i]`` (an index, not a slice: a slice may be assigned to; not deleted), ``for x in
    xs``, a comprehension over it, ``len(xs)`` and the other builtins that only read it."""
    if isinstance(parent, cst.Subscript):
        index = all(isinstance(e.slice, cst.Index) for e in parent.slice)
        return parent.value is node and index and not isinstance(above, cst.Del)
    if isinstance(parent, (cst.For, cst.CompFor)):
        return parent.iter is node
    if type(parent) is cst.BinaryOperation and type(parent.operator) is cst.Add:
        return True  # ``xs + ys``: a new list of both's items (round 36BF), neither changed
    if isinstance(parent, cst.Arg):
        return (
            parent.value is node
            and not parent.star
            and isinstance(above, cst.Call)
            and _reader(above.func)
        )
    return False


def _reader(func: cst.BaseExpression) -> bool:
    """``zip``, ``map``, ``itertools.accumulate``: a callable that only reads its arguments."""
    if type(func) is cst.Name:
        return func.value in _READERS
    if type(func) is cst.Attribute and type(func.value) is cst.Name:
        return f"{func.value.value}.{func.attr.value}" in _MODULE_READERS
    return False


def _display_length(value: cst.BaseExpression, constants: Mapping[str, int]) -> int | None:
    if type(value) is cst.BinaryOperation and type(value.operator) is cst.Multiply:
        # ``[None] * n`` (or ``n * [None]``): the display's items, ``n`` times
        display, times = value.left, const_int(value.right, constants)
        if type(display) is not cst.List:
            display, times = value.right, const_int(value.left, constants)
        if type(display) is not cst.List or times is None or times < 0:
            return None
        once = _display_length(display, constants)
        return None if once is None else once * times
    if isinstance(value, (cst.List, cst.Tuple)):
        if any(isinstance(e, cst.StarredElement) for e in value.elements):
            return None
        return len(value.elements)
    if not isinstance(value, cst.ListComp):
        return None
    loop = value.for_in
    if loop.ifs or loop.inner_for_in is not None or loop.asynchronous is not None:
        return None
    walked = loop.iter
    if isinstance(walked, (cst.List, cst.Tuple)):
        return _display_length(walked, constants)
    if (
        isinstance(walked, cst.Call)
        and isinstance(walked.func, cst.Name)
        and walked.func.value == "range"
        and len(walked.args) == 1
        and not walked.args[0].star
    ):
        n = const_int(walked.args[0].value, constants)
        return n if n is not None and n >= 0 else None
    return None
