"""The torch transport on the CPU, over ``RecordingTorch`` (torch's calls recorded): which
torch.distributed function each collective calls and with what, the stream it is issued on
(torch's current stream switched to the op's and back only where they differ), and a chain of
collectives through it keeping the borrow rules. The GPU runs the real thing
(tests/gpu/test_gpu_distributed.py)."""

from __future__ import annotations

from functools import reduce
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


@pytest.mark.parametrize(
    ("kind", "call", "extra"),
    [
        ("all_reduce", "all_reduce", ("MAX", "world")),
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
    assert [name for name, _, _ in rec.calls] == [call, call]
    args = rec.calls[0][1]
    tensors = [a for a in args if hasattr(a, "capsule")]
    assert len(tensors) == len(c.tensors) and args[len(tensors) :] == extra
    assert rec.calls[0][1][0] is rec.calls[1][1][0]  # one torch view per tensor, made once


def test_a_collective_is_issued_on_the_ops_stream_and_torchs_is_restored() -> None:
    rec = RecordingTorch(stream=7)
    t = transport(rec, on_gpu=True)
    x = Collective("all_reduce", tr.zeros((4,)), op="sum")
    t.run(x, _CudaStream(7))  # type: ignore[arg-type]  # torch's own stream: no switch
    t.run(x, _CudaStream(9))  # type: ignore[arg-type]
    t.run(x, _CudaStream(9))  # type: ignore[arg-type]
    assert [stream for _, _, stream in rec.calls] == [7, 9, 9]
    assert rec.current == 7
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
    assert len(rec.calls) == 50
    assert all(_memory(args[0]) is _memory(rec.calls[0][1][0]) for _, args, _ in rec.calls)
    np.testing.assert_array_equal(x.to_numpy(), np.ones(16, np.float32))
    assert not x._borrows
