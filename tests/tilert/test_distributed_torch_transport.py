"""The torch transport on the CPU, over ``RecordingTorch`` (torch's calls recorded): which
torch.distributed function each collective calls and with what (an all-reduce: the process
group's ``allreduce`` and its Work's wait, or ``all_reduce`` where torch lacks the options or
coalesces), how many tensors are handed to torch, the stream it is issued on (torch's current
stream switched to the op's and back only where they differ), and a chain of collectives
through it keeping the borrow rules. The GPU runs the real thing
(tests/gpu/test_gpu_distributed.py)."""

from __future__ import annotations

import gc
from functools import reduce
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

import tilert as tr
from tilert.distributed import Communicator
from tilert.distributed.collective import Collective
from tilert.distributed.testing import RecordingTorch
from tilert.distributed.torch_transport import TorchTransport


def transport(rec: RecordingTorch, on_gpu: bool = False) -> TorchTransport:
    return TorchTransport.over(rec, rec.distributed, on_gpu, 0)


class _CudaStream:
    """What the transport asks of a stream on the GPU: its CUDA handle."""

    def __init__(self, handle: int) -> None:
        self.handle = handle

    def cuda_handle(self) -> int:
        return self.handle


def _memory(view: Any) -> Any:
    return view.capsule


def collectives(rec: RecordingTorch) -> list[tuple[str, tuple[object, ...], int | None]]:
    """The recorded calls but the Works' waits."""
    return [call for call in rec.calls if call[0] != "Work.wait"]


@pytest.mark.parametrize(
    ("kind", "call", "extra"),
    [
        ("all_reduce", "ProcessGroup.allreduce", ("MAX", False)),
        ("all_gather", "all_gather_into_tensor", ("world",)),
        ("reduce_scatter", "reduce_scatter_tensor", ("MAX", "world")),
        ("broadcast", "broadcast", (1, "world")),
        ("send", "send", (1, "world")),
        ("recv", "recv", (1, "world")),
    ],
)
def test_each_collective_calls_its_torch_function(kind: str, call: str, extra: tuple[Any]) -> None:
    rec = RecordingTorch()
    t = transport(rec)
    out, inp = tr.zeros((8,)), tr.zeros((4,))
    c = {
        "all_reduce": Collective("all_reduce", out, op="max"),
        "all_gather": Collective("all_gather", out, inp),
        "reduce_scatter": Collective("reduce_scatter", inp, out, op="max"),
        "broadcast": Collective("broadcast", out, peer=1),
        "send": Collective("send", None, inp, peer=1),
        "recv": Collective("recv", out, peer=1),
    }[kind]
    t.run(c, tr.Stream())
    t.run(c, tr.Stream())
    calls = collectives(rec)
    assert [name for name, _, _ in calls] == [call, call]
    args = calls[0][1]
    tensors = [a for a in args if hasattr(a, "capsule")]
    assert len(tensors) == len(c.tensors) and args[len(tensors) :] == extra
    assert calls[0][1][0] is calls[1][1][0]  # one torch view per tensor, made once
    assert rec.conversions == len(c.tensors)


def test_an_all_reduce_calls_the_process_group_and_waits_on_its_work_on_the_ops_stream() -> None:
    rec = RecordingTorch(stream=7)
    t = transport(rec, on_gpu=True)
    x = tr.zeros((4,))
    for op in ("sum", "avg"):
        t.run(Collective("all_reduce", x, op=op), _CudaStream(9))  # type: ignore[arg-type]
    assert [(name, args[1:], at) for name, args, at in rec.calls] == [
        ("ProcessGroup.allreduce", ("SUM", False), 9),  # asyncOp False: torch's all_reduce's
        ("Work.wait", (), 9),  # (the wait orders the stream it runs on after the collective)
        ("ProcessGroup.allreduce", ("AVG", False), 9),
        ("Work.wait", (), 9),
    ]
    assert rec.current == 7


def test_without_allreduce_options_an_all_reduce_calls_torchs_all_reduce() -> None:
    rec = RecordingTorch(process_group=False)  # (an older torch)
    t = transport(rec)
    t.run(Collective("all_reduce", tr.zeros((4,)), op="min"), tr.Stream())
    assert [(name, args[1:]) for name, args, _ in rec.calls] == [("all_reduce", ("MIN", "world"))]


def test_inside_torchs_coalescing_manager_an_all_reduce_goes_through_its_wrapper() -> None:
    rec = RecordingTorch()
    queued: dict[object, list[object]] = {}  # torch's pg_coalesce_state: group -> queued calls
    rec.distributed.__dict__["distributed_c10d"] = SimpleNamespace(
        _world=SimpleNamespace(pg_coalesce_state=queued)
    )
    t = transport(rec)
    x = Collective("all_reduce", tr.zeros((4,)), op="sum")
    t.run(x, tr.Stream())
    queued["world"] = []  # a _coalescing_manager is open: torch's wrapper queues the call
    t.run(x, tr.Stream())
    assert [name for name, _, _ in rec.calls] == [
        "ProcessGroup.allreduce",
        "Work.wait",
        "all_reduce",
    ]


def test_a_tensors_torch_view_lives_as_long_as_the_tensor() -> None:
    rec = RecordingTorch()
    t = transport(rec)
    x, y = tr.zeros((4,)), tr.zeros((4,))
    for _ in range(3):
        t.run(Collective("all_reduce", x, op="sum"), tr.Stream())
        t.run(Collective("all_reduce", y, op="sum"), tr.Stream())
    assert rec.conversions == 2 and len(t._views) == 2
    del y
    gc.collect()
    assert len(t._views) == 1  # (and its id, free again, finds no stale view)
    t.run(Collective("all_reduce", tr.zeros((4,)), op="sum"), tr.Stream())
    assert rec.conversions == 3


@pytest.mark.parametrize("c_streams", [True, False])
def test_a_collective_is_issued_on_the_ops_stream_and_torchs_is_restored(c_streams: bool) -> None:
    rec = RecordingTorch(stream=7, c_streams=c_streams)
    t = transport(rec, on_gpu=True)
    x = Collective("all_gather", tr.zeros((8,)), tr.zeros((4,)))
    t.run(x, _CudaStream(7))  # type: ignore[arg-type]  # torch's own stream: no switch
    assert rec.switches == 0
    t.run(x, _CudaStream(9))  # type: ignore[arg-type]
    t.run(x, _CudaStream(9))  # type: ignore[arg-type]
    assert [stream for _, _, stream in rec.calls] == [7, 9, 9]
    assert rec.current == 7 and rec.switches == 4  # to 9 and back, twice
    assert len(t._streams) == 1  # one ExternalStream for stream 9, made once


def test_a_chain_of_collectives_through_torch_keeps_its_borrows_until_waited() -> None:
    rec = RecordingTorch()
    comm = Communicator(transport(rec))
    x = tr.from_numpy(np.ones(16, np.float32))
    chain = reduce(lambda op, _: op.then(comm.all_reduce), range(49), comm.all_reduce(x))
    pending = chain.submit()
    with pytest.raises(tr.BorrowError, match=r"op `all_reduce`.*test_distributed_torch_transport"):
        x.to_numpy()
    with pytest.raises(tr.BorrowError, match="op `all_reduce`"):
        comm.all_reduce(x)
    pending.wait()
    calls = collectives(rec)
    assert len(calls) == 50 and len(rec.calls) == 100  # each waited on
    assert all(_memory(args[0]) is _memory(calls[0][1][0]) for _, args, _ in calls)
    assert rec.conversions == 1
    np.testing.assert_array_equal(x.to_numpy(), np.ones(16, np.float32))
    assert not x._borrows
