"""Which element of a container, or which part of a tensor, an expression selects, and when two
selections are certainly apart: ``bufs[0]`` and ``bufs[1]``, ``bufs[i % 2]`` and
``bufs[(i + 1) % 2]``, this iteration's element of a loop and the earlier iterations' ones,
``kv[0]`` and ``kv[1]``, ``x[:, :64]`` and ``x[:, 64:]``. Anything not shown apart may be the
same element (or overlap): "may be any element" is the sound default."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace

import libcst as cst

from tilecheck.flow.graph import Element
from tilecheck.frozen import frozen
from tilecheck.host.constant_tables import table_item
from tilecheck.host.end_slices import Ends, ends_of, parts_apart
from tilecheck.syntax.constants import const_int, string_value
from tilecheck.syntax.nodes import path_of


@frozen
class At:
    """A constant index or key (``bufs[0]``, ``parts["q"]``)."""

    key: int | str


@frozen
class Span:
    """A slice of constant bounds (``x[64:]``, ``x[::2]``): ``range(start, stop, step)``."""

    start: int
    stop: int | None
    step: int


@frozen
class Others:
    """Every key but these (the rest of ``first, *rest = items``)."""

    keys: frozenset[int | str]


@frozen
class Turn:
    """The element a ``for`` loop takes (``when``: ``"now"``), one of those the earlier
    iterations of the same run took (``"earlier"``), or one of those it has yet to take
    (``"later"``): a loop takes each element once."""

    when: str


@frozen
class Affine:
    """``(a * name + b) % mod`` (``mod`` None: no modulus) where ``name`` is now ``n``, taken
    when it was ``n - d`` for some ``d`` in the offsets: ``lo`` (``hi`` None: and every
    ``stride`` after it). A counter (``for i in range(...)``, ``i += 1``) moves its items'
    offsets on as it advances: ``bufs[i % 2]`` of the last iteration is ``(i - 1) % 2`` now."""

    name: str
    a: int
    b: int
    mod: int | None = None
    lo: int = 0
    hi: int | None = 0
    stride: int = 0
    least: int | None = None  # the smallest value it may be (``bufs[i]``, i from 1 up: 1)
    most: int | None = None  # the largest (``i`` of ``range(2)``: 1)
    # A slice of a tensor's axis at a moving position (``x[pos : pos + 64]``): the form is
    # where it starts, and it covers ``width`` indices from there; None: one index.
    width: int | None = None
    # A slice up to the form (``x[:pos]``: ``"below"``) or from it on (``x[pos:]``:
    # ``"from"``); None: no such slice.
    edge: str | None = None
    # Known only where this name holds a holder (``prev_idx`` of ``prev, prev_idx = cur,
    # c``: where ``prev`` is None, before the first turn, ``prev_idx`` is something else);
    # None: on every path.
    beside: str | None = None

    def advanced(self, step: int) -> Affine:
        """The item once ``name`` advanced by ``step`` more."""
        return replace(self, lo=self.lo + step, hi=None if self.hi is None else self.hi + step)

    def gathered(self, step: int) -> Affine:
        """Every earlier one, ``step`` apart, from this one's offset on (a summary of the
        items two or more advances old)."""
        return replace(self, hi=None, stride=abs(step))

    def capped(self, most: int) -> Affine:
        """Those of the offsets up to ``most`` only (what a window of the last turns keeps
        of a summary: ``tilecheck.host.windows``)."""
        return replace(self, hi=most)


@frozen
class Bounds:
    """What a counter's values lie between: ``least`` up to before ``below`` (``for i in
    range(1, 4)``: 1 and 4; None: no bound known)."""

    least: int | None
    below: int | None = None

    def fit(self, form: Affine) -> Affine:
        """``form`` of the counter, knowing its bounds: ``(i + 1) % 2`` is ``i + 1`` for ``i``
        in ``range(1)``, and ``bufs[i]`` for ``i`` from 1 up is never ``bufs[0]``."""
        least, below = self.least, self.below
        if form.a <= 0 or form.lo or form.hi or least is None:
            return form
        if form.mod is not None:
            if below is None or form.a * least + form.b < 0:
                return form
            if form.a * (below - 1) + form.b >= form.mod:
                return form
            form = replace(form, mod=None)
        most = None if below is None else form.a * (below - 1) + form.b
        return replace(form, least=form.a * least + form.b, most=most)


Axis = At | Span | Others | Turn | Affine | Ends
NOW = Turn("now")
LATER = Turn("later")


@frozen
class Select:
    """How an object was taken from others: ``of`` the objects it is one of (a container's
    items) or a part of (a tensor's memory, ``memory``), along ``axes`` (None: not known) of an
    index ``space`` (a container's path, a loop). Two selections of the same objects in the same
    space are compared axis by axis."""

    of: frozenset[int]
    space: str
    axes: tuple[Axis | None, ...] | None
    memory: bool = False

    def beside(self, other: Select) -> bool:
        """``self`` and ``other`` certainly select different elements (or disjoint parts)."""
        if self.of != other.of or self.space != other.space:
            return False
        if self.axes is None or other.axes is None:
            return False
        return regions_apart(self.axes, other.axes)

    def retired(self) -> Select | None:
        """The selection of the summary an object is retired into when a new one is made in
        its place: a loop's element becomes one of the earlier iterations' (once; older runs
        of the loop are any element); anything else is any element. A part of a tensor whose
        other axes are constant (``out[0, lo:hi]`` of a step) alike."""
        axes = self.axes
        if axes is None or NOW not in axes:
            return None
        if not all(a == NOW or a is None or isinstance(a, (At, Span)) for a in axes):
            return None
        return replace(self, axes=tuple(Turn("earlier") if a == NOW else a for a in axes))


def apart(x: Axis | None, y: Axis | None) -> bool:
    """``x`` and ``y`` select different elements (or parts of one axis) on every path."""
    if x is None or y is None:
        return False
    if isinstance(x, Ends) or isinstance(y, Ends):  # ``x[:-64]`` and ``x[-64:]``
        first, second = _as_slice(x), _as_slice(y)
        return first is not None and second is not None and parts_apart(first, second)
    if isinstance(x, Affine) and isinstance(y, Affine):
        if x.edge is not None or y.edge is not None:
            return _edges_apart(x, y)
        if x.width is not None or y.width is not None:
            return _windows_apart(x, y)
        return _affine_apart(x, y)
    if isinstance(x, Turn) and isinstance(y, Turn):
        return x.when != y.when
    if isinstance(y, At) and not isinstance(x, At):
        x, y = y, x
    if isinstance(x, At):
        if isinstance(y, At):
            return x.key != y.key and _same_end(x.key, y.key)
        if isinstance(y, Others):
            return x.key in y.keys
        if isinstance(y, Span) and isinstance(x.key, int) and x.key >= 0:
            return not _in_span(x.key, y)
        if isinstance(y, Affine) and isinstance(x.key, int) and x.key >= 0:
            return y.least is not None and y.least > x.key
        return False
    if isinstance(x, Span) and isinstance(y, Span):
        return _spans_apart(x, y)
    return False


def _as_slice(axis: Axis) -> tuple[int | None, int | None] | None:
    """The bounds of a part of step 1 (Python's, negative ones from the end), if it is one."""
    if isinstance(axis, Ends):
        return axis.start, axis.stop
    if isinstance(axis, Span):
        return (axis.start, axis.stop) if axis.step == 1 else None
    if isinstance(axis, At) and isinstance(axis.key, int):
        return axis.key, (axis.key + 1 if axis.key != -1 else None)
    return None


def regions_apart(x: Sequence[Axis | None], y: Sequence[Axis | None]) -> bool:
    """Two parts of one tensor (an axis each, leading axes first) share no element."""
    return any(apart(a, b) for a, b in zip(x, y, strict=False))


def regions_meet(x: Sequence[Axis | None], y: Sequence[Axis | None]) -> bool:
    """Two parts of one tensor certainly share an element (``x[:192]`` and ``x[64:]``): on
    every axis both select (an axis one leaves out is whole), constant indices and slices of
    step 1 with a common index. Each part is taken to be non-empty (a launch is given it)."""
    return all(_axes_meet(a, b) for a, b in zip(x, y, strict=False))


def _axes_meet(x: Axis | None, y: Axis | None) -> bool:
    if isinstance(y, At) and not isinstance(x, At):
        x, y = y, x
    if isinstance(x, At):
        if not isinstance(x.key, int) or x.key < 0:
            return False
        if isinstance(y, At):
            return x.key == y.key
        return isinstance(y, Span) and y.step == 1 and _in_span(x.key, y)
    if isinstance(x, Span) and isinstance(y, Span) and x.step == y.step == 1:
        # both non-empty: the tensor reaches past both starts, so the later start lies in both
        # unless a stop comes first
        stops = [s for s in (x.stop, y.stop) if s is not None]
        return not stops or max(x.start, y.start) < min(stops)
    return False


def _same_end(a: int | str, b: int | str) -> bool:
    """Two keys counted from the same end (``-1`` may be ``0`` of a one-element list)."""
    if isinstance(a, int) and isinstance(b, int):
        return (a < 0) == (b < 0)
    return isinstance(a, str) and isinstance(b, str)


def _in_span(k: int, span: Span) -> bool:
    if k < span.start or (span.stop is not None and k >= span.stop):
        return False
    return (k - span.start) % span.step == 0


def _spans_apart(x: Span, y: Span) -> bool:
    x_end = math.inf if x.stop is None else x.stop
    y_end = math.inf if y.stop is None else y.stop
    if x_end <= y.start or y_end <= x.start:
        return True
    # the progressions meet where start_x + i*step_x == start_y + j*step_y
    g = math.gcd(x.step, y.step)
    return (x.start - y.start) % g != 0


def _affine_apart(x: Affine, y: Affine) -> bool:
    """Whether ``a*(n - dx) + bx`` and ``a*(n - dy) + by`` differ for every ``n`` and every
    offsets ``dx``, ``dy`` they may have: ``a*(dy - dx) != by - bx`` (modulo ``mod``)."""
    x, y = _within(x, y.mod), _within(y, x.mod)
    if x.name != y.name or x.mod != y.mod:
        return False
    if x.a != y.a:  # ``cur`` and ``1 - cur``: a*(n - dx) + bx == c*(n - dy) + by for no n
        if x.hi is None or y.hi is None or x.lo != x.hi or y.lo != y.hi:
            return False
        rest = y.b - x.b + x.a * x.lo - y.a * y.lo
        return rest % math.gcd(x.a - y.a, x.mod or 0) != 0
    if y.hi is not None and y.lo == y.hi:
        x, y = y, x
    if x.hi is None or x.lo != x.hi:
        return False  # neither is a single offset
    # is there a d in y's offsets with a*(d - x.lo) == y.b - x.b (mod m)?
    target = y.b - x.b + x.a * x.lo
    a, mod = x.a, x.mod
    if y.hi is not None and y.lo == y.hi:
        return not _congruent(a * y.lo, target, mod)
    if y.hi is not None:
        # offsets from ``lo`` up to ``hi`` (a window of the last turns, ``stride`` apart)
        if y.lo < 0 or y.hi < y.lo or (y.hi - y.lo) // (y.stride or 1) > _FEW:
            return False
        offsets = range(y.lo, y.hi + 1, y.stride or 1)
        return not any(_congruent(a * d, target, mod) for d in offsets)
    if y.stride == 0:
        return False
    # d = y.lo + j * stride, j >= 0 (or <= 0 for a counter that went down: stride is |step|,
    # the offsets lie on y.lo's side away from 0)
    step = y.stride if y.lo >= 0 else -y.stride
    base, slope = a * y.lo, a * step
    if mod is None:
        if slope == 0:
            return base != target
        j, rest = divmod(target - base, slope)
        return rest != 0 or j < 0
    return (target - base) % math.gcd(slope, mod) != 0


# The most offsets of an interval tried one by one.
_FEW = 64


def _windows_apart(x: Affine, y: Affine) -> bool:
    """Two slices at moving positions (``x[pos : pos + 64]`` now and an earlier iteration's)
    share no index: ``a*(n - dx) + bx`` and ``a*(n - dy) + by`` are at least the width of
    the lower one apart for every offsets they may have (each taken as an interval)."""
    if x.width is None or y.width is None or x.name != y.name or x.a != y.a:
        return False
    if x.mod is not None or y.mod is not None:
        return False
    ox, oy = _offsets(x), _offsets(y)
    if ox is None or oy is None:
        return False
    # start_x - start_y = a*(dy - dx) + (bx - by), dy - dx within [low, high]
    low, high = oy[0] - ox[1], oy[1] - ox[0]
    ends = (x.a * low, x.a * high) if x.a >= 0 else (x.a * high, x.a * low)
    least, most = ends[0] + x.b - y.b, ends[1] + x.b - y.b
    return most <= -x.width or least >= y.width


def _edges_apart(x: Affine, y: Affine) -> bool:
    """``x[:pos]`` and ``x[pos]`` (or ``x[pos:]``): apart when both forms of one name,
    taken at one offset each, are never negative and the index lies at or past the end of
    the prefix (before the start of the suffix) on every path."""
    if y.edge == "below" or (y.edge == "from" and x.edge is None):
        x, y = y, x  # x: a prefix, or a suffix beside an element
    if x.edge == y.edge or x.name != y.name or x.a != y.a or x.a <= 0:
        return False
    if x.mod is not None or y.mod is not None or x.width is not None:
        return False
    if y.width is not None and y.edge is not None:
        return False
    if x.hi != x.lo or y.hi != y.lo:
        return False
    assert x.hi is not None and y.hi is not None
    # x's bound minus y's position (or bound, or a window's start): the same on every path
    gap = x.a * (y.lo - x.lo) + x.b - y.b
    if gap == 0 and x.edge == "below":
        # ``x[:m]`` and ``x[m:]`` (or ``x[m]``, ``x[m : m + k]``, parts of ``x[m:]``):
        # complementary for every m, negative ones too
        return True
    if x.least is None or y.least is None or x.least < 0 or y.least < 0:
        return False
    # a window ``x[p : p + k]`` covers k indices from p; an index one
    return gap <= 0 if x.edge == "below" else gap >= (y.width or 1)


def _offsets(form: Affine) -> tuple[float, float] | None:
    """The interval the offsets of ``form`` lie in (``math.inf`` where unbounded)."""
    if form.hi is not None:
        return float(min(form.lo, form.hi)), float(max(form.lo, form.hi))
    if form.stride == 0:
        return None
    return (float(form.lo), math.inf) if form.lo >= 0 else (-math.inf, float(form.lo))


def _within(form: Affine, mod: int | None) -> Affine:
    """``i`` of ``range(2)`` is ``i % 2``: the form modulo ``mod``, where its values lie
    in ``0 .. mod - 1`` anyway."""
    if form.mod is not None or mod is None or form.least is None or form.most is None:
        return form
    return replace(form, mod=mod) if 0 <= form.least and form.most < mod else form


def _congruent(a: int, b: int, mod: int | None) -> bool:
    return a == b if mod is None else (a - b) % mod == 0


# -- reading index expressions --------------------------------------------------------------


def axis_of(expr: cst.BaseExpression, constants: Mapping[str, int]) -> Axis | None:
    """What one index expression selects: a constant (``0``, ``"q"``, ``TILE``), an affine
    form of one name (``i``, ``(i + 1) % 2``, ``1 - i % 2``), or nothing known."""
    number = const_int(expr, constants)
    if number is not None:
        return At(number)
    if type(expr) is cst.SimpleString:
        value = string_value(expr)
        return At(value) if isinstance(value, str) else None
    if type(expr) is cst.Subscript:  # ``table["a"][1]`` of a constant table (round 30P)
        item = table_item(expr, constants)
        return None if item is None else At(item)
    return _affine(expr, constants)


def _affine(expr: cst.BaseExpression, constants: Mapping[str, int]) -> Affine | None:
    if type(expr) is cst.Name:
        return Affine(expr.value, 1, 0)
    if type(expr) is cst.UnaryOperation and type(expr.operator) is cst.Minus:
        inner = _affine(expr.expression, constants)
        if inner is None or inner.mod is not None:
            return None
        return replace(inner, a=-inner.a, b=-inner.b)
    if type(expr) is not cst.BinaryOperation:
        return None
    op = expr.operator
    left_n, right_n = const_int(expr.left, constants), const_int(expr.right, constants)
    if right_n is not None:
        inner = _affine(expr.left, constants)
        if inner is None:
            return None
        if type(op) is cst.BitXor and right_n == 1 and inner == Affine(inner.name, 1, 0):
            return Affine(inner.name, -1, 1)  # ``cur ^ 1``: the other of 0 and 1
        if isinstance(op, (cst.Modulo, cst.BitAnd)):
            mod = right_n if type(op) is cst.Modulo else right_n + 1
            if inner.mod is not None or mod <= 0:
                return None
            if isinstance(op, cst.BitAnd) and right_n & mod:  # not 2**k - 1
                return None
            # ``(i + 2) % 2`` is ``i % 2``: the constant taken modulo ``mod``, so that equal
            # forms are one selection
            return replace(inner, mod=mod, b=inner.b % mod)
        if inner.mod is not None:
            return None
        if isinstance(op, cst.Add):
            return replace(inner, b=inner.b + right_n)
        if isinstance(op, cst.Subtract):
            return replace(inner, b=inner.b - right_n)
        if isinstance(op, cst.Multiply):
            return replace(inner, a=inner.a * right_n, b=inner.b * right_n)
        return None
    if left_n is not None:
        inner = _affine(expr.right, constants)
        if inner is None:
            return None
        if isinstance(op, cst.Add) and inner.mod is None:
            return replace(inner, b=inner.b + left_n)
        if isinstance(op, cst.Multiply) and inner.mod is None:
            return replace(inner, a=inner.a * left_n, b=inner.b * left_n)
        if isinstance(op, cst.Subtract):
            if inner.mod is None:
                return replace(inner, a=-inner.a, b=left_n - inner.b)
            if left_n == inner.mod - 1:  # ``1 - i % 2``: still one of 0 .. mod - 1
                return replace(inner, a=-inner.a, b=left_n - inner.b)
    return None


def evaluated(form: Affine, defs: Mapping[str, object], element: Element | None) -> At | None:
    """``form`` where an unrolled slot (``tilecheck.flow.unroll``: ``element`` is in one)
    binds its name to an integer (``acts[i - 1]`` in the slot of ``i`` = 2: ``At(1)``); None:
    not in a slot, not one index, or not known. (A peeled first turn's counter, ``flow.peel``,
    decides that turn's tests only.)"""
    if element is None or not any(s >= 0 for s in element.slots):
        return None
    number = name_int(form.name, defs)
    if number is None or not _plain(form):
        return None
    number = form.a * number + form.b
    return At(number % form.mod if form.mod else number)


def name_int(name: str, defs: Mapping[str, object], depth: int = 0) -> int | None:
    """The integer ``name`` is here: its ``At`` def, or its affine form of a name that is one
    (``j = i % 3`` in the slot of ``i`` = 4: 1; round 39I), else None."""
    form = defs.get(name)
    if isinstance(form, At):
        key = form.key
        return key if isinstance(key, int) and not isinstance(key, bool) else None
    if not isinstance(form, Affine) or depth >= 4 or not _plain(form):
        return None
    inner = name_int(form.name, defs, depth + 1)
    if inner is None:
        return None
    number = form.a * inner + form.b
    return number % form.mod if form.mod else number


def _plain(form: Affine) -> bool:
    """``form`` is of its name's value now, one index (no offsets, slice or condition)."""
    return (form.lo, form.hi, form.width, form.edge, form.beside) == (0, 0, None, None, None)


def region_of(
    elements: Sequence[cst.SubscriptElement],
    constants: Mapping[str, int],
    forms: Mapping[str, Affine] | None = None,
) -> tuple[Axis | None, ...] | None:
    """The part of a tensor basic indexing selects, an axis per element (None where an axis is
    not known); None when the axes cannot be lined up (``...``, ``None``). ``forms``: names
    known by a form of one counter (``a, b = r * R, (r + 1) * R``), put in for a slice whose
    two bounds are such names (``out[a:b]`` is ``out[r * R : (r + 1) * R]``)."""
    axes: list[Axis | None] = []
    for element in elements:
        index = element.slice
        if isinstance(index, cst.Index):
            value = index.value
            if isinstance(value, cst.Ellipsis) or (
                isinstance(value, cst.Name) and value.value == "None"
            ):
                return None
            axis = axis_of(value, constants)
            axes.append(axis if not isinstance(axis, At) or isinstance(axis.key, int) else None)
        elif isinstance(index, cst.Slice):
            axes.append(
                span_of(index, constants)
                or window_of(index, constants)
                or edge_of(index, constants)
                or (window_of(index, constants, forms) if forms else None)
                or from_end(index, constants)
            )
        else:
            axes.append(None)
    return tuple(axes)


def span_of(index: cst.Slice, constants: Mapping[str, int]) -> Span | None:
    """A slice's constant, non-negative bounds and positive step, or None."""
    bounds: list[int | None] = []
    for expr, default in ((index.lower, 0), (index.upper, None), (index.step, 1)):
        value = default if expr is None else const_int(expr, constants)
        if expr is not None and (value is None or value < 0):
            return None
        bounds.append(value)
    start, stop, step = bounds
    if start is None or not step:
        return None
    return Span(start, stop, step)


def from_end(index: cst.Slice, constants: Mapping[str, int]) -> Ends | None:
    """A slice of constant bounds and step 1 counted from the end (``x[:-1]``), or None."""
    if index.step is not None and const_int(index.step, constants) != 1:
        return None
    bounds: list[int | None] = []
    for bound in (index.lower, index.upper):
        value = None if bound is None else const_int(bound, constants)
        if bound is not None and value is None:
            return None
        bounds.append(value)
    return ends_of(*bounds)


def window_of(
    index: cst.Slice, constants: Mapping[str, int], forms: Mapping[str, Affine] | None = None
) -> Affine | None:
    """``pos : pos + 64`` (a step of 1 or more, or none): a window of 64 at a form of one
    name, or None. ``forms``: a bound that is a name known by a form (``a`` of ``a = r *
    R``) is that form."""
    if index.lower is None or index.upper is None:
        return None
    if index.step is not None:
        step = const_int(index.step, constants)
        if step is None or step < 1:
            return None
    lower, upper = _bound(index.lower, constants, forms), _bound(index.upper, constants, forms)
    if lower is None or upper is None or lower.mod is not None or upper.mod is not None:
        return None
    if (lower.name, lower.a) != (upper.name, upper.a) or upper.b <= lower.b:
        return None
    if (lower.lo, lower.hi, lower.stride) != (upper.lo, upper.hi, upper.stride):
        return None  # taken at different advances of the counter
    return replace(lower, width=upper.b - lower.b)


def _bound(
    expr: cst.BaseExpression, constants: Mapping[str, int], forms: Mapping[str, Affine] | None
) -> Affine | None:
    if forms and isinstance(expr, cst.Name) and expr.value in forms:
        form = forms[expr.value]
        return form if form.width is None and form.edge is None else None
    return _affine(expr, constants)


def edge_of(index: cst.Slice, constants: Mapping[str, int]) -> Affine | None:
    """``:pos`` (up to a form of one name) or ``pos:`` (from it on), with no step, or
    None."""
    if index.step is not None or (index.lower is None) == (index.upper is None):
        return None
    bound = index.upper if index.lower is None else index.lower
    assert bound is not None
    form = _affine(bound, constants)
    if form is None or form.mod is not None:
        return None
    return replace(form, edge="below" if index.lower is None else "from")


def most_key(name: str) -> str:
    """The ``defs`` entry for a form ``name`` is at most (``hi = min(n, (s + 1) * R)``),
    used only as a slice's upper bound (never a name)."""
    return f"min>({name})"


def short_of(size: cst.BaseExpression | None) -> str | None:
    """The path of ``x`` in ``len(x) - k`` (``k`` a positive integer literal)."""
    if (
        type(size) is not cst.BinaryOperation
        or type(size.operator) is not cst.Subtract
        or type(size.right) is not cst.Integer
        or int(size.right.value) < 1
    ):
        return None
    length = size.left
    if (
        isinstance(length, cst.Call)
        and isinstance(length.func, cst.Name)
        and length.func.value == "len"
        and len(length.args) == 1
    ):
        return path_of(length.args[0].value)
    return None
