"""A world of N ranks in one process, for tests: each rank a thread with its own communicator
(on the stand-in, ``tilert.distributed.local``) and its own stream, running the same function
as each process of a launched program would; ``RecordingTorch``, the torch modules as the
torch transport sees them, and ``RecordingNccl``, NCCL's C API as the NCCL transport sees it,
each recording its calls (their CPU tests and host-cost benchmarks)."""

from __future__ import annotations

import itertools
import math
import threading
from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np

from tilert.distributed._nccl import NcclError, describe
from tilert.distributed.communicator import Communicator, set_current
from tilert.distributed.local import LocalWorld
from tilert.dtypes import DType
from tilert.interop import from_dlpack
from tilert.streams import Stream
from tilert.tensor import Tensor

R = TypeVar("R")


def run_ranks(size: int, fn: Callable[[Communicator], R], *, timeout_s: float = 60.0) -> list[R]:
    """``fn(comm)`` on ``size`` threads, rank by rank; their results in rank order. In each,
    ``tilert.distributed``'s functions use that rank's communicator and ``tr.current_stream()``
    is a stream of its own. The first rank to fail fails the world (ranks waiting on it raise)
    and its exception is raised here, after every thread ended."""
    world = LocalWorld(size, timeout_s)
    results: dict[int, R] = {}
    failures: list[tuple[int, BaseException]] = []
    lock = threading.Lock()

    def rank_main(rank: int) -> None:
        comm = Communicator(world.transport(rank), local_rank=rank)
        set_current(comm)
        try:
            with Stream():
                results[rank] = fn(comm)
        except BaseException as exc:
            with lock:
                failures.append((rank, exc))
            world.fail(f"rank {rank} failed: {type(exc).__name__}: {exc}")
        finally:
            comm.close()

    threads = [
        threading.Thread(target=rank_main, args=(r,), name=f"tilert-rank-{r}", daemon=True)
        for r in range(size)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        rank, exc = failures[0]
        if hasattr(exc, "add_note"):  # (Python 3.11+)
            exc.add_note(f"(on rank {rank} of {size}, tilert.distributed.testing.run_ranks)")
        raise exc
    return [results[r] for r in range(size)]


class RecordingTorch:
    """Stand-ins for the ``torch`` and ``torch.distributed`` modules ``TorchTransport`` calls
    (``TorchTransport.over(rec, rec.distributed, ...)``): each collective call is recorded,
    nothing moves, so what remains of a collective's cost on the host is tilert's own (its
    checks, borrows, op and step: ``benchmarks/collective_host_overhead.py``). An all-reduce
    through the process group is recorded as ``ProcessGroup.allreduce`` (its tensor, reduction
    and ``asyncOp``) and its Work's ``Work.wait``; without ``process_group`` this torch has no
    ``AllreduceOptions`` (an older one), so ``all_reduce`` is called. ``conversions`` counts
    the tilert tensors handed to torch (``from_dlpack``). With ``stream``, torch's current
    stream is a CUDA handle the transport must switch to the op's stream and back, as on the
    GPU, through torch's C getter and setter (``_cuda_getCurrentStream``, ``_cuda_setStream``)
    unless ``c_streams`` is False (then ``torch.cuda.current_stream``/``set_stream``; each
    switch is counted in ``switches``). With ``symmetric_memory``, torch's symmetric memory is
    there too (``symm_mem.empty``, ``rendezvous``, the buffer's ``copy_`` and
    ``torch.ops.symm_mem.one_shot_all_reduce_out``, each recorded under that name)."""

    def __init__(
        self,
        rank: int = 0,
        size: int = 2,
        stream: int | None = None,
        *,
        symmetric_memory: bool = False,
        process_group: bool = True,
        c_streams: bool = True,
    ) -> None:
        self.calls: list[tuple[str, tuple[object, ...], int | None]] = []
        self.current: int | None = stream  # torch's current CUDA stream (None: the CPU)
        self.conversions = 0  # tensors handed to torch through DLPack
        self.switches = 0  # times torch's current stream was set
        names = ("SUM", "PRODUCT", "MAX", "MIN", "AVG")
        world = _Group("world")
        world.record = self._recorder
        self.distributed = _Namespace(
            get_rank=lambda: rank,
            get_world_size=lambda: size,
            group=_Namespace(WORLD=world),
            ReduceOp=_Namespace(**{name: name for name in names}),
            **{kind: self._recorder(kind) for kind in _TORCH_CALLS},
        )
        if process_group:
            self.distributed.__dict__["AllreduceOptions"] = _AllreduceOptions
        self.bfloat16, self.float32 = "bfloat16", "float32"
        if symmetric_memory:
            symm = _Namespace(empty=self._empty, rendezvous=self._recorder("symm_mem.rendezvous"))
            self.distributed.__dict__["_symmetric_memory"] = symm
            one_shot = self._recorder("symm_mem.one_shot_all_reduce_out")
            self.ops = _Namespace(symm_mem=_Namespace(one_shot_all_reduce_out=one_shot))
        self.utils = _Namespace(dlpack=_Namespace(from_dlpack=self._from_dlpack))
        self._C = _Namespace(_cuda_getCurrentRawStream=lambda device: self.current)
        if c_streams:  # torch's ids of a stream: (stream id, device index, device type)
            self._C.__dict__["_cuda_getCurrentStream"] = lambda device: (self.current, device, 1)
            self._C.__dict__["_cuda_setStream"] = lambda sid, device, kind: self._set_stream(sid)
        self.cuda = _Namespace(
            ExternalStream=_ExternalStream,
            current_stream=lambda device=None: self.current,
            set_stream=lambda s: self._set_stream(
                s if s is None or isinstance(s, int) else s.stream_id
            ),
        )

    def _recorder(self, kind: str) -> Callable[..., None]:
        def call(*args: object) -> None:
            self.calls.append((kind, args, self.current))

        return call

    def _set_stream(self, handle: int | None) -> None:
        self.switches += 1
        self.current = handle

    def _from_dlpack(self, capsule: object) -> _FlatView:
        self.conversions += 1
        return _FlatView(capsule)

    def _empty(self, *size: int, dtype: object, device: object) -> _Buffer:
        self.calls.append(("symm_mem.empty", (*size, dtype, device), self.current))
        return _Buffer(self._recorder("copy_"))


_TORCH_CALLS = (
    "all_reduce",
    "all_gather_into_tensor",
    "reduce_scatter_tensor",
    "broadcast",
    "send",
    "recv",
)


class _Namespace:
    def __init__(self, **attrs: object) -> None:
        self.__dict__.update(attrs)


class _Group(str):
    """torch's WORLD group: recorded as its name's string, with the ``group_name`` symmetric
    memory finds it by and the process group's ``allreduce``, recorded with its Work's
    ``wait``."""

    group_name = "0"
    record: Callable[[str], Callable[..., None]]

    def allreduce(self, tensors: list[object], opts: _AllreduceOptions) -> _Work:
        self.record("ProcessGroup.allreduce")(*tensors, opts.reduceOp, opts.asyncOp)
        return _Work(self.record("Work.wait"))


class _AllreduceOptions:
    """torch's ``AllreduceOptions``: the reduction, and ``asyncOp`` (True unless set)."""

    def __init__(self) -> None:
        self.reduceOp: object = "SUM"
        self.asyncOp = True


class _Work:
    """A process group's Work: ``wait`` recorded."""

    def __init__(self, wait: Callable[..., None]) -> None:
        self.wait = wait


class _ExternalStream:
    """``torch.cuda.ExternalStream(handle)``: torch's ids of the stream (here its handle)."""

    def __init__(self, handle: int) -> None:
        self.stream_id, self.device_index, self.device_type = handle, 0, 1


class _Buffer:
    """A symmetric buffer: its ``copy_(src)`` is recorded as ``copy_`` (buffer, src)."""

    def __init__(self, record: Callable[..., None]) -> None:
        self._record = record

    def copy_(self, src: object) -> None:
        self._record(self, src)


class _FlatView:
    """What ``torch.utils.dlpack.from_dlpack`` returns here: the capsule, kept, and a
    ``view`` that returns itself."""

    def __init__(self, capsule: object) -> None:
        self.capsule = capsule

    def view(self, *shape: int) -> _FlatView:
        return self


class RecordingNccl:
    """A stand-in for NCCL's library (``tilert.distributed._nccl.Library``), for
    ``NcclTransport(RecordingNccl(), rank, size, unique_id, ...)``: each call is recorded in
    ``calls`` as (its C name, its arguments), nothing moves. ``fail`` maps a C name to the
    ``ncclResult_t`` that call returns instead (raised as the binding raises it, an
    ``NcclError`` naming the call), so the transport's handling of NCCL's errors can be seen.

    Windows: ``ncclMemAlloc`` gives host bytes of the size asked (their address; ``memory``
    holds them until ``ncclMemFree``), registrations give handles 0xA000, 0xA001, ...; pass
    ``wrap=rec.tensor`` to the transport so a window tensor is a host tensor over those bytes.
    ``windows=False`` is an NCCL without them (before 2.27)."""

    path = "<RecordingNccl>"
    version = 22703  # (2.27.3: what it says it is)

    def __init__(self, fail: dict[str, int] | None = None, *, windows: bool = True) -> None:
        self.calls: list[tuple[str, tuple[object, ...]]] = []
        self.fail = dict(fail or {})
        self.comms = 0  # communicators made
        self.windows_missing = None if windows else "<RecordingNccl> has no ncclMemAlloc"
        self.memory: dict[int, np.ndarray[Any, Any]] = {}  # ncclMemAlloc's, by address
        self._windows = itertools.count(0xA000)

    def _call(self, name: str, *args: object) -> None:
        self.calls.append((name, args))
        code = self.fail.get(name)
        if code:
            raise NcclError(name, code, f"{name} returned {describe(code)}: a recorded failure")

    def get_unique_id(self) -> bytes:
        self._call("ncclGetUniqueId")
        return bytes(range(128))

    def comm_init_rank(self, nranks: int, unique_id: bytes, rank: int) -> int:
        self._call("ncclCommInitRank", nranks, unique_id, rank)
        self.comms += 1
        return 0x1000 * self.comms

    def comm_destroy(self, comm: int) -> None:
        self._call("ncclCommDestroy", comm)

    def comm_abort(self, comm: int) -> None:
        self._call("ncclCommAbort", comm)

    def all_reduce(
        self, send: int, recv: int, count: int, dtype: int, op: int, comm: int, stream: int
    ) -> None:
        self._call("ncclAllReduce", send, recv, count, dtype, op, comm, stream)

    def all_gather(
        self, send: int, recv: int, sendcount: int, dtype: int, comm: int, stream: int
    ) -> None:
        self._call("ncclAllGather", send, recv, sendcount, dtype, comm, stream)

    def reduce_scatter(
        self, send: int, recv: int, recvcount: int, dtype: int, op: int, comm: int, stream: int
    ) -> None:
        self._call("ncclReduceScatter", send, recv, recvcount, dtype, op, comm, stream)

    def broadcast(
        self, send: int, recv: int, count: int, dtype: int, root: int, comm: int, stream: int
    ) -> None:
        self._call("ncclBroadcast", send, recv, count, dtype, root, comm, stream)

    def send(self, buf: int, count: int, dtype: int, peer: int, comm: int, stream: int) -> None:
        self._call("ncclSend", buf, count, dtype, peer, comm, stream)

    def recv(self, buf: int, count: int, dtype: int, peer: int, comm: int, stream: int) -> None:
        self._call("ncclRecv", buf, count, dtype, peer, comm, stream)

    def group_start(self) -> None:
        self._call("ncclGroupStart")

    def group_end(self) -> None:
        self._call("ncclGroupEnd")

    def mem_alloc(self, size: int) -> int:
        self._call("ncclMemAlloc", size)
        block: np.ndarray[Any, Any] = np.zeros(size, dtype=np.uint8)
        ptr = int(block.ctypes.data)
        self.memory[ptr] = block
        return ptr

    def mem_free(self, ptr: int) -> None:
        self._call("ncclMemFree", ptr)
        del self.memory[ptr]  # (a KeyError: freed twice, or never allocated)

    def window_register(self, comm: int, ptr: int, size: int, flags: int) -> int:
        self._call("ncclCommWindowRegister", comm, ptr, size, flags)
        return next(self._windows)

    def window_deregister(self, comm: int, win: int) -> None:
        self._call("ncclCommWindowDeregister", comm, win)

    def tensor(
        self, ptr: int, shape: tuple[int, ...], dtype: type[DType], lease: object, name: str | None
    ) -> Tensor[Any]:
        """A host tensor over the bytes ``mem_alloc`` gave at ``ptr`` (its first ones), keeping
        ``lease`` alive as long as it, or a view of it, lives (a transport's ``wrap``)."""
        count = math.prod(shape) * np.dtype(dtype.np_dtype).itemsize
        held = self.memory[ptr][:count].view(_Held)
        held.lease = lease
        size = np.dtype(dtype.np_dtype).itemsize  # (numpy exports no bfloat16: as unsigned)
        raw = from_dlpack(held.view(f"u{size}").reshape(shape), name=name)
        return raw if raw.dtype is dtype else raw.view(dtype)


class _Held(np.ndarray):  # type: ignore[type-arg,unused-ignore]
    """Window bytes with the lease their tensor keeps alive (numpy keeps the base array of
    every view, so the lease lives while any view of the bytes does)."""

    lease: object
