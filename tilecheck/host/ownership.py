"""tilert's ownership effects on the abstract store (docs/decisions.md): making
tensors, partitions, ops, pendings and graphs; handing borrows on; releasing them; the checks a
use or a launch makes against the live borrows (TC101-TC104, TC106, TC107, TC109). An op run
twice (TC110) and what a graph capture refuses (TC111) are ``tilecheck.host.verdicts``'s."""

from __future__ import annotations

import dataclasses

import libcst as cst

from tilecheck.codes import (
    BAD_PARTITION_SHAPE,
    MUTABLE_ALIAS,
    PARTITION_CONSUMED,
    WRONG_ARGUMENT_KIND,
)
from tilecheck.host import api, messages
from tilecheck.host.array_returns import returned_library
from tilecheck.host.findings import Finding, Part
from tilecheck.host.frame import Output
from tilecheck.host.launch import Binding, LaunchSignature, bind
from tilecheck.host.messages import Use, display
from tilecheck.host.model import (
    CONSUMED,
    DONE,
    HANDED,
    LIVE,
    NOTHING,
    Borrow,
    Hold,
    Kind,
    Oids,
    Packed,
    Value,
    came_around,
    cover_names,
    flatten,
    shared_cover,
)
from tilecheck.host.shapes import shape_dims, tile_shape_problem
from tilecheck.host.verdicts import Verdicts
from tilecheck.kernel_signature import ParamKind
from tilecheck.syntax.nodes import dotted_name, path_of

_Argument = tuple[str, cst.Arg, Oids]  # parameter name, the argument, the tensors it carries
# A library function's tensor parameters: they take the tensor, never a partition of it.
_TENSOR_KINDS = (ParamKind.MUTABLE, ParamKind.SHARED)


class Ownership(Verdicts):
    __slots__ = ()

    # -- making -----------------------------------------------------------------------------
    def new_tensor(self, call: cst.Call, rank: int | None) -> Oids:
        return frozenset({self.fresh(Kind.TENSOR, call, "tensor", rank=rank)})

    def new_graph(self, call: cst.Call) -> Oids:
        graph = self.fresh(Kind.GRAPH, call, "graph")
        if self.infos[graph].group is None:  # a graph is the group its captured ops join
            self.infos[graph] = dataclasses.replace(self.infos[graph], group=graph)
        self.set_hold(graph, Hold(LIVE))
        return frozenset({graph})

    def parameter_partition(self, name: str) -> tuple[int, Hold]:
        """A parameter annotated ``tr.Partition``: a live partition of a tensor of its own."""
        tensor = self.obj(Kind.TENSOR, ("param-tensor", name), None, f"`{name}.tensor`")
        part = self.obj(Kind.PARTITION, ("param", name), None, f"`{name}`")
        return part, Hold(LIVE, frozenset({Borrow(tensor, True)}))

    def partition(self, call: cst.Call, receiver: cst.BaseExpression, tensors: Oids) -> Oids:
        """``t.partition(tile_shape)``: TC107 on a static shape, then an exclusive borrow."""
        if len(call.args) == 1 and call.args[0].keyword is None and not call.args[0].star:
            dims = shape_dims(call.args[0].value, self.ctx.constants)
            ranks = {self.infos[t].rank for t in tensors}
            rank = ranks.pop() if len(ranks) == 1 else None
            problem = tile_shape_problem(dims, rank) if dims is not None else None
            if problem is not None:
                shown = Finding(BAD_PARTITION_SHAPE, call.args[0].value, (problem,))
                self.report((BAD_PARTITION_SHAPE, call), shown)
                return NOTHING
        self.use(tensors, Use.PARTITION, receiver)
        part = self.fresh(Kind.PARTITION, call, "partition", group=self.current_group())
        borrows = frozenset(Borrow(t, True) for t in tensors)
        self.set_hold(part, Hold(LIVE, borrows, cover=name_cover(receiver)))
        if self.launch_scope is not None:
            self.launch_scope.add(part)
        return frozenset({part})

    def partition_tensors(self, partition: int) -> set[int]:
        hold = self.holds.get(partition)
        return {b.tensor for b in hold.borrows} if hold is not None else set()

    # -- running ----------------------------------------------------------------------------
    def hand_on(self, ops: list[int]) -> tuple[frozenset[Borrow], frozenset[str] | None, bool]:
        """Ops submitted, chained, zipped or recorded: their borrows go to the new holder
        (returned with the names that cover them, and whether each op a kernel call made)."""
        borrows: set[Borrow] = set()
        cover: frozenset[str] | None = frozenset()
        ordered = True
        for op in ops:
            self.ran.add(self.site_of(op))
            hold = self.holds.get(op)
            if hold is not None:
                if hold.live:
                    borrows |= hold.borrows
                    cover = _union_cover(cover, hold.cover)
                    ordered = ordered and hold.ordered
                self.set_hold(op, Hold(HANDED, hold.borrows))
        return frozenset(borrows), cover, ordered

    def submit(self, call: cst.Call, ops: list[int]) -> Oids:
        """A Pending; of kernel calls' ops alone, later launches may read what it writes."""
        borrows, cover, ordered = self.hand_on(ops)
        group = self.current_group()
        pending = self.fresh(Kind.PENDING, call, "pending", group=group)
        self.created_pendings[pending] = self.site(call)
        self.set_hold(pending, Hold(LIVE, borrows, cover=cover, ordered=ordered and group is None))
        return frozenset({pending})

    def combine(self, call: cst.Call, ops: list[int], label: str) -> Oids:
        """``op.then(fn)`` or ``tr.zip(...)``: one op holding what the given ones held."""
        borrows, cover, _ = self.hand_on(ops)
        new = self.fresh(Kind.OP, call, label, group=self.current_group())
        self.created_ops[new] = self.site(call)
        self.set_hold(new, Hold(LIVE, borrows, cover=cover))
        return frozenset({new})

    def record(self, graphs: list[int], ops: list[int]) -> None:
        borrows, cover, _ = self.hand_on(ops)
        for graph in graphs:
            hold = self.holds.get(graph)
            if hold is not None and not borrows <= hold.borrows:
                joined = _union_cover(hold.cover, cover)
                grown = dataclasses.replace(hold, borrows=hold.borrows | borrows, cover=joined)
                self.set_hold(graph, grown)

    def release(self, holders: list[int], where: cst.CSTNode, *, ran: bool = False) -> None:
        """Synced, waited on, awaited or closed: the borrows end here."""
        for oid in holders:
            if ran:
                self.ran.add(self.site_of(oid))
            elif self.infos[oid].kind is Kind.PENDING:
                self.waited.add(self.site_of(oid))
            hold = self.holds.get(oid)
            if hold is not None and hold.live:
                self.set_hold(oid, Hold(DONE, hold.borrows, frozenset({where})))

    # -- checking ---------------------------------------------------------------------------
    def use(
        self,
        tensors: Oids,
        use: Use,
        node: cst.CSTNode,
        shown: str | None = None,
        *,
        covers: bool = True,
        top: int | None = None,
    ) -> None:
        """Host code touches ``tensors``: report the first live borrow it conflicts with.
        ``covers``: names whose may-sets are disjoint hold different tensors (not so when one
        of ``tensors`` stands for an element of a container another name holds)."""
        if not self.holds:
            return
        acquiring = use in (Use.PARTITION, Use.SHARED, Use.COLLECTIVE)
        reading = use is Use.READ or use is Use.SHARED  # exclusive borrows alone conflict
        group = self.current_group() if acquiring else None
        scope = self.launch_scope if acquiring else None
        for oid in self.live_holders():
            hold = self.holds[oid]
            if scope is not None and oid in scope:
                continue
            info = self.infos[oid]
            if group is not None and info.group == group:
                continue
            if (
                covers
                and hold.cover is not None
                and isinstance(node, (cst.Name, cst.Attribute, cst.Subscript))
                and self.apart_from(
                    path_of(node) or "",
                    cover_names(hold.cover, reading and info.kind is not Kind.PARTITION),
                )
            ):
                continue  # the name holds none of the tensors this holder borrows (or writes)
            if hold.lined is not None and self.lined_apart(oid, hold, node, use):
                continue
            for borrow in hold.borrows:
                if borrow.tensor not in tensors:
                    continue
                if hold.first_turn and self.first_turn_apart(hold, borrow.tensor):
                    continue
                ordered = hold.ordered and group is None and not self.infos[borrow.tensor].viewed
                code = messages.conflict_code(info.kind, borrow.exclusive, use, ordered=ordered)
                if code is None:
                    continue
                name = shown or (
                    display(node) if isinstance(node, cst.BaseExpression) else "the tensor"
                )
                around = self.element is not None and (
                    came_around(info.seq, self.element.seq, oid in self.made_here)
                )
                message, labels = messages.conflict(
                    code,
                    name,
                    use,
                    node,
                    info,
                    borrow.exclusive,
                    self.holder_name(oid),
                    hold.released_at,
                    around,
                )
                key = (code, self.site_of(oid), self.site_of(borrow.tensor))
                if not around or info.kind is not Kind.OP:
                    self.conflicted.add(self.site_of(oid))  # (else a may-conflict: 36BF)
                self.later_turn(oid, borrow.tensor)  # ordered after the loop's body, if so
                self.report(key, Finding(code, node, message, labels), top)
                break

    def lined_apart(self, holder: int, hold: Hold, node: cst.CSTNode, use: Use) -> bool:
        """``node`` reads the item of a list that ``holder`` writes only where another list
        holds it at the same index, and the step of the loop walking that list waited for it
        (``tilecheck.host.item_attributes``)."""
        return False

    def first_turn_apart(self, hold: Hold, tensor: int) -> bool:
        """The use being checked certainly takes another element than ``tensor`` in the
        loop turns ``hold`` is live in (``tilecheck.host.first_turn``)."""
        return False

    def later_turn(self, holder: int, tensor: int) -> bool:
        """The use being checked conflicts with ``holder``'s borrow of ``tensor`` only past
        the first turn of the loop around it (``tilecheck.host.first_turn``)."""
        return False

    def check_unconsumed(
        self, partitions: list[int], node: cst.CSTNode, consumer_group: int | None
    ) -> bool:
        """TC109: a partition used after a launch consumed it (except passed on inside the
        graph that consumed it). True if it was."""
        for part in partitions:
            hold = self.holds.get(part)
            if hold is None or not hold.status & CONSUMED:
                continue
            if consumer_group is not None and all(
                self.infos[self.obj(Kind.OP, c, c, "op")].group == consumer_group
                for c in hold.consumed_at
            ):
                continue
            shown = dotted_name(node) if isinstance(node, cst.BaseExpression) else None
            tensors = (
                " and ".join(sorted(self.infos[t].label for t in self.partition_tensors(part)))
                or "the tensor"
            )
            consumer: tuple[Part, ...] = (
                ("the launch at ", next(iter(hold.consumed_at)))
                if len(hold.consumed_at) == 1
                else ("an earlier launch",)
            )
            message: tuple[Part, ...] = (
                f"partition{f' `{shown}`' if shown else ''} was already consumed by ",
                *consumer,
                f"; a partition moves into the launch it is passed to: partition {tensors} "
                "again (after that op is synced) for another launch",
            )
            labels = tuple((c, "consumed here") for c in hold.consumed_at)
            labels += ((node, "used here after its launch"),)
            # One finding per reuse: ``launch(zp.mapped(...))`` meets the spent ``zp`` twice
            # (at ``.mapped`` and at the launch), both in one element.
            where = self.element.seq if self.element is not None else id(node)
            self.report(
                (PARTITION_CONSUMED, part, where),
                Finding(PARTITION_CONSUMED, node, message, labels),
            )
            return True
        return False

    def consume_all(self, partitions: list[int], call: cst.Call) -> None:
        for part in partitions:
            hold = self.holds.get(part)
            if hold is not None:
                consumed = hold.consumed_at | {call}
                self.set_hold(part, Hold(CONSUMED, hold.borrows, hold.released_at, consumed))

    # -- launching --------------------------------------------------------------------------
    def launch(
        self,
        call: cst.Call,
        kernel: LaunchSignature,
        values: dict[int, Value],
        args: list[cst.Arg] | None = None,
    ) -> Value:
        """A kernel call, its arguments evaluated (``values`` by ``id`` of each ``cst.Arg``;
        ``args``: the call's, a starred tuple of known items spread out): checked as tilert's
        ``_Launch`` checks it, then the op with its borrows."""
        binding = bind(kernel, call, args)
        if binding.problems:  # the first misfit, as Python's own TypeError would name it
            node, arity = binding.problems[0]
            self.report(
                (WRONG_ARGUMENT_KIND, id(node)), Finding(WRONG_ARGUMENT_KIND, node, (arity,))
            )
            return NOTHING
        if kernel.allocates is not None:
            self.library_allocation(call, kernel, binding)
        group = self.current_group()
        ok = True
        writes: list[_Argument] = []
        reads: list[_Argument] = []
        for param, arg in binding.args:
            oids = flatten(values[id(arg)])
            if not oids and param.kind is ParamKind.MUTABLE and not kernel.library:
                oids = values[id(arg)] = self.parameter_written(arg.value)
            elif not oids and kernel.library and param.kind in _TENSOR_KINDS:  # (round 39S)
                oids = values[id(arg)] = self.library_free(arg.value)
            tensors = self.kinds(oids, Kind.TENSOR)
            partitions = self.kinds(oids, Kind.PARTITION)
            where = f"parameter `{param.name}` of kernel `{kernel.name}`"
            problem: str | None = None
            if kernel.library:
                if partitions and not tensors and param.kind in _TENSOR_KINDS:
                    problem = (
                        f"{where} takes a tensor: the library partitions its outputs itself "
                        f"(pass `{display(_partitioned(arg.value))}`, not a partition of it)"
                    )
                elif param.kind is ParamKind.MUTABLE and tensors:
                    self.use(frozenset(tensors), Use.PARTITION, arg.value)
                    writes.append((param.name, arg, frozenset(tensors)))
                elif param.kind is ParamKind.SHARED and tensors:
                    reads.append((param.name, arg, frozenset(tensors)))
                elif (
                    not oids
                    and param.kind in _TENSOR_KINDS
                    and (foreign := self.foreign_array(arg.value)) is not None
                ):  # (round 26C) the library takes tilert tensors only
                    problem = (
                        f"{where} takes a tilert tensor, not a {foreign} array "
                        "(`tr.from_dlpack(array)` shares its memory)"
                    )
            elif param.kind is ParamKind.MUTABLE:
                if tensors and not partitions:
                    problem = (
                        f"{where} is Mutable: pass a partition of the tensor "
                        f"(`{display(arg.value)}.partition(tile_shape)`), not the tensor"
                    )
                elif not oids and (foreign := self.foreign_array(arg.value)) is not None:
                    problem = (
                        f"{where} is Mutable: it takes a partition, not a {foreign} array "
                        "(`tr.from_dlpack(array).partition(tile_shape)` writes into it)"
                    )
                elif partitions:
                    if self.check_unconsumed(partitions, arg.value, group):
                        self.consume_all(partitions, call)  # where it was live, it is now
                        ok = False
                        continue
                    touched: set[int] = set()
                    for part in partitions:
                        touched |= self.partition_tensors(part)
                    writes.append((param.name, arg, frozenset(touched)))
            elif param.kind is ParamKind.SHARED:
                if partitions and not tensors:
                    problem = (
                        f"{where} is Shared (read-only): pass the tensor itself, "
                        "not a partition of it"
                    )
                elif tensors:
                    reads.append((param.name, arg, frozenset(tensors)))
                elif not oids:
                    free = self.free_tensor(arg.value)
                    if free is not None:
                        reads.append((param.name, arg, frozenset({free})))
            elif param.kind in (ParamKind.SCALAR, ParamKind.CONST) and (tensors or partitions):
                problem = f"{where} is a scalar, not a tensor"
            if problem is not None:
                self.report(
                    (WRONG_ARGUMENT_KIND, id(arg)),
                    Finding(WRONG_ARGUMENT_KIND, arg.value, (problem,)),
                )
                ok = False
        self.note_launch(writes, reads)
        if not ok or not self.aliasing_ok(kernel, writes, reads):
            return NOTHING
        borrows: set[Borrow] = set()
        cover: frozenset[str] | None = frozenset()
        for _name, arg, written in writes:
            borrows |= {Borrow(t, True) for t in written}
            partitions = self.kinds(flatten(values[id(arg)]), Kind.PARTITION)
            if kernel.library:  # the tensor itself, which the function partitions
                cover = _union_cover(cover, name_cover(arg.value))
            for part in partitions:
                hold = self.holds.get(part)
                cover = _union_cover(cover, hold.cover if hold is not None else None)
            self.consume_all(partitions, call)
        # Read after this launch's own partitions are consumed: what they may share with a
        # Shared argument is TC101's to judge (above), never TC104's.
        for _name, arg, tensors_read in reads:
            self.use(tensors_read, Use.SHARED, arg.value)
        for _name, arg, tensors_read in reads:
            borrows |= {Borrow(t, False) for t in tensors_read}
            if not self.allocated_here(arg.value):  # no name holds it (round 21G)
                cover = _union_cover(cover, shared_cover(name_cover(arg.value)))
        op = self.fresh(Kind.OP, call, f"op `{kernel.name}`", group=group)
        if not (kernel.library and self.swallowing()):  # it may raise first (bad input)
            self.created_ops[op] = self.site(call)
        self.keep_outputs(call, values)
        self.set_hold(op, Hold(LIVE, frozenset(borrows), cover=cover, ordered=group is None))
        return frozenset({op})

    def allocated_here(self, expr: cst.BaseExpression) -> bool:
        """``tr.from_numpy(a)`` written as the argument: a tensor allocated there that no name
        holds (``from_dlpack`` may return the tensor it is given)."""
        if type(expr) is not cst.Call:
            return False
        return self.ctx.callee(expr.func).canonical in api.ALLOCATORS

    def library_allocation(self, call: cst.Call, kernel: LaunchSignature, binding: Binding) -> None:
        """TC111 for a library function that allocates here (its scratch, when the call gives
        no ``workspace``) inside a graph capture."""
        allocates = kernel.allocates
        assert allocates is not None
        given = {
            param.name
            for param, arg in binding.args
            if not (isinstance(arg.value, cst.Name) and arg.value.value == "None")
        }
        missing = sorted(allocates.unless - given)
        if not allocates.always and not missing:
            return
        shown = dotted_name(call.func) or kernel.name
        if missing:
            what = f"`{shown}(...)` without `{missing[0]}` allocates it"
            fix = f"make `{missing[0]}` before the `with` block and pass it"
        else:
            what = f"`{shown}(...)` allocates"
            fix = "call it before the `with` block"
        self.refused(call, what, fix)

    def library_free(self, expr: cst.BaseExpression) -> Oids:
        """An untracked name (a global) given to the library: its tensor, as a kernel's (39S)."""
        free = None if self.foreign_array(expr) else self.free_tensor(expr)
        return frozenset({free}) if free is not None else NOTHING

    def foreign_array(self, expr: cst.BaseExpression) -> str | None:
        """The library whose array ``expr`` makes (``np.zeros(...)``), if it is one; a name
        bound once to such an array holds "another library's" array."""
        if isinstance(expr, cst.Name) and self.array_name(expr.value):
            return "foreign"
        if type(expr) is cst.Attribute:  # ``self.host`` given only arrays (round 22L)
            return self.attribute_array(expr)
        if type(expr) is cst.Call and type(expr.func) is cst.Name:
            # ``workspace(n)`` of a function of the module that returns ``np.zeros(n)``
            known = expr.func.value in self.env
            returned = None if known else returned_library(self.ctx, expr)
            if returned is not None:
                return returned
        return self.ctx.array_library(expr)

    def parameter_written(self, expr: cst.BaseExpression) -> Oids:
        """An untracked parameter given for a Mutable parameter of a launch: the partition a
        caller must pass (``Interprocedural``); nothing here."""
        return NOTHING

    def array_name(self, name: str) -> bool:
        """``name`` holds another library's array where it is read (``Calls``)."""
        return False

    def attribute_array(self, expr: cst.Attribute) -> str | None:
        """The library whose array ``self.X`` holds in a method (``Calls``)."""
        return None

    def note_launch(self, writes: list[_Argument], reads: list[_Argument]) -> None:
        """What a summary keeps of a launch (``tilecheck.host.summaries``)."""

    def keep_outputs(self, call: cst.Call, values: dict[int, Value]) -> None:
        """What ``sync`` will return: the arguments, in order (so only when every one is
        positional: keywords bind in the kernel's order, which the call does not show)."""
        if any(arg.keyword is not None or arg.star for arg in call.args):
            return
        outputs: list[Output] = []
        for arg in call.args:
            oids = flatten(values[id(arg)])
            borrows: set[Borrow] = set()
            for part in self.kinds(oids, Kind.PARTITION):
                hold = self.holds.get(part)
                borrows |= hold.borrows if hold is not None else set()
            outputs.append((frozenset(borrows), frozenset(self.kinds(oids, Kind.TENSOR))))
        self.outputs[call] = tuple(outputs)

    def synced_outputs(self, call: cst.Call, op: int) -> Value:
        """``op.sync()`` returns the op's arguments, as at run time: its tensors, and its
        partitions spent, consumed by the launch (TC109 if passed to another one)."""
        launch = self.infos[op].site
        outputs = self.outputs.get(launch) if launch is not None else None
        if launch is None or outputs is None:
            return NOTHING
        items: list[Value] = []
        for index, (borrows, tensors) in enumerate(outputs):
            if not borrows:
                items.append(tensors)
                continue
            spent = self.obj(Kind.PARTITION, ("spent", call, index), call, "spent partition")
            self.set_hold(spent, Hold(CONSUMED, borrows, consumed_at=frozenset({launch})))
            items.append(frozenset({spent}))
        return Packed(tuple(items))

    def aliasing_ok(
        self, kernel: LaunchSignature, writes: list[_Argument], reads: list[_Argument]
    ) -> bool:
        """TC101: a tensor written through a partition may not appear again in the launch."""
        clash = self.first_clash(writes, reads)
        if clash is None:
            return True
        name, arg, first_name, first_arg, tensor = clash
        label = self.infos[tensor].label
        shown = label if label.startswith("`") else display(arg.value)
        message = (
            f"{shown} is passed to kernel `{kernel.name}` as Mutable `{first_name}` and again as "
            f"`{name}` in the same launch; a launch may not read or write a tensor it writes "
            "through a partition",
        )
        labels = (
            (first_arg.value, f"passed as Mutable `{first_name}` here"),
            (arg.value, f"passed again as `{name}` here"),
        )
        self.report((MUTABLE_ALIAS, id(arg)), Finding(MUTABLE_ALIAS, arg.value, message, labels))
        return False

    def first_clash(
        self, writes: list[_Argument], reads: list[_Argument]
    ) -> tuple[str, cst.Arg, str, cst.Arg, int] | None:
        """The first argument that certainly repeats a tensor an earlier Mutable one writes:
        (its parameter, itself, the writer's parameter, the writer, the tensor)."""
        for index, (name, arg, tensors) in enumerate([*writes, *reads]):
            for first_name, first_arg, written in writes[: min(index, len(writes))]:
                common = written & tensors
                if common and self.certainly_same(first_arg, written, arg, tensors):
                    return name, arg, first_name, first_arg, min(common)
                shared = self.certain_overlap(written, tensors)
                if shared is not None:
                    return name, arg, first_name, first_arg, shared
        return None

    def certain_overlap(self, first: Oids, second: Oids) -> int | None:
        """A tensor whose memory two different tensors certainly share (a view and its
        base: ``tilecheck.host.views``); None if not known."""
        return None

    @staticmethod
    def certainly_same(first: cst.Arg, first_tensors: Oids, second: cst.Arg, tensors: Oids) -> bool:
        """Two arguments that may carry one tensor carry it for certain when either holds one
        tensor on every path, or both name the same variable. Two names that each may hold
        either of two tensors (``a, b = b, a`` in a ping-pong loop, ``src, dst`` picked per
        branch) may well hold different ones on every path, which the merged may-sets cannot
        tell: their overlap alone is not reported as an alias."""
        if len(first_tensors) == 1 or len(tensors) == 1:
            return True
        name = _tensor_name(first.value)
        return name is not None and name == _tensor_name(second.value)


def _partitioned(expr: cst.BaseExpression) -> cst.BaseExpression:
    """The tensor of ``out.partition(...)``; else ``expr`` itself."""
    if (
        isinstance(expr, cst.Call)
        and isinstance(expr.func, cst.Attribute)
        and expr.func.attr.value == "partition"
    ):
        return expr.func.value
    return expr


def name_cover(expr: cst.BaseExpression) -> frozenset[str] | None:
    """The name (or attribute path) an object is borrowed through, when the expression is
    one."""
    if isinstance(expr, cst.Name):
        return frozenset({expr.value})
    path = path_of(expr) if isinstance(expr, (cst.Attribute, cst.Subscript)) else None
    if path is None and isinstance(expr, cst.Subscript) and len(expr.slice) == 1:
        base = path_of(expr.value)  # ``srcs[i]``: some item of ``srcs`` (``Containers``)
        path = None if base is None or "[" in base else f"{base}[?]"
    return None if path is None else frozenset({path})


def _union_cover(
    first: frozenset[str] | None, second: frozenset[str] | None
) -> frozenset[str] | None:
    return None if first is None or second is None else first | second


def _tensor_name(expr: cst.BaseExpression) -> str | None:
    """The variable an argument takes its tensor from: ``b`` for ``b``, ``b.partition(...)``
    and ``b.partition(...).mapped(...)``."""
    while (
        isinstance(expr, cst.Call)
        and isinstance(expr.func, cst.Attribute)
        and expr.func.attr.value in ("partition", "mapped")
    ):
        expr = expr.func.value
    return dotted_name(expr)
