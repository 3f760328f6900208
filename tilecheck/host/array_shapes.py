"""The constant shape of a numpy array the syntax shows: ``np.zeros(n)``, ``np.arange(SEQ)``,
``np.linspace(0, 1, 256)``, ``rng.standard_normal(8 * C)``, ``np.concatenate([[0.0],
np.arange(SEQ)])``, through ``.astype(...)``/``.copy()`` and names bound once to such an array.
``tr.from_numpy(a)`` has ``a``'s shape, so a bound counted from the end of its tensor is known
(``padded[:-1]`` of ``tr.from_numpy(np.concatenate([[0.0], np.arange(2048)]))`` is
``padded[0:2048]``: ``Views._from_end``). Anything else (an array read from a file, a
parameter, a shape of names) has no shape here."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import libcst as cst

from tilecheck.host.shapes import shape_dims
from tilecheck.syntax.constants import const_int

# A name's one value where it is read (None: not bound once there).
Values = Callable[[str], cst.BaseExpression | None]
# A callee's canonical name (None: not known).
Canonical = Callable[[cst.BaseExpression], str | None]

FROM_NUMPY = "tilert.from_numpy"
_FILLED = frozenset({"numpy.zeros", "numpy.ones", "numpy.empty", "numpy.full"})
_KEPT = frozenset({"astype", "copy"})  # methods giving an array of the same shape
# Generators' methods by where their ``size`` is given positionally.
_SIZED = {"standard_normal": 0, "random": 0, "normal": 2, "uniform": 2, "integers": 2}
_DEPTH = 6


def array_shape(
    expr: cst.BaseExpression,
    constants: Mapping[str, int],
    canonical: Canonical,
    values: Values,
    depth: int = 0,
) -> tuple[int, ...] | None:
    """The shape of the array ``expr`` makes, where every dimension is a constant."""
    if depth > _DEPTH:
        return None
    if type(expr) is cst.Name:
        value = values(expr.value)
        if value is None:
            return None
        return array_shape(value, constants, canonical, values, depth + 1)
    if type(expr) is cst.List or type(expr) is cst.Tuple:
        return _display(expr)
    if type(expr) is not cst.Call or any(a.star for a in expr.args):
        return None
    func = expr.func
    if type(func) is cst.Attribute and func.attr.value in _KEPT:
        return array_shape(func.value, constants, canonical, values, depth + 1)
    name = canonical(func)
    if name in _FILLED and expr.args and not expr.args[0].keyword:
        return _known(shape_dims(expr.args[0].value, constants))
    if name == "numpy.arange":
        return _arange(expr, constants)
    if name == "numpy.linspace":
        count = _argument(expr, 2, "num")
        number = 50 if count is None else const_int(count, constants)
        return None if number is None or number < 0 else (number,)
    if name == "numpy.concatenate":
        return _concatenated(expr, constants, canonical, values, depth)
    if type(func) is cst.Attribute and func.attr.value in _SIZED:
        if not _generator(func.value, canonical, values):
            return None
        size = _argument(expr, _SIZED[func.attr.value], "size")
        return None if size is None else _known(shape_dims(size, constants))
    return None


def _generator(expr: cst.BaseExpression, canonical: Canonical, values: Values) -> bool:
    """``np.random``, ``np.random.default_rng(...)``, or a name bound once to the latter."""
    if type(expr) is cst.Name:
        value = values(expr.value)
        return type(value) is cst.Call and _generator(value, canonical, values)
    if type(expr) is cst.Call:
        return canonical(expr.func) == "numpy.random.default_rng"
    return canonical(expr) == "numpy.random"


def _argument(call: cst.Call, position: int, keyword: str) -> cst.BaseExpression | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == keyword:
            return arg.value
    positional = [a for a in call.args if a.keyword is None]
    return positional[position].value if position < len(positional) else None


def _known(dims: tuple[int | None, ...] | None) -> tuple[int, ...] | None:
    if dims is None or any(d is None or d < 0 for d in dims):
        return None
    return tuple(d for d in dims if d is not None)


def _arange(call: cst.Call, constants: Mapping[str, int]) -> tuple[int, ...] | None:
    given = [a for a in call.args if a.keyword is None]
    if any(a.keyword is not None and a.keyword.value != "dtype" for a in call.args):
        return None
    bounds = [const_int(a.value, constants) for a in given]
    if not bounds or any(b is None for b in bounds) or len(bounds) > 3:
        return None
    numbers = [b for b in bounds if b is not None]
    start, stop, step = (0, numbers[0], 1) if len(numbers) == 1 else (*numbers, 1)[:3]
    if step <= 0:
        return None
    return (max(0, -(-(stop - start) // step)),)


def _display(expr: cst.List | cst.Tuple) -> tuple[int, ...] | None:
    """A display of numbers (``[0.0]``): one axis of its length."""
    for element in expr.elements:
        if type(element) is not cst.Element:
            return None
        value = element.value
        if type(value) is cst.UnaryOperation:
            value = value.expression
        if type(value) not in (cst.Integer, cst.Float):
            return None
    return (len(expr.elements),)


def _concatenated(
    call: cst.Call,
    constants: Mapping[str, int],
    canonical: Canonical,
    values: Values,
    depth: int,
) -> tuple[int, ...] | None:
    """``np.concatenate([a, b])`` along its first axis: the lengths added, the rest alike."""
    if len(call.args) != 1 or call.args[0].keyword is not None:
        return None
    parts = call.args[0].value
    if type(parts) not in (cst.List, cst.Tuple):
        return None
    assert isinstance(parts, (cst.List, cst.Tuple))
    shapes: list[tuple[int, ...]] = []
    for element in parts.elements:
        if type(element) is not cst.Element:
            return None
        shape = array_shape(element.value, constants, canonical, values, depth + 1)
        if not shape or (shapes and shape[1:] != shapes[0][1:]):
            return None
        shapes.append(shape)
    if not shapes:
        return None
    return (sum(s[0] for s in shapes), *shapes[0][1:])


def names_in(expr: cst.BaseExpression) -> frozenset[str]:
    """The names ``expr`` reads (nested scopes' too: a lambda's are rare here)."""
    found: set[str] = set()
    stack: list[cst.CSTNode] = [expr]
    while stack:
        node = stack.pop()
        if type(node) is cst.Name:
            found.add(node.value)
        elif type(node) is cst.Attribute:
            stack.append(node.value)  # (not the attribute's name)
        elif type(node) is cst.Arg:
            stack.append(node.value)  # (not a keyword's name)
        else:
            stack.extend(node.children)
    return frozenset(found)
