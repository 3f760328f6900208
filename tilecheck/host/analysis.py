"""The flow-sensitive ownership analysis of one body (a function's, a lambda's, a class's or the
module's): an abstract interpreter of tilert's host API over the body's CFG.

Each element of the CFG is interpreted against a ``State``; expressions are walked once per
visit, in evaluation order (``tilecheck.host.expressions``; what a call does is
``tilecheck.host.calls``'s part). Only names bound to tilert values are tracked. Findings are
recorded as they are met (states only grow while the solver iterates, so a finding met on the
way is also true of the fixed point) and deduplicated by root cause."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import cast

import libcst as cst

from tilecheck.flow.cfg import CFG, Block, Element, ElementKind
from tilecheck.flow.dataflow import solve
from tilecheck.flow.undone import undone_call
from tilecheck.host import api, class_ops, default_args, implicit_calls, raised_objects, with_exits
from tilecheck.host.attribute_drops import only_stored, plain_attribute
from tilecheck.host.caller_classes import given_tensor, parameter_kinds
from tilecheck.host.cell_stores import update_call, updated_items
from tilecheck.host.cells import settle_taken
from tilecheck.host.classes import ClassInfo, self_name
from tilecheck.host.closures import KEPT_CLOSURES
from tilecheck.host.context import Context
from tilecheck.host.deferred_waits import DeferredWaits
from tilecheck.host.dunders import narrowed_parameters
from tilecheck.host.expressions import copies_of
from tilecheck.host.false_walrus import false_walrus
from tilecheck.host.hashed_sites import stored_item
from tilecheck.host.implicit_calls import truth, unpacked
from tilecheck.host.implicit_sites import augmented, property_set
from tilecheck.host.iterated_params import iterated_tensor_params, tensor_container
from tilecheck.host.keyed_turns import distinct_column
from tilecheck.host.library_statements import STATEMENT_CALLS, lowered_statement
from tilecheck.host.local_constants import scoped
from tilecheck.host.loop_columns import Column
from tilecheck.host.match_cells import SUBJECT, bind_captures, narrow_none
from tilecheck.host.model import (
    EMPTY_STATE,
    LIVE,
    NOTHING,
    Hold,
    Kind,
    Oids,
    Packed,
    State,
    Value,
)
from tilecheck.host.scopes import declared_outer
from tilecheck.host.summary import Summary
from tilecheck.host.turn_offsets import spent_items
from tilecheck.syntax import exact
from tilecheck.syntax.constants import const_int
from tilecheck.syntax.nodes import dotted_name, path_of, target_names_of


class BodyAnalysis(DeferredWaits):
    """One body's analysis. ``run_*`` solve it; ``findings()`` gives what was found."""

    __slots__ = ()

    def __init__(self, ctx: Context, method_of: ClassInfo | None = None) -> None:
        DeferredWaits.__init__(self, ctx)
        self.method_of = method_of

    # -- driving ----------------------------------------------------------------------------
    def run_body(self, cfg: CFG, initial: State = EMPTY_STATE) -> dict[int, State]:
        self.loop_first = cfg.loops
        self.body_cfg = cfg
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
        self.scope_node, self.ctx = fn, scoped(self.ctx, fn, self.outer_names)
        self.parameters = frozenset(target_names_of(fn.params))
        given = {**parameter_kinds(self.ctx, fn), **narrowed_parameters(fn)}
        initial = self._parameters(fn.params, given)
        me = self.me = self_name(fn) if self.method_of is not None else None
        if me is not None and self.method_of is not None and fn.name.value != "__init__":
            initial = dataclasses.replace(
                initial, env={**initial.env, **self.attribute_entry(me, self.method_of)}
            )
        states = self.run_body(cfg, self.with_global_partitions(fn, initial))
        end = states.get(cfg.exit)
        if end is not None:
            self.leave(end)
        return states

    def run_lambda(self, fn: cst.Lambda) -> None:
        self._load(self._parameters(fn.params))
        self.element = Element(ElementKind.RETURN, fn.body, (), 0, 0)
        self.escape(self.ev(fn.body))

    def _parameters(
        self, params: cst.Parameters, narrowed: Mapping[str, str] | None = None
    ) -> State:
        env: dict[str, Oids] = {}
        holds: dict[int, Hold] = {}
        bound: dict[str, int] = {}
        star = params.star_arg if isinstance(params.star_arg, cst.Param) else None
        walked = (star,) if star is not None and star.annotation is None else ()  # (round 37S)
        everything = (*params.posonly_params, *params.params, *params.kwonly_params, *walked)
        for param in everything:
            name = param.name.value
            if narrowed and narrowed.get(name) in self.ctx.classes:  # (``dunders``)
                env.update(self.attribute_entry(name, self.ctx.classes[narrowed[name]], param=True))
                continue
            annotation = param.annotation.annotation if param.annotation else None
            if self.holds_tensors(annotation, name):  # ``ts: list[Tensor]``: one of its items
                items = self.obj(Kind.TENSOR, ("param-items", name), None, f"a tensor of `{name}`")
                env[name + "[*]"] = frozenset({items})
                self.under_name(name, name + "[*]")
                continue
            if isinstance(annotation, cst.Subscript):
                annotation = annotation.value
            dotted = dotted_name(annotation) if annotation is not None else None
            canonical = self.ctx.resolver.resolve(dotted) if dotted else None
            if annotation is None and (canonical := given_tensor(narrowed, name)) is None:
                continue
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
                env.update(self.attribute_entry(name, self.ctx.classes[dotted], param=True))
        self._ever_bound.update(bound.values())
        return State(env, holds, bound=bound)

    def holds_tensors(self, annotation: cst.BaseExpression | None, name: str) -> bool:
        """``list[Tensor]``, ``Sequence[tr.Tensor[f32]]``, ``dict[str, Tensor]``...; or none
        and walked as tensors (``iterated_params``)."""
        fn = self.scope_node
        if annotation is not None or type(fn) is not cst.FunctionDef:
            return annotation is not None and tensor_container(annotation, self.ctx.resolver)
        return name in iterated_tensor_params(fn, lambda f: self.ctx.callee(f).kernel)

    def transfer(self, block: Block, state: State) -> State | None:
        """Run a block's elements. A block of an unrolled ``for`` (``tilecheck.flow.unroll``)
        runs all of its elements in one copy of the body (``slots``: their objects its own, as
        a comprehension's position's are), and one that starts with an ``UNROLL_*`` element
        returns None when it is not the way taken (the only elements that set ``unreached``)."""
        self._load(state)
        elements = block.elements
        around = self.positions_stack
        if elements and elements[0].slots:
            self.positions_stack = [*around, *(s for s in elements[0].slots if s >= 0)]
        try:
            for element in elements:
                self.element = element
                self.tick = 0
                self.made_here.clear()
                if self.taken:
                    self.leave_withs()
                self.run_element(element)
                if self.unreached:
                    self.unreached = False
                    return None
                if self.gc_needed:
                    self.collect()
        finally:
            self.positions_stack = around
        if self.unchanged(state):
            return state  # unchanged: the solver sees no news
        # Compared by identity, not by ownership: a short-circuit (``_fork``) gives up
        # ownership of dicts this block already changed, and those changes must flow on.
        return self.state()

    # -- elements ---------------------------------------------------------------------------
    def run_element(self, element: Element) -> None:
        kind, node = element.kind, element.node
        if kind is ElementKind.STMT:
            self.raising_edge(cast(cst.BaseSmallStatement, node))  # (before it runs)
            self.small(cast(cst.BaseSmallStatement, node))
        elif kind is ElementKind.EVAL:
            expr = cast(cst.BaseExpression, node)
            evaluated = self.ev(expr)
            self.evaluated(expr, evaluated)
            self.last_eval = (expr, evaluated)  # (a ``match``'s subject: ``match_cells``)
            entered = self._loop_of.get(id(expr))
            if entered is None and type(evaluated) is Packed and path_of(expr) is None:
                self.bind_name(SUBJECT, evaluated)  # ``match step(x):``, its cells kept
            if entered is not None:  # its ``__iter__`` (``implicit_calls``)
                implicit_calls.loop_entered(self, entered, evaluated)
        elif kind is ElementKind.FOR_TARGET:
            loop = cast(cst.For, node)
            given = implicit_calls.turn(self, loop) if self.instances else None  # ``__next__``
            self.iterate(loop, self.iterated(loop.iter))
            if given is not None:
                self.bind(loop.target, given)
        elif kind is ElementKind.FOR_DONE:
            if self.instances:  # the last ``__next__`` ran (``implicit_calls``)
                implicit_calls.exhausted(self, cast(cst.For, node))
            self.loop_done(cast(cst.For, node))
        elif kind is ElementKind.LOOP_BACK:
            self.loop_back(node)
        elif kind is ElementKind.FOR_SLOT:
            self.slot_taken(cast(cst.For, node), element.slots[-1])
        elif kind is ElementKind.UNROLL_IN or kind is ElementKind.UNROLL_OUT:
            self.unroll_gate(cast(cst.For, node), element.width, kind is ElementKind.UNROLL_IN)
        elif kind is ElementKind.WITH_ENTER:
            item = cast(cst.WithItem, node)
            self.entered(item.item)
            value = with_exits.entered(self, item, self.ev(with_exits.managed(self, item)))
            if item.asname is not None and value is not None:
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
                self.bind(handler.name.name, raised_objects.caught(self, handler))
        elif kind is ElementKind.PATTERN:
            bind_captures(self, cast(cst.MatchCase, node))
        elif kind is ElementKind.DEF:
            definition = cast(cst.FunctionDef | cst.ClassDef, node)
            class_ops.capture(self, definition)  # (a class body's methods: its objects too)
            if type(definition) is cst.FunctionDef and self.scope_node is None:
                default_args.evaluated(self, definition)
            elif type(definition) is cst.ClassDef and self.scope_node is None:
                self.class_body(definition)  # (its body's objects, ``C.x``)
            self.bind_name(definition.name.value, NOTHING)
            if isinstance(definition, cst.FunctionDef):
                self.note_closure(definition.name.value, definition)
        elif kind is ElementKind.ASSUME_TRUE or kind is ElementKind.ASSUME_FALSE:
            # ``if step:`` ran ``step.__bool__()`` (``implicit_calls``)
            if self.ctx.dunders:
                truth(self, cast(cst.BaseExpression, node))
            self.assume(cast(cst.BaseExpression, node), kind is ElementKind.ASSUME_TRUE)
            self.skipped_edge(cast(cst.BaseExpression, node), kind is ElementKind.ASSUME_TRUE)
        elif kind is ElementKind.UNDONE:
            self.undo_call(node)
        elif kind is ElementKind.WITH_EXIT:
            with_exits.left(self, cast(cst.WithItem, node))
        elif kind is ElementKind.WITH_CALL:
            with_exits.call_entered(self, cast(cst.WithItem, node))
        elif kind is ElementKind.YIELDED:
            with_exits.yielded(self, cast(cst.WithItem, node))
        elif kind is ElementKind.RETURN:
            value_node = cast(cst.Return, node).value
            if value_node is not None:
                value = self.ev(value_node)
                waits = self.closure_waits(value_node)
                if waits is not None:
                    self.note_return(waits, waiting=True)
                else:
                    self.note_return(value)
                self.escape(value)
            if not element.withs and self.scope_node is not None:
                self.leave_early(cast(cst.Return, node))

    def undo_call(self, node: cst.CSTNode) -> None:
        """The statement raised in its last call (``tilecheck.flow.undone``): what that call made
        (a Pending, an op) never came to be, so it holds nothing on the way to a handler."""
        call = undone_call(node)
        for kind in Kind:
            oid = self._oid_of.get((kind, call))
            if oid is not None and oid in self.holds:
                self.set_hold(oid, None)

    def small(self, node: cst.BaseSmallStatement) -> None:
        if (type(node) is cst.Expr or type(node) is cst.Assign) and type(node.value) is cst.Call:
            func = node.value.func
            spelled = func.attr if type(func) is cst.Attribute else func
            if type(spelled) is cst.Name and spelled.value in STATEMENT_CALLS:
                lowered = lowered_statement(self.ctx, node)
                if lowered is not None:  # ``setattr(o, "a", v)``, ``a, b = tee(xs)``, ``v.set(x)``
                    for small in lowered:
                        self.small(small)
                    return
            elif type(spelled) is cst.Name and spelled.value == "update" and update_call(node):
                lowered = updated_items(self.ctx, node, self.scope_node or self.module_node)
                if lowered is not None:  # ``d.update(k=v)``: ``d["k"] = v``
                    for small in lowered:
                        self.small(small)
                    return
        if type(node) is cst.Expr:
            self.dropped_item(node.value, self.ev(node.value))
            self.dropped_launch(node.value)
        elif type(node) is cst.Assign and self.counted(node.targets, node.value):
            pass  # ``i = i + 1``
        elif type(node) is cst.Assign:
            value = self.ev(node.value)
            rebound = [n for t in node.targets for n in _plain_names(t.target)]
            if self.instances:
                rebound += self.attribute_targets(node.targets)
            pendings = self.held_before(rebound, True) if rebound else {}
            copies: list[tuple[str, str | None]] = []
            known: list[tuple[str, int]] = []
            for target in node.targets:
                copies += copies_of(target.target, node.value)
                known += self.definites(target.target, node.value, value)
            before = self.apart
            old = {s: self.env[s] for _, s in copies if s is not None and s in self.env}
            covers = self.covers_of({t for t, _ in copies})
            for target in node.targets:
                if type(target.target) is cst.Subscript and self.ctx.dunders:
                    stored_item(self, target.target, node.value)  # its ``__setitem__``
                elif type(target.target) is cst.Attribute and self.instances:
                    if property_set(self, target.target, node.value):
                        continue  # its setter ran: nothing is stored there
                elif type(target.target) in _UNPACKED and self.instances:
                    unpacked(self, target.target, node.value)  # ``a, b = obj``: its ``__iter__``
                self.bind(target.target, value)
                if self.closure_items or type(node.value) in KEPT_CLOSURES:
                    self.note_closure_items(target.target, node.value)
                if type(node.value) is cst.Lambda and type(target.target) is cst.Name:
                    self.note_closure(target.target.value, node.value)
                elif type(node.value) is cst.Call and type(target.target) is cst.Name:
                    self.note_made_closure(target.target.value, node.value)
            self.relate(copies, before, old)
            self.rename_covers(covers, copies)
            self.alias(copies)
            self.bind_definites(known)
            if len(node.targets) == 1:
                self.define(node.targets[0].target, node.value)
            if pendings:
                self.note_dropped(pendings, node)
            if type(first := node.targets[0].target) is cst.Name and first.value in self._based:
                for name in spent_items(self, node, first.value):
                    self.delete(cst.Name(name))  # round 30U2: dead past the record's rebinding
        elif type(node) is cst.AnnAssign:
            if node.value is not None:
                value = self.ev(node.value)
                known = self.definites(node.target, node.value, value)
                self.bind(node.target, value)
                self.bind_definites(known)
        elif type(node) is cst.AugAssign:
            step = _augmented_step(node, self.ctx.constants)
            if step is not None and type(node.target) is cst.Name:
                self.advance(node.target.value, step)  # ``i += 1``
            elif _toggles(node) and type(node.target) is cst.Name:
                self.flip(node.target.value, 1)  # ``cur ^= 1``: ``1 - cur``
            elif not self.extended(node):
                given = self.ev(node.value)
                found, kept = augmented(self, node) if self.ctx.dunders else (None, False)
                if found is None:  # (else ``__iadd__`` took it as its summary says)
                    self.escape(given)
                if not kept:  # (``return self``: the same instance, its fields as left)
                    self.bind(node.target, NOTHING if found is None else found)
        elif type(node) is cst.Del:
            if type(node.target) is cst.Subscript and self.ctx.dunders:
                stored_item(self, node.target, None, "__delitem__")
            self.delete(node.target)
        elif type(node) is cst.Raise:
            if node.exc is not None:
                raised_objects.raised(self, node, self.ev(node.exc), self.ctx.classes)
            if node.cause is not None:
                self.ev(node.cause.item)
        elif type(node) is cst.Assert:
            self.ev(node.test)
            if self.ctx.dunders:
                truth(self, node.test)
            if node.msg is not None:
                self.ev(node.msg)
        elif isinstance(node, (cst.Import, cst.ImportFrom)) and not isinstance(
            node.names, cst.ImportStar
        ):
            for alias in node.names:
                bound = alias.asname.name if alias.asname else alias.name
                if type(bound) is cst.Name:
                    self.bind_name(bound.value, NOTHING)
                elif type(bound) is cst.Attribute:
                    head = dotted_name(bound)
                    if head:
                        self.bind_name(head.split(".")[0], NOTHING)

    def take(
        self,
        loop: cst.For,
        target: cst.BaseExpression,
        column: Column,
        walked: str | None = None,
    ) -> None:
        """``for rid, t in [(7, a), (8, b)]`` (or a name holding such rows): a position whose
        rows hold tensors known apart takes another one each step, as ``for t in (a, b)``
        does, not any of them (``tilecheck.host.keyed_turns.distinct_column``)."""
        DeferredWaits.take(self, loop, target, column, walked)
        if type(target) is not cst.Tuple and type(target) is not cst.List:
            return
        if not isinstance(column, Packed):
            return
        for i, element in enumerate(target.elements):
            if type(element.value) is not cst.Name:
                continue
            taken = distinct_column(column, i, len(target.elements))
            if taken is not None and self._apart(taken):
                name = element.value.value
                self.bind_name(name, self.materialize(loop, taken, name, distinct=True))

    def _apart(self, tensors: Oids) -> bool:
        """Tensors no two of which may share memory, as the analysis sees them."""
        for oid in tensors:
            if self.infos[oid].kind is not Kind.TENSOR:
                return False
            if len(self.related(frozenset({oid})) & tensors) > 1:
                return False
        return True

    def attribute_targets(self, targets: Sequence[cst.AssignTarget]) -> list[str]:
        """``obj.last = ...`` on an instance of a module class: the attribute's path, which the
        store rebinds as ``last = ...`` rebinds a name (a Pending only it holds is dropped)."""
        out: list[str] = []
        for target in targets:
            node = target.target
            owner = path_of(node.value) if type(node) is cst.Attribute else None
            cls = self.instances.get(owner) if owner is not None else None
            if cls is not None and type(node) is cst.Attribute:
                path = path_of(node)
                if path is not None and self._plain(cls, node.attr.value):
                    out.append(path)
        return out

    def attribute_effects(
        self, call: cst.Call, summary: Summary, receiver: str, tensors_of: dict[int, Oids]
    ) -> None:
        """A method's stores into its receiver's attributes rebind them as a plain store does:
        ``c.save(x)`` storing ``self.last`` over a Pending nothing else holds drops it. The
        method's own new Pending (one site, on every call) is the object the attribute held
        in a loop's earlier turn: that one is gone too, where nothing else held it. Only
        where the method names the attribute as a store's target alone."""
        cls = self.instances.get(receiver)
        stores = {
            f"{receiver}.{attr}": result
            for attr, result in summary.stores
            if cls is not None and self._plain(cls, attr)
        }
        before = self.held_before(list(stores)) if stores else {}
        live = {
            o
            for oids in before.values()
            for o in oids
            if (hold := self.holds.get(o)) is not None and hold.status == LIVE
        }
        held = {p: self.env.get(p, NOTHING) for p in stores} if live else {}
        DeferredWaits.attribute_effects(self, call, summary, receiver, tensors_of)
        if not live:
            return
        others: set[int] = set()
        for key, oids in self.env.items():
            if key not in stores:
                others |= oids
        for site, oids in before.items():
            hit = False
            for oid in oids & live:
                if oid in others:
                    continue
                for path, result in stores.items():
                    if oid not in held[path]:
                        continue
                    if not self._only_stored(call, receiver, path[len(receiver) + 1 :]):
                        continue  # the method may keep the old value elsewhere
                    if oid not in self.env.get(path, NOTHING) or (
                        result.kind is Kind.PENDING and result.sites
                    ):
                        hit = True
            self.dropped[(site, call.func)] = hit

    def _plain(self, cls: str, attr: str) -> bool:
        info = self.ctx.classes.get(cls)
        return (
            info is not None
            and info.origin is None
            and attr not in info.properties
            and plain_attribute(self.ctx.module, info.name, attr)
        )

    def _only_stored(self, call: cst.Call, receiver: str, attr: str) -> bool:
        """The method called stores into ``attr`` and mentions it nowhere else."""
        cls = self.instances.get(receiver)
        info = self.ctx.classes.get(cls) if cls is not None else None
        method = call.func.attr.value if type(call.func) is cst.Attribute else None
        if info is None or info.origin is not None or method is None:
            return False
        found = self.ctx.definition_for(f"{info.name}.{method}")
        return found is not None and only_stored(found[0], attr)

    def assume(self, test: cst.BaseExpression, truth: bool) -> None:
        """Narrow on a branch: where ``x is None`` or ``not x`` holds, ``x`` holds no op,
        pending, partition or graph (those are never None and always true), so the path where
        ``if pending is not None: pending.wait()`` was skipped has no pending to wait for.
        A walrus narrows the name it binds: ``if (pending := op.submit()) is not None:``."""
        if type(test) is cst.NamedExpr:
            test = test.target
        if (type(test) is cst.Name or type(test) is cst.Attribute) and not truth:
            path = path_of(test)
            if path is not None:
                self.drained(test, path)  # ``while todo:`` ended: ``todo`` holds nothing
        if type(test) is cst.Name:
            self.flag_assumed(test.value, truth)  # ``if not waited:`` (``flag_gates``)
            if not truth:
                self.forget_holders(test.value)
            else:
                self.narrowed(test.value)
        elif type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
            self.assume(test.expression, not truth)
        elif type(test) is cst.Comparison and len(test.comparisons) == 1:
            self.compared(test, truth)
            target = test.comparisons[0]
            is_none = type(target.comparator) is cst.Name and target.comparator.value == "None"
            left = test.left.target if type(test.left) is cst.NamedExpr else test.left
            if is_none and type(left) is cst.Name:
                if type(target.operator) is cst.Is and truth:
                    self.forget_holders(left.value)
                elif type(target.operator) is cst.IsNot and not truth:
                    self.forget_holders(left.value)
                else:
                    self.narrowed(left.value)  # it holds what it was bound to
            elif is_none and type(left) is cst.Attribute:
                attribute = path_of(left)  # ``b.writer is None``: it holds no holder
                if truth == (type(target.operator) is cst.Is) and attribute is not None:
                    narrow_none(self, attribute)
        elif type(test) is cst.BooleanOperation:
            both = type(test.operator) is cst.And if truth else type(test.operator) is cst.Or
            if both:
                self.assume(test.left, truth)
                self.assume(test.right, truth)
            elif not truth and (walrus := false_walrus(test.right)) is not None:
                self.forget_holders(walrus)  # ``ok and (p := op.submit())``: had it run, false

    def forget_holders(self, name: str) -> None:
        self.holders_none(name)
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
                settle_taken(self, oids - kept)

    def iterated(self, iterable: cst.BaseExpression) -> Value:
        """What a ``for`` target takes: the tracked names of a literal tuple/list it walks."""
        if exact.is_sequence(iterable):
            out: set[int] = set()
            for element in iterable.elements:
                if type(element.value) is cst.Name:
                    out |= self.env.get(element.value.value, NOTHING)
            return frozenset(out)
        return NOTHING


_UNPACKED = (cst.Tuple, cst.List)


def _plain_names(target: cst.BaseExpression) -> list[str]:
    """The names an assignment target rebinds (``a``, ``a, b``), not attributes' or items'."""
    if type(target) is cst.Name:
        return [target.value]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for e in target.elements for n in _plain_names(e.value)]
    return []


def _augmented_step(node: cst.AugAssign, constants: Mapping[str, int]) -> int | None:
    """``i += 2`` is a counter moving on by 2 (``i -= 1``: by -1)."""
    amount = const_int(node.value, constants)
    if amount is None:
        return None
    if isinstance(node.operator, cst.AddAssign):
        return amount
    return -amount if isinstance(node.operator, cst.SubtractAssign) else None


def _toggles(node: cst.AugAssign) -> bool:
    """``cur ^= 1``: the other of 0 and 1."""
    return (
        isinstance(node.operator, cst.BitXorAssign)
        and isinstance(node.value, cst.Integer)
        and node.value.value == "1"
    )
