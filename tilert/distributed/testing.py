"""A world of N ranks in one process, for tests: each rank a thread with its own communicator
(on the stand-in, ``tilert.distributed.local``) and its own stream, running the same function
as each process of a launched program would; and ``RecordingTorch``, the torch modules as the
torch transport sees them, recording its calls (its CPU tests and host-cost benchmark)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

from tilert.distributed.communicator import Communicator, set_current
from tilert.distributed.local import LocalWorld
from tilert.streams import Stream

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
    checks, borrows, op and step: ``benchmarks/collective_host_overhead.py``). With
    ``streams``, torch's current stream is a CUDA handle the transport must switch to the
    op's stream and back, as on the GPU. With ``symmetric_memory``, torch's symmetric memory
    is there too (``symm_mem.empty``, ``rendezvous``, the buffer's ``copy_`` and
    ``torch.ops.symm_mem.one_shot_all_reduce_out``, each recorded under that name)."""

    def __init__(
        self,
        rank: int = 0,
        size: int = 2,
        stream: int | None = None,
        *,
        symmetric_memory: bool = False,
    ) -> None:
        self.calls: list[tuple[str, tuple[object, ...], int | None]] = []
        self.current: int | None = stream  # torch's current CUDA stream (None: the CPU)
        names = ("SUM", "PRODUCT", "MAX", "MIN", "AVG")
        self.distributed = _Namespace(
            get_rank=lambda: rank,
            get_world_size=lambda: size,
            group=_Namespace(WORLD=_Group("world")),
            ReduceOp=_Namespace(**{name: name for name in names}),
            **{kind: self._recorder(kind) for kind in _TORCH_CALLS},
        )
        self.bfloat16, self.float32 = "bfloat16", "float32"
        if symmetric_memory:
            symm = _Namespace(empty=self._empty, rendezvous=self._recorder("symm_mem.rendezvous"))
            self.distributed.__dict__["_symmetric_memory"] = symm
            one_shot = self._recorder("symm_mem.one_shot_all_reduce_out")
            self.ops = _Namespace(symm_mem=_Namespace(one_shot_all_reduce_out=one_shot))
        self.utils = _Namespace(dlpack=_Namespace(from_dlpack=_FlatView))
        self._C = _Namespace(_cuda_getCurrentRawStream=lambda device: self.current)
        self.cuda = _Namespace(
            ExternalStream=lambda handle: handle,
            current_stream=lambda: self.current,
            set_stream=self._set_stream,
        )

    def _recorder(self, kind: str) -> Callable[..., None]:
        def call(*args: object) -> None:
            self.calls.append((kind, args, self.current))

        return call

    def _set_stream(self, handle: int | None) -> None:
        self.current = handle

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
    memory finds it by."""

    group_name = "0"


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
