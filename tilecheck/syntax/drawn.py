"""Which positions the standard library's positional iterators draw, by the "roughly
equivalent" code their documentation gives (issue 17, round 32L), as one table read by the CFG
(``flow.unroll``: how many slots a ``for`` over one is built with) and by the analysis
(``host.positions``: the item of each slot; ``host.drawn_positions``: the display of
subscripts a call draws).

An item is drawn as ``((argument, position), ...)``: one part for ``compress``/``reversed``,
a tuple for ``product``/``pairwise``/``batched``."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

import libcst as cst

MOST = 32  # items one drawing gives at most (more: not drawn)
# the spellings read without the analysis (``itertools.<name>`` or the name imported)
FORMS: dict[str, str] = {
    "compress": "selects",
    "product": "crosses",
    "pairwise": "pairs",
    "batched": "batches",
    "reversed": "reverses",
    "islice": "slices",
}
SINGLE = frozenset({"selects", "reverses", "slices"})  # forms drawing items, not tuples
_BOOLS = {"True": True, "False": False}

Drawn = tuple[tuple[int, int], ...]
Bounds = tuple[int | None, ...]  # ``islice``'s start, stop, step


def plan(
    form: str,
    lengths: Sequence[int | None],
    mask: Sequence[bool] | None = None,
    times: int = 1,
    size: int = 0,
    bounds: Bounds | None = None,
) -> list[Drawn] | None:
    """The items ``form`` draws from arguments of ``lengths`` items (``-1``: any length, for
    the data of ``compress``, which the mask bounds; ``bounds``: ``islice``'s start, stop and
    step), or None where one is not certain."""
    if form == "selects":
        if mask is None or len(lengths) != 1 or lengths[0] is None:
            return None
        n = lengths[0] if lengths[0] >= 0 else len(mask)
        drawn: list[Drawn] = [((0, i),) for i, s in enumerate(mask[:n]) if s]
    elif any(n is None or n < 0 for n in lengths):
        return None
    elif form == "crosses":
        if times < 1 or not lengths:
            return None
        ranges = [range(n) for n in lengths if n is not None] * times
        count = 1
        for r in ranges:
            count *= len(r)
        if count > MOST:
            return None
        args = list(range(len(lengths))) * times
        drawn = [tuple(zip(args, combo, strict=True)) for combo in itertools.product(*ranges)]
    elif len(lengths) != 1 or lengths[0] is None:
        return None
    elif form == "slices":
        window = range(lengths[0])[slice(*bounds)] if bounds is not None else None
        if window is None:
            return None
        drawn = [((0, i),) for i in window]
    elif form == "reverses":
        drawn = [((0, i),) for i in reversed(range(lengths[0]))]
    elif form == "pairs":
        drawn = [((0, i), (0, i + 1)) for i in range(lengths[0] - 1)]
    elif form == "batches" and size >= 1:
        n = lengths[0]
        drawn = [tuple((0, j) for j in range(i, min(i + size, n))) for i in range(0, n, size)]
    else:
        return None
    return drawn if len(drawn) <= MOST else None


def spelled(func: cst.BaseExpression) -> str | None:
    """The form a call's function names (``product``, ``itertools.product``), by spelling."""
    if type(func) is cst.Name:
        return FORMS.get(func.value)
    if type(func) is cst.Attribute and type(func.value) is cst.Name:
        return FORMS.get(func.attr.value) if func.value.value == "itertools" else None
    return None


def arguments(
    call: cst.Call, form: str
) -> tuple[list[cst.BaseExpression], cst.BaseExpression | None, int, int, Bounds | None] | None:
    """The iterables a call of ``form`` draws from, its selectors (``compress``), its
    ``repeat=`` (``product``), its batch size (``batched``) and its slice (``islice``: start,
    stop, step; integer literals or ``None``); None for any other shape."""
    if any(a.star for a in call.args):
        return None
    positional = [a.value for a in call.args if a.keyword is None]
    keywords = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
    times = 1
    if form == "crosses" and "repeat" in keywords:
        times = integer(keywords.pop("repeat")) or 0
    if keywords or not positional:
        return None
    if form == "selects":
        return (positional[:1], positional[1], 1, 0, None) if len(positional) == 2 else None
    if form == "batches":
        size = integer(positional[1]) if len(positional) == 2 else None
        return (positional[:1], None, 1, size, None) if size else None
    if form == "slices":
        given = positional[1:]
        if not 1 <= len(given) <= 3:
            return None
        bounds: list[int | None] = []
        for part in given:
            number = integer(part)
            if number is None and not (type(part) is cst.Name and part.value == "None"):
                return None
            bounds.append(number)
        if len(given) == 1:
            bounds.insert(0, None)
        if len(bounds) == 3 and bounds[2] is not None and bounds[2] < 1:
            return None
        return positional[:1], None, 1, 0, tuple(bounds)
    if form != "crosses" and len(positional) != 1:
        return None
    return positional, None, times, 0, None


def drawing(
    call: cst.Call, form: str, bound: Callable[[str], cst.BaseExpression | None]
) -> tuple[list[cst.BaseExpression], tuple[bool, ...] | None, int, int, Bounds | None] | None:
    """``arguments`` with the selectors read as a mask (``mask_of`` through ``bound``); None
    where either cannot be read."""
    shape = arguments(call, form)
    if shape is None:
        return None
    sources, selectors, times, size, bounds = shape
    mask = None if selectors is None else mask_of(selectors, bound)
    if selectors is not None and mask is None:
        return None
    return sources, mask, times, size, bounds


def integer(expr: cst.BaseExpression) -> int | None:
    if type(expr) is cst.Integer:
        value = int(expr.value, 0)
        return value if value < 1000 else None
    return None


def mask_of(
    expr: cst.BaseExpression, bound: Callable[[str], cst.BaseExpression | None], depth: int = 0
) -> tuple[bool, ...] | None:
    """The truth of each selector ``expr`` gives: a display of ``True``/``False``/integer
    literals, a name ``bound`` to one, or ``[not f for f in <one of those>]``."""
    kind = type(expr)
    if depth > 4:
        return None
    if kind is cst.List or kind is cst.Tuple:
        out: list[bool] = []
        for element in expr.elements:  # type: ignore[attr-defined]
            value = element.value
            if type(element) is not cst.Element:
                return None
            if type(value) is cst.Name and value.value in _BOOLS:
                out.append(_BOOLS[value.value])
            elif type(value) is cst.Integer:
                out.append(int(value.value, 0) != 0)
            else:
                return None
        return tuple(out)
    if kind is cst.ListComp:
        loop = expr.for_in  # type: ignore[attr-defined]
        elt = expr.elt  # type: ignore[attr-defined]
        if loop.ifs or loop.inner_for_in is not None or type(loop.target) is not cst.Name:
            return None
        inner = mask_of(loop.iter, bound, depth + 1)
        if inner is None:
            return None
        if type(elt) is cst.Name and elt.value == loop.target.value:
            return inner
        if (
            type(elt) is cst.UnaryOperation
            and type(elt.operator) is cst.Not
            and type(elt.expression) is cst.Name
            and elt.expression.value == loop.target.value
        ):
            return tuple(not s for s in inner)
        return None
    if kind is cst.Name:
        found = bound(expr.value)  # type: ignore[attr-defined]
        return mask_of(found, bound, depth + 1) if found is not None else None
    return None
