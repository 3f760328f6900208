"""Small all-reduces through torch's symmetric memory, opt-in (``init(small_all_reduce="symm")``
or ``TILERT_SMALL_ALLREDUCE=symm``): a sum of a bf16 or f32 tensor of at most ``max_bytes``
(1 MiB unless told) is copied into a buffer every rank can read (``symm_mem.empty`` +
``rendezvous``, one per size and dtype, made on first use) and reduced into the tensor by
``torch.ops.symm_mem.one_shot_all_reduce_out``, a kernel that reads the peers' buffers over
NVLink. Why: inside a CUDA graph an 8 KiB bf16 all-reduce took 9.1 us this way against NCCL's
12.9 on 2x H100 (docs/distributed.md, "Small all-reduces"), and tensor-parallel decode makes 72
of them a token. Everything else stays on NCCL.

The buffer's rendezvous is a host collective: it cannot happen while a CUDA graph captures, so
a first use inside a capture is refused with what to do (run the op once before capturing).
Each rank must make its first all-reduce of each size and dtype in the same order, as with any
collective."""

from __future__ import annotations

import logging
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tilert.distributed.collective import Collective
from tilert.streams import Stream
from tilert.tensor import Tensor

ENV = "TILERT_SMALL_ALLREDUCE"  # nccl | symm
ROUTES = ("nccl", "symm")
DEFAULT_MAX_BYTES = 1 << 20
# what torch's one-shot kernel sums (its CUDA dispatch: float and bfloat16), as torch names them
DTYPES = {"bf16": "bfloat16", "f32": "float32"}
# the kernel moves 16-byte vectors where the buffer allows and stores them to the output
# unchecked, so the tensor's address and size must allow them too
ALIGN = 16

log = logging.getLogger("tilert.distributed")


@dataclass(frozen=True)
class SmallAllReduce:
    """Which transport small all-reduces take: ``route`` nccl (the default) or symm, for
    tensors of at most ``max_bytes``."""

    route: str = "nccl"
    max_bytes: int = DEFAULT_MAX_BYTES

    @classmethod
    def choose(
        cls, route: str | None, max_bytes: int | None, environ: Mapping[str, str]
    ) -> SmallAllReduce:
        """The argument, else ``TILERT_SMALL_ALLREDUCE``, else nccl; a ValueError naming the
        accepted values."""
        where = "small_all_reduce" if route is not None else ENV
        value = (route if route is not None else environ.get(ENV) or "nccl").strip().lower()
        if value not in ROUTES:
            raise ValueError(f"{where}={value!r}: expected one of {', '.join(ROUTES)}")
        size = DEFAULT_MAX_BYTES if max_bytes is None else max_bytes
        if size < 0:
            raise ValueError(f"small_all_reduce_max_bytes={size}: a size is not negative")
        return cls(value, size)


NCCL_ONLY = SmallAllReduce()  # the default: every all-reduce on NCCL


def symmetric_all_reduce(
    policy: SmallAllReduce, torch: Any, td: Any, on_gpu: bool, device: int
) -> SymmetricAllReduce | None:
    """The symmetric-memory path ``policy`` asks for, or None: not asked for, or unavailable
    (then why is logged once, here, and every all-reduce stays on NCCL)."""
    if policy.route != "symm":
        return None
    symm = getattr(td, "_symmetric_memory", None)
    ops = getattr(getattr(torch, "ops", None), "symm_mem", None)
    one_shot = getattr(ops, "one_shot_all_reduce_out", None)
    reason = (
        "not on the GPU"
        if not on_gpu
        else "this torch has no torch.distributed._symmetric_memory"
        if symm is None
        else "this torch has no torch.ops.symm_mem.one_shot_all_reduce_out"
        if one_shot is None
        else None
    )
    if reason is not None:
        log.warning(
            "tilert.distributed: small all-reduces stay on NCCL (small_all_reduce=symm asked): %s",
            reason,
        )
        return None
    group = td.group.WORLD.group_name
    enable = getattr(symm, "enable_symm_mem_for_group", None)
    if enable is not None:  # older torch needs it; newer ones deprecate it (a no-op)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            enable(group)
    return SymmetricAllReduce(torch, symm, one_shot, group, device, policy.max_bytes)


class SymmetricAllReduce:
    """The path itself: which all-reduces it takes, and each one's buffer, made on first use
    and ordered after its last use on another stream (two streams never fill it at once)."""

    def __init__(
        self, torch: Any, symm: Any, one_shot: Any, group: str, device: int, max_bytes: int
    ) -> None:
        self._torch, self._symm, self._one_shot = torch, symm, one_shot
        self.group, self.max_bytes = group, max_bytes
        self._device = f"cuda:{device}"
        self._buffers: dict[tuple[int, str], _Buffer] = {}

    def takes(self, c: Collective) -> bool:
        """A sum of a whole bf16 or f32 tensor of 16-byte multiples, at a 16-byte aligned
        address, of at most ``max_bytes``."""
        t = c.out
        if c.kind != "all_reduce" or c.op != "sum" or t is None:
            return False
        nbytes = t.nbytes
        return (
            t.dtype.name in DTYPES
            and 0 < nbytes <= self.max_bytes
            and nbytes % ALIGN == 0
            and _address(t) % ALIGN == 0
        )

    def prepare(self, c: Collective, stream: Stream) -> Callable[[Any, Any, Collective], None]:
        """The issue of ``c`` (which ``takes``) on ``stream``: its buffer, made now on first use
        (a RuntimeError while a graph captures), ``stream`` ordered after the buffer's last use
        on another stream."""
        t = c.out
        assert t is not None
        key = (t.size, t.dtype.name)
        found = self._buffers.get(key)
        if found is None:
            if stream._capturing:
                raise RuntimeError(
                    f"tr.distributed: {c.describe()} takes the symmetric-memory path "
                    "(small_all_reduce=symm), whose buffer for this size and dtype is made and "
                    "rendezvoused with every rank on its first use, a host collective that a "
                    "graph capture cannot run: run an all-reduce of this size and dtype once "
                    "before capturing (the first step, eagerly), or use small_all_reduce=nccl"
                )
            found = self._buffers[key] = self._make(*key)
        elif found.last is not None and found.last[0] is not stream:
            stream.wait_for_launch(*found.last)
        if not stream._capturing:  # (a graph's replays are ordered by what it touches)
            found.last = (stream, stream._launched)
        return found

    def _make(self, size: int, dtype: str) -> _Buffer:
        torch, symm = self._torch, self._symm
        buf = symm.empty(size, dtype=getattr(torch, DTYPES[dtype]), device=self._device)
        symm.rendezvous(buf, self.group)  # every rank, in the same order
        return _Buffer(buf, self._one_shot, self.group)


class _Buffer:
    """One size and dtype's symmetric buffer; called as a transport's issue: the tensor copied
    in, then every rank's buffer summed into the tensor."""

    __slots__ = ("buf", "group", "last", "one_shot")

    def __init__(self, buf: Any, one_shot: Any, group: str) -> None:
        self.buf, self.one_shot, self.group = buf, one_shot, group
        self.last: tuple[Stream, int] | None = None  # its last use: (stream, launch)

    def __call__(self, out: Any, _inp: Any, _c: Collective) -> None:
        self.buf.copy_(out)
        self.one_shot(self.buf, "sum", self.group, out)


def _address(t: Tensor[Any]) -> int:
    return t._device_pointer() if t._storage.on_device else int(t._host_array.ctypes.data)
