"""Methods Python runs at an operator, a formatting or an attribute store, on a receiver read by
its access path (issue 17, round 28I). One table maps each site to the methods it tries in
order; the receiver's class comes from its path (``dunders.receiver_path``: a name, an
attribute ``self.cache``, an element ``reqs[0]``), and the first method the class defines is
applied there by its summary (``dunders.apply_method``: a call node of its own, a finding shown
at the site), as rounds 23A, 25A and 26B do for formatting, builtins and truth tests.

Sites: a binary operator (``a + b`` ``a.__add__(b)``, ``a @ b`` ``__matmul__`` ...; a number
on the left, ``2 * a``, ``a.__rmul__(2)``); an augmented assignment (``a += b``: ``__iadd__``,
else ``__add__``; its value bound to ``a``); ``"... %s ..." % x`` and ``"...".format(x)``
(``__str__``/``__repr__``/``__format__`` as f-strings run them); ``obj.attr = v`` of a
``@property`` with an ``@attr.setter`` (the setter, summarized as ``Cls.attr.setter``).

Only where the call is certain (``dunders``' gate: one top-level class of the module with no
base defining the method; the other operand a literal or a name holding no instance of
another class, so no reflected method of a subclass runs first)."""

from __future__ import annotations

import re
import string

import libcst as cst

from tilecheck.host.dunders import (
    Analysis,
    apply_method,
    certain_method,
    formatted,
    plain_other,
    receiver_path,
)
from tilecheck.host.factories import exits
from tilecheck.host.model import Value
from tilecheck.syntax.constants import string_value

_OPERATORS: dict[type[cst.BaseBinaryOp], str] = {
    cst.Add: "add",
    cst.Subtract: "sub",
    cst.Multiply: "mul",
    cst.MatrixMultiply: "matmul",
    cst.Divide: "truediv",
    cst.FloorDivide: "floordiv",
    cst.Modulo: "mod",
    cst.Power: "pow",
    cst.LeftShift: "lshift",
    cst.RightShift: "rshift",
    cst.BitAnd: "and",
    cst.BitOr: "or",
    cst.BitXor: "xor",
}
_AUGMENTED: dict[type[cst.BaseAugOp], str] = {
    cst.AddAssign: "add",
    cst.SubtractAssign: "sub",
    cst.MultiplyAssign: "mul",
    cst.MatrixMultiplyAssign: "matmul",
    cst.DivideAssign: "truediv",
    cst.FloorDivideAssign: "floordiv",
    cst.ModuloAssign: "mod",
    cst.PowerAssign: "pow",
    cst.LeftShiftAssign: "lshift",
    cst.RightShiftAssign: "rshift",
    cst.BitAndAssign: "and",
    cst.BitOrAssign: "or",
    cst.BitXorAssign: "xor",
}
_NUMBERS = (cst.Integer, cst.Float)
_PLAIN = (cst.Name, cst.Integer, cst.Float, cst.SimpleString)
# a ``%`` conversion specifier: mapping key, flags, width, precision, length, conversion
_SPEC = re.compile(r"%(\([^)]*\))?[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?[hlL]?(.)", re.S)


def _apply(
    an: Analysis,
    node: cst.BaseExpression,
    receiver: cst.BaseExpression,
    method: str,
    args: tuple[cst.Arg, ...],
) -> Value | None:
    path = receiver_path(receiver)
    return apply_method(an, node, path, method, args) if path is not None else None


def operated(an: Analysis, expr: cst.BinaryOperation) -> None:
    """``a + b`` (its operands evaluated): ``a.__add__(b)``; ``2 * a``: ``a.__rmul__(2)``;
    ``"%s" % x``: ``x``'s formatting."""
    name = _OPERATORS.get(type(expr.operator))
    left, right = expr.left, expr.right
    if name == "mod" and type(left) is cst.SimpleString:
        percent_formatted(an, left, right)
        return
    if name is None:
        return
    found: Value | None = None
    if type(right) in _PLAIN and plain_other(an, left, right):
        method = certain_method(an, left, (f"__{name}__",))
        if method is not None:
            found = _apply(an, expr, left, method, (cst.Arg(right),))
    elif type(left) in _NUMBERS:
        method = certain_method(an, right, (f"__r{name}__",))
        if method is not None:
            found = _apply(an, expr, right, method, (cst.Arg(left),))
    if found is not None:
        an.escape(found)


def augmented(an: Analysis, node: cst.AugAssign) -> tuple[Value | None, bool]:
    """``a += b`` (``b`` evaluated): ``a.__iadd__(b)``, else ``a.__add__(b)``; the value bound
    to ``a`` (None where not followed), and whether ``a`` keeps what it holds instead (round
    33B: a method whose every way out is ``return self`` gives back the instance itself, its
    fields as the method left them, so ``a`` is not bound again)."""
    name = _AUGMENTED.get(type(node.operator))
    value = node.value
    if name is None or type(value) not in _PLAIN or not plain_other(an, node.target, value):
        return None, False
    method = certain_method(an, node.target, (f"__i{name}__", f"__{name}__"))
    path = receiver_path(node.target)
    if method is None or path is None:
        return None, False
    cls = an.receiver_class(path)
    found = apply_method(an, node.target, path, method, (cst.Arg(value),))
    defined = an.ctx.definition_for(f"{cls}.{method}") if found is not None else None
    return found, defined is not None and returns_receiver(defined[0])


def returns_receiver(fn: cst.FunctionDef) -> bool:
    """Every way out of ``fn`` is ``return self`` (its first parameter): the caller's receiver
    is what the call gives back (an in-place operator's ``__imul__``)."""
    params = (*fn.params.posonly_params, *fn.params.params)
    if not params:
        return False
    me = params[0].name.value
    found = False
    for ret in exits(fn):
        value = ret.value if ret is not None else None
        if type(value) is not cst.Name or value.value != me:
            return False
        found = True
    return found


def percent_formatted(an: Analysis, template: cst.SimpleString, args: cst.BaseExpression) -> None:
    """``"%s and %r" % (a, b)``, ``"%s" % a``: each ``%s``/``%r``/``%a`` argument formatted;
    not with a mapping key or a ``*`` width (nor for bytes)."""
    if "b" in template.prefix.lower():
        return
    text = string_value(template)
    if not isinstance(text, str):
        return
    conversions: list[str] = []
    for match in _SPEC.finditer(text):
        if match.group(4) == "%":
            continue
        if match.group(1) is not None or "*" in (match.group(2) or "") + (match.group(3) or ""):
            return
        conversions.append(match.group(4))
    if type(args) is cst.Tuple:
        items = [e.value for e in args.elements if type(e) is cst.Element]
        if len(items) != len(args.elements) or len(items) != len(conversions):
            return
    elif len(conversions) == 1:
        items = [args]
    else:
        return
    for item, conversion in zip(items, conversions, strict=True):
        if conversion in "sra":
            formatted(an, item, conversion)


def format_called(an: Analysis, call: cst.Call) -> None:
    """``"{} {!r}".format(a, b)``, ``"{x:>4}".format(x=a)``: each argument a field names,
    formatted as the field's conversion and spec say (fields naming an attribute or an item
    of an argument, ``{0.x}``, are not followed)."""
    func = call.func
    template = func.value if type(func) is cst.Attribute else None
    if type(template) is not cst.SimpleString or "b" in template.prefix.lower():
        return
    text = string_value(template)
    if not isinstance(text, str) or any(a.star for a in call.args):
        return
    positional = [a.value for a in call.args if a.keyword is None]
    named = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
    auto = 0
    try:
        fields = list(string.Formatter().parse(text))
    except ValueError:
        return
    for _, field, spec, conversion in fields:
        if field is None:
            continue
        arg: cst.BaseExpression | None
        if field == "":
            arg = positional[auto] if auto < len(positional) else None
            auto += 1
        elif field.isdigit():
            arg = positional[int(field)] if int(field) < len(positional) else None
        else:
            arg = named.get(field)
        if arg is not None and "{" not in (spec or ""):
            formatted(an, arg, conversion or "", bool(spec))


def setter_name(cls: str, attr: str) -> str:
    """The summary name of the setter of ``cls``'s property ``attr``."""
    return f"{cls}.{attr}.setter"


def setter_of(fn: cst.FunctionDef) -> str | None:
    """``@weight.setter def weight(self, v)``: the property's name."""
    if len(fn.decorators) != 1:
        return None
    deco = fn.decorators[0].decorator
    if type(deco) is not cst.Attribute or deco.attr.value != "setter":
        return None
    owner = deco.value
    if type(owner) is not cst.Name or owner.value != fn.name.value:
        return None
    return owner.value


def property_set(an: Analysis, target: cst.Attribute, value: cst.BaseExpression) -> bool:
    """``obj.attr = value`` of a property with a setter: the setter applied on ``obj`` given
    ``value`` (where it is a name or a literal; else its parameter is left unbound, as given
    nothing followed); False where not followed."""
    owner = receiver_path(target.value)
    cls = an.receiver_class(owner) if owner is not None else None
    info = an.ctx.classes.get(cls) if cls is not None else None
    if owner is None or info is None or info.origin is not None or info.base is not None:
        return False
    attr = target.attr.value
    if attr not in info.properties or an.ctx.summary_for(setter_name(info.name, attr)) is None:
        attribute_set(an, target, owner, value)
        return False
    args = (cst.Arg(value),) if type(value) in _PLAIN else ()
    found = apply_method(an, target, owner, f"{attr}.setter", args)
    if found is None:
        return False
    an.escape(found)
    return True


def attribute_set(
    an: Analysis, target: cst.Attribute, owner: str, value: cst.BaseExpression
) -> None:
    """``obj.attr = value`` on an instance of a module class with its own ``__setattr__`` that
    stores through ``object``'s (``super().__setattr__(name, value)`` at its top level, so the
    store is the caller's as before, round 33B): the method applied on ``obj`` first, given
    ``"attr"`` and the value (a name or a literal; else its parameter is left unbound)."""
    if certain_method(an, target.value, ("__setattr__",)) is None:
        return
    cls = an.receiver_class(owner)
    defined = an.ctx.definition_for(f"{cls}.__setattr__")
    if defined is None or not stores_through_object(defined[0]):
        return
    args = [cst.Arg(cst.SimpleString(repr(target.attr.value)))]
    if type(value) in _PLAIN:
        args.append(cst.Arg(value))
    found = apply_method(an, target, owner, "__setattr__", tuple(args))
    if found is not None:
        an.escape(found)


def stores_through_object(fn: cst.FunctionDef) -> bool:
    """A ``__setattr__(self, name, value)`` whose body's top level calls
    ``super().__setattr__(name, value)`` (or ``object.__setattr__(self, name, value)``)."""
    params = [p.name.value for p in (*fn.params.posonly_params, *fn.params.params)]
    body = fn.body.body if type(fn.body) is cst.IndentedBlock else ()
    if len(params) != 3:
        return False
    for stmt in body:
        small = stmt.body[0] if type(stmt) is cst.SimpleStatementLine else None
        call = small.value if type(small) is cst.Expr else None
        if type(call) is not cst.Call or type(call.func) is not cst.Attribute:
            continue
        if call.func.attr.value != "__setattr__" or any(a.keyword or a.star for a in call.args):
            continue
        given = [a.value.value if type(a.value) is cst.Name else "" for a in call.args]
        head = call.func.value
        if type(head) is cst.Call and type(head.func) is cst.Name and not head.args:
            if head.func.value == "super" and given == params[1:]:
                return True
        if type(head) is cst.Name and head.value == "object" and given == params:
            return True
    return False
