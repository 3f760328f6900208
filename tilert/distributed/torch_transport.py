"""The transport over ``torch.distributed``'s default process group: NCCL on the GPU, gloo on
the CPU. torch is imported here only, when a world of several processes starts, so tilert
imports without it.

Each collective is issued on the tilert stream running its op: torch's current stream is set
to that CUDA stream around the call (``torch.cuda.ExternalStream``, one per stream) unless it
is that stream already (tilert follows torch's current stream), and torch's NCCL process group
orders its work after that stream's and that stream after its work, so the op's completion on
its stream is the collective's. Issued while a ``tr.graph()`` captures, the collective is
captured into the CUDA graph (NCCL supports capture; torch's group issues on the capturing
stream). torch sees a tilert tensor through DLPack, over the same memory, made once per tensor
and kept while the tensor lives.

An all-reduce calls the process group's ``allreduce`` with options made once and waits on its
Work, as ``torch.distributed.all_reduce(t, op, group)`` does after its argument checks, which
tilert has made already: the same C++ call, without torch's Python wrapper on every op
(docs/distributed.md, "The eager path's host cost")."""

from __future__ import annotations

import importlib
import weakref
from collections.abc import Callable
from typing import Any

from tilert._dlpack import abi
from tilert.distributed.collective import Collective
from tilert.distributed.env import Environment
from tilert.distributed.symmetric import (
    NCCL_ONLY,
    SmallAllReduce,
    SymmetricAllReduce,
    symmetric_all_reduce,
)
from tilert.dtypes import DType
from tilert.streams import Stream
from tilert.tensor import Tensor, empty

_TORCH_OPS = {"sum": "SUM", "prod": "PRODUCT", "max": "MAX", "min": "MIN", "avg": "AVG"}


class TorchTransport:
    """One process's end of the world, through torch.distributed's default group (made here
    from ``env`` unless the program made it already); ``small`` says which transport small
    all-reduces take."""

    def __init__(
        self, env: Environment, device_kind: str, small: SmallAllReduce = NCCL_ONLY
    ) -> None:
        on_gpu = device_kind == "cuda"
        torch, td = start_group(env, on_gpu)
        if small.route == "symm" and on_gpu:
            try:  # (a submodule: td._symmetric_memory once imported)
                importlib.import_module("torch.distributed._symmetric_memory")
            except Exception:  # (a torch without it, or one whose import of it fails)
                pass  # symmetric_all_reduce logs why, and NCCL takes them all
        self._bind(torch, td, on_gpu, env.local_rank, small)

    @classmethod
    def over(
        cls,
        torch: Any,
        td: Any,
        on_gpu: bool,
        device: int,
        small: SmallAllReduce = NCCL_ONLY,
    ) -> TorchTransport:
        """A transport over ``td``'s default process group, already started (``torch`` and
        ``td`` are the modules, or stand-ins with their functions: how the CPU tests and
        ``benchmarks/collective_host_overhead.py`` measure tilert's own part of a call; a
        second communicator over the group with another ``small``, as
        ``benchmarks/gpu_bench_tp.py`` makes)."""
        transport = cls.__new__(cls)
        transport._bind(torch, td, on_gpu, device, small)
        return transport

    def _bind(self, torch: Any, td: Any, on_gpu: bool, device: int, small: SmallAllReduce) -> None:
        """What each call needs, found once: the group, the reductions, each collective's
        function, torch's current-stream getter, the small all-reduces' path."""
        self._torch, self._td, self._on_gpu, self._device = torch, td, on_gpu, device
        self.rank: int = td.get_rank()
        self.size: int = td.get_world_size()
        group = td.group.WORLD  # (passed to each call: no default-group lookup per call)
        self._ops = {name: getattr(td.ReduceOp, attr) for name, attr in _TORCH_OPS.items()}
        all_reduce = _DirectAllReduce.over(td, group, self._ops)
        self._issue: dict[str, Callable[[Any, Any, Collective], Any]] = {
            "all_reduce": all_reduce
            or (lambda out, _, c: td.all_reduce(out, self._ops[c.op or "sum"], group)),
            "all_gather": lambda out, inp, _: td.all_gather_into_tensor(out, inp, group),
            "reduce_scatter": lambda out, inp, c: td.reduce_scatter_tensor(
                out, inp, self._ops[c.op or "sum"], group
            ),
            "broadcast": lambda out, _, c: td.broadcast(out, c.peer, group),
            "send": lambda _, inp, c: td.send(inp, c.peer, group),
            "recv": lambda out, _, c: td.recv(out, c.peer, group),
        }
        # id(tensor) -> torch's flat view of it, dropped when the tensor is (weakref.finalize):
        # a dict lookup per operand, not a WeakKeyDictionary's weak reference and Python call
        self._views: dict[int, Any] = {}
        self._streams: dict[int, _TorchStreamSet] = {}
        self._raw_stream = torch._C._cuda_getCurrentRawStream if on_gpu else None
        self.small: SymmetricAllReduce | None = symmetric_all_reduce(
            small, torch, td, on_gpu, device
        )
        # a symmetric buffer is rendezvoused on its first use, which a capture cannot do
        self.needs_eager_first = self.small is not None

    def run(self, c: Collective, stream: Stream) -> None:
        small = self.small
        issue: Callable[[Any, Any, Collective], Any]
        if small is not None and small.takes(c):
            issue = small.prepare(c, stream)
        else:
            found = self._issue.get(c.kind)
            if found is None:
                raise ValueError(f"unknown collective {c.kind!r}")
            issue = found
        out = None if c.out is None else self._view(c.out)
        inp = None if c.inp is None else self._view(c.inp)
        raw = self._raw_stream
        if raw is None:  # the CPU: gloo, no stream
            issue(out, inp, c)
            return
        handle = stream.cuda_handle()
        if handle == raw(self._device):  # (tilert follows torch's current stream: as it is)
            issue(out, inp, c)
            return
        with self._on(handle):
            issue(out, inp, c)

    def _view(self, t: Tensor[Any]) -> Any:
        """A flat torch tensor over ``t``'s memory (no copy), made on ``t``'s first collective
        and kept until ``t`` is dropped."""
        found = self._views.get(id(t))
        if found is not None:
            return found
        owner: object
        if t._storage.on_device:
            from tilert.cuda.context import device_id

            ptr, owner, device = t._device_pointer(), t._storage, (abi.KDL_CUDA, device_id())
        else:
            array = t._host_array
            ptr, owner, device = array.ctypes.data, array, (abi.KDL_CPU, 0)
        capsule = abi.make_capsule(ptr, t.shape, t._np_dtype, device, owner)
        view = self._views[id(t)] = self._torch.utils.dlpack.from_dlpack(capsule).view(-1)
        weakref.finalize(t, self._views.pop, id(t), None)
        return view

    def _on(self, handle: int) -> _TorchStreamSet:
        """torch's current stream set to CUDA stream ``handle`` (one ExternalStream and one
        context per stream, made once)."""
        found = self._streams.get(handle)
        if found is None:
            found = self._streams[handle] = _TorchStreamSet.over(self._torch, self._device, handle)
        return found

    def empty(self, shape: tuple[int, ...], dtype: type[DType], name: str | None) -> Tensor[Any]:
        """An ordinary tensor: torch's process group has no windows to put it in (its
        symmetric-memory path copies into buffers of its own)."""
        return empty(shape, dtype, name=name)

    def close(self) -> None:
        if self._td.is_initialized():
            self._td.destroy_process_group()


def start_group(
    env: Environment, on_gpu: bool, *, nccl_communicator: bool = True
) -> tuple[Any, Any]:
    """torch and torch.distributed, this process's device made torch's on the GPU
    and the default process group started from ``env`` unless the program started it: NCCL
    on the GPU (with ``nccl_communicator``, its NCCL communicator made now, on this device),
    gloo on the CPU. An ImportError saying what to install without torch."""
    try:
        import torch  # type: ignore[import-not-found,unused-ignore]
        import torch.distributed as td  # type: ignore[import-not-found,unused-ignore]
    except ImportError as exc:
        raise ImportError(
            f"tr.distributed: a world of {env.world_size} processes talks through "
            "torch.distributed (its store starts NCCL's C API on the GPU; gloo on the CPU): "
            "install torch"
        ) from exc
    if on_gpu:
        torch.cuda.set_device(env.local_rank)
    if not td.is_initialized():
        host = f"[{env.master_addr}]" if ":" in env.master_addr else env.master_addr
        options: dict[str, Any] = {
            "backend": "nccl" if on_gpu else "gloo",
            "init_method": f"tcp://{host}:{env.master_port}",
            "rank": env.rank,
            "world_size": env.world_size,
        }
        if on_gpu and nccl_communicator:  # made now, on this device (torch >= 2.3)
            options["device_id"] = torch.device("cuda", env.local_rank)
        try:
            td.init_process_group(**options)
        except TypeError:  # an older torch: no device_id
            options.pop("device_id", None)
            td.init_process_group(**options)
    return torch, td


class _DirectAllReduce:
    """An all-reduce as ``torch.distributed.all_reduce(t, op, group)`` issues it: the process
    group's ``allreduce([t], options)``, then ``wait()`` on its Work (which orders torch's
    current stream after the collective; with ``asyncOp`` False, recent torch runs it on that
    stream already). What the wrapper does first is tilert's already (a whole dense tensor of a
    real dtype, a rank of the group), so only the call remains: options made once per
    reduction. Inside torch's ``_coalescing_manager`` the wrapper queues the call instead, so
    there the wrapper is called."""

    __slots__ = ("_allreduce", "_coalescing", "_options", "_wrapper")

    def __init__(
        self, allreduce: Any, options: dict[str, Any], coalescing: Any, wrapper: Any
    ) -> None:
        self._allreduce, self._options = allreduce, options
        self._coalescing, self._wrapper = coalescing, wrapper

    @classmethod
    def over(cls, td: Any, group: Any, ops: dict[str, Any]) -> _DirectAllReduce | None:
        """The direct call through ``group``, or None where this torch lacks what it needs
        (``AllreduceOptions``, the group's ``allreduce``): then the wrapper issues each."""
        make = getattr(td, "AllreduceOptions", None)
        allreduce = getattr(group, "allreduce", None)
        if make is None or allreduce is None:
            return None
        options: dict[str, Any] = {}
        for name, op in ops.items():
            opts = options[name] = make()
            opts.reduceOp = op
            if hasattr(opts, "asyncOp"):  # (its default is True: the wrapper passes False)
                opts.asyncOp = False
        world = getattr(getattr(td, "distributed_c10d", None), "_world", None)
        coalescing = getattr(world, "pg_coalesce_state", None)  # (one dict, kept by torch)
        wrapper = td.all_reduce
        return cls(allreduce, options, coalescing, lambda t, op: wrapper(t, ops[op], group))

    def __call__(self, out: Any, _inp: Any, c: Collective) -> None:
        op = c.op or "sum"
        if self._coalescing:  # (torch batches the collectives of a _coalescing_manager)
            self._wrapper(out, op)
            return
        work = self._allreduce([out], self._options[op])
        if work is not None:  # (as the wrapper: a backend that synchronized itself returns none)
            work.wait()


class _TorchStreamSet:
    """``with``: torch's current stream is ``stream`` inside, what it was after (a class, not
    a generator: entered once per collective issued off torch's current stream). Through
    torch's C getter and setter of the current stream where torch has them (a tuple of ids
    each way), not ``torch.cuda.current_stream()``, which builds a Stream object per call."""

    __slots__ = ("_before", "_device", "_external", "_get", "_set", "_stream")

    def __init__(
        self,
        get: Callable[[int], tuple[Any, ...]],
        set_: Callable[..., None],
        device: int,
        stream: tuple[Any, ...],
        external: Any,
    ) -> None:
        self._get, self._set, self._device, self._stream = get, set_, device, stream
        self._external = external  # (the ExternalStream, kept while its ids are used)
        self._before: list[tuple[Any, ...]] = []  # a stack: one collective inside another's

    @classmethod
    def over(cls, torch: Any, device: int, handle: int) -> _TorchStreamSet:
        """The switch to CUDA stream ``handle`` on ``device`` (its ExternalStream made now)."""
        stream = torch.cuda.ExternalStream(handle)
        c_get = getattr(torch._C, "_cuda_getCurrentStream", None)
        c_set = getattr(torch._C, "_cuda_setStream", None)
        if c_get is not None and c_set is not None and isinstance(c_get(device), tuple):
            ids = (stream.stream_id, stream.device_index, stream.device_type)
            return cls(c_get, c_set, device, ids, stream)
        current = torch.cuda.current_stream
        return cls(lambda d: (current(d),), torch.cuda.set_stream, device, (stream,), stream)

    def __enter__(self) -> None:
        self._before.append(self._get(self._device))
        self._set(*self._stream)

    def __exit__(self, *exc: object) -> None:
        self._set(*self._before.pop())
