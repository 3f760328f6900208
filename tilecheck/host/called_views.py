"""The part of a module tensor a called function's summary writes through, at each call (round
39C of issue 17): ``def write(slot): return copy(k[slot].partition(s), x).submit()`` borrows
``k[slot]`` of the module's ``k`` (or of ``self.k``), and its caller's read of ``k`` while the
Pending is live is TC102, wherever the call is made: a statement, or a comprehension's step
(``[write(s) for s in slots]``, ``[self.pool.write(r.slot, r.x) for r in admitted]``).

The summary names such a view by its base (``("global", name)`` beside a parameter's and an
attribute's) and its axes, forms of the parameters. At a call the axes take the arguments'
values where they are known: a constant, or a name this state knows as one (a comprehension
taken apart position by position binds its target to each item in turn, ``write(s) for s in
(0, 1)``). Where a step of a comprehension gives an index no one can name, the view is the
step's own part of the base:

* the comprehension's positional counter (``write(i) for i in range(n)``) indexing one axis:
  the row lane that ``k[i]`` written in the step would be (``tilecheck.host.views``), so a later
  ``for i, p in enumerate(pends)`` lines each Pending up with its row;
* a counter indexing more axes (``k[layer, pos]``): nothing, as before (its rows are not told
  apart yet: taken as any part, the loop that waits them one by one would be a false alarm);
* any other value (``r.slot``): some part of the base, a new one per call. Code that may not
  run reports only certain overlaps with it (the whole base, a view of all of it), so a read of
  another row stays silent, as the same comprehension written out does."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

import libcst as cst

from tilecheck.host.context import Context
from tilecheck.host.dunders import receiver_path
from tilecheck.host.indices import Affine, At, Axis, Select, axis_of
from tilecheck.host.made_views import Making, Realizing, made_tensors
from tilecheck.host.model import NOTHING, Kind, ObjInfo, Oids, Value, flatten
from tilecheck.host.summary import Summary, Target


class _Counter(Protocol):
    @property
    def positional(self) -> bool: ...


class _Calling(Making, Protocol):
    """What of the analysis applying a summary (``Receivers``) this reads and makes."""

    @property
    def ctx(self) -> Context: ...

    @property
    def defs(self) -> Mapping[str, object]: ...

    @property
    def maybe(self) -> int: ...

    @property
    def infos(self) -> list[ObjInfo]: ...

    @property
    def _indexes(self) -> Mapping[str, _Counter]: ...

    def global_tensors(self, name: str) -> Oids: ...

    def _argument(self, call: cst.Call, summary: Summary, index: int) -> cst.Arg | None: ...

    def ev(self, expr: cst.BaseExpression) -> Value: ...

    def adopt(self, m: int, parents: Oids, *selects: Select) -> None: ...

    def mark_viewed(self, oids: Oids) -> None: ...


def viewed_base(
    an: _Calling, of: Target, call: cst.Call, summary: Summary, now: Realizing | None
) -> Oids:
    """The caller's tensors of a view's base the call made (``("new", n)``) or of the module's
    tensor the function names (``("global", name)``: the caller's object of that name)."""
    if of[0] == "global":
        return an.global_tensors(str(of[1])) if summary.statement is not None else NOTHING
    return made_tensors(an, of, call, now)


def known_axis(an: _Calling, expr: cst.BaseExpression) -> Axis | None:
    """What an argument selects: a constant, or a form of a name this state knows as one (the
    position's item of a comprehension taken apart by position)."""
    axis = axis_of(expr, an.ctx.constants)
    if isinstance(axis, Affine) and axis.width is None and axis.edge is None:
        known = an.defs.get(axis.name)
        if isinstance(known, At) and isinstance(known.key, int):
            value = axis.a * known.key + axis.b
            return At(value % axis.mod if axis.mod else value)
    return axis


def stepped_view(
    an: _Calling,
    call: cst.Call,
    summary: Summary,
    axes: tuple[Axis | None, ...],
    tensors: Oids,
    of: Target,
    receiver: str | None,
) -> Oids | None:
    """The view a comprehension's step makes through ``call`` where its arguments do not name
    the part (None: nothing, as before; outside a comprehension's step, always None)."""
    if not an.maybe:  # (only a comprehension's step is evaluated as code that may not run)
        return None
    source = str(of[1]) if of[0] == "global" else None
    if of[0] == "attr" and receiver is not None:
        source = f"{receiver}.{of[1]}"
    written: list[str] = []
    counters = 0
    for axis in axes:
        arg = _plain_argument(an, call, summary, axis)
        if isinstance(axis, At) and isinstance(axis.key, int):
            written.append(str(axis.key))
        elif arg is not None:
            index = an._indexes.get(arg.value) if type(arg) is cst.Name else None
            counters += index is not None and index.positional
            written.append(cst.Module([]).code_for_node(arg))
    if counters and len(axes) != 1:
        return None  # (rows of several axes a counter walks: not told apart yet)
    if source is not None and len(written) == len(axes):
        found = _as_written(an, call, f"{source}[{', '.join(written)}]", tensors)
        if found is not None:
            return found
    if counters:
        return None
    view = an.fresh(Kind.TENSOR, call, "tensor", key=("stepped view", call, axes))
    an.adopt(view, tensors, Select(tensors, "", None, memory=True))
    an.mark_viewed(tensors | {view})
    return frozenset({view})


def _plain_argument(
    an: _Calling, call: cst.Call, summary: Summary, axis: Axis | None
) -> cst.BaseExpression | None:
    """The argument a plain parameter's axis (``k[slot]``) takes, where reading it again runs
    nothing: a name, an access path (``r.slot``) or an integer."""
    if not isinstance(axis, Affine) or axis.name not in summary.names:
        return None
    if (axis.a, axis.b, axis.mod, axis.width, axis.edge) != (1, 0, None, None, None):
        return None
    arg = an._argument(call, summary, summary.names.index(axis.name))
    if arg is None or arg.star:
        return None
    value = arg.value
    return value if type(value) is cst.Integer or receiver_path(value) is not None else None


def _as_written(an: _Calling, call: cst.Call, text: str, tensors: Oids) -> Oids | None:
    """The part ``text`` (``k[s]``, ``self.pool.k[r.slot]``) is in the step, evaluated as that
    subscript written there would be (a comprehension's counter makes it the step's row
    lane): None unless its base is the view's base here."""
    key = ("stepped view", id(call), text)
    found = an.ctx.runs.get(key)
    if found is None:
        try:
            node = cst.parse_expression(text)
        except cst.ParserSyntaxError:
            return None
        an.ctx.runs[key] = found = (0, node)  # (kept: its ids stay this node's)
    node = cst.ensure_type(found[1], cst.Subscript)
    base = frozenset(o for o in flatten(an.ev(node.value)) if an.infos[o].kind is Kind.TENSOR)
    if base != tensors:
        return None
    made = frozenset(o for o in flatten(an.ev(node)) if an.infos[o].kind is Kind.TENSOR)
    return made or None
