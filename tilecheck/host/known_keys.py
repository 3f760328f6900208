"""Containers whose keys are known from the syntax, and the keys a loop walks. A name bound once
in a scope to a display of constants (``("loss", "acc")``, ``{"a", "b"}``) and only read there
(tested with ``in``, walked, measured) holds those constants; a dict bound once to a display
with constant keys, or to a comprehension keyed by its own target over known keys
(``{n: ... for n, t in bufs.items()}``), has those keys while no use can change them; a list
comprehension over known keys has one position per key. ``for k in C`` / ``for k, v in
d.items()`` / ``for i in range(3)`` walks the keys of what it walks. Anything else is unknown
(None): nothing is guessed. One walk of the scope answers every question (``ScopeNames``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import libcst as cst

from tilecheck.host.filtered_keys import filtered_keys
from tilecheck.syntax.constants import const_int, string_value
from tilecheck.syntax.nodes import target_names
from tilecheck.syntax.walk import children, descendants

Key = str | int
Use = tuple[cst.Name, cst.CSTNode | None, cst.CSTNode | None]  # a name, its parent, grandparent

# Builtins that read a container without changing it, when given it as an argument.
_READERS = frozenset(
    {"len", "sorted", "print", "list", "tuple", "set", "sum", "min", "max", "enumerate", "reversed"}
    | {"zip"}
)
# Builtins whose walk takes the keys (or items) of their one argument, in some order.
_SAME_KEYS = frozenset({"sorted", "list", "tuple", "reversed"})
_SAME_LENGTH = _SAME_KEYS | {"enumerate"}
# Methods of a dict that read it without changing it.
_DICT_READS = frozenset({"items", "keys", "values", "get"})
MOST = 64  # more keys than this are not listed


class ScopeNames:
    """Every mention of every name in one scope (nested scopes included), with its parent and
    grandparent, and the places that bind it: walked once."""

    def __init__(
        self,
        scope: cst.CSTNode,
        outer: Callable[[], ScopeNames | None] | None = None,
        numbers: Mapping[str, int] | None = None,
    ) -> None:
        # the module's names, asked for a name this scope reads but never binds
        self._outer = outer
        self.scope = scope
        # the scope's integer constants (``HEADS = 4``), for the bounds of a ``range``
        self.numbers: Mapping[str, int] = numbers or {}
        # a target of an assignment -> the assignment (``d[k] = ...`` stores, round 37K)
        self.assigned: dict[int, cst.Assign] = {}
        # facts derived from these names once (``tilecheck.host.param_keys``, round 38K)
        self.memo: dict[object, object] = {}
        self.uses: dict[str, list[Use]] = {}
        self.binds: dict[str, list[cst.CSTNode]] = {}  # a name -> what binds it there
        self.loops: list[cst.For | cst.CompFor] = []
        # a list comprehension subscripted where it is made (``[...][-1]``), as a use
        self.indexed: list[tuple[cst.ListComp, cst.Subscript, cst.CSTNode | None]] = []
        # a name read -> the innermost loop around it whose target binds that name
        self.walker: dict[int, cst.For | cst.CompFor] = {}
        targets: dict[int, cst.CSTNode] = {}  # a name in a loop's target tuple -> the loop
        Env = dict[str, cst.For | cst.CompFor]
        stack: list[tuple[cst.CSTNode, cst.CSTNode | None, cst.CSTNode | None, Env]]
        stack = [(scope, None, None, {})]
        while stack:
            node, parent, above, env = stack.pop()
            inner = env
            if type(node) is cst.Name:
                if type(parent) is cst.Attribute and parent.attr is node:
                    continue
                binder = targets.get(id(node)) or _binder(node, parent, above)
                if binder is not None:
                    self.binds.setdefault(node.value, []).append(binder)
                else:
                    self.uses.setdefault(node.value, []).append((node, parent, above))
                    if node.value in env:
                        self.walker[id(node)] = env[node.value]
            elif type(node) in (cst.For, cst.CompFor):
                self.loops.append(node)  # type: ignore[arg-type]
                target = node.target  # type: ignore[attr-defined]
                if type(target) is cst.Tuple:  # met before its names (walked in pre-order)
                    for element in target.elements:
                        if type(element.value) is cst.Name:
                            targets[id(element.value)] = node
            elif type(node) in (cst.ListComp, cst.DictComp, cst.SetComp, cst.GeneratorExp):
                inner = {**env, **_comprehension_targets(node.for_in)}  # type: ignore[attr-defined]
                if type(parent) is cst.Subscript and parent.value is node:
                    self.indexed.append((node, parent, above))  # type: ignore[arg-type]
            elif type(node) is cst.Assign:
                for place in node.targets:
                    self.assigned[id(place)] = node
            for child in children(node):
                scoped = inner
                if type(node) is cst.For and child is node.body:
                    scoped = {**env, **{n: node for n in target_names(node.target)}}
                stack.append((child, node, parent, scoped))

    def given(self, name: str, kind: str) -> list[Key] | None:
        """What every call of the scope's function gives its parameter ``name`` (its keys, its
        walk, its length: ``kind``): unknown here (``tilecheck.host.param_keys``, round 38K)."""
        return None

    def module_names(self) -> ScopeNames | None:
        """The module's names (this scope's own at module level)."""
        return self if self._outer is None else self._outer()

    def _free(self, name: str) -> ScopeNames | None:
        """The module's names where ``name`` is free here (bound by this scope nowhere): a
        module's display of constants or dict of known keys, read in a function."""
        if self._outer is None or name in self.binds:
            return None
        return self._outer()

    def bound_once(self, name: str) -> cst.BaseExpression | None:
        """The value ``name`` is bound to, where one plain assignment is its only binding."""
        binders = self.binds.get(name, [])
        if len(binders) != 1:
            return None
        binder = binders[0]
        if type(binder) is cst.Assign and len(binder.targets) == 1:
            return binder.value
        if type(binder) is cst.AnnAssign:
            return binder.value
        return None

    def read_only(self, name: str) -> bool:
        """Every use of ``name`` here reads it and cannot change its keys (``dict_read``)."""
        return all(dict_read(u) for u in self.uses.get(name, ()))

    def shown(self, name: str) -> cst.BaseExpression | None:
        """The value ``name`` is bound to once (here, or in the module where it is free here)
        where every use only reads it (round 38A: a loop's items the source shows)."""
        free = self._free(name)
        if free is not None:
            return free.shown(name)
        value = self.bound_once(name)
        if value is None or not all(_read(u) for u in self.uses.get(name, ())):
            return None
        return value

    def constants(self, expr: cst.BaseExpression) -> list[Key] | None:
        """The constants a display of constants holds, or a name bound once to one and only
        read (never changed, never given away)."""
        if type(expr) is cst.Name:
            free = self._free(expr.value)
            if free is not None:
                return free.constants(expr)
            value = self.bound_once(expr.value)
            if not all(_read(u) for u in self.uses.get(expr.value, ())):
                return None
            if value is None:  # a parameter: what every call gives it (round 38K)
                return self.given(expr.value, "walked")
            shown = _display(value)
            return shown if shown is not None else filtered_keys(self, value)
        return _display(expr)

    def keys(self, name: str) -> list[Key] | None:
        """The keys of the container ``name`` (positions, for a list comprehension), where it
        is bound once and no use can change them."""
        free = self._free(name)
        if free is not None:
            return free.keys(name)
        value = self.bound_once(name)
        uses = self.uses.get(name, ())
        if not all(dict_read(u) for u in uses if not _cleared(u)):
            return None
        if any(_cleared(u) for u in uses) and (value is None or not self._cleared_last(name, uses)):
            return None
        if value is None:  # a parameter: what every call gives it (round 38K)
            return self.given(name, "keys")
        return self.made_keys(value)

    def _cleared_last(self, name: str, uses: Sequence[Use]) -> bool:
        """``d.clear()`` (round 21J) is one statement of the scope's own body that comes after
        every other use of ``d`` (none in a nested function, lambda or class): no walk can
        run once it has emptied ``d``, so the keys are those every walk sees."""
        body = _body(self.scope)
        clears = [u[2] for u in uses if _cleared(u)]
        at = [i for i, s in enumerate(body) if _statement_call(s) in clears]
        if len(clears) != 1 or len(at) != 1:
            return False
        for stmt in body[at[0] + 1 :]:
            if any(type(n) is cst.Name and n.value == name for n in descendants(stmt)):
                return False
        nested = (cst.FunctionDef, cst.Lambda, cst.ClassDef)
        for stmt in body[: at[0]]:
            for node in descendants(stmt):
                if type(node) in nested and any(
                    type(n) is cst.Name and n.value == name for n in descendants(node)
                ):
                    return False
        return True

    def made_keys(self, value: cst.BaseExpression) -> list[Key] | None:
        """The keys of the container ``value`` makes: a dict display with constant keys, a
        comprehension keyed by its own target (a list's positions) over known keys."""
        if type(value) is cst.Dict:
            keys = [constant(e.key) for e in value.elements if type(e) is cst.DictElement]
            if len(keys) != len(value.elements) or any(k is None for k in keys):
                return None
            return [k for k in keys if k is not None]
        if type(value) is cst.List or type(value) is cst.Tuple:  # positions (round 31E)
            elements = value.elements
            starred = any(type(e) is not cst.Element for e in elements)
            return None if starred or not elements else list(range(len(elements)))
        if type(value) in (cst.DictComp, cst.ListComp):
            comp = value.for_in  # type: ignore[attr-defined]
            if type(value) is cst.ListComp and (comp.ifs or comp.inner_for_in is not None):
                kept = filtered_keys(self, value)  # (round 39K: its positions)
                return None if kept is None else list(range(len(kept)))
            if comp.ifs or comp.inner_for_in is not None or comp.asynchronous is not None:
                return None
            walked = self.walked(comp)
            if type(value) is cst.ListComp:  # positions: only the length counts
                count = len(walked) if walked is not None else self.length(comp.iter)
                return None if count is None else list(range(count))
            if walked is None:
                return None
            key = walked_key(comp.target)
            if type(value.key) is not cst.Name or key is None or value.key.value != key:  # type: ignore[attr-defined]
                return None
            return walked
        return None

    def walked(self, loop: cst.For | cst.CompFor) -> list[Key] | None:
        """The keys a loop's target takes, in order: the constants of a display, the values of
        ``range`` of integers, the keys of a known container (walked itself, by ``.items()`` or
        by ``.keys()``)."""
        return self.walked_iter(loop.iter)

    def walked_iter(self, walked: cst.BaseExpression) -> list[Key] | None:
        """The keys a walk of ``walked`` takes (``walked``), also through ``sorted``/``list``/
        ``tuple``/``reversed`` (the same keys) and ``enumerate`` (the positions)."""
        if type(walked) is cst.Call and not any(a.keyword or a.star for a in walked.args):
            func = walked.func
            if type(func) is cst.Name and func.value in _SAME_KEYS and len(walked.args) == 1:
                return self.walked_iter(walked.args[0].value)
            if type(func) is cst.Name and func.value == "enumerate" and len(walked.args) == 1:
                count = self.length(walked.args[0].value)
                return None if count is None else list(range(count))
            if type(func) is cst.Name and func.value == "range" and 1 <= len(walked.args) <= 3:
                bounds = [self.number(a.value) for a in walked.args]
                if any(b is None for b in bounds):
                    return None
                values = range(*(b for b in bounds if b is not None))
                return list(values) if len(values) <= MOST else None
            if (
                type(func) is cst.Attribute
                and func.attr.value in ("items", "keys")
                and type(func.value) is cst.Name
                and not walked.args
            ):
                return self.keys(func.value.value)
            return filtered_keys(self, walked)  # ``list(filter(...))`` (round 39K)
        if type(walked) is cst.Name:
            free = self._free(walked.value)
            return (free or self)._walked_name(walked)
        if type(walked) is cst.ListComp or type(walked) is cst.GeneratorExp:
            return filtered_keys(self, walked)  # (round 39K)
        return self.constants(walked)

    def number(self, expr: cst.BaseExpression) -> int | None:
        """An integer the syntax shows (round 37K): literals, the scope's constants, ``len``
        of a container of known length, and sums and differences of those (``HEADS - 1``,
        ``len(LAYERS) - 1``)."""
        if type(expr) is cst.Call and type(expr.func) is cst.Name and expr.func.value == "len":
            args = expr.args
            plain = len(args) == 1 and not args[0].keyword and not args[0].star
            return self.length(args[0].value) if plain else None
        if type(expr) is cst.BinaryOperation and type(expr.operator) in (cst.Add, cst.Subtract):
            left, right = self.number(expr.left), self.number(expr.right)
            if left is None or right is None:
                return None
            return left + right if type(expr.operator) is cst.Add else left - right
        return const_int(expr, self.numbers)

    def length(self, expr: cst.BaseExpression) -> int | None:
        """How many items ``expr`` holds: a display without ``*``, or a name bound once to
        one (or to a container of known keys) that no use can change."""
        if type(expr) is cst.Call and type(expr.func) is cst.Name and len(expr.args) == 1:
            if expr.func.value in _SAME_LENGTH and not expr.args[0].keyword:
                return self.length(expr.args[0].value)  # ``enumerate(bufs)``
            return None
        if type(expr) is cst.Call and type(expr.func) is cst.Name and expr.func.value == "zip":
            if not expr.args or any(a.keyword or a.star for a in expr.args):
                return None
            counts = [self.length(a.value) for a in expr.args]  # the shortest (round 38K)
            return None if None in counts else min(c for c in counts if c is not None)
        if type(expr) is cst.Name:
            free = self._free(expr.value)
            if free is not None:
                return free.length(expr)
            value = self.bound_once(expr.value)
            if value is None:  # a parameter: what every call gives it (round 38K)
                if not all(dict_read(u) for u in self.uses.get(expr.value, ())):
                    return None
                given = self.given(expr.value, "length")
                return None if given is None else len(given)
            if type(value) in (cst.Dict, cst.DictComp, cst.ListComp):
                keys = self.keys(expr.value)
                return None if keys is None else len(keys)
            if not all(dict_read(u) for u in self.uses.get(expr.value, ())):
                return None
            expr = value
        if type(expr) in (cst.List, cst.Tuple):
            elements = expr.elements  # type: ignore[attr-defined]
            if any(type(e) is not cst.Element for e in elements) or len(elements) > MOST:
                return None
            return len(elements)
        kept = filtered_keys(self, expr)  # ``list(filter(...))`` (round 39K)
        return None if kept is None else len(kept)

    def _walked_name(self, walked: cst.Name) -> list[Key] | None:
        if self.binds.get(walked.value):
            bound = self.bound_once(walked.value)
            if type(bound) in (cst.Dict, cst.DictComp):
                return self.keys(walked.value)
            if bound is None:  # a parameter: what every call gives it (round 38K)
                if not all(dict_read(u) for u in self.uses.get(walked.value, ())):
                    return None
                return self.given(walked.value, "walked")
        return self.constants(walked)


def walked_key(target: cst.BaseExpression) -> str | None:
    """The name a loop's target binds to the key: the target itself, or the first name of a
    ``key, value`` pair."""
    if type(target) is cst.Name:
        return target.value
    if type(target) is cst.Tuple and target.elements:
        first = target.elements[0].value
        return first.value if type(first) is cst.Name else None
    return None


def constant(expr: cst.BaseExpression | None) -> Key | None:
    """A string or integer constant's value."""
    if type(expr) is cst.SimpleString:
        value = string_value(expr)
        return value if isinstance(value, str) else None
    if type(expr) in (cst.Integer, cst.UnaryOperation):
        return const_int(expr)  # type: ignore[arg-type]
    return None


def _display(value: cst.BaseExpression | None) -> list[Key] | None:
    if type(value) not in (cst.Tuple, cst.List, cst.Set):
        return None
    elements = value.elements  # type: ignore[union-attr]
    keys = [constant(e.value) if type(e) is cst.Element else None for e in elements]
    if any(k is None for k in keys) or len(keys) > MOST:
        return None
    return [k for k in keys if k is not None]


def _binder(
    name: cst.Name, parent: cst.CSTNode | None, above: cst.CSTNode | None
) -> cst.CSTNode | None:
    """What binds ``name`` here (an assignment, a loop, a parameter, an ``as``...), or None
    where it is read. A name inside a target tuple or list binds through it (counted
    generously: any element of any tuple whose parent is a target)."""
    if type(parent) is cst.AssignTarget:
        return above
    if type(parent) in (cst.AnnAssign, cst.AugAssign, cst.NamedExpr, cst.For, cst.CompFor):
        return parent if parent.target is name else None  # type: ignore[union-attr]
    if type(parent) in (cst.Param, cst.AsName, cst.NameItem, cst.StarredElement):
        return parent
    if type(parent) is cst.Element and type(above) in (cst.Tuple, cst.List):
        return parent  # maybe a target: generous (a display naming it also counts)
    return None


def _cleared(use: Use) -> bool:
    """``d.clear()`` with no arguments."""
    name, parent, above = use
    return (
        type(parent) is cst.Attribute
        and parent.value is name
        and parent.attr.value == "clear"
        and type(above) is cst.Call
        and above.func is parent
        and not above.args
    )


def _body(scope: cst.CSTNode) -> Sequence[cst.BaseStatement]:
    """The scope's own statements: a module's, or a function's indented body."""
    if type(scope) is cst.Module:
        return scope.body
    block = getattr(scope, "body", None)
    return block.body if type(block) is cst.IndentedBlock else ()


def _statement_call(stmt: cst.BaseStatement) -> cst.CSTNode | None:
    """The call a one-expression statement line is."""
    if type(stmt) is cst.SimpleStatementLine and len(stmt.body) == 1:
        expr = stmt.body[0]
        return expr.value if type(expr) is cst.Expr else None
    return None


def _read(use: Use) -> bool:
    """A use that reads a container of constants and cannot change it."""
    name, parent, above = use
    if type(parent) is cst.ComparisonTarget and type(parent.operator) in (cst.In, cst.NotIn):
        return parent.comparator is name
    if type(parent) in (cst.For, cst.CompFor):
        return parent.iter is name  # type: ignore[union-attr]
    return _given_to_reader(parent, above)


def dict_read(use: Use) -> bool:
    """A use that reads a container and cannot change its keys: an item read (``d[k]``, also
    ``d[k].sync()``), a reading method, a walk, a reader builtin."""
    name, parent, above = use
    if type(parent) is cst.Subscript and parent.value is name:
        return type(above) not in (cst.AssignTarget, cst.Del, cst.AugAssign)
    if type(parent) is cst.Attribute and parent.value is name:
        return parent.attr.value in _DICT_READS and type(above) is cst.Call
    if type(parent) in (cst.For, cst.CompFor):
        return parent.iter is name  # type: ignore[union-attr]
    if type(parent) is cst.ComparisonTarget and type(parent.operator) in (cst.In, cst.NotIn):
        return parent.comparator is name
    return _given_to_reader(parent, above)


def _given_to_reader(parent: cst.CSTNode | None, above: cst.CSTNode | None) -> bool:
    return (
        type(parent) is cst.Arg
        and type(above) is cst.Call
        and type(above.func) is cst.Name
        and above.func.value in _READERS
    )


def _comprehension_targets(comp: cst.CompFor | None) -> dict[str, cst.CompFor]:
    out: dict[str, cst.CompFor] = {}
    while comp is not None:
        out.update({n: comp for n in target_names(comp.target)})
        comp = comp.inner_for_in
    return out
