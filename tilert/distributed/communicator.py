"""A communicator: this rank's handle on the world, one per device, and the collectives it
issues as ops. The process's communicator is the one ``init()`` made; a thread of the
in-process stand-in (``testing.run_ranks``) has its own, as each process would."""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

import numpy as np

from tilert._core.where import user_callsite
from tilert.distributed.collective import Checked, Transport, checked, collective_op, made
from tilert.dtypes import as_dtype, f32
from tilert.ops import Op
from tilert.tensor import Tensor


class Communicator:
    """This rank's end of the world: ``rank`` of ``size`` ranks, on the node's device
    ``local_rank``. Each collective returns a lazy ``Op`` holding its borrows: the tensor it
    writes exclusively, the one it only reads shared, until the op is observed complete."""

    def __init__(self, transport: Transport, local_rank: int = 0) -> None:
        self.transport = transport
        self.rank = transport.rank
        self.size = transport.size
        self.local_rank = local_rank
        # (kind, id(out), id(inp), op, peer) -> those arguments as checked the first time
        self._checked: dict[tuple[object, ...], Checked] = {}

    def all_reduce(self, t: Tensor[Any], op: str = "sum") -> Op:
        """Every rank's ``t`` becomes the reduction (``op``: sum, prod, max, min, avg) of all
        ranks' ``t``. Writes ``t``."""
        return self._op("all_reduce", t, None, op, None, user_callsite())

    def all_gather(self, out: Tensor[Any], t: Tensor[Any]) -> Op:
        """``out`` (``size`` times ``t``'s elements) becomes every rank's ``t``, in rank
        order. Writes ``out``, reads ``t``."""
        return self._op("all_gather", out, t, None, None, user_callsite())

    def reduce_scatter(self, out: Tensor[Any], t: Tensor[Any], op: str = "sum") -> Op:
        """``out`` becomes this rank's part (rank-th of ``size``) of the reduction of every
        rank's ``t``. Writes ``out``, reads ``t``."""
        return self._op("reduce_scatter", out, t, op, None, user_callsite())

    def broadcast(self, t: Tensor[Any], src: int) -> Op:
        """Every rank's ``t`` becomes rank ``src``'s. Writes ``t`` (rank ``src`` too)."""
        return self._op("broadcast", t, None, None, src, user_callsite())

    def send(self, t: Tensor[Any], dst: int) -> Op:
        """Send ``t`` to rank ``dst`` (which must ``recv`` it). Reads ``t``."""
        return self._op("send", None, t, None, dst, user_callsite())

    def recv(self, t: Tensor[Any], src: int) -> Op:
        """Receive into ``t`` what rank ``src`` sends. Writes ``t``."""
        return self._op("recv", t, None, None, src, user_callsite())

    def empty(
        self, shape: int | tuple[int, ...], dtype: Any = None, *, name: str | None = None
    ) -> Tensor[Any]:
        """A tensor (f32 unless ``dtype``) whose collectives this communicator runs fastest:
        under NCCL's C API (NCCL 2.27+) in a symmetric window of its own, where NCCL's
        low-latency symmetric kernels take its all-reduces, all-gathers and reduce-scatters
        (docs/distributed.md, "Tensors in NCCL windows"); an ordinary tensor elsewhere. A
        collective call: every rank makes the same ones in the same order, never while a graph
        captures. Its values are undefined (``zeros`` fills it). It is owned and borrowed as
        any tensor; its window is deregistered at ``shutdown`` and its memory freed when it,
        and every view of it, is dropped."""
        dims = (shape,) if isinstance(shape, int) else tuple(shape)
        return self.transport.empty(dims, as_dtype(f32 if dtype is None else dtype), name)

    def zeros(
        self, shape: int | tuple[int, ...], dtype: Any = None, *, name: str | None = None
    ) -> Tensor[Any]:
        """``empty``, filled with zeros (a host write, synchronous)."""
        t = self.empty(shape, dtype, name=name)
        t.copy_from(np.zeros(t.shape, dtype=t._np_dtype))
        return t

    @property
    def needs_eager_first(self) -> bool:
        """Whether an all-reduce of each size and dtype must run once outside a graph before a
        graph captures one (``small_all_reduce="symm"``: its buffers are rendezvoused on first
        use)."""
        return self.transport.needs_eager_first

    def _op(
        self, kind: str, out: Any, inp: Any, op: str | None, peer: int | None, where: str
    ) -> Op:
        """The collective's op; its arguments checked on the first call with these tensors,
        reduction and peer (``collective.Checked``), not again on the next ones."""
        c = made(kind, out, inp, op, peer, where)
        if (op is not None and type(op) is not str) or (peer is not None and type(peer) is not int):
            return collective_op(c, self.transport)  # (refused by the check: nothing to keep)
        key = (kind, id(out), id(inp), op, peer)
        known = self._checked.get(key)
        if known is None or not known.fits(out, inp):
            known = checked(c, self.transport)
            if len(self._checked) >= _MAX_CHECKED:  # (tensors made and dropped each step)
                self._checked.clear()
            self._checked[key] = known
        return collective_op(c, self.transport, known)

    def close(self) -> None:
        self.transport.close()

    def __repr__(self) -> str:
        return f"<Communicator rank {self.rank} of {self.size}>"


_MAX_CHECKED = 1 << 12  # argument sets kept checked per communicator

_default: Communicator | None = None  # the process's, made by init()
_current: ContextVar[Communicator | None] = ContextVar("tilert_communicator", default=None)


def current() -> Communicator:
    """This thread's communicator (the stand-in's ranks), else the process's."""
    found = _current.get() or _default
    if found is None:
        raise RuntimeError(
            "no communicator: call tr.distributed.init() first (once per process, before "
            "making tensors)"
        )
    return found


def set_default(comm: Communicator | None) -> None:
    global _default
    _default = comm


def default() -> Communicator | None:
    return _default


def set_current(comm: Communicator | None) -> None:
    """Make ``comm`` this thread's (or task's) communicator."""
    _current.set(comm)
