"""Views: ``kv[0]``, ``x[:, 64:]``, ``y.reshape(...)``, ``y.T`` are tensors over part of their
base's memory (docs/decisions.md, "Views"). A view is taken from its base as an element is from
a container: a use of either is checked against the borrows of the other, and two views of one
base only against each other's where their parts may overlap (``kv[0]`` and ``kv[1]``,
``x[:, :64]`` and ``x[:, 64:]`` never do). Indexing shows the part; ``reshape``, ``T`` and the
like do not (any part). Both a view and its base are marked ``viewed``: no launch reads them
after an in-flight writer by stream order, as tilert checks their borrows by region."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping

import libcst as cst

from tilecheck.host import api, distinct_walks, unknown_parts
from tilecheck.host.array_shapes import FROM_NUMPY, array_shape, names_in
from tilecheck.host.end_slices import Ends
from tilecheck.host.flat_views import flat_box, flat_run, new_shape
from tilecheck.host.global_views import module_factory, once_values, top_level_scopes
from tilecheck.host.indices import (
    NOW,
    Affine,
    At,
    Axis,
    Others,
    Select,
    Span,
    most_key,
    region_of,
    regions_meet,
)
from tilecheck.host.model import NOTHING, Hold, Kind, Many, Oids, Value
from tilecheck.host.row_slices import row_bounds
from tilecheck.host.shapes import shape_dims
from tilecheck.host.slice_names import SliceNames
from tilecheck.syntax import exact
from tilecheck.syntax.constants import const_int
from tilecheck.syntax.nodes import dotted_name, path_of, source_of, target_names
from tilecheck.syntax.walk import name_nodes


class Views(SliceNames):
    __slots__ = ("_module_made", "_row_lanes", "_stepped", "_whole", "per_step")

    def __init__(self, ctx: object) -> None:
        SliceNames.__init__(self, ctx)
        self._whole: set[int] = set()  # views over all of their base's memory
        # lanes of a tensor's first axis, with how many rows the comprehension took, if known
        self._row_lanes: dict[int, int | None] = {}
        # a name a ``for`` loop's tuple target binds each step (``lo`` of ``for lo, hi in
        # bounds``), not rebound in its body -> the loop
        self._stepped: dict[str, cst.For] = {}
        # the rows of a tensor a comprehension's counter indexes (``[kv[i] for i in
        # range(n)]``), a different row each step, by the id of the iterable it walks: the
        # comprehension's items are distinct (``Expressions``)
        self.per_step: dict[int, set[int]] = {}
        # the module's tensor a function reads by its global name -> the factory call that
        # made it (``tilecheck.host.global_views``)
        self._module_made: dict[int, cst.Call] = {}

    def part_of(self, expr: cst.Subscript, base: Oids) -> Value:
        tensors = frozenset(self.kinds(base, Kind.TENSOR))
        if not base:  # ``history[1:]`` in a function, ``history`` the module's tensor
            tensors = self._module_tensor(expr.value)
        if not tensors:
            return NOTHING
        shown = expr
        expr = self.sliced(expr)  # ``y[ch]`` of ``ch = slice(a, b)``: ``y[a:b]``
        nested = self._nested(expr, tensors)
        if nested is not None:  # ``cache[j][a:b]`` is ``cache[j, a:b]``: apart as that is
            expr, tensors = nested
        lane = self._counter_lane(expr, tensors)
        if lane is not None:
            return frozenset({lane})
        forms = self._bound_forms(expr)
        constants = self._slot_constants()
        region = region_of(expr.slice, constants, forms)
        if region is not None and len(tensors) == 1 and any(_unsized(a) for a in region):
            region = self._from_end(expr, region, min(tensors))  # ``x[:-1]`` of ``arange(n)``
        rows = self._reshaped_part(expr, tensors)
        if rows is not None:  # ``flat[W : 2 * W]`` of ``flat = t.reshape(-1)``: ``t[1:2]``
            whole, region = rows
            tensors = frozenset({whole})
        through: list[str | None] = []
        valued: set[str | None] = set()
        if region is not None:
            resolved = [self.resolved(axis) for axis in region]
            region = tuple(self._valued(axis) for axis, _ in resolved)
            through = [name for _, name in resolved]
            if self.positions_stack:  # a slot's constant part stays that part (``_valued``)
                valued = {
                    n
                    for (axis, name), now in zip(resolved, region, strict=True)
                    if name is not None and not isinstance(now, Affine)
                    for n in (name, axis.name if isinstance(axis, Affine) else None)
                }
        text = source_of(expr)
        names = self.index_names(expr, region or (), through) - valued
        if constants is not self.ctx.constants:  # (a slot's integers: read into the region)
            names = names - constants.keys()
        if forms and region is not None:
            # ``out[a:b]`` of ``a, b = r * R, (r + 1) * R``: the part moves with ``r``
            counters = {a.name for a in region if isinstance(a, Affine) and a.width is not None}
            names = frozenset(
                forms[n].name if n in forms and forms[n].name in counters else n for n in names
            )
        if self.positions_stack and region is not None and all(map(_constant, region)):
            # a slot's (or a position's) constant part stays that part as the names of its
            # index take the next slot's values (round 38P: ``tilecheck.flow.fresh_fills``)
            names = names & _base_names(expr.value)
        loop = None if rows is not None else self._row_loop(expr, region)
        space = "" if loop is None else self._loops[id(loop.iter)]
        if loop is not None and region is not None:
            region = tuple(
                NOW if self._row_slice(e, loop) else a
                for a, e in zip(region, expr.slice, strict=True)
            )
        key = repr(region) if region is not None else text
        view = self.selection(
            ("view", tensors, key) if loop is None else ("view", tensors, key, space),
            f"`{path_of(shown) or source_of(shown)}`",
            tensors,
            (Select(tensors, space, region, memory=True),),
            names,
        )
        if loop is not None:
            self._turns.setdefault(id(loop), set()).add(view)  # any again in the next run
        self._taken_from(view, tensors)
        self.mark_viewed(tensors | {view})
        return frozenset({view})

    def _slot_constants(self) -> Mapping[str, int]:
        """The scope's integer constants, and in a slot of an unrolled loop (or a position of
        a comprehension) the names it binds to an integer (``out[1, lo:hi]`` of ``for lo, hi
        in [(0, 128), (128, 256)]``: each slot's own part; round 38P)."""
        constants = self.ctx.constants
        if not self.positions_stack or not self.defs:
            return constants
        known = {
            n: d.key
            for n, d in self.defs.items()
            if isinstance(d, At) and type(d.key) is int and n.isidentifier()
        }
        return {**constants, **known} if known else constants

    def _module_tensor(self, value: cst.BaseExpression) -> Oids:
        """The module's tensor a function (or a method) names by a global it never binds
        (``tilecheck.host.global_views``), if the module binds it once to a factory's."""
        fn, module = self.scope_node, self.ctx.module
        if type(value) is not cst.Name or fn is None or module is None:
            return NOTHING
        name = value.value
        if name in self.env or name in self.parameters or name in self.outer_names:
            return NOTHING
        if name in self.ctx.rebindable or name not in self.ctx.tensors():
            return NOTHING
        if id(fn) not in top_level_scopes(self.ctx.index, module) or name in self._rebound_in(fn):
            return NOTHING
        tensor = self.free_tensor(value)
        if tensor is None:
            return NOTHING
        made = module_factory(self.ctx.index, module, name)
        if made is not None:
            self._module_made[tensor] = made
        return frozenset({tensor})

    def _valued(self, axis: Axis | None) -> Axis | None:
        """A form of a name that holds a known integer here (a step of a comprehension or a
        loop taken item by item, ``tilecheck.host.positions``) as the part it is at that
        value: ``acc[i * 64 : (i + 1) * 64]`` at ``i`` = 1 is ``acc[64:128]``, apart from
        the step before, where the form alone would be one part for every step."""
        if not isinstance(axis, Affine) or axis.mod is not None or axis.lo or axis.hi != 0:
            return axis
        known = self.defs.get(axis.name) if self.defs else None
        if not isinstance(known, At) or not isinstance(known.key, int):
            return axis
        at = axis.a * known.key + axis.b
        if at < 0:
            return axis  # (counted from the end: not this part)
        if axis.edge is not None:
            return Span(0, at, 1) if axis.edge == "below" else Span(at, None, 1)
        return At(at) if axis.width is None else Span(at, at + axis.width, 1)

    def _taken_from(self, view: int, tensors: Oids) -> None:
        """A view of one object lies within it: when that object moves on (a loop's next
        element, a counter's next row, a tensor made anew), the view taken from the one it
        was moves with it (``tilecheck.host.nested_items``), not left on the new one."""
        if len(tensors) == 1:
            self.note_within(view, tensors)

    def _nested(self, expr: cst.Subscript, tensors: Oids) -> tuple[cst.Subscript, Oids] | None:
        """``t[i][a:b]`` where ``t[i]`` is a view made by integer indices only (no slice, no
        ``...`` nor ``None``): the same memory as ``t[i, a:b]``, and its base ``t``."""
        inner = expr.value
        if not isinstance(inner, cst.Subscript) or len(tensors) != 1:
            return None
        (view,) = tensors
        selects = self.infos[view].selects
        if view in self._whole or len(selects) != 1:
            return None
        (select,) = selects
        axes = select.axes
        if not (select.memory and len(select.of) == 1 and axes is not None):
            return None
        if len(axes) != len(inner.slice) or not all(_integer(e) for e in inner.slice):
            return None
        flat = cst.Subscript(inner.value, [*inner.slice, *expr.slice])
        return flat, select.of

    def _reshaped_part(
        self, expr: cst.Subscript, tensors: Oids
    ) -> tuple[int, tuple[Axis | None, ...]] | None:
        """A part of ``t.reshape(...)`` (``t`` a new tensor of a constant shape) that is one
        run of ``t``'s memory and a box of ``t``'s shape (``tilecheck.host.flat_views``): the
        base and that box (``flat[:8]`` of ``t.reshape(-1)``, ``t`` of shape ``(3, 32)``, is
        ``t[0, 0:8]``; ``v[1]`` of ``v = t.reshape(2, C)``, ``t`` of shape ``(2 * C,)``, is
        ``t[C : 2 * C]``)."""
        if len(tensors) != 1:
            return None
        (view,) = tensors
        site, selects = self.infos[view].site, self.infos[view].selects
        if view not in self._whole or not selects or len(selects[0].of) != 1:
            return None
        if not (type(site) is cst.Call and type(site.func) is cst.Attribute):
            return None
        if site.func.attr.value != "reshape":
            return None
        (base,) = selects[0].of
        have = self._factory_shape(base)
        if have is None:
            return None
        known = self.ctx.constants
        dims = new_shape(site.args, math.prod(have), known)
        run = None if dims is None else flat_run(dims, expr.slice, known)
        box = None if run is None else flat_box(have, *run)
        return None if box is None else (base, box)

    def _from_end(
        self, expr: cst.Subscript, region: tuple[Axis | None, ...], oid: int
    ) -> tuple[Axis | None, ...]:
        """``region`` with each slice of constant bounds counted from the end (``x[:-1]``,
        ``x[-64:]``) made a ``Span`` where the tensor's factory gave its axis a constant
        length (``x[:-1]`` of ``tr.arange(129)`` is ``x[0:128]``)."""
        shape = self._factory_shape(oid)
        if shape is None or len(expr.slice) != len(region) or len(region) > len(shape):
            return region
        axes = list(region)
        for i, (axis, element) in enumerate(zip(region, expr.slice, strict=True)):
            index = element.slice
            if not _unsized(axis) or type(index) is not cst.Slice or index.step is not None:
                continue
            given = (index.lower, index.upper)
            lower, upper = (None if b is None else const_int(b, self.ctx.constants) for b in given)
            if (given[0] is not None and lower is None) or (given[1] is not None and upper is None):
                continue
            start, stop, _ = slice(lower, upper).indices(shape[i])
            if start < stop:
                axes[i] = Span(start, stop, 1)
        return tuple(axes)

    def _factory_shape(self, oid: int) -> tuple[int, ...] | None:
        """The constant shape a tensor factory (``tr.zeros((3, W))``, ``tr.arange(n)``) gave
        a new tensor."""
        info = self.infos[oid]
        site = info.site if info.site is not None else self._module_made.get(oid)
        if info.selects or not isinstance(site, cst.Call) or not site.args:
            return None
        callee = dotted_name(site.func)
        canonical = self.ctx.resolver.resolve(callee) if callee is not None else None
        if canonical == FROM_NUMPY and not site.args[0].keyword:
            return self._array_shape(site.args[0].value, oid in self._module_made)
        if canonical in api.RANK_ONE_FACTORIES and not site.args[0].keyword:
            n = const_int(site.args[0].value, self.ctx.constants)
            return (n,) if n is not None and n > 0 else None
        if canonical is None or api.TENSOR_FACTORIES.get(canonical) != 0:
            return None
        dims = shape_dims(site.args[0].value, self.ctx.constants)
        if dims is None or any(d is None for d in dims):
            return None
        return tuple(d for d in dims if d is not None)

    def _array_shape(self, array: cst.BaseExpression, module: bool) -> tuple[int, ...] | None:
        """The shape of the array ``tr.from_numpy`` is given (``tilecheck.host.array_shapes``),
        its names read in the module's scope (``module``: the module's tensor in a function)
        or in this body's, then the module's."""
        fn, top = self.scope_node, self.ctx.module
        if top is None:
            return None
        own = once_values(self.ctx.index, fn) if fn is not None else {}
        if module and any(n in own or n in self.parameters for n in names_in(array)):
            return None  # (the function's own names hide the module's)
        shared = once_values(self.ctx.index, top)

        def value(name: str) -> cst.BaseExpression | None:
            if name in self.ctx.rebindable or (not module and name in self.parameters):
                return None
            return own[name] if not module and name in own else shared.get(name)

        def canonical(func: cst.BaseExpression) -> str | None:
            return self.ctx.callee(func).canonical

        return array_shape(array, self.ctx.constants, canonical, value)

    def _bound_forms(self, expr: cst.Subscript) -> dict[str, Affine]:
        """The forms of counters the names bounding ``expr``'s slices are known by (``a`` of
        ``a = r * R``), for a slice two such names bound."""
        forms: dict[str, Affine] = {}
        for element in expr.slice:
            index = element.slice
            if not isinstance(index, cst.Slice):
                continue
            for bound in (index.lower, index.upper):
                if not isinstance(bound, cst.Name):
                    continue
                form = self.defs.get(bound.value)
                if form is None and bound is index.upper and not _lower_bound(expr, bound):
                    form = self.defs.get(most_key(bound.value))  # a slice up to at most it
                if isinstance(form, Affine):
                    forms[bound.value] = form
        return forms

    # -- parts bounded by a table's rows: ``for lo, hi in bounds: out[lo:hi]`` ----------------
    def _row_loop(
        self, expr: cst.Subscript, region: tuple[Axis | None, ...] | None
    ) -> cst.For | None:
        """The loop whose step's row bounds an unknown axis of ``expr`` (``tilecheck.host.
        row_slices``): the part is that step's, apart from the earlier steps' parts."""
        if region is None:
            return None
        for axis, element in zip(region, expr.slice, strict=True):
            index = element.slice
            lower = index.lower if isinstance(index, cst.Slice) else None
            loop = self._stepped.get(lower.value) if isinstance(lower, cst.Name) else None
            if axis is None and loop is not None and self._row_slice(element, loop):
                return loop
        return None

    def _row_slice(self, element: cst.SubscriptElement, loop: cst.For) -> bool:
        index = element.slice
        if not isinstance(index, cst.Slice) or not isinstance(index.upper, cst.Name):
            return False
        if self._stepped.get(index.upper.value) is not loop:
            return False
        lower = index.lower
        if not isinstance(lower, cst.Name) or self._stepped.get(lower.value) is not loop:
            return False
        return row_bounds(index, loop, self.ctx.constants)

    def iterate(self, loop: cst.For, fallback: Value) -> None:
        SliceNames.iterate(self, loop, fallback)
        if exact.is_sequence(loop.target):
            rebound = self.rebinds(loop)
            for name in target_names(loop.target):
                if name not in rebound:
                    self._stepped[name] = loop

    def bind_name(self, name: str, value: Value) -> None:
        self._stepped.pop(name, None)
        SliceNames.bind_name(self, name, value)

    def loop_done(self, loop: cst.For) -> None:
        for name in [n for n, walked in self._stepped.items() if walked is loop]:
            del self._stepped[name]
        SliceNames.loop_done(self, loop)

    # -- lanes of a tensor's rows: ``[k(kv[i].partition(s)).submit() for i in range(n)]`` ------
    def _counter_lane(self, expr: cst.Subscript, tensors: Oids) -> int | None:
        """``kv[i]`` of a comprehension's counter that counts positions (``range(n)``): a lane
        (``tilecheck.host.lanes``) of ``kv``'s first axis, so the result's ``ps[0]`` borrows
        ``kv[0]`` and the rest every other row."""
        element = expr.slice[0].slice if len(expr.slice) == 1 else None
        index = element.value if isinstance(element, cst.Index) else None
        source = path_of(expr.value)
        if not isinstance(index, cst.Name) or source is None:
            return None
        return self.row_lane(index.value, source, tensors)

    def row_lane(self, index: str, source: str, tensors: Oids) -> int | None:
        """``source[index]`` of the comprehension's positional counter ``index`` (also where a
        call's summary gives that view, ``write(i) for i in range(n)``: round 39C)."""
        found = self._indexes.get(index)
        if found is None or not found.positional or len(tensors) != 1:
            return None
        lane = self.selection(
            ("row lane", found.where, index, source, tensors),
            f"`{source}[{index}]`",
            tensors,
            (Select(tensors, "", None, memory=True),),
        )
        self._row_lanes[lane] = found.size
        self.per_step.setdefault(found.where, set()).add(lane)  # a different row each step
        self.note_lane(lane, source, tensors)
        found.lanes.append(lane)
        self.mark_viewed(tensors | {lane})
        return lane

    def item(self, lane: int, axis: At) -> int:
        if lane not in self._row_lanes:
            return SliceNames.item(self, lane, axis)
        source, tensors = self._lanes[lane]
        region = (axis,)  # the object ``kv[0]`` is (``part_of``)
        view = self.selection(
            ("view", tensors, repr(region)),
            f"`{source}[{axis.key}]`",
            tensors,
            (Select(tensors, "", region, memory=True),),
        )
        self.mark_viewed(frozenset({view}))
        return view

    def others(self, lane: int, keys: set[int | str]) -> Oids:
        if lane not in self._row_lanes:
            return SliceNames.others(self, lane, keys)
        size = self._row_lanes[lane]
        if size is not None and set(range(size)) <= keys:
            return NOTHING  # every row taken out
        _, tensors = self._lanes[lane]
        held = frozenset(keys)
        select = Select(tensors, "", (Others(held),), memory=True)
        made = self.lane_object(lane, ("others", held), select)
        self.mark_viewed(frozenset({made}))
        return frozenset({made})

    def unpacked(self, value: Many, count: int, star: int | None) -> list[Value] | None:
        """``first, *rest = ps`` of a row lane: as of any container (each may be any row)."""
        return (
            None if value.lane in self._row_lanes else SliceNames.unpacked(self, value, count, star)
        )

    def turn_hold(self, loop: cst.For, value: Value, origin: int, hold: Hold) -> Hold:
        """A row lane's holders keep "some row" through ``for p in ps`` (no step's row)."""
        lane = value.lane if isinstance(value, Many) else None
        if lane in self._row_lanes:
            return hold
        return SliceNames.turn_hold(self, loop, value, origin, hold)

    def view_of(self, node: cst.CSTNode, tensors: Oids) -> Oids:
        """``y.reshape(...)``, ``y.T``: a tensor over some part of ``y``, a new one each time."""
        view = self.fresh(Kind.TENSOR, node, "tensor", key=("view", node))
        self.adopt(view, tensors, Select(tensors, "", None, memory=True))
        self._whole.add(view)
        self._taken_from(view, tensors)
        self.mark_viewed(tensors | {view})
        return frozenset({view})

    def claimable(self, tensors: Oids, related: Oids) -> Oids:
        return unknown_parts.claimable(self, tensors, related)

    def walked_unknown(self, name: str) -> bool:
        element = self.element
        if element is None:
            return False
        module = self.ctx.module
        scope = self.scope_node if self.scope_node is not None else module
        if scope is None:
            return False
        known = self.parameters | ({self.me} if self.me else set())
        index, method = self.ctx.index, self.me is not None
        given = distinct_walks.given_displays(index, scope, module, method) if module else None
        return unknown_parts.bound_unknown(
            index, scope, module, known, element.kind, element.node, name, given
        )

    def walked_apart(self, name: str) -> frozenset[int | str] | None:
        element, module = self.element, self.ctx.module
        if element is None or module is None:
            return None
        scope = self.scope_node if self.scope_node is not None else module
        index = self.ctx.index
        return distinct_walks.walks_apart(index, scope, module, element.kind, element.node, name)

    def whole_view(self, oid: int) -> bool:
        """``oid`` is a view over all of its base's memory (``reshape``, ``T``)."""
        return oid in self._whole

    def certain_overlap(self, first: Oids, second: Oids) -> int | None:
        """One tensor each, one a view of the other (``x[:, :64]`` and ``x``), or both of
        one base that one of them spans whole (``h.reshape(-1)`` and ``h.reshape(256)``): the
        base they share."""
        if len(first) != 1 or len(second) != 1 or first == second:
            return None
        (a,), (b,) = first, second
        up_a, up_b = self._bases(a), self._bases(b)
        if b in up_a:
            return b
        if a in up_b:
            return a
        for base, whole in up_a.items():
            if base in up_b and (whole or up_b[base]):
                return base
        return self._parts_meet(a, b)

    def _parts_meet(self, a: int, b: int) -> int | None:
        """Two parts of one base, indexed with constants, that certainly overlap (``x[:192]``
        and ``x[64:]``): the base."""
        first, second = self.infos[a].selects, self.infos[b].selects
        if len(first) != 1 or len(second) != 1:
            return None
        x, y = first[0], second[0]
        if not (x.memory and y.memory and x.of == y.of and len(x.of) == 1):
            return None
        if x.axes is None or y.axes is None or not regions_meet(x.axes, y.axes):
            return None
        return next(iter(x.of))

    def _bases(self, oid: int) -> dict[int, bool]:
        """The tensors ``oid`` is a view of, innermost first, each with whether the view
        spans all of it (made by ``reshape``, ``T`` and the like only)."""
        out: dict[int, bool] = {}
        whole = True
        selects = self.infos[oid].selects
        while selects and selects[0].memory and len(selects[0].of) == 1:
            whole = whole and oid in self._whole
            (oid,) = selects[0].of
            if oid in out:
                break
            out[oid] = whole
            selects = self.infos[oid].selects
        return out

    def mark_viewed(self, oids: Oids) -> None:
        for oid in oids:
            for same in {oid, self.site_of(oid), self._summary.get(oid, oid)}:
                self.infos[same] = dataclasses.replace(self.infos[same], viewed=True)


def _unsized(axis: Axis | None) -> bool:
    """An axis a known length may tell: unknown, or a part counted from the end."""
    return axis is None or isinstance(axis, Ends)


def _integer(element: cst.SubscriptElement) -> bool:
    """An index that takes one position of its axis (not a slice, ``...``, ``None`` nor a
    sequence)."""
    index = element.slice
    if not isinstance(index, cst.Index) or index.star is not None:
        return False
    value = index.value
    if isinstance(value, (cst.Ellipsis, cst.Tuple, cst.List)):
        return False
    return not (isinstance(value, cst.Name) and value.value == "None")


def _lower_bound(expr: cst.Subscript, name: cst.Name) -> bool:
    """``name`` is also a slice's lower bound in ``expr`` (its at-most form would not do)."""
    return any(
        isinstance(e.slice, cst.Slice)
        and isinstance(e.slice.lower, cst.Name)
        and e.slice.lower.value == name.value
        for e in expr.slice
    )


def _constant(axis: Axis | None) -> bool:
    return isinstance(axis, Span) or (isinstance(axis, At) and isinstance(axis.key, int))


def _base_names(base: cst.BaseExpression) -> frozenset[str]:
    """The variables ``base`` (a subscript's value) names."""
    return frozenset(n.value for n in name_nodes(base) if type(n) is cst.Name)
