"""Names that index elements (``bufs[i % 2]``, ``kv[layer]``): an element is one object while
those names keep their values. When a name is rebound the element retires (it may now be any
element); when a counter advances (``for i in range(...)`` whose body does not rebind ``i``,
``i += 1``) it moves on instead: the element of the last iteration is ``bufs[(i - 1) % 2]`` now
(the last ``_KEPT`` ones kept one by one, older ones together), and ``cur = 1 - cur`` makes
``bufs[cur]`` ``bufs[1 - cur]``. A name bound to an affine form of a counter (``slot = step %
2``) indexes as that form, and a counter's bounds (a ``range``'s, or an ``if i >= 2:`` not
taken) tell elements apart too."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

import libcst as cst

from tilecheck.host.aliasing import Aliasing
from tilecheck.host.indices import (
    Affine,
    At,
    Axis,
    Bounds,
    Select,
    axis_of,
    evaluated,
    most_key,
)
from tilecheck.host.model import Kind, Value
from tilecheck.syntax import exact
from tilecheck.syntax.constants import const_int, literal_value
from tilecheck.syntax.walk import children


class Counters(Aliasing):
    __slots__ = ("_besides", "_counting", "_def_refs", "_moved", "_ranging")

    def __init__(self, ctx: object) -> None:
        Aliasing.__init__(self, ctx)
        # an element -> the objects it moved into as its counter advanced, by how many
        # advances ago and by which step
        self._moved: dict[int, dict[tuple[int, int], int]] = {}
        # names being advanced, by how much (None: to a value not taken before, not by
        # arithmetic: a dict's next key)
        self._counting: dict[str, int | None] = {}
        self._ranging: set[str] = set()  # counters taking a ``range``'s next value
        self._def_refs: dict[str, set[str]] = {}  # a name -> the names ever defined by it
        self._besides: dict[str, set[str]] = {}  # a holder name -> the names ever carried beside it

    def index_names(
        self, index: cst.CSTNode, axes: Sequence[Axis | None], through: Sequence[str | None]
    ) -> frozenset[str]:
        """The names a selection depends on: those of its index, a name known by a form of a
        counter (``slot``) replaced by the counter."""
        names = _names(index)
        for axis, name in zip(axes, through, strict=True):
            if name is not None and isinstance(axis, Affine):
                names = (names - {name}) | {axis.name}
        return frozenset(names)

    def bind_name(self, name: str, value: Value) -> None:
        counting = name in self._counting
        step = self._counting.get(name)
        if not counting:
            for item in list(self._index_deps.get(name, ())):
                self.retire_within(item, name)  # ``bufs[i]``: any element once ``i`` changes
                self.retire_moved(item)
        if self.defs:
            for carried in self._besides.get(name, ()):
                known = self.defs.get(carried)
                if isinstance(known, Affine) and known.beside == name:
                    self.set_def(carried, None)  # ``prev`` rebound: no longer beside it
            own = self.defs.get(name)
            if isinstance(own, Bounds) and step is not None and step > 0:
                if name not in self._ranging:  # ``i += 1`` keeps only where it started
                    self.set_def(name, Bounds(own.least))
            elif own is not None:
                self.set_def(name, None)
            if self.defs.get(most_key(name)) is not None:
                self.set_def(most_key(name), None)
            for other in sorted(self._def_refs.get(name, ())):
                form = self.defs.get(other)
                if isinstance(form, Affine) and form.name == name:
                    self.set_def(other, None if step is None else form.advanced(step))
        Aliasing.bind_name(self, name, value)

    def counted(self, targets: Sequence[cst.AssignTarget], value: cst.BaseExpression) -> bool:
        """``i = i + 1`` (a counter moving on) or ``cur = 1 - cur`` (the other buffer): True
        if so, and done."""
        target = targets[0].target if len(targets) == 1 else None
        if target is not None and self._swapped(target, value):
            return True
        if not (type(target) is cst.Name and type(value) is cst.BinaryOperation):
            return False
        form = axis_of(value, self.ctx.constants)
        if not isinstance(form, Affine) or form.name != target.value or form.mod is not None:
            return False
        if form.a == 1 and form.b:
            self.advance(target.value, form.b)
        elif form.a == -1:
            self.flip(target.value, form.b)
        else:
            return False
        return True

    def _swapped(self, target: cst.BaseExpression, value: cst.BaseExpression) -> bool:
        """``src, dst = dst, src`` of a pair known as ``dst = total - src`` (bound together
        to two different integers, ``src, dst = 0, 1``): ``src`` flips (``bufs[src]`` is
        ``bufs[dst]`` now), and ``dst`` stays ``total - src``. True if so, and done."""
        if not (exact.is_sequence(target) and exact.is_sequence(value)) or not self.defs:
            return False
        names = [e.value for e in target.elements if type(e) is cst.Element]
        values = [e.value for e in value.elements if type(e) is cst.Element]
        if len(names) != 2 or len(values) != 2 or not all(type(n) is cst.Name for n in names):
            return False
        first, second = (n.value for n in names if type(n) is cst.Name)
        if [v.value if type(v) is cst.Name else None for v in values] != [second, first]:
            return False
        for base, other in ((first, second), (second, first)):
            form = self.defs.get(other)
            if isinstance(form, Affine) and _pair_form(form, base):
                # ``other`` first: what was taken from it lies within ``bufs[other]`` (a form
                # of ``base``) until ``base`` flips
                self.bind_name(other, frozenset())
                self.flip(base, form.b)
                self.set_def(other, form)
                self._def_refs.setdefault(base, set()).add(other)
                return True
        return False

    def flip(self, name: str, total: int) -> None:
        """``name = total - name``: what was indexed ``a * name + b`` is ``-a * name + (a *
        total + b)`` now (``bufs[cur]`` is ``bufs[1 - cur]`` once ``cur = 1 - cur``)."""
        for item in list(self._index_deps.get(name, ())):
            self.retire_moved(item)
            selects = self.infos[item].selects
            if not any(_counts(a, name) for s in selects for a in s.axes or ()):
                self.retire(item)
                continue
            flipped = tuple(
                dataclasses.replace(s, axes=tuple(_flipped(a, name, total) for a in s.axes))
                if s.axes is not None
                else s
                for s in selects
            )
            key = ("flipped", self.site_of(item), flipped)  # two flips: one of two objects
            info = self.infos[item]
            known = (info.kind, key) in self._oid_of
            oid = self.obj(info.kind, key, None, info.label)
            if not known:
                self.adopt(oid, frozenset().union(*(s.of for s in flipped)), *flipped)
                self.primary[oid] = item
                self._index_deps.setdefault(name, set()).add(oid)
            self.move(item, oid)
        self._counting[name] = None
        try:
            self.bind_name(name, frozenset())
        finally:
            del self._counting[name]

    def retire_within(self, item: int, name: str) -> None:
        """``item``, a view of one tensor indexed with ``name`` in a form not followed
        (``banks[src][(j + t) % 2]`` as ``j`` advances), is some part of that tensor now,
        while the other names it depends on keep their values (``banks[src]`` apart from
        ``banks[dst]``); anything else retires into its summary (any element)."""
        selects = self.infos[item].selects
        if len(selects) != 1 or not selects[0].memory or len(selects[0].of) != 1:
            self.retire(item)
            return
        if selects[0].retired() is not None:  # a step's part: its summary keeps more
            self.retire(item)
            return
        base = selects[0].of
        (tensor,) = base
        deps = [(n, item in items, tensor in items) for n, items in self._index_deps.items()]
        within_base = self.moves_with(item, tensor)
        if any(n == name and of_base for n, _, of_base in deps):
            if not within_base:  # (else moved with that tensor as it changes)
                self.retire(item)  # the tensor it lies within changes too
            return
        # while the other names keep their values, and those the tensor depends on
        names = frozenset(n for n, of_item, of_base in deps if of_item or of_base) - {name}
        within = self.selection(
            ("within", item, name),
            self.infos[item].label,
            base,
            (Select(base, "", None, memory=True),),
            names,
        )
        if (values := self.walked_apart(name)) is not None:  # (one no earlier turn took)
            self.turns_apart[within] = (item, values)
        elif self.walked_unknown(name):  # (the walk's next item: maybe the same, maybe not)
            self.unplaced.add(within)
        if within_base:
            self.keep_within(within, tensor)
        self.move(item, within)

    def moves_with(self, item: int, base: int) -> bool:
        """``item`` was taken from ``base`` and moves with it (``tilecheck.host.
        nested_items``)."""
        return False

    def keep_within(self, item: int, base: int) -> None:
        """``item`` lies within ``base`` and moves with it from here."""

    def retire_moved(self, item: int) -> None:
        """What ``item`` moved into as its counter advanced may be any element now."""
        for moved in self._moved.pop(item, {}).values():
            self.retire(moved)

    def define(
        self, target: cst.BaseExpression, value: cst.BaseExpression, beside: str | None = None
    ) -> None:
        """``slot = step % 2``: ``slot`` is known by that form of ``step`` from here; ``dst,
        src = "y", "x"``: by those strings (``pool[dst]`` is ``pool["y"]``). ``prev, prev_idx
        = cur, c``: ``prev_idx`` is ``c`` where ``prev`` holds the holder bound beside it
        (``beside``; a pipeline's carried index, other before the first turn)."""
        remainder = self._remainder(target, value)
        if remainder is not None:  # ``_, slot = divmod(step, 2)``: ``slot`` is ``step % 2``
            self.define(*remainder)
            return
        if exact.is_sequence(target) and exact.is_sequence(value):
            pairs = list(zip(target.elements, value.elements, strict=False))
            if len(target.elements) == len(value.elements) and not any(
                type(e) is cst.StarredElement for pair in pairs for e in pair
            ):
                holder = self._holder_among([name.value for name, _ in pairs])
                for name, part in pairs:
                    self.define(name.value, part.value, holder)
                self._define_pair(pairs)
            return
        if type(target) is not cst.Name:
            return
        if beside is not None and beside != target.value and type(value) is cst.Name:
            if value.value != target.value and value.value not in self.ctx.constants:
                self.set_def(target.value, Affine(value.value, 1, 0, beside=beside))
                self._def_refs.setdefault(value.value, set()).add(target.value)
                self._besides.setdefault(beside, set()).add(target.value)
            return
        key = axis_of(value, self.ctx.constants)
        if isinstance(key, At) and isinstance(key.key, str):  # (an integer name may count)
            self.set_def(target.value, key)
        elif (
            type(value) is cst.Name
            and isinstance(key, Affine)
            and (copied := evaluated(key, self.defs, self.element))
        ):
            self.set_def(target.value, copied)  # ``j = i`` in a slot of ``i`` (round 39I)
        elif type(value) is cst.BinaryOperation:
            form = axis_of(value, self.ctx.constants)
            if isinstance(form, Affine) and form.name != target.value:
                self.set_def(target.value, form)
                self._def_refs.setdefault(form.name, set()).add(target.value)
        elif (most := self._at_most(value)) is not None:
            # ``hi = min(n, (s + 1) * per)``: at most that form, a slice's upper bound only
            self.set_def(most_key(target.value), most)
            self._def_refs.setdefault(most.name, set()).add(most_key(target.value))
        elif distinct_constants(value) or type(value) is cst.DictComp:
            # ``names = ["q", "k"]``, or a dict (its keys differ): a loop over it
            self.set_env(target.value + "[!]", frozenset())

    def _remainder(
        self, target: cst.BaseExpression, value: cst.BaseExpression
    ) -> tuple[cst.Name, cst.BinaryOperation] | None:
        """``q, r = divmod(x, m)``: ``r`` and ``x % m`` (``m`` a positive constant), the
        remainder the built-in gives as its second item; None for anything else."""
        if not exact.is_sequence(target) or type(value) is not cst.Call:
            return None
        elements = target.elements
        args = value.args
        if len(elements) != 2 or len(args) != 2 or any(a.star or a.keyword for a in args):
            return None
        second = elements[1]
        if type(second) is not cst.Element or type(second.value) is not cst.Name:
            return None
        if self.ctx.callee(value.func).canonical != "builtins.divmod":
            return None
        modulus = const_int(args[1].value, self.ctx.constants)
        if modulus is None or modulus <= 0:
            return None
        return second.value, cst.BinaryOperation(args[0].value, cst.Modulo(), args[1].value)

    def _define_pair(self, pairs: Sequence[tuple[cst.BaseElement, cst.BaseElement]]) -> None:
        """``src, dst = 0, 1`` (two names, two different integers): ``dst`` is ``1 - src``
        while neither is rebound but by swapping the two (``_swapped``)."""
        if len(pairs) != 2:
            return
        (first, low), (second, high) = pairs
        if type(first.value) is not cst.Name or type(second.value) is not cst.Name:
            return
        a = const_int(low.value, self.ctx.constants)
        b = const_int(high.value, self.ctx.constants)
        base, other = first.value.value, second.value.value
        if a is None or b is None or a == b or base == other:
            return
        self.set_def(other, Affine(base, -1, a + b))
        self._def_refs.setdefault(base, set()).add(other)

    def _at_most(self, value: cst.BaseExpression) -> Affine | None:
        """The affine form ``min(..., form, ...)`` is at most (the first argument that is
        one), or None: the minimum never exceeds any of its arguments."""
        if type(value) is not cst.Call or len(value.args) < 2:
            return None
        if self.ctx.callee(value.func).canonical != "builtins.min":
            return None
        for arg in value.args:
            form = axis_of(arg.value, self.ctx.constants) if not arg.star else None
            if isinstance(form, Affine) and form.mod is None:
                return form
        return None

    def _holder_among(self, targets: Sequence[cst.BaseExpression]) -> str | None:
        """The one name of a tuple target bound to a holder (an op, a Pending...), if any."""
        found = [
            t.value
            for t in targets
            if isinstance(t, cst.Name)
            and (held := self.env.get(t.value))
            and held != frozenset(self.kinds(held, Kind.TENSOR))
        ]
        return found[0] if len(found) == 1 else None

    def narrowed(self, name: str) -> None:
        """``name`` holds its holder here (``if prev is not None:`` taken): the forms known
        beside it are known."""
        for carried in self._besides.get(name, ()):
            form = self.defs.get(carried)
            if isinstance(form, Affine) and form.beside == name:
                self.set_def(carried, dataclasses.replace(form, beside=None))

    def resolved(self, axis: Axis | None) -> tuple[Axis | None, str | None]:
        """An index in terms of the counters it is a form of (``bufs[slot]`` with ``slot =
        step % 2``: ``step % 2``), with what is known of their values; and the name it went
        through, if any."""
        if not isinstance(axis, Affine):
            return axis, None
        through = None
        form = self.defs.get(axis.name)
        if isinstance(form, Affine) and form.beside is not None:
            form = None  # not known here
        if isinstance(form, At):
            constant = _constant(axis, form)
            return constant, axis.name if constant is not axis else None
        if isinstance(form, Affine):
            composed = _compose(axis, form)
            if composed is not None:
                axis, through = composed, axis.name
                # ``other = 1 - r`` of ``r = step % 2``: a form of a form, one step further
                again = self.defs.get(axis.name)
                if isinstance(again, Affine) and again.beside is None and form.mod is None:
                    composed = _compose(axis, again)
                    axis = composed if composed is not None else axis
        bounds = self.defs.get(axis.name)
        if isinstance(bounds, Bounds):
            axis = bounds.fit(axis)
        return axis, through

    def advance(
        self,
        name: str,
        step: int,
        bounds: Bounds | None = None,
        *,
        arithmetic: bool = True,
    ) -> None:
        """``name`` is a counter moving on by ``step``: what was indexed with it is one
        advance older (``bufs[i % 2]`` now the last iteration's), then ``name`` is rebound
        (``bounds``: to a value between those, as ``range(1, n)`` gives). Not
        ``arithmetic``: to a value it never had in this run of the loop (a dict's next key),
        which only ``bufs[name]`` itself tells apart from the earlier ones."""
        for item in self._index_deps.get(name, ()):
            axes = [a for s in self.infos[item].selects for a in s.axes or ()]
            if not any(_counts(a, name, arithmetic) for a in axes):
                self.retire_within(item, name)
                continue
            moved = self._moved.setdefault(item, {})
            for (_, was), obj in list(moved.items()):
                if was != step:  # moved on by another step: any element now
                    self.move(obj, self.summary_of(item))
            # ``ago[k]``: the item of ``k + 1`` advances ago; the last: all older ones
            ago = [self._derived(item, (k, step), name, k * step, 0) for k in range(1, _KEPT)]
            ago.append(self._derived(item, (_KEPT, step), name, _KEPT * step, step))
            for k in range(len(ago) - 1, 0, -1):
                self.move(ago[k - 1], ago[k])
            self.move(item, ago[0])
            moved.update(((k + 1, step), obj) for k, obj in enumerate(ago))
        self._counting[name] = step if arithmetic else None
        if bounds is not None:
            self._ranging.add(name)
        try:
            self.bind_name(name, frozenset())
        finally:
            del self._counting[name]
            self._ranging.discard(name)
        if bounds is not None and step > 0:
            self.set_def(name, bounds)

    def compared(self, test: cst.Comparison, truth: bool) -> None:
        """``if i >= 2:`` not taken: ``i`` is at most 1, so nothing indexed with it two or more
        advances ago (from its start) exists on this path: what borrows it does not."""
        most = _at_most(test, truth, self.ctx.constants)
        if most is None:
            return
        name, top = most
        bounds = self.defs.get(name)
        if not isinstance(bounds, Bounds) or bounds.least is None:
            return
        for item in self._index_deps.get(name, ()):
            for (ago, step), obj in self._moved.get(item, {}).items():
                if step > 0 and bounds.least + ago * step > top:
                    self.unborrow(obj)

    def unborrow(self, oid: int) -> None:
        """No holder borrows ``oid`` here (it does not exist on this path)."""
        for holder in self.live_holders():
            hold = self.holds[holder]
            if any(b.tensor == oid for b in hold.borrows):
                kept = frozenset(b for b in hold.borrows if b.tensor != oid)
                self.set_hold(holder, dataclasses.replace(hold, borrows=kept))

    def restart(self, names: set[str]) -> None:
        """A loop starts a run: the elements its counters indexed in an earlier run may be any
        element now."""
        for name in names:
            for item in self._index_deps.get(name, ()):
                self.retire(item)
                self.retire_moved(item)

    def _derived(self, item: int, how: tuple[int, int], name: str, step: int, gather: int) -> int:
        """The object ``item`` becomes as its counter ``name`` advances by ``step`` (``how``;
        ``gather``: and by that much more, any number of times), made once."""
        key = ("moved", item, how)
        info = self.infos[item]
        known = (info.kind, key) in self._oid_of
        oid = self.obj(info.kind, key, None, info.label)
        if not known:
            selects = tuple(
                dataclasses.replace(s, axes=_advanced(s.axes, name, step, gather=gather))
                if s.axes is not None
                else s
                for s in info.selects
            )
            direct = frozenset().union(*(s.of for s in selects))
            self.adopt(oid, direct, *selects)
            self.primary[oid] = item
        return oid


def _constant(form: Affine, value: At) -> Axis:
    """The name itself bound to the string ``value`` (``pool[dst]``, ``dst = "y"``): that
    key; any other form of it stays the form."""
    plain = (form.a, form.b, form.mod, form.lo, form.hi) == (1, 0, None, 0, 0)
    return value if plain and form.width is None and form.edge is None else form


def _pair_form(form: Affine, base: str) -> bool:
    """``form`` is ``total - base`` on every path (``Counters._define_pair``)."""
    plain = (form.mod, form.lo, form.hi, form.width, form.edge, form.beside)
    return form.name == base and form.a == -1 and plain == (None, 0, 0, None, None, None)


def distinct_constants(expr: cst.BaseExpression) -> bool:
    """A tuple, list or set display of different literal strings or integers."""
    if not exact.is_display(expr) or not expr.elements:
        return False
    values: set[object] = set()
    for element in expr.elements:
        value = element.value
        if type(element) is cst.StarredElement or not isinstance(
            value, (cst.SimpleString, cst.Integer)
        ):
            return False
        values.add(literal_value(value))
    return len(values) == len(expr.elements)


def _at_most(
    test: cst.Comparison, truth: bool, constants: Mapping[str, int]
) -> tuple[str, int] | None:
    """``i < 3`` (true) or ``i >= 3`` (false): ``("i", 2)``."""
    target = test.comparisons[0]
    left, right, op = test.left, target.comparator, target.operator
    bound = const_int(right, constants)
    if not isinstance(left, cst.Name) or bound is None:
        return None
    if isinstance(op, (cst.LessThan, cst.LessThanEqual)) and truth:
        return left.value, bound - 1 if isinstance(op, cst.LessThan) else bound
    if isinstance(op, (cst.GreaterThan, cst.GreaterThanEqual)) and not truth:
        return left.value, bound if isinstance(op, cst.GreaterThan) else bound - 1
    return None


# How many advances ago an element is still told apart from the others one by one (a ring
# of three buffers waits for the one two steps back); older ones are taken together.
_KEPT = 8


def _compose(outer: Affine, inner: Affine) -> Affine | None:
    """``outer`` of a name that is ``inner`` of another: ``(a*x + b) % m`` with ``x = c*y +
    d``, when the moduli allow (at most one of them). ``inner`` taken some advances of ``y``
    ago (``prev_idx = c`` before ``c += 1``) keeps those offsets."""
    if outer.lo or outer.hi or outer.stride or (outer.mod and inner.mod != outer.mod):
        return None  # (``(cur + 1) % 2`` of ``cur = i % 2``: one modulus, ``(i + 1) % 2``)
    # ``1 - slot`` of ``slot = i % 2`` is ``(1 - i) % 2``: ``m - 1 - x % m`` is ``(m - 1 - x) % m``
    other = inner.mod is not None and (outer.a, outer.b) == (-1, inner.mod - 1)
    if inner.mod and not outer.mod and (outer.a, outer.b) != (1, 0) and not other:
        return None  # ``2 * slot`` of ``slot = i % 2``: no modulus of ``i`` says it
    if inner.width is not None:
        return None
    return Affine(
        inner.name,
        outer.a * inner.a,
        outer.a * inner.b + outer.b,
        outer.mod or inner.mod,
        inner.lo,
        inner.hi,
        inner.stride,
        width=outer.width,  # ``x[pos : pos + 64]`` of ``pos = 64 * b``: still 64 wide
        edge=outer.edge,
    )


def _flipped(axis: Axis | None, name: str, total: int) -> Axis | None:
    if not isinstance(axis, Affine) or axis.name != name:
        return axis
    if axis.lo or axis.hi:
        return None
    if axis.width is not None or axis.edge is not None:
        return None
    return Affine(name, -axis.a, axis.a * total + axis.b, axis.mod)


def _counts(axis: Axis | None, name: str, arithmetic: bool = True) -> bool:
    """``axis`` is a form of ``name`` that its advances move on (not ``arithmetic``: the
    name itself)."""
    if not (isinstance(axis, Affine) and axis.name == name):
        return False
    return arithmetic or (axis.a, axis.b, axis.mod) == (1, 0, None)


def _advanced(
    axes: tuple[Axis | None, ...], name: str, step: int, *, gather: int = 0
) -> tuple[Axis | None, ...]:
    out: list[Axis | None] = []
    for axis in axes:
        if isinstance(axis, Affine) and axis.name == name:
            moved = axis.advanced(step)
            out.append(moved.gathered(gather) if gather else moved)
        else:
            out.append(axis)
    return tuple(out)


def _names(node: cst.CSTNode) -> set[str]:
    found: set[str] = set()
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Name):
            found.add(current.value)
        stack.extend(children(current))
    return found
