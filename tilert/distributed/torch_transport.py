"""The transport over ``torch.distributed``'s default process group: NCCL on the GPU, gloo on
the CPU. torch is imported here only, when a world of several processes starts, so tilert
imports without it.

Each collective is issued on the tilert stream running its op: torch's current stream is set
to that CUDA stream around the call (``torch.cuda.ExternalStream``), and torch's NCCL process
group orders its work after that stream's and that stream after its work, so the op's
completion on its stream is the collective's. Issued while a ``tr.graph()`` captures, the
collective is captured into the CUDA graph (NCCL supports capture; torch's group issues on the
capturing stream). torch sees a tilert tensor through DLPack, over the same memory, made once
per tensor and kept while the tensor lives."""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Callable, Iterator
from typing import Any

from tilert._dlpack import abi
from tilert.distributed.collective import Collective
from tilert.distributed.env import Environment
from tilert.streams import Stream
from tilert.tensor import Tensor

_TORCH_OPS = {"sum": "SUM", "prod": "PRODUCT", "max": "MAX", "min": "MIN", "avg": "AVG"}


class TorchTransport:
    """One process's end of the world, through torch.distributed's default group (made here
    from ``env`` unless the program made it already)."""

    def __init__(self, env: Environment, device_kind: str) -> None:
        try:
            import torch  # type: ignore[import-not-found,unused-ignore]
            import torch.distributed as td  # type: ignore[import-not-found,unused-ignore]
        except ImportError as exc:
            raise ImportError(
                f"tr.distributed: a world of {env.world_size} processes talks through "
                "torch.distributed (NCCL on the GPU, gloo on the CPU): install torch"
            ) from exc

        self._torch, self._td = torch, td
        self._on_gpu = device_kind == "cuda"
        if self._on_gpu:
            torch.cuda.set_device(env.local_rank)
        if not td.is_initialized():
            host = f"[{env.master_addr}]" if ":" in env.master_addr else env.master_addr
            options: dict[str, Any] = {
                "backend": "nccl" if self._on_gpu else "gloo",
                "init_method": f"tcp://{host}:{env.master_port}",
                "rank": env.rank,
                "world_size": env.world_size,
            }
            if self._on_gpu:  # the NCCL communicator made now, on this device (torch >= 2.3)
                options["device_id"] = torch.device("cuda", env.local_rank)
            try:
                td.init_process_group(**options)
            except TypeError:  # an older torch: no device_id
                options.pop("device_id", None)
                td.init_process_group(**options)
        self.rank: int = td.get_rank()
        self.size: int = td.get_world_size()
        self._ops = {name: getattr(td.ReduceOp, attr) for name, attr in _TORCH_OPS.items()}
        self._views: weakref.WeakKeyDictionary[Tensor[Any], Any] = weakref.WeakKeyDictionary()
        self._streams: dict[int, Any] = {}
        self._device = env.local_rank

    def run(self, c: Collective, stream: Stream) -> None:
        td = self._td
        out = None if c.out is None else self._view(c.out)
        inp = None if c.inp is None else self._view(c.inp)
        with self._on(stream):
            if c.kind == "all_reduce":
                td.all_reduce(out, op=self._ops[c.op or "sum"])
            elif c.kind == "all_gather":
                td.all_gather_into_tensor(out, inp)
            elif c.kind == "reduce_scatter":
                td.reduce_scatter_tensor(out, inp, op=self._ops[c.op or "sum"])
            elif c.kind == "broadcast":
                td.broadcast(out, src=c.peer)
            elif c.kind == "send":
                td.send(inp, dst=c.peer)
            elif c.kind == "recv":
                td.recv(out, src=c.peer)
            else:
                raise ValueError(f"unknown collective {c.kind!r}")

    def _view(self, t: Tensor[Any]) -> Any:
        """A flat torch tensor over ``t``'s memory (no copy; made once per tensor)."""
        found = self._views.get(t)
        if found is None:
            owner: object
            if t._storage.on_device:
                from tilert.cuda.context import device_id

                ptr, owner, device = t._device_pointer(), t._storage, (abi.KDL_CUDA, device_id())
            else:
                array = t._host_array
                ptr, owner, device = array.ctypes.data, array, (abi.KDL_CPU, 0)
            capsule = abi.make_capsule(ptr, t.shape, t._np_dtype, device, owner)
            found = self._views[t] = self._torch.utils.dlpack.from_dlpack(capsule).view(-1)
        return found

    def _on(self, stream: Stream) -> contextlib.AbstractContextManager[Any]:
        """torch's current stream set to ``stream``'s CUDA stream (on the CPU, nothing)."""
        if not self._on_gpu:
            return contextlib.nullcontext()
        handle = stream.cuda_handle()
        if handle == self._torch._C._cuda_getCurrentRawStream(self._device):
            return contextlib.nullcontext()  # (tilert follows torch's current stream)
        found = self._streams.get(handle)
        if found is None:
            found = self._streams[handle] = self._torch.cuda.ExternalStream(handle)
        return _current_stream(self._torch.cuda.set_stream, self._torch.cuda.current_stream, found)

    def close(self) -> None:
        if self._td.is_initialized():
            self._td.destroy_process_group()


@contextlib.contextmanager
def _current_stream(
    set_stream: Callable[[Any], None], current: Callable[[], Any], stream: Any
) -> Iterator[None]:
    before = current()
    set_stream(stream)
    try:
        yield
    finally:
        set_stream(before)
