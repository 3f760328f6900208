"""The ops a summarized function runs that it did not make: a parameter's (the op a caller
may pass, ``op.sync()`` or ``await op`` of a parameter), and (round 27G of issue 17) the
module's: in a function that does not bind it, a name the module binds once to a kernel's launch
(``op = scale(out.partition(8), 2.0)``; ``def finish(): op.sync()``) stands for what that
global held on the way in, an op, as a parameter's op does (``parameter_op_named``). Its runs
on every call (a line no ``if``, loop, ``try``, ``return`` or ``raise`` comes before) are the
summary's ``global_runs``; a module-level call applies them to the caller's op of that name
(``ObjectGraphs.call_summary``): a second run is TC110, inside the function, where the runtime
raises."""

from __future__ import annotations

import libcst as cst

from tilecheck.host.model import LIVE, Hold, Kind, Oids, Value, flatten
from tilecheck.host.parameter_index import rebound
from tilecheck.host.submitted import Submitted


class GlobalOps(Submitted):
    __slots__ = ("_global_ops", "global_run_nodes", "summarized", "summarizing")

    def __init__(self, ctx: object) -> None:
        Submitted.__init__(self, ctx)
        self.summarizing: tuple[str, ...] = ()  # the function's parameter names, when summarized
        self.summarized = False  # summarized, with parameters or without (what it returns counts)
        self._global_ops: dict[int, str] = {}  # the placeholders, by the global they stand for
        self.global_run_nodes: dict[str, dict[cst.CSTNode, str]] = {}  # their runs, every call

    def every_call(self) -> bool:
        return False  # (``Interprocedural``'s)

    def parameter_op(self, func: cst.Attribute) -> int | None:
        receiver = func.value
        if func.attr.value != "sync" or not isinstance(receiver, cst.Name):
            return None
        found = self.parameter_op_named(receiver)
        return found if found is not None else self.global_op_named(receiver)

    def parameter_op_named(self, receiver: cst.Name) -> int | None:
        """The op a caller may pass for the parameter ``receiver`` names, run here (``.sync()``,
        ``await op``)."""
        if (
            receiver.value not in self.summarizing
            or receiver.value in self.env
            or receiver.value in self.ctx.rebindable
            or self.maybe
        ):
            return None
        name = receiver.value
        op = self.obj(Kind.OP, ("param-op", name), None, f"`{name}`")
        self.set_hold(op, Hold(LIVE))
        self.set_env(name, frozenset({op}))
        self.set_bound(name, op)
        return op

    def global_op_named(self, receiver: cst.Name) -> int | None:
        """The module's op ``receiver`` names, run here, in a function that does not bind it."""
        name = receiver.value
        fn = self.scope_node
        if (
            not self.summarized
            or fn is None
            or self.maybe
            or name in self.env
            or name in self.summarizing
            or name in self.ctx.rebindable
            or name not in self.ctx.ops()
            or name in rebound(fn)
        ):
            return None
        op = self.obj(Kind.OP, ("global-op", name), None, f"`{name}`")
        self.set_hold(op, Hold(LIVE))
        self.set_env(name, frozenset({op}))
        self.set_bound(name, op)
        self._global_ops[op] = name
        return op

    def global_run_through(self, name: str, call: cst.Call, how: str) -> None:
        """A function it calls runs the module's op ``name`` on every call (its
        ``global_runs``): so does it, at that call, where it does not bind the name."""
        fn = self.scope_node
        if (
            self.summarized
            and fn is not None
            and self.every_call()
            and name not in self.env
            and name not in self.summarizing
            and name not in self.ctx.rebindable
            and name in self.ctx.ops()
            and name not in rebound(fn)
        ):
            self.global_run_nodes.setdefault(name, {})[call] = how

    def global_run(self, oids: Oids, node: cst.CSTNode, how: str) -> None:
        """A run of one of them, noted where every call makes it."""
        if len(oids) == 1 and min(oids) in self._global_ops and self.every_call():
            self.global_run_nodes.setdefault(self._global_ops[min(oids)], {})[node] = how

    def run_once(self, expr: cst.BaseExpression, value: Value, node: cst.CSTNode, how: str) -> None:
        self.global_run(flatten(value), node, how)
        Submitted.run_once(self, expr, value, node, how)

    def global_runs(self) -> tuple[tuple[str, str, cst.CSTNode], ...]:
        """The module ops one line of every call runs, how and where (one run each)."""
        return tuple(
            (name, how, node)
            for name, nodes in sorted(self.global_run_nodes.items())
            if len(nodes) == 1
            for node, how in nodes.items()
        )
