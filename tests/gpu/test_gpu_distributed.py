"""tilert.distributed on two GPUs: this file's worker runs as two processes under
``python -m tilert.distributed.run -n 2`` (NCCL through torch.distributed), each rank checking
its collectives against ``torch.distributed``'s on the same values, the BorrowError of a
tensor touched while its all-reduce is in flight, collectives on a tilert stream after a
kernel, and an all-reduce captured in a ``tr.graph()`` (a CUDA graph) and replayed; and the
same through torch's symmetric memory (``small_all_reduce="symm"``: which all-reduces take it,
their sums against torch's, the BorrowError in flight, the refusal of a first use inside a
capture, a graph replayed). Skipped without two GPUs and torch with NCCL.

One command:  python -m pytest -m gpu -v tests/gpu/test_gpu_distributed.py"""

# The worker touches a tensor during its all-reduce on purpose, to see the runtime refuse it.
# tilecheck: ignore-file[TC102, TC105]

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import tilert as tr
import tilert.distributed as dist
from tests.support.kernels import scale
from tests.support.two_ranks import run_two_ranks

pytestmark = pytest.mark.gpu

HERE = Path(__file__).resolve()
CASES = ("against_torch", "borrow", "stream_order", "graph", "torch_tensor", "symm")


@pytest.fixture(scope="module")
def ranks_output() -> str:
    return run_two_ranks(HERE, CASES)


@pytest.mark.parametrize("case", CASES)
def test_case_passes_on_both_ranks(ranks_output: str, case: str) -> None:
    for rank in (0, 1):
        assert f"rank {rank}: ok {case}" in ranks_output


# -- the worker: each rank runs the cases named on its command line -----------------------------
def _worker(cases: list[str]) -> int:
    import torch
    import torch.distributed as td

    comm = dist.init()
    rank, size = comm.rank, comm.size
    device = torch.device("cuda", comm.local_rank)

    def values(n: int, dtype: Any = np.float32, r: int = rank) -> Any:
        """Small integers: every sum is exact, in any order, in every dtype used."""
        return ((np.arange(n) % 13) + 1 + 5 * r).astype(dtype)

    def both(n: int, dt: Any = tr.f32) -> tuple[Any, Any]:
        array = values(n, dt.np_dtype)
        ours = tr.from_numpy(array)
        theirs = torch.from_numpy(array.astype(np.float32)).to(device)
        return ours, theirs.to(torch.bfloat16 if dt is tr.bf16 else theirs.dtype)

    def same(ours: Any, theirs: Any) -> None:
        got = torch.from_numpy(ours.to_numpy().astype(np.float32))
        torch.testing.assert_close(got, theirs.float().cpu(), rtol=0, atol=0)

    def against_torch() -> None:
        for dt in (tr.f32, tr.bf16):
            for n in (1, 4096, (1 << 20) + 3):
                x, xt = both(n, dt)
                dist.all_reduce(x).sync()
                td.all_reduce(xt)
                same(x, xt)
        x, xt = both(1 << 16)
        dist.all_reduce(x, "max").sync()
        td.all_reduce(xt, op=td.ReduceOp.MAX)
        same(x, xt)
        x, xt = both(4096)
        out, outt = tr.zeros((size * 4096,)), torch.zeros(size * 4096, device=device)
        dist.all_gather(out, x).sync()
        td.all_gather_into_tensor(outt, xt)
        same(out, outt)
        part, partt = tr.zeros((4096 // size,)), torch.zeros(4096 // size, device=device)
        dist.reduce_scatter(part, x).sync()
        td.reduce_scatter_tensor(partt, xt)
        same(part, partt)
        x, xt = both(1000)
        dist.broadcast(x, 1).sync()
        td.broadcast(xt, src=1)
        same(x, xt)
        got = tr.zeros((777,))
        mine = tr.from_numpy(values(777))
        if rank == 0:
            dist.send(mine, 1).sync()
            dist.recv(got, 1).sync()
        else:
            dist.recv(got, 0).sync()
            dist.send(mine, 0).sync()
        np.testing.assert_array_equal(got.to_numpy(), values(777, r=1 - rank))

    def borrow() -> None:
        x = tr.from_numpy(values(1 << 22), name="x")
        pending = dist.all_reduce(x).submit()
        try:
            x.to_numpy()
        except tr.BorrowError as error:
            assert "written by op `all_reduce`" in str(error), error
        else:
            raise AssertionError("reading x during its all_reduce was not refused")
        try:
            scale(x.partition((1024,)), 2.0)
        except tr.BorrowError:
            pass
        else:
            raise AssertionError("a launch writing x during its all_reduce was not refused")
        pending.wait()
        expected = sum(values(1 << 22, r=r) for r in range(size))
        np.testing.assert_array_equal(x.to_numpy(), expected)

    def stream_order() -> None:
        n = 1 << 24  # long enough that an unordered collective would read stale values
        x = tr.from_numpy(values(n))
        out = tr.zeros((size * n,))
        with tr.Stream():
            scaled = scale(x.partition((4096,)), 3.0).submit()
            dist.all_gather(out, x).sync()  # reads x after the kernel, in stream order
            scaled.wait()
        gathered = out.to_numpy().reshape(size, n)
        for r in range(size):
            np.testing.assert_array_equal(gathered[r], values(n, r=r) * 3)
        with tr.Stream():  # a kernel, then an all-reduce of what it wrote, on this stream
            scale(x.partition((4096,)), 2.0).then(lambda *_: dist.all_reduce(x)).sync()
        np.testing.assert_array_equal(x.to_numpy(), sum(values(n, r=r) * 6 for r in range(size)))

    def graph() -> None:
        x = tr.from_numpy(values(1 << 20))
        with tr.graph() as g:
            g.record(scale(x.partition((1024,)), 2.0))
            g.record(dist.all_reduce(x))
        for _ in range(3):
            g.launch().wait()
        g.close()
        # each replay doubles every rank's x and sums them: 2s, then 2*2*2s, then 2*2*8s
        total = sum(values(1 << 20, r=r) for r in range(size))
        np.testing.assert_array_equal(x.to_numpy(), total * 2 * (2 * size) ** 2)

    def torch_tensor() -> None:
        xt = torch.from_numpy(values(4096)).to(device)
        x = tr.from_dlpack(xt)  # the same memory: the all-reduce writes torch's tensor
        dist.all_reduce(x).sync()
        expected = sum(values(4096, r=r) for r in range(size))
        np.testing.assert_array_equal(xt.cpu().numpy(), expected)

    def symm() -> None:
        """A second communicator over the same group, its small sums through symmetric memory."""
        import torch.distributed._symmetric_memory  # (td._symmetric_memory)

        from tilert.distributed import Communicator
        from tilert.distributed.collective import Collective
        from tilert.distributed.symmetric import SmallAllReduce
        from tilert.distributed.torch_transport import TorchTransport

        transport = TorchTransport.over(torch, td, True, comm.local_rank, SmallAllReduce("symm"))
        path = transport.small
        assert path is not None, "symmetric memory is unavailable here (the log says why)"
        sc = Communicator(transport, comm.local_rank)  # (not closed: the group is comm's)
        for dt, n, takes in [
            (tr.bf16, 4096, True),
            (tr.f32, 1 << 18, True),  # 1 MiB, the bound
            (tr.bf16, 8, True),
            (tr.bf16, 7, False),  # not whole 16-byte vectors: NCCL
            (tr.f32, (1 << 18) + 4, False),  # over the bound: NCCL
            (tr.f16, 4096, False),  # not a dtype the one-shot kernel sums: NCCL
        ]:
            x, xt = both(n, dt)
            assert path.takes(Collective("all_reduce", x, op="sum")) is takes, (dt, n)
            for _ in range(2):  # the buffer made, then reused
                sc.all_reduce(x).sync()
                td.all_reduce(xt)
            same(x, xt)
        x = tr.from_numpy(values(4096, tr.bf16.np_dtype), name="x")
        pending = sc.all_reduce(x).submit()
        try:
            x.to_numpy()
        except tr.BorrowError as error:
            assert "written by op `all_reduce`" in str(error), error
        else:
            raise AssertionError("reading x during its all_reduce was not refused")
        pending.wait()
        expected = sum(values(4096, r=r) for r in range(size))
        np.testing.assert_array_equal(x.to_numpy().astype(np.float32), expected)
        fresh = tr.zeros((2048,), dtype=tr.bf16)  # a size not reduced yet: no buffer
        with tr.graph() as g:
            g.record(sc.all_reduce(fresh))
        try:
            g.launch().wait()
        except RuntimeError as error:
            assert "once before capturing" in str(error), error
        else:
            raise AssertionError("a first symmetric all-reduce inside a capture was not refused")
        finally:
            g.close()
        xs = [tr.from_numpy(values(4096)) for _ in range(3)]
        sc.all_reduce(tr.zeros((4096,))).sync()  # its buffer made before the capture
        with tr.graph() as g:
            for x in xs:
                g.record(scale(x.partition((1024,)), 2.0))
                g.record(sc.all_reduce(x))
        for _ in range(3):
            g.launch().wait()
        g.close()
        total = sum(values(4096, r=r) for r in range(size))
        for x in xs:  # as in graph(): 2s, then 2*2*2s, then 2*2*8s
            np.testing.assert_array_equal(x.to_numpy(), total * 2 * (2 * size) ** 2)

    cases_by_name = {
        "against_torch": against_torch,
        "borrow": borrow,
        "stream_order": stream_order,
        "graph": graph,
        "torch_tensor": torch_tensor,
        "symm": symm,
    }
    for name in cases:
        cases_by_name[name]()
        torch.cuda.synchronize()
        print(f"rank {rank}: ok {name}", flush=True)
    dist.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(_worker(sys.argv[1:]))
