"""A method that only returns an expression of its fields and parameters, read at its call
as that expression (round 33H of issue 17).

``def __getitem__(self, i): return self.items[i % len(self.items)]`` and ``def current(self):
return self.slots[self.k]`` give back an item of a list field. A summary says what a method
returns for any receiver, and an item a parameter selects out of a field is no object it can
name, so ``ring[step].to_numpy()`` after ``K.scale(H.tiles(ring[step]), ...).submit()`` read
nothing the caller follows. The method's value is its one expression with ``self`` standing
for the receiver and each parameter for its argument, evaluated where the call is: exact when
the body is that one ``return`` (after a docstring), the expression is made of names of
``self`` and the parameters, attributes, items, ``len`` and arithmetic only (nothing else
runs), and each argument is such a plain value (evaluated where it is, once or more, it is the
same). Applied where the method certainly runs on the receiver (``dunders.certain_method``):
at ``obj.method(args)`` and at the sites Python calls ``__getitem__`` unwritten (``obj[k]``).
The expression is built once per call site, of nodes of its own shown at the site."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol, cast

import libcst as cst

from tilecheck.host.context import Context
from tilecheck.host.field_lengths import field_lengths
from tilecheck.host.model import Packed, Value
from tilecheck.host.property_reads import lowered_from
from tilecheck.syntax.constants import const_int
from tilecheck.syntax.nodes import path_of
from tilecheck.syntax.walk import children, descendants

if TYPE_CHECKING:
    from tilecheck.syntax.index import SyntaxIndex


class Analysis(Protocol):
    """What is used of the body's analysis (imports go one way)."""

    @property
    def ctx(self) -> Context: ...

    def ev(self, expr: cst.BaseExpression) -> Value: ...

    def stored(self, path: str) -> Value | None: ...


def method_value(
    an: Analysis,
    site: cst.CSTNode,
    cls: str | None,
    method: str,
    receiver: cst.BaseExpression | str,
    args: Sequence[cst.Arg],
) -> Value | None:
    """The value of ``method`` of ``cls``, which certainly runs on ``receiver`` (an
    expression, or the access path it is read by) at ``site``, where it is an accessor of an
    item (above); None otherwise (nothing evaluated then)."""
    found = an.ctx.definition_for(f"{cls}.{method}") if cls is not None else None
    shape = an.ctx.index.fact(found[0], accessor) if found is not None else None
    if shape is None:
        return None
    if isinstance(receiver, str):
        try:
            receiver = cst.parse_expression(receiver)
        except cst.ParserSyntaxError:
            return None
    module = an.ctx.module
    known = an.ctx.index.fact(module, field_lengths) if module is not None else {}
    fields = {field: n for (owner, field), n in known.items() if owner == cls}
    built = accessed(an.ctx.lowered, site, shape, receiver, args, an.ctx.constants, fields)
    if built is None:
        return None
    # ``len(xs)``, of a list of one known length here: that length (else not followed: an
    # index modulo an unknown length may name any item, the turns' items all one)
    lengths: dict[int, int] = {}
    for node in descendants(built):
        if type(node) is cst.Call:
            path = path_of(cst.ensure_type(node, cst.Call).args[0].value)
            held = an.stored(path) if path is not None else None
            if not isinstance(held, Packed) or held.repeated or held.keys is not None:
                return None
            lengths[id(node)] = len(held.items)
    if lengths:
        key = ("accessor", id(site), tuple(sorted(lengths.items())))
        if key not in an.ctx.lowered:
            measured = _visited(built, _Lengths(lengths, an.ctx.constants))
            an.ctx.lowered[key] = _shown_at(site, measured, receiver, args)
        built = cast(cst.BaseExpression, an.ctx.lowered[key])
    return an.ev(built)


_PLAIN = (
    cst.Name,
    cst.Attribute,
    cst.Subscript,
    cst.SubscriptElement,
    cst.Index,
    cst.BinaryOperation,
    cst.UnaryOperation,
    cst.Integer,
    cst.SimpleString,
)
_ARITHMETIC = (cst.Add, cst.Subtract, cst.Multiply, cst.Modulo, cst.FloorDivide)
Accessor = tuple[str, tuple[str, ...], cst.BaseExpression]  # self, parameters, the value


def accessor(index: SyntaxIndex, node: cst.CSTNode) -> Accessor | None:
    """What the method ``node`` is, if an accessor (above)."""
    fn = node
    if type(fn) is not cst.FunctionDef or fn.decorators or fn.asynchronous is not None:
        return None
    params = fn.params
    if params.posonly_params or params.kwonly_params or params.star_kwarg is not None:
        return None
    if isinstance(params.star_arg, cst.Param) or not params.params:
        return None
    if any(p.default is not None for p in params.params):
        return None
    names = tuple(p.name.value for p in params.params)
    body = fn.body
    if type(body) is not cst.IndentedBlock:
        return None
    statements = list(body.body)
    if len(statements) == 2 and _docstring(statements[0]):
        statements = statements[1:]
    if len(statements) != 1 or type(statements[0]) is not cst.SimpleStatementLine:
        return None
    line = statements[0].body
    if len(line) != 1 or type(line[0]) is not cst.Return or line[0].value is None:
        return None
    value = line[0].value
    if not any(type(n) is cst.Subscript for n in descendants(value)):
        return None  # (a field itself: the summary returns it)
    return (names[0], names[1:], value) if _plain(value, set(names), True) else None


def _docstring(stmt: cst.BaseStatement) -> bool:
    if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
        return False
    only = stmt.body[0]
    return type(only) is cst.Expr and type(only.value) is cst.SimpleString


def _plain(expr: cst.CSTNode, names: set[str], length: bool) -> bool:
    """Names of ``names`` (and ``len`` where ``length``), attributes, items, arithmetic."""
    stack: list[cst.CSTNode] = [expr]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is cst.Call and length:
            call = cst.ensure_type(node, cst.Call)
            if type(call.func) is not cst.Name or call.func.value != "len":
                return False
            if len(call.args) != 1 or call.args[0].keyword or call.args[0].star:
                return False
            stack.append(call.args[0].value)
            continue
        if kind not in _PLAIN:
            return False
        if kind is cst.Name and cst.ensure_type(node, cst.Name).value not in names:
            return False
        if kind is cst.Attribute:
            stack.append(cst.ensure_type(node, cst.Attribute).value)  # (not the attribute's name)
            continue
        if kind is cst.BinaryOperation:
            if type(cst.ensure_type(node, cst.BinaryOperation).operator) not in _ARITHMETIC:
                return False
        stack.extend(children(node))
    return True


def accessed(
    lowered: dict[object, cst.BaseExpression | None],
    site: cst.CSTNode,
    found: Accessor,
    receiver: cst.BaseExpression,
    args: Sequence[cst.Arg],
    constants: Mapping[str, int],
    fields: Mapping[str, int],
) -> cst.BaseExpression | None:
    """The expression the call at ``site`` on ``receiver`` with ``args`` stands for, built
    once per site (None: the call is no plain one, or an argument no plain value)."""
    key = ("accessor", id(site))
    if key in lowered:
        return lowered[key]
    me, params, value = found
    built: cst.BaseExpression | None = None
    plain = all(a.keyword is None and not a.star for a in args) and len(args) == len(params)
    if plain and all(_plain(a.value, _free(a.value), False) for a in args):
        given = {me: receiver, **{p: a.value for p, a in zip(params, args, strict=True)}}
        measured = _visited(value.deep_clone(), _FieldLengths(me, fields))
        built = _visited(_visited(measured, _Bind(given)), _Lengths({}, constants))
        built = _shown_at(site, built, receiver, args)
    lowered[key] = built
    return built


def _free(expr: cst.BaseExpression) -> set[str]:
    return {n.value for n in descendants(expr) if type(n) is cst.Name}


class _Bind(cst.CSTTransformer):
    """Each name of ``self`` or a parameter replaced by what the call gives it."""

    def __init__(self, given: dict[str, cst.BaseExpression]) -> None:
        super().__init__()
        self._given = given

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        return False  # (the attribute's own name is no variable: its value is bound below)

    def leave_Attribute(
        self, original_node: cst.Attribute, updated_node: cst.Attribute
    ) -> cst.BaseExpression:
        value = original_node.value.visit(self)
        assert isinstance(value, cst.BaseExpression)
        return updated_node.with_changes(value=value)

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.BaseExpression:
        return self._given.get(original_node.value, updated_node)


def _shown_at(
    site: cst.CSTNode,
    built: cst.BaseExpression,
    receiver: cst.BaseExpression,
    args: Sequence[cst.Arg],
) -> cst.BaseExpression:
    """``built``, its own nodes shown at ``site`` (the receiver's and the arguments' at their
    own places)."""
    kept = {id(n) for v in (receiver, *(a.value for a in args)) for n in descendants(v)}
    for node in descendants(built):
        if id(node) not in kept:
            lowered_from(site, node)
    return built


class _Lengths(cst.CSTTransformer):
    """Each ``len(xs)`` of a list of known length (by the call's id) written as that length,
    and each integer operation of known operands (``3 % 2``) as its value: an item by a
    constant index (``ring[3]``) is the one item."""

    def __init__(self, lengths: dict[int, int], constants: Mapping[str, int]) -> None:
        super().__init__()
        self._lengths = lengths
        self._constants = constants

    def leave_Call(self, original_node: cst.Call, updated_node: cst.Call) -> cst.BaseExpression:
        n = self._lengths.get(id(original_node))
        return updated_node if n is None else cst.Integer(str(n))

    def leave_BinaryOperation(
        self, original_node: cst.BinaryOperation, updated_node: cst.BinaryOperation
    ) -> cst.BaseExpression:
        n = const_int(updated_node, self._constants)
        if type(updated_node.operator) is cst.Modulo:  # (``const_int`` has no modulo)
            left = const_int(updated_node.left, self._constants)
            right = const_int(updated_node.right, self._constants)
            n = left % right if left is not None and right is not None and right > 0 else None
        return updated_node if n is None or n < 0 else cst.Integer(str(n))


class _FieldLengths(cst.CSTTransformer):
    """Each ``len(self.field)`` of a list field of a fixed length (``field_lengths``) written
    as that length."""

    def __init__(self, me: str, fields: Mapping[str, int]) -> None:
        super().__init__()
        self._me = me
        self._fields = fields

    def leave_Call(self, original_node: cst.Call, updated_node: cst.Call) -> cst.BaseExpression:
        arg = original_node.args[0].value if len(original_node.args) == 1 else None
        if type(original_node.func) is not cst.Name or original_node.func.value != "len":
            return updated_node
        if type(arg) is not cst.Attribute or type(arg.value) is not cst.Name:
            return updated_node
        n = self._fields.get(arg.attr.value) if arg.value.value == self._me else None
        return updated_node if n is None else cst.Integer(str(n))


def _visited(expr: cst.BaseExpression, transformer: cst.CSTTransformer) -> cst.BaseExpression:
    out = expr.visit(transformer)
    assert isinstance(out, cst.BaseExpression)
    return out
