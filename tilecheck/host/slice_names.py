"""Slices held in names: ``ch = slice(start, start + C)`` then ``y[ch]`` is ``y[start : start +
C]``, ``idx = (slice(None), slice(0, 64))`` then ``g[idx]`` is ``g[:, 0:64]``, and ``y[block(i)]``
of a function of the module that returns ``slice(i * B, (i + 1) * B)`` is ``y[i * B : (i + 1) *
B]``. Read as an integer index, ``y[ch]`` would be one part whatever the bounds, the same part in
every turn of a loop (a false conflict between turns) and never known to meet another.

The part is the slice's as written where it is bound, so it stands only while no name its bounds
read is bound again (``start`` of the next turn, ``lo += 64``): a binding is a fact of the path
(``defs``, under ``slice_key``), dropped when its name or a name its bounds read is bound, and
lost where two paths bound it differently. Bounds are what an index may be (integers, names and
arithmetic of them): anything else (an attribute, a call) keeps the name unknown, as before."""

from __future__ import annotations

from collections.abc import Mapping

import libcst as cst

from tilecheck.host.cleared_windows import ClearedWindows
from tilecheck.host.indices import At
from tilecheck.host.model import Value

# A part bound to a name: the index elements it stands for, and the names its bounds read.
Made = tuple[tuple[cst.SubscriptElement, ...], frozenset[str]]


class SliceNames(ClearedWindows):
    __slots__ = ("_slice_made", "_slice_reads", "_slice_uses")

    def __init__(self, ctx: object) -> None:
        ClearedWindows.__init__(self, ctx)
        self._slice_made: dict[str, tuple[cst.SubscriptElement, ...]] = {}  # by binding's key
        self._slice_reads: dict[str, set[str]] = {}  # a name -> the slice names it bounds
        # (a subscript's id, the binding's key) -> the subscript with the slice put in: one
        # node for every visit of the solver
        self._slice_uses: dict[tuple[int, str], cst.Subscript] = {}

    def define(
        self, target: cst.BaseExpression, value: cst.BaseExpression, beside: str | None = None
    ) -> None:
        ClearedWindows.define(self, target, value, beside)
        if type(target) is not cst.Name or not _may_slice(value):
            return
        name = target.value
        made = self._slice_value(value)
        if made is None or name in made[1] or name in self.ctx.rebindable:
            return
        elements, reads = made
        if reads & self.ctx.rebindable:
            return
        key = str(id(value))
        self._slice_made[key] = elements
        for read in reads:
            self._slice_reads.setdefault(read, set()).add(name)
        self.set_def(slice_key(name), At(key))

    def bind_name(self, name: str, value: Value) -> None:
        if self.defs:
            self.set_def(slice_key(name), None)
            for bound in self._slice_reads.get(name, ()):
                self.set_def(slice_key(bound), None)
        ClearedWindows.bind_name(self, name, value)

    def sliced(self, expr: cst.Subscript) -> cst.Subscript:
        """``expr`` with each index that is a name bound to a slice (or a tuple of them, as the
        only index), or a call of a function returning one, written as that slice."""
        elements: list[cst.SubscriptElement] = []
        keys: list[str] = []
        for element in expr.slice:
            index = element.slice
            value = index.value if type(index) is cst.Index else None
            found = self._index_slice(value) if value is not None else None
            if found is None or (len(found[1]) > 1 and len(expr.slice) > 1):
                elements.append(element)
                continue
            keys.append(found[0])
            elements.extend(found[1])
        if not keys:
            return expr
        use = (id(expr), "/".join(keys))
        made = self._slice_uses.get(use)
        if made is None:
            made = self._slice_uses[use] = expr.with_changes(slice=elements)
        return made

    def _index_slice(
        self, value: cst.BaseExpression
    ) -> tuple[str, tuple[cst.SubscriptElement, ...]] | None:
        if type(value) is cst.Name:
            if not self.defs:
                return None
            bound = self.defs.get(slice_key(value.value))
            if not isinstance(bound, At) or not isinstance(bound.key, str):
                return None
            elements = self._slice_made.get(bound.key)
            return None if elements is None else (bound.key, elements)
        if type(value) is cst.Call and type(value.func) is cst.Name:
            made = self._returned_slice(value)
            return None if made is None else (str(id(value)), made[0])
        return None

    def _slice_value(self, value: cst.BaseExpression) -> Made | None:
        """What ``value`` bound to a name stands for as an index: a ``slice(...)`` call, a
        tuple of those and of integer indices, or a call of a function returning a slice."""
        if type(value) is cst.Tuple:
            elements: list[cst.SubscriptElement] = []
            reads: frozenset[str] = frozenset()
            for item in value.elements:
                if type(item) is not cst.Element:
                    return None
                made = self._slice_value(item.value) if type(item.value) is cst.Call else None
                if made is None and _bound(item.value):
                    made = ((cst.SubscriptElement(cst.Index(item.value)),), _names(item.value))
                if made is None or len(made[0]) != 1:
                    return None
                elements.extend(made[0])
                reads |= made[1]
            return (tuple(elements), reads) if elements else None
        if type(value) is not cst.Call:
            return None
        own = self._slice_call(value)
        return own if own is not None else self._returned_slice(value)

    def _slice_call(self, call: cst.Call) -> Made | None:
        """``slice(stop)``, ``slice(start, stop[, step])`` of the built-in, bounds made of
        integers, names and arithmetic (``None`` for an open end)."""
        if type(call.func) is not cst.Name or call.func.value != "slice":
            return None
        if self.ctx.callee(call.func).canonical != "builtins.slice":
            return None
        args = call.args
        if not 1 <= len(args) <= 3 or any(a.keyword or a.star for a in args):
            return None
        given = [_open(a.value) for a in args]
        if any(g is not None and not _bound(g) for g in given):
            return None
        if len(given) == 1:
            given = [None, given[0]]
        step = given[2] if len(given) == 3 else None
        made = cst.Slice(lower=given[0], upper=given[1], step=step)
        reads = frozenset().union(*(_names(g) for g in given if g is not None))
        return (cst.SubscriptElement(made),), reads

    def _returned_slice(self, call: cst.Call) -> Made | None:
        """``block(i)`` of a plain function of the module whose body returns ``slice(...)`` of
        its parameters: that slice with the arguments in their place."""
        if type(call.func) is not cst.Name or any(a.keyword or a.star for a in call.args):
            return None
        found = self.ctx.function_for(call.func.value)
        fn = found[0] if found is not None else None
        returned = _only_return(fn) if fn is not None else None
        if fn is None or type(returned) is not cst.Call:
            return None
        params = fn.params
        star = isinstance(params.star_arg, (cst.Param, cst.ParamStar))
        if params.posonly_params or params.kwonly_params or star or params.star_kwarg:
            return None
        names = [p.name.value for p in params.params]
        if len(names) != len(call.args) or any(p.default is not None for p in params.params):
            return None
        given = {n: a.value for n, a in zip(names, call.args, strict=True)}
        if not all(_bound(v) for v in given.values()):
            return None
        own = self._slice_call(returned)
        if own is None or own[1] - set(names) - self.ctx.constants.keys():
            return None  # (a global read by the bounds, not a constant: rebound unseen)
        (element,) = own[0]
        index = element.slice
        assert isinstance(index, cst.Slice)
        put = cst.Slice(
            lower=_put(index.lower, given),
            upper=_put(index.upper, given),
            step=_put(index.step, given),
        )
        reads = frozenset().union(*(_names(v) for v in given.values()))
        return (cst.SubscriptElement(put),), reads


def slice_key(name: str) -> str:
    """The ``defs`` entry of the slice ``name`` is bound to (never a name)."""
    return f"slice>({name})"


def _may_slice(value: cst.BaseExpression) -> bool:
    """A cheap look before any other: a call or a tuple."""
    return type(value) is cst.Call or type(value) is cst.Tuple


def _only_return(fn: cst.FunctionDef) -> cst.BaseExpression | None:
    """The value of a body that is one ``return`` (a docstring before it aside)."""
    body = fn.body.body
    if fn.asynchronous is not None or fn.decorators:
        return None
    statements = [
        s
        for s in body
        if not (
            type(s) is cst.SimpleStatementLine
            and len(s.body) == 1
            and type(s.body[0]) is cst.Expr
            and isinstance(s.body[0].value, (cst.SimpleString, cst.ConcatenatedString))
        )
    ]
    if len(statements) != 1 or type(statements[0]) is not cst.SimpleStatementLine:
        return None
    (only,) = statements[0].body if len(statements[0].body) == 1 else (None,)
    return only.value if type(only) is cst.Return else None


def _open(expr: cst.BaseExpression) -> cst.BaseExpression | None:
    """None for ``None`` (an open end), else the expression."""
    return None if type(expr) is cst.Name and expr.value == "None" else expr


def _bound(expr: cst.BaseExpression) -> bool:
    """An integer, a name, or arithmetic of those: what a slice's bound is read as."""
    if type(expr) is cst.Integer:
        return True
    if type(expr) is cst.Name:
        return expr.value not in ("None", "True", "False")
    if type(expr) is cst.UnaryOperation:
        return _bound(expr.expression)
    if type(expr) is cst.BinaryOperation:
        return _bound(expr.left) and _bound(expr.right)
    return False


def _names(expr: cst.BaseExpression) -> frozenset[str]:
    if type(expr) is cst.Name:
        return frozenset({expr.value})
    if type(expr) is cst.UnaryOperation:
        return _names(expr.expression)
    if type(expr) is cst.BinaryOperation:
        return _names(expr.left) | _names(expr.right)
    return frozenset()


def _put(
    expr: cst.BaseExpression | None, given: Mapping[str, cst.BaseExpression]
) -> cst.BaseExpression | None:
    """``expr`` (integers, names, arithmetic) with each parameter's name replaced by its
    argument (kept whole: the tree holds the order of operations)."""
    if expr is None:
        return None
    if type(expr) is cst.Name:
        return given.get(expr.value, expr)
    if type(expr) is cst.UnaryOperation:
        inner = _put(expr.expression, given)
        assert inner is not None
        return expr.with_changes(expression=inner)
    if type(expr) is cst.BinaryOperation:
        left, right = _put(expr.left, given), _put(expr.right, given)
        assert left is not None and right is not None
        return expr.with_changes(left=left, right=right)
    return expr
