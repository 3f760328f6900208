"""``tilert.distributed``: collectives over several devices as tilert ops, under the borrow
rules of any launch. One process per GPU, started by ``python -m tilert.distributed.run -n N
script.py`` or ``torchrun`` (the same environment variables):

    import tilert as tr
    import tilert.distributed as dist

    comm = dist.init()                    # RANK, WORLD_SIZE, LOCAL_RANK, MASTER_ADDR/PORT
    x = tr.ones((1 << 20,))
    dist.all_reduce(x).sync()             # x is exclusively borrowed until the op completes
    pending = dist.all_reduce(x).submit()
    x.to_numpy()                          # BorrowError: the all_reduce still writes x
    pending.wait()

Each collective returns a lazy ``Op`` (``.sync()``, ``.submit()``/``.wait()``, ``.then``,
``tr.zip``, ``g.record`` in ``tr.graph()``) that borrows what it writes exclusively and what
it only reads shared. The transport is NCCL's C API on the GPU (``nccl_transport``; torch's
NCCL process group with ``transport="torch"``), torch.distributed over gloo on the CPU, on the
tilert stream running the op; ``testing.run_ranks`` runs a world of N ranks in one process on
a stand-in with the same semantics (docs/distributed.md)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from tilert import backends
from tilert.distributed import selection
from tilert.distributed.collective import REDUCE_OPS, Collective, Transport
from tilert.distributed.communicator import Communicator, current
from tilert.distributed.communicator import default as _default
from tilert.distributed.communicator import set_default as _set_default
from tilert.distributed.env import Environment
from tilert.distributed.local import LocalWorld
from tilert.distributed.symmetric import SmallAllReduce
from tilert.ops import Op
from tilert.tensor import Tensor

__all__ = [
    "REDUCE_OPS",
    "Collective",
    "Communicator",
    "Environment",
    "Transport",
    "all_gather",
    "all_reduce",
    "broadcast",
    "communicator",
    "init",
    "is_initialized",
    "rank",
    "recv",
    "reduce_scatter",
    "send",
    "shutdown",
    "world_size",
]


def init(
    environ: Mapping[str, str] | None = None,
    *,
    small_all_reduce: str | None = None,
    small_all_reduce_max_bytes: int | None = None,
    transport: str | None = None,
) -> Communicator:
    """This process's communicator, from the launcher's environment (``os.environ`` unless
    ``environ`` is given). Call it once, before making tensors: on the GPU it makes device
    ``LOCAL_RANK`` tilert's (and torch's). Without ``WORLD_SIZE`` it is a world of one, where
    every collective leaves its tensors as they are, so a script runs without a launcher too.
    With several processes torch.distributed's default group is started here (or the
    program's joined), and collectives go on the GPU through NCCL's C API (``transport=
    "nccl"``, the default where a libnccl loads: torch's own; else torch's process group,
    warned once) or through torch's NCCL process group (``transport="torch"``);
    ``TILERT_DISTRIBUTED_TRANSPORT`` says the same when the argument is not given. On the CPU
    they go through torch.distributed over gloo.

    ``small_all_reduce="symm"`` (or ``TILERT_SMALL_ALLREDUCE=symm``; the default is "nccl")
    sends sums of bf16/f32 tensors of at most ``small_all_reduce_max_bytes`` (1 MiB) through
    torch's symmetric memory on the GPU (``tilert.distributed.symmetric``), NCCL where it is
    unavailable (logged once); with NCCL's C API the torch process group's transport takes
    those alone."""
    source = os.environ if environ is None else environ
    env = Environment.read(source)
    small = SmallAllReduce.choose(small_all_reduce, small_all_reduce_max_bytes, source)
    choice = selection.choose(transport, source)
    found = _default()
    if found is not None:
        raise RuntimeError(
            f"tr.distributed.init() was called already ({found!r}); call "
            "tr.distributed.shutdown() before starting again"
        )
    moves: Transport
    if env.world_size == 1:
        moves = LocalWorld(1).transport(0)
    else:
        from tilert.cuda.context import select_device

        select_device(env.local_rank)
        moves = selection.start(env, backends.current().device_kind, small, choice)
    comm = Communicator(moves, env.local_rank)
    _set_default(comm)
    return comm


def shutdown() -> None:
    """End this process's communicator (torch's process group with it); ``init`` may follow."""
    found = _default()
    if found is not None:
        _set_default(None)
        found.close()


def is_initialized() -> bool:
    return _default() is not None


def communicator() -> Communicator:
    """The communicator collectives use here: this thread's (the stand-in's ranks), else the
    process's (``init``); a RuntimeError before ``init``."""
    return current()


def rank() -> int:
    return current().rank


def world_size() -> int:
    return current().size


def all_reduce(t: Tensor[Any], op: str = "sum") -> Op:
    """``current().all_reduce``: every rank's ``t`` becomes the reduction of all ranks' ``t``
    (``op``: sum, prod, max, min, avg). The op writes ``t``."""
    return current().all_reduce(t, op)


def all_gather(out: Tensor[Any], t: Tensor[Any]) -> Op:
    """``out`` (world size times ``t``'s elements) becomes every rank's ``t`` in rank order.
    The op writes ``out`` and reads ``t``."""
    return current().all_gather(out, t)


def reduce_scatter(out: Tensor[Any], t: Tensor[Any], op: str = "sum") -> Op:
    """``out`` becomes this rank's part of the reduction of every rank's ``t``. The op writes
    ``out`` and reads ``t``."""
    return current().reduce_scatter(out, t, op)


def broadcast(t: Tensor[Any], src: int) -> Op:
    """Every rank's ``t`` becomes rank ``src``'s. The op writes ``t``."""
    return current().broadcast(t, src)


def send(t: Tensor[Any], dst: int) -> Op:
    """Send ``t`` to rank ``dst``, which receives it with ``recv``. The op reads ``t``."""
    return current().send(t, dst)


def recv(t: Tensor[Any], src: int) -> Op:
    """Receive into ``t`` what rank ``src`` sends. The op writes ``t``."""
    return current().recv(t, src)
