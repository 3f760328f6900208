"""The transport over NCCL's C API (``tilert.distributed._nccl``): one ``ncclComm`` per
process, each collective one NCCL call on the CUDA stream of the tilert stream running its op,
with the tensors' device pointers. What torch's process group adds per call (a Work with its
event, the watchdog's and flight recorder's entries, a tensor per operand, the current-stream
switch) is not paid: NCCL orders the collective on that stream, so the op's completion on its
stream is the collective's, and issued while a ``tr.graph()`` captures it is captured into the
CUDA graph (NCCL supports capture on the capturing stream).

torch is still used, once, to start: its default process group (made from the launcher's
environment, or the program's own) gives the rendezvous store through which rank 0's
``ncclUniqueId`` reaches the others, and stays for what lives in torch (barriers, symmetric
memory: ``small_all_reduce="symm"`` hands the all-reduces it takes to a ``TorchTransport``
over the same group). torch's own NCCL communicator is not made unless torch's collectives are
used (docs/distributed.md, "NCCL's C API")."""

from __future__ import annotations

import importlib
import itertools
import logging
from collections.abc import Callable
from typing import Any

from tilert.distributed._nccl import DATA_TYPES, RED_OPS, UINT8, Library, NcclError, load
from tilert.distributed.collective import Collective
from tilert.distributed.env import Environment
from tilert.distributed.symmetric import NCCL_ONLY, SmallAllReduce
from tilert.distributed.torch_transport import TorchTransport, start_group
from tilert.distributed.windows import Windows, Wrap, device_tensor
from tilert.dtypes import ALL_DTYPES, DType
from tilert.streams import Stream
from tilert.tensor import Tensor

# tilert dtype -> (ncclDataType_t, NCCL elements per tilert element) for what only moves bytes
# (all_gather, broadcast, send, recv): NCCL's type where it has one, else bytes (i16, u16, the
# 8-bit floats, whose NCCL types only recent releases know, bool_)
_MOVED: dict[type[DType], tuple[int, int]] = {
    d: (DATA_TYPES[d.name], 1)
    if d.name in DATA_TYPES and DATA_TYPES[d.name] < DATA_TYPES["f8e4m3fn"]
    else (UINT8, d.itemsize)
    for d in ALL_DTYPES
}
# bool_ reduces as bytes of 0 and 1: a sum is an "or" (max), a product an "and" (min), as the
# stand-in's numpy reductions of booleans give
_BOOL_OPS = {"sum": "max", "prod": "min", "max": "max", "min": "min"}
# (tilert dtype, reduction) -> (ncclDataType_t, ncclRedOp_t): every pair NCCL reduces
_REDUCED: dict[tuple[type[DType], str], tuple[int, int]] = {
    (d, op): (DATA_TYPES[d.name], code)
    for d in ALL_DTYPES
    if d.name in DATA_TYPES
    for op, code in RED_OPS.items()
}
_REDUCED.update(
    {
        (d, op): (UINT8, RED_OPS[as_op])
        for d in ALL_DTYPES
        if d.kind == "b"
        for op, as_op in _BOOL_OPS.items()
    }
)

_generation = itertools.count()  # the unique ids exchanged in this process (each its own key)
log = logging.getLogger("tilert.distributed")
_said_no_windows = False  # why comm.empty gives ordinary tensors is logged once per process


def device_address(t: Tensor[Any]) -> int:
    """``t``'s first element on the GPU (a RuntimeError naming it if it lives on the host)."""
    return t._device_pointer()


def stream_handle(stream: Stream) -> int:
    return stream.cuda_handle()


class NcclTransport:
    """This process's end of the world through its own ``ncclComm`` (made here from
    ``unique_id``, the same on every rank). ``lib`` is NCCL (``_nccl.Nccl``) or a stand-in
    with its calls; ``address`` and ``handle`` find a tensor's memory and a stream's
    ``cudaStream_t`` (the device's, unless a test says otherwise). ``symmetric``: the torch
    transport that takes the small all-reduces its symmetric-memory path takes; ``on_close``
    runs after the communicator is destroyed (the process group's end, for ``init``'s).
    ``wrap`` makes a tensor over window memory (``windows.device_tensor`` on the GPU; the CPU
    tests' stand-in gives host tensors over its own bytes)."""

    def __init__(
        self,
        lib: Library,
        rank: int,
        size: int,
        unique_id: bytes,
        *,
        address: Callable[[Tensor[Any]], int] = device_address,
        handle: Callable[[Stream], int] = stream_handle,
        symmetric: TorchTransport | None = None,
        on_close: Callable[[], None] | None = None,
        wrap: Wrap = device_tensor,
    ) -> None:
        self.lib, self.rank, self.size = lib, rank, size
        self._address, self._handle = address, handle
        try:
            self.comm = lib.comm_init_rank(size, unique_id, rank)  # (0 once closed)
        except NcclError as exc:
            raise NcclError(
                exc.call,
                exc.code,
                f"tr.distributed: rank {rank} of {size} could not make its NCCL communicator: "
                f"{exc} (every rank must reach this point with the same unique id; NCCL_DEBUG="
                "INFO shows how far each got)",
            ) from None
        self._symmetric = symmetric
        self.small = None if symmetric is None else symmetric.small
        self.needs_eager_first = symmetric is not None and symmetric.needs_eager_first
        self._on_close = on_close
        missing = lib.windows_missing
        self.windows = None if missing else Windows(lib, lambda: self.comm, wrap)
        self._windows_missing = missing
        self._issue: dict[str, Callable[[Collective, int], None]] = {
            "all_reduce": self._all_reduce,
            "all_gather": self._all_gather,
            "reduce_scatter": self._reduce_scatter,
            "broadcast": self._broadcast,
            "send": self._send,
            "recv": self._recv,
        }

    # -- starting ------------------------------------------------------------------------------
    @classmethod
    def start(
        cls, env: Environment, small: SmallAllReduce = NCCL_ONLY, lib: Library | None = None
    ) -> NcclTransport:
        """``init``'s transport: torch's default group started from ``env`` unless the program
        started it (its own NCCL communicator left unmade), then this one's; closing it ends
        the group too, as closing a ``TorchTransport`` does."""
        torch, td = start_group(env, True, nccl_communicator=False)
        return cls.over(torch, td, env.local_rank, small, lib, on_close=_ender(td))

    @classmethod
    def over(
        cls,
        torch: Any,
        td: Any,
        device: int,
        small: SmallAllReduce = NCCL_ONLY,
        lib: Library | None = None,
        on_close: Callable[[], None] | None = None,
    ) -> NcclTransport:
        """A transport beside ``td``'s default process group, already started (``torch`` and
        ``td`` the modules): rank 0's unique id shared through the group's store, NCCL
        (``_nccl.load()`` unless ``lib``) loaded after torch, so it is torch's own copy."""
        if lib is None:
            lib = load()
        torch.cuda.set_device(device)  # (ncclCommInitRank takes the CUDA runtime's device)
        rank, size = td.get_rank(), td.get_world_size()
        unique_id = shared_unique_id(td, rank, lib.get_unique_id)
        symmetric = None
        if small.route == "symm":
            try:  # (a submodule: td._symmetric_memory once imported)
                importlib.import_module("torch.distributed._symmetric_memory")
            except Exception:  # symmetric_all_reduce logs why, and NCCL takes them all
                pass
            found = TorchTransport.over(torch, td, True, device, small)
            symmetric = found if found.small is not None else None
        return cls(lib, rank, size, unique_id, symmetric=symmetric, on_close=on_close)

    # -- tensors in symmetric windows ---------------------------------------------------------
    def empty(self, shape: tuple[int, ...], dtype: type[DType], name: str | None) -> Tensor[Any]:
        """A tensor in an NCCL symmetric window of its own (``windows.Windows``), or, where
        this NCCL has no windows, an ordinary one (why logged once)."""
        if self.windows is not None:
            return self.windows.empty(shape, dtype, name)
        global _said_no_windows
        if not _said_no_windows:
            _said_no_windows = True
            log.warning(
                "tilert.distributed: comm.empty gives ordinary tensors (no NCCL window): %s",
                self._windows_missing,
            )
        from tilert.tensor import empty

        return empty(shape, dtype, name=name)

    # -- issuing -------------------------------------------------------------------------------
    def run(self, c: Collective, stream: Stream) -> None:
        small = self.small
        if small is not None and small.takes(c):
            assert self._symmetric is not None
            self._symmetric.run(c, stream)
            return
        issue = self._issue.get(c.kind)
        if issue is None:
            raise ValueError(f"unknown collective {c.kind!r}")
        if not self.comm:
            raise RuntimeError(
                f"tr.distributed: {c.describe()} (at {c.where}) after this rank's NCCL "
                "communicator was closed (tr.distributed.shutdown)"
            )
        try:
            issue(c, self._handle(stream))
        except NcclError as exc:
            raise NcclError(
                exc.call,
                exc.code,
                f"tr.distributed: {c.describe()} (at {c.where}) on rank {self.rank} of "
                f"{self.size}: {exc}",
            ) from None

    def _all_reduce(self, c: Collective, stream: int) -> None:
        t = c.out
        assert t is not None
        found = _REDUCED.get((t.dtype, c.op or "sum"))  # (the hot path: no call when known)
        dtype, op = self._reduction(c, t) if found is None else found
        ptr = self._address(t)
        self.lib.all_reduce(ptr, ptr, t.size, dtype, op, self.comm, stream)

    def _reduce_scatter(self, c: Collective, stream: int) -> None:
        out, inp = c.out, c.inp
        assert out is not None and inp is not None
        dtype, op = self._reduction(c, out)
        send, recv = self._address(inp), self._address(out)
        self.lib.reduce_scatter(send, recv, out.size, dtype, op, self.comm, stream)

    def _all_gather(self, c: Collective, stream: int) -> None:
        out, inp = c.out, c.inp
        assert out is not None and inp is not None
        dtype, per = _MOVED[inp.dtype]
        send, recv = self._address(inp), self._address(out)
        self.lib.all_gather(send, recv, inp.size * per, dtype, self.comm, stream)

    def _broadcast(self, c: Collective, stream: int) -> None:
        t = c.out
        assert t is not None and c.peer is not None
        dtype, per = _MOVED[t.dtype]
        ptr = self._address(t)
        self.lib.broadcast(ptr, ptr, t.size * per, dtype, c.peer, self.comm, stream)

    def _send(self, c: Collective, stream: int) -> None:
        t = c.inp
        assert t is not None and c.peer is not None
        dtype, per = _MOVED[t.dtype]
        self._p2p(self.lib.send, self._address(t), t.size * per, dtype, c.peer, stream)

    def _recv(self, c: Collective, stream: int) -> None:
        t = c.out
        assert t is not None and c.peer is not None
        dtype, per = _MOVED[t.dtype]
        self._p2p(self.lib.recv, self._address(t), t.size * per, dtype, c.peer, stream)

    def _p2p(
        self, call: Callable[..., None], ptr: int, count: int, dtype: int, peer: int, stream: int
    ) -> None:
        """A send or a receive inside its own ncclGroupStart/End: the group a batch of them
        (an exchange, whose sends and receives must progress together) would share; one alone
        is the group NCCL would make implicitly. The group is ended even when the call fails
        (NCCL's group state is per thread)."""
        lib = self.lib
        lib.group_start()
        try:
            call(ptr, count, dtype, peer, self.comm, stream)
        finally:
            lib.group_end()

    def _reduction(self, c: Collective, t: Tensor[Any]) -> tuple[int, int]:
        """(ncclDataType_t, ncclRedOp_t) of reducing ``t`` by ``c.op``; a TypeError for a
        dtype NCCL cannot reduce."""
        found = _REDUCED.get((t.dtype, c.op or "sum"))
        if found is None:
            reducible = sorted({d.name for d, _ in _REDUCED})
            raise TypeError(
                f"tr.distributed: {c.describe()} (at {c.where}): NCCL cannot reduce {t.dtype} "
                f"by {c.op}; it reduces {', '.join(reducible)} (bool_ by sum, prod, max and "
                "min): convert with t.astype(...) first"
            )
        return found

    def close(self) -> None:
        """Deregister the windows (``windows.Windows.close``), destroy the communicator (NCCL
        waits for what it has in flight); if that fails, abort it, and say so. ``on_close``
        runs either way; a window's failure is raised after the rest."""
        failure: NcclError | None = None
        if self.windows is not None and self.comm:
            try:
                self.windows.close()  # (collective, while the communicator lives)
            except NcclError as exc:
                failure = exc
        comm, self.comm = self.comm, 0
        try:
            if comm:
                try:
                    self.lib.comm_destroy(comm)
                except NcclError:
                    self.lib.comm_abort(comm)
                    raise
        finally:
            if self._on_close is not None:
                on_close, self._on_close = self._on_close, None
                on_close()
        if failure is not None:
            raise failure


def shared_unique_id(td: Any, rank: int, make: Callable[[], bytes]) -> bytes:
    """Rank 0's ``make()`` (``ncclGetUniqueId``), on every rank: through the default group's
    store (``set`` on rank 0, ``get`` elsewhere, which waits for it: the store's timeout), or,
    in a torch without the store's getter, ``broadcast_object_list`` over the default group.
    Each call in a process has its own key, so a communicator made again after ``shutdown``
    never reads the id of the one before."""
    key = f"tilert/nccl-unique-id/{next(_generation)}"
    store = _default_store(td)
    if store is not None:
        if rank == 0:
            made = make()
            store.set(key, made)
            return made
        return bytes(store.get(key))
    box: list[Any] = [make() if rank == 0 else None]
    td.broadcast_object_list(box, src=0)
    return bytes(box[0])


def _default_store(td: Any) -> Any:
    """The default group's rendezvous store, or None where this torch does not give it."""
    getter = getattr(getattr(td, "distributed_c10d", None), "_get_default_store", None)
    if getter is None:
        return None
    try:
        return getter()
    except Exception:  # (no default group: the fallback says so)
        return None


def _ender(td: Any) -> Callable[[], None]:
    def end() -> None:
        if td.is_initialized():
            td.destroy_process_group()

    return end
