"""What a call does to the abstract store: tilert's API functions (tensors, ``tr.zip``,
``tr.graph``, the collectives of ``tilert.distributed``), the methods of the objects the
analysis tracks (tensors, partitions, ops, pendings, graphs) and kernel launches.
``BodyAnalysis`` evaluates everything else."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

import libcst as cst

from tilecheck.codes import OP_ALREADY_RUN, PENDING_NEVER_WAITED
from tilecheck.host import api, gaps, implicit_calls, library_spec, messages
from tilecheck.host.bound_once import bound_once
from tilecheck.host.collectives import COLLECTIVES, METHODS, Collectives
from tilecheck.host.dunders import FORMATTERS, PROTOCOLS, array_call, formatting_call, protocol_call
from tilecheck.host.given_types import communicator
from tilecheck.host.hashed_sites import hashed_items
from tilecheck.host.implicit_calls import STDLIB, Looping
from tilecheck.host.launch import LaunchSignature
from tilecheck.host.launcher_items import Launching, launcher_item
from tilecheck.host.messages import Use
from tilecheck.host.model import LIVE, NOTHING, Kind, Oids, Packed, Value, flatten
from tilecheck.host.parameter_index import rebound
from tilecheck.host.scopes import free_names
from tilecheck.host.shapes import shape_dims
from tilecheck.host.spread_dicts import spread_keys
from tilecheck.host.strided import strided_copy
from tilecheck.host.turn_offsets import certain_turns
from tilecheck.syntax.nodes import dotted_name

if TYPE_CHECKING:
    from tilecheck.host.dunders import Analysis


class Calls(Collectives):
    __slots__ = ()

    def _call(self, expr: cst.Call) -> Value:
        func = expr.func
        head = func
        while type(head) is cst.Attribute:  # (exact types: libcst's ``isinstance`` is slow)
            head = head.value
        if not (type(head) is cst.Name and head.value in self.env):
            callee = self.ctx.callee(func)
            if callee.kernel is not None:
                return self.launch_call(expr, callee.kernel)
            if callee.canonical is not None:
                return self.api_call(expr, callee.canonical)
        if type(func) is cst.Attribute:
            sig = METHODS.get(func.attr.value)
            if sig is not None and communicator(
                self.ctx, self.scope_node, self.parameters, func.value, self._rebound_in
            ):
                return self.collective(expr, sig)  # ``comm.all_gather(out, t)``
            oids = flatten(self.ev(func.value))
            if oids:
                return self.method(expr, func, oids)
            given = self.parameter_op(func)
            if given is not None:  # ``op.sync()`` on an op a caller passes
                return self.method(expr, func, frozenset({given}))
            given = self.parameter_tensor(func)
            if given is not None:  # ``out.to_numpy()`` on a tensor a caller passes
                return self.method(expr, func, frozenset({given}))
            if func.attr.value == "record" and self.makes_stream(func.value):
                made = func.value
                if isinstance(made, cst.Call):
                    args = "(...)" if made.args else "()"
                    shown = f"{dotted_name(made.func) or 'tr.Stream'}{args}"
                else:
                    shown = dotted_name(made) or "stream"
                self.refused(
                    expr,
                    f"`{shown}.record()` records an event",
                    "record events before the `with tr.graph()` block, or after it",
                )
            if func.attr.value == "partition" and self.looks_like_tile_shape(expr):
                tensor = self.free_tensor(func.value)
                if tensor is None:
                    tensor = self.free_item(func.value)
                if tensor is not None:
                    self.unknown_args(expr, escape=False)
                    return self.partition(expr, func.value, frozenset({tensor}))
        else:  # ``finish()`` holding ``p.wait``: waits (runs, closes) what it is bound to
            held = flatten(self.ev(func))
            if gaps.RECORDING and not held:  # ``cb()`` of a value not followed (37L)
                gaps.called_unknown(self, expr)
            self.release(self.kinds(held, Kind.PENDING), expr)
            self.release(self.kinds(held, Kind.OP), expr, ran=True)
            self.release(self.kinds(held, Kind.GRAPH), expr)
            # a partial holding partitions (``kernel_partial``): its launch consumes them
            self.partial_launch(expr, self.kinds(held, Kind.PARTITION))
            if type(func) is cst.Subscript:  # ``INITS[key](t)``: a lambda a module dict keeps
                launcher_item(cast("Launching", self), expr)
        self.unknown_args(expr, escape=True)
        return NOTHING

    def free_item(self, expr: cst.BaseExpression) -> int | None:
        """``BUFS[name].partition(s)`` in a function with no loop, of a container it does not
        bind (a global, a parameter) by a literal or a parameter it never rebinds: the item is
        a tensor of its own for the call, as ``t = BUFS[name]; t.partition(s)`` makes it
        (round 22W; a memoized function's partition is then the cache's, spent by the first
        launch that took it)."""
        scope, cfg = self.scope_node, self.body_cfg
        if type(expr) is not cst.Subscript or scope is None or cfg is None or cfg.loops:
            return None
        base = expr.value
        only = expr.slice[0].slice if len(expr.slice) == 1 else None
        index = only.value if type(only) is cst.Index else None
        if type(base) is not cst.Name or index is None:
            return None
        bound = rebound(scope)
        if base.value in bound:
            return None
        if isinstance(index, cst.Name):
            if index.value not in self.parameters or index.value in bound:
                return None
        elif not isinstance(index, (cst.Integer, cst.SimpleString)):
            return None
        shown = f"{base.value}[{index.value}]"
        return self.obj(Kind.TENSOR, ("free", shown), None, f"`{shown}`")

    def partial_launch(self, call: cst.Call, partitions: list[int]) -> None:
        """``step()`` of ``step = functools.partial(kernel, t.partition(s))``: the launch it
        makes consumes the partitions bound (TC109 at a second call, where the runtime
        raises); the op it makes is not followed, so the partitions hold nothing after."""
        if not partitions or self.check_unconsumed(partitions, call, self.current_group()):
            self.escape(frozenset(partitions))
            return
        if all(self.holds[p].status == LIVE for p in partitions if p in self.holds):
            self.consume_all(partitions, call)
        else:
            self.escape(frozenset(partitions))

    def dropped_launch(self, expr: cst.BaseExpression) -> None:
        """``g.launch()`` as a statement: its Pending is dropped unwaited (tilert warns when it
        is collected: TC108) where ``g`` holds an open graph on every path (launching a closed
        one raises) and no capture is under way (launching inside one raises)."""
        func = expr.func if isinstance(expr, cst.Call) else None
        if not (isinstance(func, cst.Attribute) and func.attr.value == "launch"):
            return
        if not isinstance(func.value, cst.Name):
            kept = self.kept_graph(func.value) and self.capturing_graph() is None
            self.verdict(
                PENDING_NEVER_WAITED, expr, messages.launch_dropped(expr) if kept else None
            )
            return
        graph = self.bound.get(func.value.value)
        hold = self.holds.get(graph) if graph is not None else None
        given = self.given_graph(func.value.value)  # a parameter annotated ``tr.Graph``
        dropped = (
            graph is not None
            and self.infos[graph].kind is Kind.GRAPH
            and hold is not None
            and hold.status == LIVE
        ) or given
        dropped = dropped and self.capturing_graph() is None
        if graph is None and not given:
            self.parameter_launch(func.value.value, expr)
        self.verdict(PENDING_NEVER_WAITED, expr, messages.launch_dropped(expr) if dropped else None)

    def kept_graph(self, expr: cst.BaseExpression) -> bool:
        """``self.graph`` of a class that keeps there only a graph a method's ``with
        tr.graph() as g`` captured (``ClassInfo.captured``), ``self`` never rebound: an open
        graph (launching a closed one raises), as a local name bound so would hold."""
        info = self.method_of
        return (
            info is not None
            and self.me is not None
            and isinstance(expr, cst.Attribute)
            and isinstance(expr.value, cst.Name)
            and expr.value.value == self.me
            and expr.attr.value in info.captured
            and self.scope_node is not None
            and self.me not in self._rebound_in(self.scope_node)
        )

    def _rebound_in(self, scope: cst.FunctionDef) -> frozenset[str]:
        if self._rebound_here is None:
            self._rebound_here = rebound(scope)
        return self._rebound_here

    def parameter_launch(self, name: str, statement: cst.BaseExpression) -> None:
        """``g.launch()`` as a statement on an untracked parameter of a function being
        summarized: TC108 where a caller gives it an open graph (``Interprocedural``)."""

    def given_graph(self, name: str) -> bool:
        """``name`` is a parameter annotated ``tr.Graph``, not rebound: open, or launching
        it raises (the caller's graph; it holds it on every path here)."""
        if name not in self.parameters or name in self.ctx.rebindable:
            return False
        graph = self._oid_of.get((Kind.GRAPH, ("param", name)))
        if graph is None or self.env.get(name) != frozenset({graph}) or self.scope_node is None:
            return False
        return name not in rebound(self.scope_node)

    def parameter_op(self, func: cst.Attribute) -> int | None:
        """``op.sync()`` on an untracked parameter being summarized (``Interprocedural``)."""
        return None

    def chain_arguments(self, call: cst.Call, ops: list[int]) -> None:
        """``op.then(callback)``: the callback is given the op's arguments (``Closures``)."""

    def parameter_tensor(self, func: cst.Attribute) -> int | None:
        """``out.to_numpy()`` on an unannotated parameter of a function being summarized: a
        tensor a caller may pass (``Interprocedural``); None here."""
        return None

    def before_chain(self, call: cst.Call) -> None:
        """``op.then(callback)``: the callback runs with the chain (``BodyAnalysis``)."""

    def read_args(self, call: cst.Call, values: list[Value], use: Use = Use.READ) -> None:
        """The tensors among a call's arguments are read (or written) on the host."""
        for arg, value in zip(call.args, values, strict=True):
            tensors = frozenset(self.kinds(flatten(value), Kind.TENSOR))
            if tensors:
                self.use(tensors, use, arg.value)

    def unknown_args(self, call: cst.Call, *, escape: bool) -> list[Value]:
        """Evaluate a call's arguments in order; with ``escape``, the callee then takes them
        all (only once every argument is evaluated: an op made by the first argument holds its
        borrows while the later ones are evaluated)."""
        values = [self.ev(arg.value) for arg in call.args]
        if escape:
            for value in values:
                self.escape(value)
            self.call_closures()
        return values

    def looks_like_tile_shape(self, call: cst.Call) -> bool:
        """``x.partition((...))`` on an unknown ``x`` partitions a tensor when its argument is
        a literal tile shape; anything else may be ``str.partition(sep)``: not guessed."""
        return len(call.args) == 1 and isinstance(call.args[0].value, (cst.Tuple, cst.List))

    def makes_stream(self, expr: cst.BaseExpression) -> bool:
        """``tr.current_stream()`` or ``tr.Stream(...)``, or a name bound once to one (in this
        function, or in the module and not in it): certainly a stream."""
        if isinstance(expr, cst.Name) and expr.value not in self.env:
            name = expr.value
            return (
                name in self.stream_names()
                or self.capture_stream(name)
                or self.stream_parameter(name)
            )
        return self.stream_call(expr)

    def stream_parameter(self, name: str) -> bool:
        """``name`` is a parameter annotated ``tr.Stream`` the function never rebinds:
        certainly a stream (``def timer(s: tr.Stream): s.record()``)."""
        scope = self.scope_node
        if scope is None or name not in self.parameters or name in self.ctx.rebindable:
            return False
        params = scope.params
        for param in (*params.posonly_params, *params.params, *params.kwonly_params):
            if param.name.value == name and param.annotation is not None:
                dotted = dotted_name(param.annotation.annotation)
                resolved = self.ctx.resolver.resolve(dotted) if dotted else None
                return resolved == api.STREAM_TYPE and name not in self._rebound_in(scope)
        return False

    def capture_stream(self, name: str) -> bool:
        """``name`` is the stream the enclosing capture was given (``with tr.graph(s):``),
        a name the function never rebinds (a parameter): certainly a stream."""
        capture = self.capturing_graph()
        scope = self.scope_node
        if not isinstance(capture, cst.Call) or scope is None or len(capture.args) != 1:
            return False
        arg = capture.args[0]
        if arg.star or (arg.keyword is not None and arg.keyword.value != "stream"):
            return False
        given = arg.value
        if not isinstance(given, cst.Name) or given.value != name:
            return False
        return name not in self._rebound_in(scope)

    def stream_call(self, expr: cst.BaseExpression) -> bool:
        return isinstance(expr, cst.Call) and self.ctx.callee(expr.func).canonical in (
            api.STREAM_MAKERS
        )

    def stream_names(self) -> frozenset[str]:
        """The names certainly bound to a stream where this body reads them."""
        if self._streams is None:
            self._streams = self.bound_here(self.ctx.streams(), self.stream_call)
        return self._streams

    def array_name(self, name: str) -> bool:
        if name in self.env:
            return False
        if self._arrays is None:
            self._arrays = self.bound_here(self.ctx.arrays(), self.ctx.array_maker)
        return name in self._arrays

    def attribute_array(self, expr: cst.Attribute) -> str | None:
        info = self.method_of
        if info is None or not info.arrays:
            return None
        owner = expr.value
        if type(owner) is not cst.Name or owner.value != self.me or owner.value in self.env:
            return None
        return info.arrays.get(expr.attr.value)

    def bound_here(
        self, module: frozenset[str], matches: Callable[[cst.BaseExpression], bool]
    ) -> frozenset[str]:
        """The names bound once to what ``matches`` (by this function, or by the module and
        not by it) where this body reads them."""
        scope = self.scope_node
        if scope is None:
            return module
        params = {p.name.value for p in _parameters(scope.params)}
        own = bound_once(scope.body.body, matches) - params
        return own | (module & free_names(scope))

    def imports_foreign(self, call: cst.Call) -> bool:
        """``tr.from_dlpack(np.asarray(a))``: given what is certainly no tilert tensor (the
        result of a numpy call), it allocates; given a tilert tensor, it returns it."""
        if len(call.args) != 1 or call.args[0].star:
            return False
        arg = call.args[0].value
        if not isinstance(arg, cst.Call):
            return False
        canonical = self.ctx.callee(arg.func).canonical
        return canonical is not None and canonical.startswith("numpy.")

    def api_call(self, call: cst.Call, canonical: str) -> Value:
        if canonical in api.TENSOR_FACTORIES:  # ``tr.from_dlpack(t)`` reads ``t``
            self.read_args(call, self.unknown_args(call, escape=False))
            if canonical in api.ALLOCATORS or (
                canonical == api.FROM_DLPACK and self.imports_foreign(call)
            ):
                what = "imports" if canonical == api.FROM_DLPACK else "allocates"
                shown = dotted_name(call.func) or canonical
                self.refused(
                    call,
                    f"`{shown}(...)` {what} a tensor",
                    "allocate before the `with tr.graph()` block",
                )
            return self.new_tensor(call, self.static_rank(call, canonical))
        collective = COLLECTIVES.get(canonical)
        if collective is not None:
            return self.collective(call, collective)
        if canonical == api.ZIP:
            values = self.unknown_args(call, escape=False)
            ops = [o for v in values for o in self.kinds(flatten(v), Kind.OP)]
            # every argument is checked before any is taken, as ``tr.zip`` does
            zipped = [
                self.check_rerun(arg.value, value, arg.value, "zip")
                for arg, value in zip(call.args, values, strict=True)
            ]
            self.rerun_call.update((arg.value, call) for arg in call.args)
            for op in zipped:
                if op is not None:
                    self.took(op, call, "zip")
            return self.combine(call, ops, "zipped op")
        if canonical == api.GRAPH or canonical == api.GRAPH_TYPE:  # (``tr.Graph()``, 22M)
            self.unknown_args(call, escape=False)
            return self.new_graph(call)
        if canonical in STDLIB:  # ``pickle.dumps(obj)``, ``range(n)`` (``implicit_calls``)
            implicit_calls.called(cast("Looping", self), call, canonical)
        hashed_items(cast("Analysis", self), call, canonical)  # ``set([a, b])``
        if canonical in PROTOCOLS:  # ``float(obj)`` (``dunders``)
            if protocol_call(cast("Analysis", self), call, canonical):
                return NOTHING
        if api.host_reader(canonical):  # ``np.argmax(t)`` converts ``t`` (29N)
            if canonical not in PROTOCOLS:  # an instance's ``__array__`` (``dunders``)
                array_call(cast("Analysis", self), call)
            use = Use.WRITE if api.host_writer(canonical) else Use.READ  # (34A)
            self.read_args(call, self.unknown_args(call, escape=False), use)
            return NOTHING
        if canonical == api.FORCE_RELEASE:
            for value in self.unknown_args(call, escape=False):
                self.force_release(frozenset(self.kinds(flatten(value), Kind.TENSOR)))
            return NOTHING
        if canonical == api.PARTIAL and call.args and not call.args[0].star:
            if self.ctx.callee(call.args[0].value).kernel is not None:
                return self.kernel_partial(call)
        if canonical in FORMATTERS:  # ``print(obj)``: its ``__str__`` runs (``dunders``)
            formatting_call(cast("Analysis", self), call, canonical)
            return NOTHING
        found = self.builtin_call(call, canonical)
        if found is not None:
            return found
        if library_spec.allocates(canonical):  # ``tk.decode_workspace(q, k)`` (30L)
            shown = dotted_name(call.func) or canonical
            self.refused(call, f"`{shown}(...)` allocates", "call it before the `with` block")
        self.unknown_args(call, escape=canonical not in api.INSPECTING_BUILTINS)
        return NOTHING

    def kernel_partial(self, call: cst.Call) -> Value:
        """``functools.partial(kernel, t.partition(s), x)``: the partitions it binds stay alive,
        held by the partial, until it is called (the launch may consume them) or given away."""
        kept: set[int] = set()
        for value in self.unknown_args(call, escape=False):
            oids = flatten(value)
            kept.update(self.kinds(oids, Kind.PARTITION))
            self.escape(frozenset(o for o in oids if self.infos[o].kind is not Kind.PARTITION))
        return frozenset(kept)

    def force_release(self, tensors: Oids) -> None:
        """``tr.unsafe.force_release(t)``: no holder borrows ``t`` itself any more (those over
        other tensors of its memory keep theirs)."""
        for holder in self.live_holders():
            hold = self.holds[holder]
            kept = frozenset(b for b in hold.borrows if b.tensor not in tensors)
            if kept != hold.borrows:
                self.set_hold(holder, dataclasses.replace(hold, borrows=kept))

    def builtin_call(self, call: cst.Call, canonical: str) -> Value | None:
        """A builtin over containers (``tilecheck.host.containers``); None for others."""
        return None

    def static_rank(self, call: cst.Call, canonical: str) -> int | None:
        if canonical in api.RANK_ONE_FACTORIES:
            return 1
        position = api.TENSOR_FACTORIES.get(canonical)
        shape: cst.BaseExpression | None = None
        for i, arg in enumerate(call.args):
            if arg.keyword is not None and arg.keyword.value == "shape":
                shape = arg.value
            elif arg.keyword is None and not arg.star and i == position:
                shape = arg.value
        if shape is None:
            return None
        dims = shape_dims(shape, self.ctx.constants)
        return None if dims is None else len(dims)

    def method(self, call: cst.Call, func: cst.Attribute, oids: Oids) -> Value:
        name = func.attr.value
        receiver = func.value
        out: set[int] = set()
        tensors = frozenset(self.kinds(oids, Kind.TENSOR))
        if tensors and name in api.HOLDER_METHODS and len(tensors) < len(oids):
            tensors = frozenset()  # a Tensor has no such method: the receiver is the other one
        if tensors:
            if name == "partition":
                self.unknown_args(call, escape=False)
                out |= self.partition(call, receiver, tensors)
            elif name in api.TENSOR_METADATA:
                self.unknown_args(call, escape=False)
            else:
                if name in api.TENSOR_WRITES:
                    shown = dotted_name(receiver) or "the tensor"
                    # a method only a tensor has, on what holds nothing but tensors (an
                    # attribute, a parameter) as well as on a name bound to one
                    only = tensors == oids
                    self.refused(
                        call,
                        f"`{shown}.{name}(...)` copies into a tensor",
                        "copy before the `with tr.graph()` block, or after it",
                        known=only or self.definite_kind(receiver, oids, Kind.TENSOR) is not None,
                    )
                elif (view := strided_copy(name, receiver)) or name in api.TENSOR_CONVERSIONS:
                    shown = dotted_name(receiver) or view or "the tensor"
                    self.refused(
                        call,
                        f"`{shown}.{name}(...)` allocates a tensor",
                        "convert before the `with tr.graph()` block",
                        known=bool(view and tensors == oids)
                        or self.definite_kind(receiver, oids, Kind.TENSOR) is not None,
                    )
                # ``z.copy_from(x)`` reads x
                self.read_args(call, self.unknown_args(call, escape=False))
                if name in api.TENSOR_VIEWS:  # a view reads nothing until it is used
                    out |= self.view_of(call, tensors)
                else:
                    self.use(
                        tensors, Use.WRITE if name in api.TENSOR_HOST_WRITES else Use.READ, receiver
                    )
        partitions = self.kinds(oids, Kind.PARTITION)
        if partitions and name == "mapped":
            self.unknown_args(call, escape=False)
            self.check_unconsumed(partitions, receiver, None)
            out |= set(partitions)
        ops = self.kinds(oids, Kind.OP)
        if ops:
            out |= self.op_method(call, name, ops, receiver, oids)
            if name in ("sync", "sync_on") and len(oids) == 1:
                return self.synced_outputs(call, ops[0])
        pendings = self.kinds(oids, Kind.PENDING)
        if pendings:
            self.unknown_args(call, escape=False)
            if name == "wait":
                scope = self.scope_node or self.module_node
                kept = certain_turns(pendings, self._summary, self.primary, call, scope)
                self.release(kept, call)
        graphs = self.kinds(oids, Kind.GRAPH)
        if graphs:
            if name == "record":
                values = self.unknown_args(call, escape=False)
                graph = self.definite_kind(receiver, oids, Kind.GRAPH)
                for arg, value in zip(call.args, values, strict=True):
                    if graph is not None:
                        self.run_once(arg.value, value, arg.value, "record")
                    else:  # perhaps no graph: this may not take the op
                        self.verdict(OP_ALREADY_RUN, arg.value, None)
                recorded = [o for v in values for o in self.kinds(flatten(v), Kind.OP)]
                self.record(graphs, recorded)
                out |= set(recorded)
            else:
                self.unknown_args(call, escape=False)
                if name == "close":
                    self.release(graphs, call)
                elif name == "launch":
                    self.launch_in_capture(call, receiver, oids)
        return frozenset(out)

    def op_method(
        self, call: cst.Call, name: str, ops: list[int], receiver: cst.BaseExpression, oids: Oids
    ) -> set[int]:
        if name in ("sync", "sync_on"):
            self.unknown_args(call, escape=False)
            if not self.refused_run(receiver, oids, call, name):
                self.run_once(receiver, oids, call, name)
            self.release(ops, call, ran=True)
            return set()
        if name == "submit":
            self.unknown_args(call, escape=False)
            refused = self.refused_run(receiver, oids, call, name)
            if not refused:
                self.run_once(receiver, oids, call, name)
            pendings = self.submit(call, ops)
            if refused:  # no Pending comes of it: TC111 alone, not also TC108
                self.waited.update(self.site_of(p) for p in pendings)
                for pending in pendings:
                    self.set_hold(pending, None)
            return set(pendings)
        if name == "then":
            self.unknown_args(call, escape=False)
            self.before_chain(call)
            self.chain_arguments(call, ops)
            self.run_once(receiver, oids, call, name)
            self.call_closures()  # the callback runs with the chain
            return set(self.combine(call, ops, "chained op"))
        self.unknown_args(call, escape=False)
        return set()

    def view_of(self, node: cst.CSTNode, tensors: Oids) -> Oids:
        """``y.reshape(...)``, ``y.T``: a view of ``y`` (``tilecheck.host.views``)."""
        raise NotImplementedError

    def launch_call(self, call: cst.Call, kernel: LaunchSignature) -> Value:
        """Evaluate a kernel call's arguments (partitions made there belong to this launch),
        then launch."""
        outer, self.launch_scope = self.launch_scope, set()
        values: dict[int, Value] = {}
        args: list[cst.Arg] = []
        spread = False
        for arg in call.args:
            value = self.ev(arg.value)
            if arg.star == "*" and isinstance(value, Packed) and value.keys is None:
                spread = True  # ``add(*args)`` with ``args = (z.partition(t), x, y)``
                for item in value.items:
                    args.append(cst.Arg(value=arg.value))
                    values[id(args[-1])] = item
            elif arg.star == "**" and self.spread_dict(arg.value, kernel, args, values):
                spread = True  # ``add(**kw)`` with ``kw = {"z": z.partition(t), "x": x}``
            else:
                args.append(arg)
                values[id(arg)] = value
        self.launch_scope = outer
        return self.launch(call, kernel, values, args if spread else None)

    def lookup_path(self, path: str) -> Value | None:
        """What ``path`` holds, if the analysis keeps it (``Containers``)."""
        raise NotImplementedError

    def spread_dict(
        self,
        expr: cst.BaseExpression,
        kernel: LaunchSignature,
        args: list[cst.Arg],
        values: dict[int, Value],
    ) -> bool:
        """``**kw`` of a dict whose keys the source fixes (``tilecheck.host.spread_dicts``):
        one keyword argument per key, each the value kept under ``kw['key']``."""
        scope = self.scope_node or self.module_node
        if type(expr) is not cst.Name or scope is None:
            return False
        keys = self.ctx.index.fact(scope, spread_keys).get(expr.value)
        if keys is None or kernel.variadic or any(a.star for a in args):
            return False
        if f"{expr.value}[#keys]" not in self.env:
            return False  # (``f(k=v)`` built no dict display here: ``tilecheck.host.records``)
        given = {a.keyword.value for a in args if a.keyword is not None}
        given.update(kernel.positional[: sum(a.keyword is None for a in args)])
        if not set(keys) <= kernel.keyword - given:
            return False  # (Python's TypeError, shown at the call as before)
        for key in keys:  # (a key holding nothing followed, a scalar: nothing)
            args.append(cst.Arg(value=expr, keyword=cst.Name(key)))
            values[id(args[-1])] = self.lookup_path(f"{expr.value}[{key!r}]") or NOTHING
        return True


def _parameters(params: cst.Parameters) -> tuple[cst.Param, ...]:
    star = (params.star_arg,) if isinstance(params.star_arg, cst.Param) else ()
    kwargs = (params.star_kwarg,) if params.star_kwarg is not None else ()
    return (*params.posonly_params, *params.params, *star, *params.kwonly_params, *kwargs)
