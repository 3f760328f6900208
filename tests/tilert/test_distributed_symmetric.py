"""Small all-reduces through torch's symmetric memory (``small_all_reduce="symm"``), on the CPU
over ``RecordingTorch`` (torch's calls recorded, nothing moved): which all-reduces take the
path (sums of bf16/f32 tensors up to the bound, 16-byte aligned) and which stay on NCCL, one
buffer per size and dtype rendezvoused on first use, the refusal of a first use inside a
capture, the order between streams sharing a buffer, the fallback where torch lacks it, and
the borrows of a chain through it. The GPU runs the real thing
(tests/gpu/test_gpu_distributed.py)."""

from __future__ import annotations

import logging
from functools import reduce
from typing import Any

import numpy as np
import pytest

import tilert as tr
import tilert.distributed as dist
from tilert.distributed import Communicator
from tilert.distributed.collective import Collective
from tilert.distributed.symmetric import DEFAULT_MAX_BYTES, ENV, SmallAllReduce
from tilert.distributed.testing import RecordingTorch, run_ranks
from tilert.distributed.torch_transport import TorchTransport

SYMM = SmallAllReduce("symm")
STREAM = 5  # torch's current CUDA stream in these tests


class _CudaStream:
    """What the transport asks of a stream on the GPU: its handle, whether it captures, its
    launch count, and the waits it is told to make (recorded)."""

    def __init__(self, handle: int = STREAM, launched: int = 1, capturing: bool = False) -> None:
        self.handle, self._launched, self._capturing = handle, launched, capturing
        self.waits: list[tuple[object, int]] = []

    def cuda_handle(self) -> int:
        return self.handle

    def wait_for_launch(self, other: object, seq: int) -> None:
        self.waits.append((other, seq))


def transport(
    rec: RecordingTorch, small: SmallAllReduce = SYMM, on_gpu: bool = True
) -> TorchTransport:
    return TorchTransport.over(rec, rec.distributed, on_gpu, 0, small)


def names(rec: RecordingTorch) -> list[str]:
    """The calls' names, NCCL's all-reduce as ``nccl`` (the process group's ``allreduce``; its
    Work's wait left out)."""
    return [NCCL.get(name, name) for name, _, _ in rec.calls if name != "Work.wait"]


NCCL = {"ProcessGroup.allreduce": "nccl"}


def run(t: TorchTransport, c: Collective, stream: Any = None) -> None:
    on: Any = stream if stream is not None else _CudaStream()
    t.run(c, on)


# -- which transport an all-reduce takes ---------------------------------------------------------
def test_a_small_sum_is_copied_into_its_symmetric_buffer_and_reduced_into_the_tensor() -> None:
    rec = RecordingTorch(stream=STREAM, symmetric_memory=True)
    t = transport(rec)
    x = tr.zeros((4096,), dtype=tr.bf16)  # 8 KiB, a Qwen3-8B hidden vector
    run(t, Collective("all_reduce", x, op="sum"))
    run(t, Collective("all_reduce", x, op="sum"))
    assert names(rec) == [
        "symm_mem.empty",
        "symm_mem.rendezvous",
        *["copy_", "symm_mem.one_shot_all_reduce_out"] * 2,
    ]
    (_, empty, _), (_, (buf, group), _), (_, (dst, src), _), (_, args, at) = rec.calls[:4]
    assert empty == (4096, "bfloat16", "cuda:0") and group == "0"
    assert dst is buf and getattr(src, "capsule", None) is not None  # the tensor's own memory
    assert args == (buf, "sum", "0", src) and at == STREAM  # into the tensor, on the op's stream


@pytest.mark.parametrize(
    ("shape", "dtype", "op", "symm"),
    [
        ((DEFAULT_MAX_BYTES // 4,), tr.f32, "sum", True),  # at the bound
        ((DEFAULT_MAX_BYTES // 4 + 4,), tr.f32, "sum", False),  # above it
        ((8,), tr.f32, "sum", True),
        ((4, 64), tr.bf16, "sum", True),  # any shape: the whole tensor
        ((4096,), tr.f16, "sum", False),  # torch's one-shot kernel sums bf16 and f32
        ((4096,), tr.i32, "sum", False),
        ((4096,), tr.bf16, "max", False),  # a sum only
        ((4096,), tr.bf16, "avg", False),
        ((7,), tr.bf16, "sum", False),  # 14 bytes: not whole 16-byte vectors
        ((0,), tr.f32, "sum", False),
    ],
)
def test_which_all_reduces_take_symmetric_memory(
    shape: tuple[int, ...], dtype: type[tr.DType], op: str, symm: bool
) -> None:
    rec = RecordingTorch(stream=STREAM, symmetric_memory=True)
    run(transport(rec), Collective("all_reduce", tr.zeros(shape, dtype=dtype), op=op))
    assert names(rec)[-1] == ("symm_mem.one_shot_all_reduce_out" if symm else "nccl")


def test_an_unaligned_view_and_other_collectives_stay_on_nccl() -> None:
    rec = RecordingTorch(stream=STREAM, symmetric_memory=True)
    t = transport(rec)
    base = tr.zeros((64,), dtype=tr.bf16)
    run(t, Collective("all_reduce", base[1:9], op="sum"))  # 16 bytes, 2 past an aligned start
    run(t, Collective("broadcast", base, peer=1))
    run(t, Collective("reduce_scatter", tr.zeros((32,), dtype=tr.bf16), base, op="sum"))
    assert names(rec) == ["nccl", "broadcast", "reduce_scatter_tensor"]
    run(t, Collective("all_reduce", base[8:16], op="sum"))  # 16 bytes in: aligned
    assert names(rec)[-1] == "symm_mem.one_shot_all_reduce_out"


def test_a_smaller_bound_sends_larger_sums_to_nccl() -> None:
    rec = RecordingTorch(stream=STREAM, symmetric_memory=True)
    t = transport(rec, SmallAllReduce("symm", max_bytes=1024))
    run(t, Collective("all_reduce", tr.zeros((256,), dtype=tr.f32), op="sum"))
    run(t, Collective("all_reduce", tr.zeros((260,), dtype=tr.f32), op="sum"))
    assert names(rec)[-2:] == ["symm_mem.one_shot_all_reduce_out", "nccl"]


# -- its buffers -----------------------------------------------------------------------------
def test_one_buffer_per_size_and_dtype_made_on_first_use() -> None:
    rec = RecordingTorch(stream=STREAM, symmetric_memory=True)
    t = transport(rec)
    tensors: list[tr.Tensor[Any]] = [
        tr.zeros((1024,), dtype=tr.bf16),
        tr.zeros((1024,), dtype=tr.bf16),  # another tensor, the same buffer
        tr.zeros((512,), dtype=tr.f32),  # the same bytes, another dtype
        tr.zeros((2048,), dtype=tr.bf16),
    ]
    for x in tensors * 2:
        run(t, Collective("all_reduce", x, op="sum"))
    made = [args for name, args, _ in rec.calls if name == "symm_mem.empty"]
    assert made == [
        (1024, "bfloat16", "cuda:0"),
        (512, "float32", "cuda:0"),
        (2048, "bfloat16", "cuda:0"),
    ]
    assert names(rec).count("symm_mem.rendezvous") == 3
    reduced = [args[0] for name, args, _ in rec.calls if name.endswith("one_shot_all_reduce_out")]
    assert reduced[0] is reduced[1] is reduced[4] and len({id(b) for b in reduced}) == 3


def test_a_first_use_inside_a_capture_is_refused_and_a_later_capture_reuses_the_buffer() -> None:
    rec = RecordingTorch(stream=STREAM, symmetric_memory=True)
    t = transport(rec)
    x = Collective("all_reduce", tr.zeros((4096,), dtype=tr.bf16), op="sum")
    with pytest.raises(RuntimeError, match="once before capturing"):
        run(t, x, _CudaStream(capturing=True))
    assert rec.calls == []  # nothing made, nothing issued
    eager = _CudaStream()
    run(t, x, eager)  # made and rendezvoused
    run(t, x, _CudaStream(handle=11, capturing=True))
    assert names(rec).count("symm_mem.rendezvous") == 1
    assert names(rec)[-1] == "symm_mem.one_shot_all_reduce_out"
    run(t, x, eager)  # a capture is not a use to wait for (its replays are ordered apart)
    assert eager.waits == []


def test_a_stream_using_a_buffer_waits_for_its_last_use_on_another() -> None:
    rec = RecordingTorch(stream=STREAM, symmetric_memory=True)
    t = transport(rec)
    x = tr.zeros((4096,), dtype=tr.bf16)
    a, b = _CudaStream(STREAM, launched=3), _CudaStream(9, launched=1)
    run(t, Collective("all_reduce", x, op="sum"), a)
    run(t, Collective("all_reduce", tr.zeros((4096,), dtype=tr.bf16), op="sum"), b)
    run(t, Collective("all_reduce", x, op="sum"), b)
    assert b.waits == [(a, 3)] and a.waits == []
    assert [at for name, _, at in rec.calls if name.endswith("out")] == [STREAM, 9, 9]
    assert rec.current == STREAM  # torch's stream restored


# -- where it is not there ---------------------------------------------------------------------
def test_without_symmetric_memory_every_all_reduce_stays_on_nccl_said_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    rec = RecordingTorch(stream=STREAM)  # a torch without it
    with caplog.at_level(logging.WARNING, logger="tilert.distributed"):
        t = transport(rec)
        for _ in range(3):
            run(t, Collective("all_reduce", tr.zeros((4096,), dtype=tr.bf16), op="sum"))
    assert names(rec) == ["nccl"] * 3 and t.small is None and not t.needs_eager_first
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == 1 and "no torch.distributed._symmetric_memory" in said[0]
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="tilert.distributed"):
        off_gpu = transport(RecordingTorch(symmetric_memory=True), on_gpu=False)
    assert off_gpu.small is None and "not on the GPU" in caplog.records[0].getMessage()


def test_nccl_asked_for_uses_nothing_else(caplog: pytest.LogCaptureFixture) -> None:
    rec = RecordingTorch(stream=STREAM, symmetric_memory=True)
    with caplog.at_level(logging.WARNING, logger="tilert.distributed"):
        t = transport(rec, SmallAllReduce())
    run(t, Collective("all_reduce", tr.zeros((4096,), dtype=tr.bf16), op="sum"))
    assert names(rec) == ["nccl"] and not caplog.records and not t.needs_eager_first
    assert transport(rec).needs_eager_first


# -- choosing it -------------------------------------------------------------------------------
def test_the_argument_then_the_environment_then_nccl() -> None:
    assert SmallAllReduce.choose(None, None, {}) == SmallAllReduce("nccl", DEFAULT_MAX_BYTES)
    assert SmallAllReduce.choose(None, None, {ENV: "symm"}).route == "symm"
    assert SmallAllReduce.choose(None, None, {ENV: ""}).route == "nccl"
    assert SmallAllReduce.choose("nccl", 4096, {ENV: "symm"}) == SmallAllReduce("nccl", 4096)
    assert SmallAllReduce.choose(" SYMM ", None, {}).route == "symm"
    with pytest.raises(ValueError, match=r"TILERT_SMALL_ALLREDUCE='nvls': expected one of nccl"):
        SmallAllReduce.choose(None, None, {ENV: "nvls"})
    with pytest.raises(ValueError, match=r"small_all_reduce='one_shot'"):
        SmallAllReduce.choose("one_shot", None, {})
    with pytest.raises(ValueError, match="not negative"):
        SmallAllReduce.choose("symm", -1, {})


def test_init_checks_the_choice_and_a_world_of_one_ignores_it() -> None:
    with pytest.raises(ValueError, match="expected one of nccl, symm"):
        dist.init({}, small_all_reduce="fast")
    assert not dist.is_initialized()
    comm = dist.init({ENV: "symm"})
    try:
        x = tr.from_numpy(np.arange(8, dtype=np.float32))
        dist.all_reduce(x).sync()
        np.testing.assert_array_equal(x.to_numpy(), np.arange(8, dtype=np.float32))
        assert not comm.needs_eager_first
    finally:
        dist.shutdown()


def test_the_stand_ins_ranks_sum_as_before() -> None:
    def rank(comm: Communicator) -> Any:
        x = tr.from_numpy(np.full(8, comm.rank + 1, np.float32))
        dist.all_reduce(x).sync()
        return x.to_numpy(), comm.needs_eager_first

    for values, eager_first in run_ranks(2, rank):
        np.testing.assert_array_equal(values, np.full(8, 3, np.float32))
        assert not eager_first


# -- through ops -------------------------------------------------------------------------------
def test_a_chain_through_symmetric_memory_keeps_its_borrows_until_waited(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(tr.Stream, "cuda_handle", lambda self: STREAM)  # torch's, on the "GPU"
    rec = RecordingTorch(stream=STREAM, symmetric_memory=True)
    comm = Communicator(transport(rec))
    x = tr.from_numpy(np.ones(16, np.float32))
    chain = reduce(lambda op, _: op.then(comm.all_reduce), range(9), comm.all_reduce(x))
    pending = chain.submit()
    with pytest.raises(tr.BorrowError, match=r"op `all_reduce`.*test_distributed_symmetric"):
        x.to_numpy()
    with pytest.raises(tr.BorrowError, match="op `all_reduce`"):
        comm.all_reduce(x)
    pending.wait()
    assert names(rec) == [
        "symm_mem.empty",
        "symm_mem.rendezvous",
        *["copy_", "symm_mem.one_shot_all_reduce_out"] * 10,
    ]
    np.testing.assert_array_equal(x.to_numpy(), np.ones(16, np.float32))  # (nothing moved)
    assert not x._borrows  # type: ignore[attr-defined]
