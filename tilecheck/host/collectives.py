"""Collectives (``tilert.distributed``) as the host analysis knows them: a table of the
callables with the parameters each writes and each only reads, and the op a call makes. A
collective borrows as a kernel launch does, the tensor itself instead of a partition: what it
writes exclusively, what it reads shared, from the call until the op is observed complete; so
the rules of ops (TC102-TC105, TC108, TC110, TC111) hold for it unchanged."""

from __future__ import annotations

import libcst as cst

from tilecheck.codes import MUTABLE_ALIAS, WRONG_ARGUMENT_KIND
from tilecheck.frozen import frozen
from tilecheck.host.findings import Finding
from tilecheck.host.messages import Use
from tilecheck.host.model import LIVE, NOTHING, Borrow, Hold, Kind, Oids, Value, flatten
from tilecheck.host.ownership import Ownership, _tensor_name, _union_cover, name_cover

_Argument = tuple[str, cst.Arg, Oids]  # parameter name, the argument, the tensors it carries


@frozen
class CollectiveSignature:
    """A collective's parameters in order, and which tensors it writes and which it reads."""

    name: str
    params: tuple[str, ...]
    written: frozenset[str] = frozenset()
    read: frozenset[str] = frozenset()


def _table(*signatures: CollectiveSignature) -> dict[str, CollectiveSignature]:
    return {f"tilert.distributed.{s.name}": s for s in signatures}


T, OUT = frozenset({"t"}), frozenset({"out"})
# By canonical name (``dist.all_reduce`` with ``import tilert.distributed as dist``)
COLLECTIVES = _table(
    CollectiveSignature("all_reduce", ("t", "op"), written=T),
    CollectiveSignature("all_gather", ("out", "t"), written=OUT, read=T),
    CollectiveSignature("reduce_scatter", ("out", "t", "op"), written=OUT, read=T),
    CollectiveSignature("broadcast", ("t", "src"), written=T),
    CollectiveSignature("send", ("t", "dst"), read=T),
    CollectiveSignature("recv", ("t", "src"), written=T),
)

# The same collectives as methods of a ``Communicator`` (``comm.all_gather(out, t)``), and the
# names its class goes by (round 22M)
METHODS = {s.name: s for s in COLLECTIVES.values()}
COMMUNICATOR = frozenset(
    {"tilert.distributed.Communicator", "tilert.distributed.communicator.Communicator"}
)


class Collectives(Ownership):
    __slots__ = ()

    def ev(self, expr: cst.BaseExpression) -> Value:
        """The value of an expression, evaluated in order (``BodyAnalysis`` defines it)."""
        raise NotImplementedError

    def collective(self, call: cst.Call, sig: CollectiveSignature) -> Value:
        """A collective's call: its arguments evaluated in order, checked (TC106 for a
        partition), the uses of what it writes and reads checked against the live borrows,
        then the op holding them."""
        values = [self.ev(arg.value) for arg in call.args]
        writes: list[_Argument] = []
        reads: list[_Argument] = []
        position = 0
        for arg, value in zip(call.args, values, strict=True):
            if arg.star:  # what binds where is not visible: the callee takes it
                self.escape(value)
                continue
            if arg.keyword is not None:
                name: str | None = arg.keyword.value
            else:
                name = sig.params[position] if position < len(sig.params) else None
                position += 1
            if name not in sig.written and name not in sig.read:
                continue
            oids = flatten(value)
            tensors = frozenset(self.kinds(oids, Kind.TENSOR))
            problem: str | None = None
            if self.kinds(oids, Kind.PARTITION) and not tensors:
                verb = "writes" if name in sig.written else "reads"
                base = _tensor_name(arg.value)
                problem = (
                    f"parameter `{name}` of `{sig.name}` is the tensor the collective {verb}: "
                    f"pass the tensor itself{f' (`{base}`)' if base else ''}, not a partition "
                    "of it"
                )
            elif not oids and (foreign := self.foreign_array(arg.value)) is not None:
                problem = (  # (tilert's ``TypeError``, raised before any borrow)
                    f"parameter `{name}` of `{sig.name}` takes a tilert tensor, not a {foreign} "
                    "array: wrap it with `tr.from_dlpack(...)` (it shares the array's memory)"
                )
            if problem is not None:
                self.report(
                    (WRONG_ARGUMENT_KIND, id(arg)),
                    Finding(WRONG_ARGUMENT_KIND, arg.value, (problem,)),
                )
                return NOTHING
            if not oids:
                free = self.free_tensor(arg.value)
                tensors = frozenset() if free is None else frozenset({free})
            (writes if name in sig.written else reads).append((name, arg, tensors))
        self.note_launch(writes, reads)
        if not self.collective_aliasing_ok(sig, writes, reads):
            return NOTHING
        for _name, arg, tensors in writes:
            self.use(tensors, Use.COLLECTIVE, arg.value)
        for _name, arg, tensors in reads:
            self.use(tensors, Use.SHARED, arg.value)
        borrows: set[Borrow] = set()
        cover: frozenset[str] | None = frozenset()
        for exclusive, arguments in ((True, writes), (False, reads)):
            for _name, arg, tensors in arguments:
                borrows |= {Borrow(t, exclusive) for t in tensors}
                cover = _union_cover(cover, name_cover(arg.value))
        group = self.current_group()
        op = self.fresh(Kind.OP, call, f"op `{sig.name}`", group=group)
        self.created_ops[op] = self.site(call)
        self.keep_outputs(call, {id(a): v for a, v in zip(call.args, values, strict=True)})
        self.set_hold(op, Hold(LIVE, frozenset(borrows), cover=cover, ordered=group is None))
        return frozenset({op})

    def collective_aliasing_ok(
        self, sig: CollectiveSignature, writes: list[_Argument], reads: list[_Argument]
    ) -> bool:
        """TC101: a collective may not read memory it writes (``all_gather(buf, buf)``), as
        a launch may not repeat a tensor it writes; the runtime refuses the call."""
        clash = self.first_clash(writes, reads)
        if clash is None:
            return True
        name, arg, first_name, first_arg, tensor = clash
        label = self.infos[tensor].label
        shown = label if label.startswith("`") else _tensor_name(arg.value) or "the tensor"
        message = (
            f"{shown} is passed to `{sig.name}` as `{first_name}`, which it writes, and again "
            f"as `{name}`; a collective may not read memory it writes (pass a separate output)",
        )
        labels = (
            (first_arg.value, f"written as `{first_name}` here"),
            (arg.value, f"passed again as `{name}` here"),
        )
        self.report((MUTABLE_ALIAS, id(arg)), Finding(MUTABLE_ALIAS, arg.value, message, labels))
        return False
