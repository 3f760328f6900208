"""A collective as an ``Op``: its arguments checked, its borrows taken as a kernel launch takes
them (what it writes exclusively, what it only reads shared, until the op is observed
complete), and the step that hands it to the communicator's transport on the op's stream.
The step is an op step like a launch's, so ``.sync()``, ``.submit()``/``.wait()``, ``.then``,
``tr.zip`` and ``tr.graph`` run collectives as they run kernels."""

from __future__ import annotations

import operator
import weakref
from dataclasses import dataclass
from typing import Any, Protocol

from tilert import backends
from tilert._core import nvtx, ownership
from tilert._launch import borrow_for_reading, wait_for_writers
from tilert.dtypes import DType
from tilert.errors import BorrowError
from tilert.ops import Op
from tilert.streams import Stream
from tilert.tensor import Partition, Tensor

# The reductions every transport offers (NCCL's; "avg" is NCCL's and the stand-in's only)
REDUCE_OPS = ("sum", "prod", "max", "min", "avg")


@dataclass(frozen=True, eq=False)
class Collective:
    """One rank's part of a collective: ``out`` is what it writes (None for ``send``), ``inp``
    what it reads besides (None when it reads ``out`` in place, or reads nothing), ``op`` the
    reduction, ``peer`` the root or the other end (``src``/``dst``)."""

    kind: str  # all_reduce | all_gather | reduce_scatter | broadcast | send | recv
    out: Tensor[Any] | None
    inp: Tensor[Any] | None = None
    op: str | None = None
    peer: int | None = None
    where: str = "<unknown>"  # the user's file:line that made it

    @property
    def written(self) -> tuple[Tensor[Any], ...]:
        return () if self.out is None else (self.out,)

    @property
    def read(self) -> tuple[Tensor[Any], ...]:
        """What it only reads (``all_reduce`` and ``broadcast`` read what they write)."""
        return () if self.inp is None else (self.inp,)

    @property
    def tensors(self) -> tuple[Tensor[Any], ...]:
        """Its tensor arguments in call order: what ``sync`` returns."""
        return (*self.written, *self.read)

    def describe(self) -> str:
        """``all_reduce(sum) of (1024,) f32``, ``send(dst=1) of (4,) f32``: what a message
        about the ranks' calls names."""
        t = self.out if self.out is not None else self.inp
        assert t is not None
        role = "src" if self.kind in ("broadcast", "recv") else "dst"
        detail = self.op if self.peer is None else f"{role}={self.peer}"
        return f"{self.kind}({detail or ''}) of {t.shape} {t.dtype}"


_new = object.__new__


def made(
    kind: str,
    out: Tensor[Any] | None,
    inp: Tensor[Any] | None = None,
    op: str | None = None,
    peer: int | None = None,
    where: str = "<unknown>",
) -> Collective:
    """``Collective(kind, out, inp, op, peer, where)`` as a communicator makes one per op: its
    fields written into the new object directly, not through the frozen dataclass's
    ``object.__setattr__`` call per field (about half a microsecond of each collective's host
    time here); as frozen as any other."""
    c = _new(Collective)
    fields = c.__dict__
    fields["kind"] = kind
    fields["out"] = out
    fields["inp"] = inp
    fields["op"] = op
    fields["peer"] = peer
    fields["where"] = where
    return c


class Transport(Protocol):
    """What moves a communicator's data: NCCL's C API (``tilert.distributed.nccl_transport``),
    NCCL or gloo through ``torch.distributed`` (``tilert.distributed.torch_transport``), or the
    in-process stand-in (``tilert.distributed.local``). ``run`` issues one rank's part of
    ``c`` on ``stream``; ``needs_eager_first``: a collective must run once outside a graph
    before a graph can capture one like it (a symmetric-memory buffer is rendezvoused on its
    first use). ``empty`` makes a tensor its collectives move fastest (NCCL's C API: in a
    symmetric window; the others: an ordinary tensor), a collective call on every rank."""

    rank: int
    size: int
    needs_eager_first: bool

    def run(self, c: Collective, stream: Stream) -> None: ...
    def empty(
        self, shape: tuple[int, ...], dtype: type[DType], name: str | None
    ) -> Tensor[Any]: ...
    def close(self) -> None: ...


class CollectiveStep:
    """The step of a collective's op: after the last writers of its tensors on other streams,
    the transport issues it on the stream running the op."""

    __slots__ = ("collective", "tensors", "transport")

    def __init__(
        self,
        collective: Collective,
        transport: Transport,
        tensors: tuple[Tensor[Any], ...] | None = None,
    ) -> None:
        self.collective, self.transport = collective, transport
        # (found once: the step reads them when it runs; a communicator's ``Checked`` knows)
        self.tensors = collective.tensors if tensors is None else tensors

    def __call__(self, stream: Stream) -> None:
        c = self.collective
        wait_for_writers(self.tensors, stream)
        if nvtx.ENABLED:
            with nvtx.span(c.kind):
                self.transport.run(c, stream)
        else:
            self.transport.run(c, stream)
        if c.out is not None and backends.current().launches_at_once:
            c.out._writer = (stream, stream._launched)  # on the device stream: this launch


def _labels(kind: str) -> tuple[str, str, str]:
    """A collective's op label and its borrows' descriptions (reading, writing)."""
    return f"op `{kind}`", f"read by op `{kind}`", f"written by op `{kind}`"


# made once per collective, not per op
_LABELS = {
    kind: _labels(kind)
    for kind in ("all_reduce", "all_gather", "reduce_scatter", "broadcast", "send", "recv")
}


def _nothing() -> None:
    """The reference of an absent tensor: always None (as a dead weak reference's call)."""
    return None


class Checked:
    """A collective's arguments as checked once (``checked``): what each later op of the same
    kind, tensors, reduction and peer needs besides its line, so a communicator's second call
    checks nothing again and formats nothing (the checks read what never changes: a tensor's
    type, shape, dtype, strides and memory, the world's size and this rank). It refers to the
    tensors weakly (``fits`` says whether they are still the ones checked)."""

    __slots__ = ("_inp", "_out", "label", "reading", "writing")

    def __init__(self, c: Collective) -> None:
        self._out = _nothing if c.out is None else weakref.ref(c.out)
        self._inp = _nothing if c.inp is None else weakref.ref(c.inp)
        self.label, self.reading, self.writing = _LABELS.get(c.kind) or _labels(c.kind)

    def fits(self, out: Tensor[Any] | None, inp: Tensor[Any] | None) -> bool:
        return self._out() is out and self._inp() is inp


def checked(c: Collective, transport: Transport) -> Checked:
    """Check ``c``'s arguments against ``transport``'s world (``_check``: the errors a rank
    sees alone); what its op needs, for this op and the next ones like it."""
    _check(c, transport)
    return Checked(c)


def collective_op(c: Collective, transport: Transport, known: Checked | None = None) -> Op:
    """Check ``c``'s arguments against ``transport``'s world (unless ``known``: checked
    already), take its borrows and build its Op (a BorrowError names the collective and where
    it was made, as a launch's does)."""
    if known is None:
        known = checked(c, transport)
    where = c.where
    out, inp = c.out, c.inp
    label = known.label
    origin = ownership.handoff_group()
    holder = ownership.OpHolder(label, where, origin)
    tensors = c.tensors
    with ownership.LOCK:
        # what it only reads as a launch's Shared arguments, what it writes exclusively
        if inp is not None:
            borrow_for_reading(holder, (inp,), known.reading, where, origin)
        if out is not None:
            try:
                ownership.take(out, holder, True, known.writing, where)
            except BorrowError:
                ownership.release_all(holder)
                raise
    return Op(label, [holder], (CollectiveStep(c, transport, tensors),), tensors, origin)


def _check(c: Collective, transport: Transport) -> None:
    """The errors a rank can see alone, raised before any borrow is taken (what only the
    ranks together can see, a mismatch, is the transport's)."""
    for name, t in (("out" if c.inp is not None else "t", c.out), ("t", c.inp)):
        if t is not None:
            _tensor(c.kind, name, t)
    if c.op is not None and c.op not in REDUCE_OPS:
        raise ValueError(f"{c.kind}: op={c.op!r}; expected one of {', '.join(REDUCE_OPS)}")
    if c.peer is not None:
        _peer(c, transport)
    if c.out is not None and c.inp is not None:
        _sizes(c, transport.size)
        if ownership.overlap(c.out, c.inp):
            raise BorrowError(
                f"{c.kind}: {c.inp.describe()} overlaps {c.out.describe()}, which it writes; a "
                "collective may not read memory it writes (pass a separate output)"
            )


def _tensor(kind: str, name: str, t: Any) -> None:
    if isinstance(t, Partition):
        raise TypeError(
            f"{kind}: `{name}` is the tensor itself, not a partition ({t.describe()}): a "
            "collective borrows the whole tensor"
        )
    if not isinstance(t, Tensor):
        raise TypeError(
            f"{kind}: `{name}` must be a tilert Tensor, got {type(t).__name__}; wrap another "
            "framework's array with tr.from_dlpack (shares its memory)"
        )
    if not t.is_contiguous():
        raise ValueError(
            f"{kind}: {t.describe()} is not contiguous (strides {t.strides}); a collective "
            "moves contiguous memory: pass t.contiguous()"
        )


def _peer(c: Collective, transport: Transport) -> None:
    role = "src" if c.kind in ("broadcast", "recv") else "dst"
    try:
        peer = operator.index(c.peer)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{c.kind}: {role} must be a rank (an int), got {c.peer!r}") from None
    if not 0 <= peer < transport.size:
        raise ValueError(f"{c.kind}: {role}={peer} is not a rank of a world of {transport.size}")
    if peer == transport.rank and c.kind in ("send", "recv"):
        raise ValueError(f"{c.kind}: {role}={peer} is this rank itself")


def _sizes(c: Collective, size: int) -> None:
    """``all_gather``'s output holds every rank's input; ``reduce_scatter``'s input holds
    every rank's output."""
    assert c.out is not None and c.inp is not None
    if c.out.dtype is not c.inp.dtype:
        raise TypeError(f"{c.kind}: {c.out.describe()} and {c.inp.describe()} differ in dtype")
    whole, part = (c.out, c.inp) if c.kind == "all_gather" else (c.inp, c.out)
    if whole.size != size * part.size:
        raise ValueError(
            f"{c.kind}: {whole.describe()} has {whole.size} elements; a world of {size} needs "
            f"{size} x {part.size} (those of {part.describe()})"
        )
