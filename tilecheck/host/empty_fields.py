"""Instance fields that are empty wherever a method reads them (round 33D of issue 17).

``self.history: list[int] = []`` in ``__init__`` of a class whose code only ever tests it
(``if self.history:``, ``len(self.history)``), empties it (``.clear()``) or walks it is an
empty list in every other method of the class: ``if self.history: self.reset_op.sync()``
never runs the op it guards, so the op made in ``__init__`` is never run (TC105), as at run
time. A method's test of such a field is decided false for the CFG (``bound_once.Tests``),
as a module's ``DEBUG = False`` flag is.

Taken only where nothing can fill the field: the class has no base and no decorator, no other
class of the module names it as a base, ``__init__`` binds the field once, at its top level,
to ``[]``, ``{}``, ``list()``, ``dict()`` or ``set()``, and every other mention of the
attribute's name anywhere in the module is ``self.<field>`` in a method of that class, read in
one of those ways only (no alias, no argument, no append, no store); a module that calls
``setattr`` or ``vars`` or reads ``__dict__`` has none."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import libcst as cst

from tilecheck.syntax.walk import descendants

_EMPTY_CALLS = frozenset({"list", "dict", "set"})
_KEEPING_EMPTY = frozenset({"clear", "copy"})  # methods that leave it empty
_DYNAMIC = frozenset({"setattr", "vars", "__dict__", "__setattr__"})


def empty_fields(module: cst.Module) -> Mapping[int, frozenset[str]]:
    """The ids of the methods (not ``__init__``) of the module's classes, each with the
    fields of ``self`` that are empty wherever it runs."""
    nodes = list(descendants(module))  # walked once for every field's question
    classes = [n for n in nodes if type(n) is cst.ClassDef]
    if not classes or any(dynamic(n) for n in nodes):
        return {}
    based = {b.value.value for c in classes for b in c.bases if type(b.value) is cst.Name}
    out: dict[int, frozenset[str]] = {}
    for cls in classes:
        if cls.bases or cls.keywords or cls.decorators or cls.name.value in based:
            continue
        methods = [s for s in cls.body.body if type(s) is cst.FunctionDef]
        init = next((m for m in methods if m.name.value == "__init__"), None)
        if init is None or init.decorators:
            continue
        candidates = _initialised_empty(init)
        if not candidates:
            continue
        others = [m for m in methods if m is not init and self_name(m) is not None]
        fields = frozenset(f for f in candidates if _only_read(nodes, init, others, f))
        if fields:
            for method in others:
                out[id(method)] = fields
    return out


def self_name(fn: cst.FunctionDef) -> str | None:
    """The name a method's first parameter binds (its instance), if plain."""
    if fn.decorators:
        return None  # (a ``staticmethod`` or ``classmethod``: no instance)
    params = [*fn.params.posonly_params, *fn.params.params]
    return params[0].name.value if params else None


def dynamic(node: cst.CSTNode, names: frozenset[str] = _DYNAMIC) -> bool:
    """``node`` names one of ``names`` (a way to reach an object's fields by name)."""
    return (type(node) is cst.Name and node.value in names) or (
        type(node) is cst.Attribute and node.attr.value in names
    )


def _initialised_empty(init: cst.FunctionDef) -> set[str]:
    """The fields ``__init__`` binds once at its top level to an empty container."""
    me = self_name(init)
    found: set[str] = set()
    if me is None or type(init.body) is not cst.IndentedBlock:
        return found
    for stmt in init.body.body:
        if type(stmt) is not cst.SimpleStatementLine:
            continue
        for small in stmt.body:
            target: cst.BaseExpression | None = None
            value: cst.BaseExpression | None = None
            if type(small) is cst.Assign and len(small.targets) == 1:
                target, value = small.targets[0].target, small.value
            elif type(small) is cst.AnnAssign:
                target, value = small.target, small.value
            if (
                type(target) is cst.Attribute
                and type(target.value) is cst.Name
                and target.value.value == me
                and value is not None
                and _empty(value)
            ):
                found.add(target.attr.value)
    return found


def _empty(value: cst.BaseExpression) -> bool:
    if type(value) is cst.List or type(value) is cst.Dict:
        return not value.elements
    return (
        type(value) is cst.Call
        and not value.args
        and type(value.func) is cst.Name
        and value.func.value in _EMPTY_CALLS
    )


def _only_read(
    nodes: Sequence[cst.CSTNode], init: cst.FunctionDef, methods: list[cst.FunctionDef], field: str
) -> bool:
    """Every mention of ``.field`` in the module is its one binding in ``__init__`` or a read
    of ``self.field`` in one of the class's methods that leaves it empty."""
    allowed: set[int] = set()
    for method in [init, *methods]:
        me = self_name(method)
        for node in descendants(method):
            allowed |= _reading(node, field, me)
    mentions = sum(1 for n in nodes if type(n) is cst.Attribute and n.attr.value == field)
    return _bindings(init, field) == 1 and mentions == len(allowed) + 1


def _bindings(init: cst.FunctionDef, field: str) -> int:
    count = 0
    for node in descendants(init):
        if type(node) is cst.AssignTarget or type(node) is cst.AnnAssign:
            target = node.target
            if type(target) is cst.Attribute and target.attr.value == field:
                count += 1
    return count


def _reading(node: cst.CSTNode, field: str, me: str | None) -> set[int]:
    """The ids of ``self.field`` nodes that ``node`` reads leaving the field empty: an
    ``if``/``while`` test of it (or its ``not``, or ``len`` of it compared), ``len(...)``,
    ``.clear()``, a ``for`` over it."""
    out: set[int] = set()

    def mine(expr: cst.BaseExpression) -> bool:
        return (
            type(expr) is cst.Attribute
            and expr.attr.value == field
            and type(expr.value) is cst.Name
            and expr.value.value == me
        )

    kind = type(node)
    if kind is cst.If or kind is cst.While:
        test = node.test  # type: ignore[attr-defined]
        while type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
            test = test.expression
        if mine(test):
            out.add(id(test))
    elif kind is cst.Call:
        func = node.func  # type: ignore[attr-defined]
        args = node.args  # type: ignore[attr-defined]
        if type(func) is cst.Name and func.value == "len" and len(args) == 1:
            if mine(args[0].value):
                out.add(id(args[0].value))
        elif type(func) is cst.Attribute and func.attr.value in _KEEPING_EMPTY and mine(func.value):
            out.add(id(func.value))
    elif kind is cst.For and mine(node.iter):  # type: ignore[attr-defined]
        out.add(id(node.iter))  # type: ignore[attr-defined]
    return out
