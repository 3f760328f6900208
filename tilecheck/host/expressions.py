"""Expressions of one body, evaluated once per visit in evaluation order: what each kind
yields and does to the state, a short-circuit or conditional expression evaluated from one
state on both sides and merged, comprehensions, lambdas and the walrus (a call is
``tilecheck.host.calls``'s). Apart from ``BodyAnalysis``, which drives the CFG and interprets
its statements, as the other half of the interpreter."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, cast

import libcst as cst

from tilecheck.host import api
from tilecheck.host.attribute_cells import AttributeCells
from tilecheck.host.cell_producers import fed_back, joined
from tilecheck.host.context import Context
from tilecheck.host.default_args import lambda_defaults
from tilecheck.host.default_factories import DEFAULTDICT, default_factories, factory
from tilecheck.host.drained_calls import drained_first
from tilecheck.host.dunders import compared, formatted_string, item_read
from tilecheck.host.hashed_sites import hashed_in, hashed_key, set_built
from tilecheck.host.implicit_calls import index, truth, unpacked
from tilecheck.host.implicit_sites import operated
from tilecheck.host.messages import Use
from tilecheck.host.missing_items import missing_read
from tilecheck.host.model import NOTHING, Kind, Many, Oids, Packed, Value, flatten
from tilecheck.host.parameter_runs import module_functions
from tilecheck.host.property_reads import lowered_from
from tilecheck.host.scopes import Scope, free_names
from tilecheck.syntax import exact
from tilecheck.syntax.nodes import dotted_name, path_of, target_names
from tilecheck.syntax.walk import EXPRESSION, children, type_kind

# Expressions that hold no code to evaluate.
LITERALS = frozenset({cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.Ellipsis})


# The method that evaluates each kind of expression, by name: looked up once per analysis class
# (a mixin may override it) and kept as plain functions, so that an analysis holds no bound
# method of itself (a reference cycle would keep all its state alive until a collection).
_EXPRESSION_METHODS: dict[type[cst.CSTNode], str] = {
    cst.Name: "_name",
    cst.Attribute: "_attribute",
    cst.Call: "_call",
    cst.Subscript: "_item",
    cst.Comparison: "_comparison",
    cst.Await: "_await",
    cst.Tuple: "_sequence",
    cst.List: "_sequence",
    cst.Set: "_container",
    cst.Dict: "dict_display",
    cst.ListComp: "_comprehension",
    cst.SetComp: "_comprehension",
    cst.GeneratorExp: "_comprehension",
    cst.DictComp: "_comprehension",
    cst.Lambda: "_lambda",
    cst.IfExp: "_if_exp",
    cst.UnaryOperation: "_unary",
    cst.BooleanOperation: "_boolean",
    cst.NamedExpr: "_named",
    cst.Yield: "_yield",
    cst.BinaryOperation: "_spine",
    cst.ConcatenatedString: "_strings",
    cst.FormattedString: "_formatted",
}
_HANDLERS: dict[type, dict[type[cst.CSTNode], Callable[[Any, Any], Value]]] = {}


def _expression_handlers(cls: type) -> dict[type[cst.CSTNode], Callable[[Any, Any], Value]]:
    table = _HANDLERS.get(cls)
    if table is None:
        table = _HANDLERS[cls] = {
            node: getattr(cls, name) for node, name in _EXPRESSION_METHODS.items()
        }
    return table


class Expressions(AttributeCells):
    """The expressions of one body; ``BodyAnalysis`` adds its statements."""

    __slots__ = ("_expr", "_free", "lambdas", "lazy_kept")

    def __init__(self, ctx: Context) -> None:
        AttributeCells.__init__(self, ctx)
        self.lambdas: list[tuple[cst.Lambda, int]] = []  # with the body statement each is in
        self._free: dict[Scope, frozenset[str]] = {}  # the free names of each nested scope
        self.lazy_kept: set[str] = set()  # names ``name = map(f, xs)`` binds (``Immediate``)
        self._expr = _expression_handlers(type(self))

    # -- what an assignment binds on every path ---------------------------------------------
    def definites(
        self, target: cst.BaseExpression, expr: cst.BaseExpression, value: Value
    ) -> list[tuple[str, int]]:
        """The names an assignment binds to an object known on every path (``State.bound``),
        worked out before the assignment (``a, b = b, a``)."""
        if isinstance(target, cst.Name):
            oid = self.definite(expr, value)
            return [] if oid is None else [(target.value, oid)]
        if (
            isinstance(target, (cst.Tuple, cst.List))
            and isinstance(expr, (cst.Tuple, cst.List))
            and isinstance(value, Packed)
            and len(target.elements) == len(expr.elements) == len(value.items)
            and not any(
                isinstance(e, cst.StarredElement) for e in (*target.elements, *expr.elements)
            )
        ):
            out: list[tuple[str, int]] = []
            for t, e, v in zip(target.elements, expr.elements, value.items, strict=True):
                out += self.definites(t.value, e.value, v)
            return out
        if isinstance(target, cst.Tuple) and type(expr) is cst.Call and isinstance(value, Packed):
            # ``op, pend = launch(...)``: the items a summarized call made here (round 30O)
            if len(target.elements) != len(value.items):
                return []
            made: list[tuple[str, int]] = []
            for t, v in zip(target.elements, value.items, strict=True):
                if type(t.value) is cst.Name and isinstance(v, frozenset) and len(v) == 1:
                    oid = self.definite(expr, v)
                    if oid is not None:
                        made.append((t.value.value, oid))
            return made
        return []

    def bind_definites(self, known: list[tuple[str, int]]) -> None:
        """After the assignment: names a call may rebind (``global``/``nonlocal`` somewhere)
        and names stored outside the body are never known; nor is anything bound in code that
        may not run."""
        if self.maybe:
            return
        for name, oid in known:
            if name not in self.ctx.rebindable and name not in self.outer_names:
                self.set_bound(name, oid)

    # -- closures ---------------------------------------------------------------------------
    def capture(self, scope: Scope) -> None:
        """A nested function or lambda that names an op, pending, partition or graph may run it
        when called: those count as run (no TC105/TC108) but stay held until something that
        may call it is (``close_over``). Only its free names count: its own parameters and
        locals are other variables, whatever their names."""
        if self._owed:  # a closure naming an instance may call its methods (round 30O)
            free = self._free.get(scope)
            if free is None:
                free = self._free[scope] = free_names(scope)
            for name in free:
                self._settle(self.env.get(name, NOTHING))
        holders = {n: o for n, o in self.env.items() if any(self.is_live(x) for x in o)}
        if holders:
            free = self._free.get(scope)
            if free is None:
                free = self._free[scope] = free_names(scope)
            for name in free & holders.keys():
                self.close_over(holders[name])

    # -- expressions ------------------------------------------------------------------------
    def ev(self, expr: cst.BaseExpression) -> Value:
        handler = self._expr.get(type(expr))
        if handler is not None:
            return handler(self, expr)
        if type(expr) not in LITERALS:
            self.walk(expr)
        return NOTHING

    def walk(self, node: cst.CSTNode) -> None:
        """Evaluate the expressions inside a node this analysis has no special meaning for."""
        for child in children(node):
            if type_kind(type(child)) == EXPRESSION:
                assert isinstance(child, cst.BaseExpression)
                self.ev(child)
            else:
                self.walk(child)

    def _item(self, expr: cst.Subscript) -> Value:
        """``obj[k]``: an instance's ``__getitem__`` where it is certain (``dunders``)."""
        if "__getitem__" in self.ctx.dunders:  # (of a class of the module: ``dunders``)
            found = item_read(self, expr)
            if found is not None:
                return found
        base, module = expr.value, self.ctx.module
        if type(base) is cst.Name and module is not None:  # ``scratch[k]`` of a defaultdict
            made = self.ctx.index.fact(module, default_factories).get(base.value)
            if made is not None:
                self._factory_run(expr, base.value, made)
            missing_read(self, expr)  # ``pool[k]`` of a dict subclass's ``__missing__``
        value = self.subscript(expr)
        if self.instances:
            index(self, expr)  # ``seq[tok]``: its ``__index__`` (``implicit_calls``)
            hashed_key(self, expr)  # ``d[obj]``: its ``__hash__`` (``hashed_sites``)
        return value

    def _factory_run(self, expr: cst.Subscript, name: str, made: tuple[cst.Call, int]) -> None:
        """The factory of the module's ``name = defaultdict(F)`` runs at its one read
        (``default_factories``); a capture's refusal inside a lambda lies at the lambda."""
        scope = self.scope_node
        if scope is not None and name in self._rebound_in(scope):
            return
        ctx = self.ctx
        key = ("default", id(expr))
        if key not in ctx.runs:
            dotted = dotted_name(made[0].func)
            canonical = ctx.resolver.resolve(dotted) if dotted is not None else None
            module = cast(cst.Module, ctx.module)
            made_by = factory(made[0], ctx.index.fact(module, module_functions))
            if canonical != DEFAULTDICT or made_by is None:
                ctx.runs[key] = None
            else:  # (1: a lambda's body, its own nodes)
                body, inline = made_by
                ctx.runs[key] = (1, body) if inline else (0, lowered_from(expr, body))
        found = ctx.runs[key]
        if found is None:
            return
        run = cast(cst.BaseExpression, found[1])
        self.escape(self.ev(run))
        if found[0]:  # a lambda's body: its findings at its own statement
            inside = {id(n) for n in ctx.index.nodes(run)}
            for verdict, (order, kept) in list(self.verdicts.items()):
                if kept is not None and kept.statement is None and id(verdict[2]) in inside:
                    moved = dataclasses.replace(kept, statement=made[1])
                    self.verdicts[verdict] = (order, moved)

    def _unary(self, expr: cst.UnaryOperation) -> Value:
        """``not x``: ``x`` tested for its truth (``implicit_calls``)."""
        self.walk(expr)
        if self.ctx.dunders and type(expr.operator) is cst.Not:
            truth(self, expr.expression)
        return NOTHING

    def _comparison(self, expr: cst.Comparison) -> Value:
        """``a == b``: the operands in order, then an instance's ``__eq__`` if certain (dunders)."""
        self.walk(expr)
        if self.ctx.dunders and len(expr.comparisons) == 1:
            compared(self, expr)
            hashed_in(self, expr)  # ``obj in s``: its ``__hash__``
        return NOTHING

    def _spine(self, expr: cst.BaseExpression) -> Value:
        """``a + b + c ...`` nests to the left, as deep as the chain is long: walk the spine
        iteratively, operands in evaluation order."""
        if isinstance(expr, cst.BinaryOperation):
            found = self.repeated(expr)
            if found is not None:
                return found
        rights: list[cst.BaseExpression] = []
        levels: list[cst.BinaryOperation] = []
        expr_whole = expr
        while isinstance(expr, cst.BinaryOperation):
            rights.append(expr.right)
            levels.append(expr)
            expr = expr.left
        values = [self.ev(expr)]
        for operand in reversed(rights):
            values.append(self.ev(operand))
        # ``a + b``: ``a.__add__(b)``, ``"%s" % x`` (``implicit_sites``)
        if self.ctx.dunders:
            for level in reversed(levels):
                operated(self, level)
        if all(type(level.operator) is cst.Add for level in levels) and any(values):
            if not fed_back(self, expr_whole):  # two lists' items (``cell_producers``)
                return joined(values) or NOTHING
        return NOTHING

    def _strings(self, expr: cst.BaseExpression) -> Value:
        """Implicit string concatenation nests to the right; only f-strings hold code."""
        while isinstance(expr, cst.ConcatenatedString):
            if isinstance(expr.left, cst.FormattedString):
                self._formatted(expr.left)
            expr = expr.right
        if isinstance(expr, cst.FormattedString):
            self._formatted(expr)
        return NOTHING

    def _formatted(self, expr: cst.FormattedString) -> Value:
        """An f-string: formatting an instance of a module class runs its method
        (``tilecheck.host.dunders``)."""
        return formatted_string(self, expr)

    def _name(self, expr: cst.Name) -> Value:
        found = self.env.get(expr.value)
        if found is None:
            if self.lazy_kept and expr.value in self.lazy_kept:
                self.call_closures()  # a kept ``map`` may be walked here (``Immediate``)
            if self._based:
                return self.lookup(expr) or NOTHING
            if self.summarized and expr.value in self.ctx.partitions():
                return self.global_partition(expr.value) or NOTHING
            return NOTHING
        return found

    def _attribute(self, expr: cst.Attribute) -> Value:
        kept = self.lookup(expr)
        if kept is not None:
            return kept
        oids = flatten(self.ev(expr.value))
        if not oids or self.kinds(oids, Kind.INSTANCE):
            read = self.runs_property(expr, oids)
            if read is not None:
                return read
        if not oids:
            return NOTHING
        attr = expr.attr.value
        if self.kinds(oids, Kind.INSTANCE):
            return self.instance_attribute(oids, attr)
        out: set[int] = set()
        tensors = self.kinds(oids, Kind.TENSOR)
        if tensors and attr not in api.TENSOR_METADATA and attr != "T":
            # making a view reads nothing: only a use through it does (``tilecheck.host.views``)
            use = Use.WRITE if attr in api.TENSOR_EXPORTS else Use.READ  # (34A)
            self.use(frozenset(tensors), use, expr.value)
        if attr == "tensor":
            for part in self.kinds(oids, Kind.PARTITION):
                out |= self.partition_tensors(part)
        if tensors and attr == "T":
            return self.view_of(expr, frozenset(tensors))
        if attr in api.RUNNING_METHODS:  # ``p.wait`` given to someone: the holder goes too
            out |= {o for o in oids if self.infos[o].kind not in (Kind.TENSOR, Kind.INSTANCE)}
        return frozenset(out)

    def _sequence(self, expr: cst.Tuple | cst.List) -> Value:
        items: list[Value] = []
        starred = False
        for element in expr.elements:
            value = self.ev(element.value)
            if type(element) is cst.StarredElement and self.instances:
                unpacked(self, element, element.value)  # ``[*obj]``: its ``__iter__``
            starred = starred or type(element) is cst.StarredElement
            items.append(value)
        if starred and not fed_back(self, expr):  # ``[*a, x, *b]``: ``cell_producers``
            found = joined(
                [
                    v if type(e) is cst.StarredElement else Packed((v,))
                    for e, v in zip(expr.elements, items, strict=True)
                ]
            )
            if found is not None:
                return found
            for value in items:
                self.escape(value)
            return NOTHING
        return Packed(tuple(items))

    def _container(self, expr: cst.BaseExpression) -> Value:
        for child in children(expr):
            if isinstance(child, cst.BaseExpression):
                self.escape(self.ev(child))
            else:
                for inner in children(child):
                    if isinstance(inner, cst.BaseExpression):
                        self.escape(self.ev(inner))
        if type(expr) is cst.Set and "__hash__" in self.ctx.dunders:
            set_built(self, expr)  # each element's ``__hash__`` (``hashed_sites``)
        return NOTHING

    def _comprehension(
        self, expr: cst.ListComp | cst.SetComp | cst.GeneratorExp | cst.DictComp
    ) -> Value:
        shadowed: dict[str, Oids] = {}
        unbound: dict[str, int] = {}
        # the first iterable at once; the rest may not run (or later)
        first = expr.for_in
        drained_first(self, expr)  # a generator it takes every item of (``drained_calls``)
        walked = self.ev(first.iter)
        taken, counters = self.taken_by(first.target, first.iter, walked)
        steps = self.step_holders(expr, first, walked)
        made_before = set(self.made_here)
        contents: Oids = NOTHING
        columns: tuple[Oids, ...] | None = None
        for_in: cst.CompFor | None = first
        # a generator runs later, elsewhere; but where its consumer draws it at once (a
        # ``for``'s head, ``list(...)``), there (round 29G)
        lazy = isinstance(expr, cst.GeneratorExp) and id(expr) not in self.ctx.drawn()
        self.maybe += 1
        self.lazy += lazy
        try:
            while for_in is not None:
                if for_in is not first:
                    self.ev(for_in.iter)
                for name in target_names(for_in.target):
                    # its untracked value of an earlier run (``o.partition`` of ``for o in
                    # rows[k]``) is not this run's: retired, as a loop's target is
                    self.retire_free(name)
                    if name in self.env and name not in shadowed:
                        shadowed[name] = self.env[name]
                        self.set_env(name, None)
                    if name in self.bound and name not in unbound:
                        unbound[name] = self.bound[name]
                        self.set_bound(name, None)
                    if for_in is first and name in taken:
                        # ``[t.partition(s) for t in ts]``: one of ``ts``
                        shadowed.setdefault(name, NOTHING)
                        self.set_env(name, taken[name][0])
                        self.instance_paths(name, taken[name][0])
                    if for_in is first and name in steps:  # ``[op.submit() for op in ops]``
                        shadowed.setdefault(name, NOTHING)
                        self.set_env(name, self.env.get(name, NOTHING) | set(steps[name]))
                if for_in is first:  # ``[b.settle() for b in bufs]``: each item's ``b.attr``
                    for step, copies in steps.items():
                        if "." in step:
                            self.set_env(step, frozenset(copies))
                for condition in for_in.ifs:
                    self.ev(condition.test)
                for_in = for_in.inner_for_in
            if isinstance(expr, cst.DictComp):
                self.escape(self.ev(expr.key))
                contents = flatten(self.ev(expr.value))
            else:
                item = self.ev(expr.elt)
                contents = flatten(item)
                if isinstance(item, Packed) and item.keys is None and len(item.items) > 1:
                    columns = tuple(flatten(v) for v in item.items)
            if lazy:  # a generator runs later, elsewhere
                self.escape(contents)
                contents = NOTHING
        finally:
            self.maybe -= 1
            self.lazy -= lazy
        for copies in steps.values():
            contents = frozenset(copies.get(o, o) for o in contents)
            if columns is not None:
                columns = tuple(frozenset(copies.get(o, o) for o in c) for c in columns)
            self.holders_done(copies)
        for step in steps:
            if "." in step:
                self.set_env(step, None)
        for name, oids in shadowed.items():
            self.drop_paths(name)
            self.instances.pop(name, None)
            self.set_env(name, oids or None)
        for name, oid in unbound.items():
            self.set_bound(name, oid)
        # one item per step: made in it, or the distinct items of what it walks
        # (rows of a tensor a step's own counter indexes among them: ``Views.per_step``)
        per_item = (set(self.made_here) - made_before) | self.per_step.pop(id(first.iter), set())
        for oids, distinct in taken.values():
            if distinct:
                per_item |= oids
        if columns is not None:  # a row made whole by each step (``tilecheck.host.rows``)
            self.made_rows(columns, set(self.made_here) - made_before)
        lane = self.result_lane(expr, taken, counters) if contents else None
        self.comprehension_done()
        if not contents:
            return NOTHING
        return Many(contents, None, contents <= per_item, lane, None if lazy else columns)

    def _lambda(self, expr: cst.Lambda) -> Value:
        # its defaults are evaluated here, once (``lambda plan=tiles(w): ...`` makes the
        # partition now): the lambda holds what they make until it may run (round 33D)
        for param in lambda_defaults(expr):
            self.close_over(flatten(self.ev(param)))
        self.capture(expr)
        if all(lam is not expr for lam, _ in self.lambdas):
            self.lambdas.append((expr, self.element.top if self.element is not None else 0))
        return NOTHING

    def assume(self, test: cst.BaseExpression, truth: bool) -> None:
        """Narrow the state to the paths where ``test`` has this truth value (BodyAnalysis)."""

    def _fork(
        self,
        first: cst.BaseExpression,
        second: cst.BaseExpression | None,
        kept: list[Value] | None = None,
        test: tuple[cst.BaseExpression, bool] | None = None,
    ) -> Oids:
        """Evaluate one of two expressions (or the first or nothing): each from the same
        state, the outcomes merged (``kept``: given, each outcome as evaluated; ``test``: the
        first is taken where that expression has that truth value, the second where not)."""
        before = self.state()
        # ``before`` must not change under us
        self._own_env = self._own_holds = self._own_must = self._own_defs = False
        if test is not None:
            self._assumed(test[0], test[1])
        value = self.ev(first)
        left = flatten(value)
        after_first = self.state()
        self._load(before)
        if test is not None:
            self._own_env = self._own_holds = self._own_must = self._own_defs = False
            self._assumed(test[0], not test[1])
        other = self.ev(second) if second is not None else NOTHING
        right = flatten(other)
        if kept is not None:
            kept.extend((value, other))
        merged = after_first.join(self.state())
        if not self.unchanged(merged):
            self._load(merged)
            self.gc_needed = True
        return left | right

    def _assumed(self, test: cst.BaseExpression, truth: bool) -> None:
        """``assume``, then the holders it took from every name go, as the CFG's branch
        collects them (``prev`` of ``prev and prev.wait()`` is None where the wait is
        skipped: the Pending it and the names kept the same held does not exist there)."""
        env = self.env
        self.assume(test, truth)
        if self.env is env:
            return
        lost: set[int] = set()
        for name, oids in env.items():
            now = self.env.get(name)
            if now is not oids:
                lost |= oids - (now or NOTHING)
        if not lost:
            return
        for oids in self.env.values():
            lost -= oids
            if not lost:
                return
        for oid in lost:
            if oid in self.holds:
                self.set_hold(oid, None)

    def _if_exp(self, expr: cst.IfExp) -> Value:
        self.ev(expr.test)
        if self.ctx.dunders:
            truth(self, expr.test)
        body, orelse = expr.body, expr.orelse
        if type(body) is cst.Tuple and type(orelse) is cst.Tuple:
            return self._fork_items(body, orelse)
        return self._fork(body, orelse)

    def _fork_items(self, first: cst.Tuple, second: cst.Tuple) -> Value:
        """``(h, h) if flag else (tmp, h)``: each item what either tuple's item at its index
        may be, so ``dst, src = ...`` binds each name to its own column (round 24F), where
        the tuples differ at one index at most (``(a, b) if c else (b, a)`` would pair each
        name with what the other way gives the other)."""
        kept: list[Value] = []
        merged = self._fork(first, second, kept)
        left, right = kept
        if (
            isinstance(left, Packed)
            and isinstance(right, Packed)
            and left.keys is None
            and right.keys is None
            and len(left.items) == len(right.items)
            and not left.repeated
            and not right.repeated
        ):
            items = [(flatten(a), flatten(b)) for a, b in zip(left.items, right.items, strict=True)]
            if sum(a != b for a, b in items) <= 1:  # (two that differ: which goes with which)
                return Packed(tuple(a | b for a, b in items))
        return merged

    def _boolean(self, expr: cst.BooleanOperation) -> Value:
        left = flatten(self.ev(expr.left))
        if self.ctx.dunders:
            truth(self, expr.left)  # (the right operand only where the left decides)
        # ``prev and prev.wait()``: the wait is skipped only where ``prev`` is false (None)
        taken = type(expr.operator) is cst.And
        return left | self._fork(expr.right, None, test=(expr.left, taken))

    def _named(self, expr: cst.NamedExpr) -> Value:
        value = self.ev(expr.value)
        known = self.definites(expr.target, expr.value, value)
        copies = copies_of(expr.target, expr.value)
        self.bind(expr.target, value)
        self.alias(copies)  # ``(p := prev)``: one object, narrowed together
        self.bind_definites(known)
        self.define(expr.target, expr.value)  # ``(w := pends[i % 2])``: as ``w = pends[...]``
        return value

    def _yield(self, expr: cst.Yield) -> Value:
        inner = expr.value
        if isinstance(inner, cst.From):
            inner = inner.item
        if inner is not None:
            self.escape(self.ev(inner))
        return NOTHING

    def _await(self, expr: cst.Await) -> Value:
        oids = flatten(self.ev(expr.expression))
        if not self.refused_run(expr.expression, oids, expr, "await"):
            self.run_once(expr.expression, oids, expr, "await")
        self.release(self.kinds(oids, Kind.OP), expr, ran=True)
        self.release(self.kinds(oids, Kind.PENDING), expr)
        return NOTHING


def copies_of(
    target: cst.BaseExpression, value: cst.BaseExpression
) -> list[tuple[str, str | None]]:
    """The names an assignment binds, each with the name whose value it copies, if any:
    ``a, b = b, a`` gives ``[("a", "b"), ("b", "a")]``."""
    path = path_of(target) if exact.is_path(target) else None
    if path is not None:
        return [(path, path_of(value) if exact.is_path(value) else None)]
    if exact.is_sequence(target):
        items = target.elements
        if (
            isinstance(value, (cst.Tuple, cst.List))
            and len(value.elements) == len(items)
            and not any(type(e) is cst.StarredElement for e in (*items, *value.elements))
        ):
            out: list[tuple[str, str | None]] = []
            for item, source in zip(items, value.elements, strict=True):
                out += copies_of(item.value, source.value)
            return out
        return [(name, None) for name in target_names(target)]
    return []
