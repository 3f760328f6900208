"""The flow-sensitive ownership analysis of one body (a function's, a lambda's, a class's or the
module's): an abstract interpreter of tilert's host API over the body's CFG.

Each element of the CFG is interpreted against a ``State``; expressions are walked once per
visit, in evaluation order (what a call does is ``tilecheck.host.calls``'s part). Only names
bound to tilert values are tracked. Findings are recorded as they are met (states only grow
while the solver iterates, so a finding met on the way is also true of the fixed point) and
deduplicated by root cause."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, cast

import libcst as cst

from tilecheck.flow.cfg import CFG, Block, Element, ElementKind
from tilecheck.flow.dataflow import solve
from tilecheck.host import api
from tilecheck.host.classes import ClassInfo, self_name
from tilecheck.host.context import Context
from tilecheck.host.messages import Use
from tilecheck.host.model import (
    EMPTY_STATE,
    NOTHING,
    Hold,
    Kind,
    Many,
    Oids,
    Packed,
    State,
    Value,
    flatten,
)
from tilecheck.host.scopes import Scope, declared_outer, free_names
from tilecheck.host.summaries import Interprocedural
from tilecheck.syntax.nodes import dotted_name, path_of, target_names
from tilecheck.syntax.walk import EXPRESSION, children, type_kind

# Expressions that hold no code to evaluate.
LITERALS = frozenset({cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.Ellipsis})


class BodyAnalysis(Interprocedural):
    """One body's analysis. ``run_*`` solve it; ``findings()`` gives what was found."""

    def __init__(self, ctx: Context, method_of: ClassInfo | None = None) -> None:
        super().__init__(ctx)
        self.method_of = method_of
        self.lambdas: list[tuple[cst.Lambda, int]] = []  # with the body statement each is in
        self._free: dict[Scope, frozenset[str]] = {}  # the free names of each nested scope
        self._expr: dict[type[cst.CSTNode], Callable[[Any], Value]] = {
            cst.Name: self._name,
            cst.Attribute: self._attribute,
            cst.Call: self._call,
            cst.Subscript: self.subscript,
            cst.Await: self._await,
            cst.Tuple: self._sequence,
            cst.List: self._sequence,
            cst.Set: self._container,
            cst.Dict: self.dict_display,
            cst.ListComp: self._comprehension,
            cst.SetComp: self._comprehension,
            cst.GeneratorExp: self._comprehension,
            cst.DictComp: self._comprehension,
            cst.Lambda: self._lambda,
            cst.IfExp: self._if_exp,
            cst.BooleanOperation: self._boolean,
            cst.NamedExpr: self._named,
            cst.Yield: self._yield,
            cst.BinaryOperation: self._spine,
            cst.ConcatenatedString: self._strings,
        }

    # -- driving ----------------------------------------------------------------------------
    def run_body(self, cfg: CFG, initial: State = EMPTY_STATE) -> dict[int, State]:
        self.note_loops(
            [
                cast(cst.For, e.node)
                for b in cfg.blocks
                for e in b.elements
                if e.kind is ElementKind.FOR_TARGET
            ]
        )
        return solve(cfg, initial, self.transfer, State.join)

    def run_function(self, fn: cst.FunctionDef, cfg: CFG) -> dict[int, State]:
        self.outer_names = declared_outer(fn.body)
        initial = self._parameters(fn.params)
        me = self.me = self_name(fn) if self.method_of is not None else None
        if me is not None and self.method_of is not None and fn.name.value != "__init__":
            initial = dataclasses.replace(
                initial, env={**initial.env, **self.attribute_entry(me, self.method_of)}
            )
        return self.run_body(cfg, initial)

    def run_lambda(self, fn: cst.Lambda) -> None:
        self._load(self._parameters(fn.params))
        self.element = Element(ElementKind.RETURN, fn.body, (), 0, 0)
        self.escape(self.ev(fn.body))

    def _parameters(self, params: cst.Parameters) -> State:
        env: dict[str, Oids] = {}
        holds: dict[int, Hold] = {}
        bound: dict[str, int] = {}
        everything = (*params.posonly_params, *params.params, *params.kwonly_params)
        for param in everything:
            if param.annotation is None:
                continue
            annotation = param.annotation.annotation
            if isinstance(annotation, cst.Subscript):
                annotation = annotation.value
            dotted = dotted_name(annotation)
            canonical = self.ctx.resolver.resolve(dotted) if dotted else None
            name = param.name.value
            if canonical == api.TENSOR_TYPE:
                tensor = self.obj(Kind.TENSOR, ("param", name), None, f"`{name}`")
                env[name] = frozenset({tensor})
                if name not in self.ctx.rebindable:
                    bound[name] = tensor
            elif canonical == api.PARTITION_TYPE:
                part, holds[part] = self.parameter_partition(name)
                env[name] = frozenset({part})
            elif canonical == api.GRAPH_TYPE:  # ``with g:`` captures into it (its group)
                graph = self.obj(Kind.GRAPH, ("param", name), None, f"`{name}`")
                self.infos[graph] = dataclasses.replace(self.infos[graph], group=graph)
                env[name] = frozenset({graph})
            elif dotted is not None and dotted in self.ctx.classes:
                env.update(self.attribute_entry(name, self.ctx.classes[dotted]))
        self._ever_bound.update(bound.values())
        return State(env, holds, bound=bound)

    def transfer(self, block: Block, state: State) -> State:
        self._load(state)
        for element in block.elements:
            self.element = element
            self.tick = 0
            self.made_here.clear()
            if self.taken:
                self.leave_withs()
            self.run_element(element)
            if self.gc_needed:
                self.collect()
        if (
            self.env is state.env
            and self.holds is state.holds
            and self.apart is state.apart
            and self.bound is state.bound
            and self.taken is state.taken
            and self.same is state.same
        ):
            return state  # unchanged: the solver sees no news
        # Compared by identity, not by ownership: a short-circuit (``_fork``) gives up
        # ownership of dicts this block already changed, and those changes must flow on.
        return self.state()

    # -- elements ---------------------------------------------------------------------------
    def run_element(self, element: Element) -> None:
        kind, node = element.kind, element.node
        if kind is ElementKind.STMT:
            self.small(cast(cst.BaseSmallStatement, node))
        elif kind is ElementKind.EVAL:
            expr = cast(cst.BaseExpression, node)
            self.evaluated(expr, self.ev(expr))
        elif kind is ElementKind.FOR_TARGET:
            loop = cast(cst.For, node)
            self.iterate(loop, self.iterated(loop.iter))
        elif kind is ElementKind.FOR_DONE:
            self.loop_done(cast(cst.For, node))
        elif kind is ElementKind.WITH_ENTER:
            item = cast(cst.WithItem, node)
            value = self.ev(item.item)
            if item.asname is not None:
                # ``with tr.graph() as g``: a graph's ``__enter__`` returns the graph itself
                known = self.definites(item.asname.name, item.item, value)
                self.bind(item.asname.name, value)
                self.bind_definites([(n, o) for n, o in known if self.infos[o].kind is Kind.GRAPH])
        elif kind is ElementKind.EXCEPT_BIND:
            # the element that raised may have raised before it ran an op it was to run
            for op in list(self.taken):
                self.set_taken(op, None)
            handler = cast(cst.ExceptHandler | cst.ExceptStarHandler, node)
            if handler.name is not None:
                self.bind(handler.name.name, NOTHING)
        elif kind is ElementKind.PATTERN:
            for name in target_names(cast(cst.MatchCase, node).pattern):
                self.bind_name(name, NOTHING)
        elif kind is ElementKind.DEF:
            definition = cast(cst.FunctionDef | cst.ClassDef, node)
            self.capture(definition)
            self.bind_name(definition.name.value, NOTHING)
            if isinstance(definition, cst.FunctionDef):
                self.note_closure(definition.name.value, definition)
        elif kind is ElementKind.ASSUME_TRUE or kind is ElementKind.ASSUME_FALSE:
            self.assume(cast(cst.BaseExpression, node), kind is ElementKind.ASSUME_TRUE)
        elif kind is ElementKind.RETURN:
            value_node = cast(cst.Return, node).value
            if value_node is not None:
                value = self.ev(value_node)
                self.note_return(value)
                self.escape(value)

    def small(self, node: cst.BaseSmallStatement) -> None:
        if isinstance(node, cst.Expr):
            self.ev(node.value)
        elif isinstance(node, cst.Assign):
            value = self.ev(node.value)
            copies: list[tuple[str, str | None]] = []
            known: list[tuple[str, int]] = []
            for target in node.targets:
                copies += _copies(target.target, node.value)
                known += self.definites(target.target, node.value, value)
            before = self.apart
            old = {s: self.env[s] for _, s in copies if s is not None and s in self.env}
            covers = self.covers_of({t for t, _ in copies})
            for target in node.targets:
                self.bind(target.target, value)
                if isinstance(node.value, cst.Lambda) and isinstance(target.target, cst.Name):
                    self.note_closure(target.target.value, node.value)
            self.relate(copies, before, old)
            self.rename_covers(covers, copies)
            self.alias(copies)
            if len(node.targets) == 1:
                self.construct(node.targets[0].target, node.value)
            self.bind_definites(known)
        elif isinstance(node, cst.AnnAssign):
            if node.value is not None:
                value = self.ev(node.value)
                known = self.definites(node.target, node.value, value)
                self.bind(node.target, value)
                self.bind_definites(known)
        elif isinstance(node, cst.AugAssign):
            self.escape(self.ev(node.value))
            self.bind(node.target, NOTHING)
        elif isinstance(node, cst.Del):
            self.delete(node.target)
        elif isinstance(node, cst.Raise):
            if node.exc is not None:
                self.ev(node.exc)
            if node.cause is not None:
                self.ev(node.cause.item)
        elif isinstance(node, cst.Assert):
            self.ev(node.test)
            if node.msg is not None:
                self.ev(node.msg)
        elif isinstance(node, (cst.Import, cst.ImportFrom)) and not isinstance(
            node.names, cst.ImportStar
        ):
            for alias in node.names:
                bound = alias.asname.name if alias.asname else alias.name
                if isinstance(bound, cst.Name):
                    self.bind_name(bound.value, NOTHING)
                elif isinstance(bound, cst.Attribute):
                    head = dotted_name(bound)
                    if head:
                        self.bind_name(head.split(".")[0], NOTHING)

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

    def assume(self, test: cst.BaseExpression, truth: bool) -> None:
        """Narrow on a branch: where ``x is None`` or ``not x`` holds, ``x`` holds no op,
        pending, partition or graph (those are never None and always true), so the path where
        ``if pending is not None: pending.wait()`` was skipped has no pending to wait for.
        A walrus narrows the name it binds: ``if (pending := op.submit()) is not None:``."""
        if isinstance(test, cst.NamedExpr):
            test = test.target
        if isinstance(test, cst.Name):
            if not truth:
                self.forget_holders(test.value)
        elif isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            self.assume(test.expression, not truth)
        elif isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
            target = test.comparisons[0]
            is_none = isinstance(target.comparator, cst.Name) and target.comparator.value == "None"
            left = test.left.target if isinstance(test.left, cst.NamedExpr) else test.left
            if is_none and isinstance(left, cst.Name):
                if isinstance(target.operator, cst.Is) and truth:
                    self.forget_holders(left.value)
                elif isinstance(target.operator, cst.IsNot) and not truth:
                    self.forget_holders(left.value)
        elif isinstance(test, cst.BooleanOperation):
            both = (
                isinstance(test.operator, cst.And) if truth else isinstance(test.operator, cst.Or)
            )
            if both:
                self.assume(test.left, truth)
                self.assume(test.right, truth)

    def forget_holders(self, name: str) -> None:
        for p in self.same:
            if name in p:
                (other,) = p - {name}
                self._forget_holders(other)
        self._forget_holders(name)

    def _forget_holders(self, name: str) -> None:
        oids = self.env.get(name)
        if oids:
            kept = frozenset(self.kinds(oids, Kind.TENSOR))
            if kept != oids:
                self.set_env(name, kept or None)

    def iterated(self, iterable: cst.BaseExpression) -> Value:
        """What a ``for`` target takes: the tracked names of a literal tuple/list it walks."""
        if isinstance(iterable, (cst.Tuple, cst.List)):
            out: set[int] = set()
            for element in iterable.elements:
                if isinstance(element.value, cst.Name):
                    out |= self.env.get(element.value.value, NOTHING)
            return frozenset(out)
        return NOTHING

    def capture(self, scope: Scope) -> None:
        """A nested function or lambda that names an op, pending, partition or graph may run it
        when called: those count as run (no TC105/TC108) but stay held until something that
        may call it is (``close_over``). Only its free names count: its own parameters and
        locals are other variables, whatever their names."""
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
            return handler(expr)
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

    def _spine(self, expr: cst.BaseExpression) -> Value:
        """``a + b + c ...`` nests to the left, as deep as the chain is long: walk the spine
        iteratively, operands in evaluation order."""
        rights: list[cst.BaseExpression] = []
        while isinstance(expr, cst.BinaryOperation):
            rights.append(expr.right)
            expr = expr.left
        self.ev(expr)
        for operand in reversed(rights):
            self.ev(operand)
        return NOTHING

    def _strings(self, expr: cst.BaseExpression) -> Value:
        """Implicit string concatenation nests to the right; only f-strings hold code."""
        while isinstance(expr, cst.ConcatenatedString):
            if isinstance(expr.left, cst.FormattedString):
                self.walk(expr.left)
            expr = expr.right
        if isinstance(expr, cst.FormattedString):
            self.walk(expr)
        return NOTHING

    def _name(self, expr: cst.Name) -> Value:
        found = self.env.get(expr.value)
        if found is None and self._based:
            return self.lookup(expr) or NOTHING
        return NOTHING if found is None else found

    def _attribute(self, expr: cst.Attribute) -> Value:
        kept = self.lookup(expr)
        if kept is not None:
            return kept
        oids = flatten(self.ev(expr.value))
        if not oids:
            return NOTHING
        attr = expr.attr.value
        out: set[int] = set()
        tensors = self.kinds(oids, Kind.TENSOR)
        if tensors and attr not in api.TENSOR_METADATA:
            self.use(frozenset(tensors), Use.READ, expr.value)
        if attr == "tensor":
            for part in self.kinds(oids, Kind.PARTITION):
                out |= self.partition_tensors(part)
        if tensors and attr == "T":
            return self.view_of(expr, frozenset(tensors))
        return frozenset(out)

    def _sequence(self, expr: cst.Tuple | cst.List) -> Value:
        items: list[Value] = []
        starred = False
        for element in expr.elements:
            value = self.ev(element.value)
            starred = starred or isinstance(element, cst.StarredElement)
            items.append(value)
        if starred:
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
        return NOTHING

    def _comprehension(
        self, expr: cst.ListComp | cst.SetComp | cst.GeneratorExp | cst.DictComp
    ) -> Value:
        shadowed: dict[str, Oids] = {}
        unbound: dict[str, int] = {}
        # the first iterable at once; the rest may not run (or later)
        items = flatten(self.ev(expr.for_in.iter))
        contents: Oids = NOTHING
        for_in: cst.CompFor | None = expr.for_in
        lazy = isinstance(expr, cst.GeneratorExp)
        self.maybe += 1
        self.lazy += lazy
        try:
            while for_in is not None:
                if for_in is not expr.for_in:
                    self.ev(for_in.iter)
                for name in target_names(for_in.target):
                    if name in self.env and name not in shadowed:
                        shadowed[name] = self.env[name]
                        self.set_env(name, None)
                    if name in self.bound and name not in unbound:
                        unbound[name] = self.bound[name]
                        self.set_bound(name, None)
                    if for_in is expr.for_in and isinstance(for_in.target, cst.Name):
                        shadowed.setdefault(name, NOTHING)
                        tensors = frozenset(self.kinds(items, Kind.TENSOR))
                        if tensors:  # ``[t.partition(s) for t in ts]``: one of ``ts``
                            self.set_env(name, tensors)
                for condition in for_in.ifs:
                    self.ev(condition.test)
                for_in = for_in.inner_for_in
            if isinstance(expr, cst.DictComp):
                self.escape(self.ev(expr.key))
                contents = flatten(self.ev(expr.value))
            else:
                contents = flatten(self.ev(expr.elt))
            if lazy:  # a generator runs later, elsewhere
                self.escape(contents)
                contents = NOTHING
        finally:
            self.maybe -= 1
            self.lazy -= lazy
        for name, oids in shadowed.items():
            self.set_env(name, oids or None)
        for name, oid in unbound.items():
            self.set_bound(name, oid)
        return Many(contents) if contents else NOTHING

    def _lambda(self, expr: cst.Lambda) -> Value:
        self.capture(expr)
        if all(lam is not expr for lam, _ in self.lambdas):
            self.lambdas.append((expr, self.element.top if self.element is not None else 0))
        return NOTHING

    def _fork(self, first: cst.BaseExpression, second: cst.BaseExpression | None) -> Oids:
        """Evaluate one of two expressions (or the first or nothing): each from the same
        state, the outcomes merged."""
        before = self.state()
        # ``before`` must not change under us
        self._own_env = self._own_holds = self._own_must = False
        left = flatten(self.ev(first))
        after_first = self.state()
        self._load(before)
        right = flatten(self.ev(second)) if second is not None else NOTHING
        merged = after_first.join(self.state())
        if (
            merged.env is not self.env
            or merged.holds is not self.holds
            or merged.apart is not self.apart
            or merged.bound is not self.bound
            or merged.taken is not self.taken
            or merged.same is not self.same
        ):
            self._load(merged)
            self.gc_needed = True
        return left | right

    def _if_exp(self, expr: cst.IfExp) -> Value:
        self.ev(expr.test)
        return self._fork(expr.body, expr.orelse)

    def _boolean(self, expr: cst.BooleanOperation) -> Value:
        left = flatten(self.ev(expr.left))
        return left | self._fork(expr.right, None)

    def _named(self, expr: cst.NamedExpr) -> Value:
        value = self.ev(expr.value)
        known = self.definites(expr.target, expr.value, value)
        self.bind(expr.target, value)
        self.bind_definites(known)
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


_PATHS = (cst.Name, cst.Attribute, cst.Subscript)


def _copies(target: cst.BaseExpression, value: cst.BaseExpression) -> list[tuple[str, str | None]]:
    """The names an assignment binds, each with the name whose value it copies, if any:
    ``a, b = b, a`` gives ``[("a", "b"), ("b", "a")]``."""
    path = path_of(target) if isinstance(target, _PATHS) else None
    if path is not None:
        return [(path, path_of(value) if isinstance(value, _PATHS) else None)]
    if isinstance(target, (cst.Tuple, cst.List)):
        items = target.elements
        if (
            isinstance(value, (cst.Tuple, cst.List))
            and len(value.elements) == len(items)
            and not any(isinstance(e, cst.StarredElement) for e in (*items, *value.elements))
        ):
            out: list[tuple[str, str | None]] = []
            for item, source in zip(items, value.elements, strict=True):
                out += _copies(item.value, source.value)
            return out
        return [(name, None) for name in target_names(target)]
    return []
