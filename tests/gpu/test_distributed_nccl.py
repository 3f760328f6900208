"""tilert.distributed through NCCL's C API on two GPUs (``nccl_transport``; the default where a
libnccl loads): this file's worker runs as two processes under ``python -m
tilert.distributed.run -n 2`` with ``TILERT_DISTRIBUTED_TRANSPORT=nccl``, each rank checking
every collective against ``torch.distributed``'s on the same values (several dtypes and
reductions, sizes past NCCL's protocol switches), the bytes path of dtypes NCCL lacks, a
``.then`` chain, stream order after a kernel on a ``tr.Stream()``, a ``tr.graph()`` captured
and replayed (and a new communicator's first collectives captured), the BorrowError while an
all-reduce is in flight, the torch transport over the same group giving the same results,
symmetric memory's small sums beside NCCL, and tensors in NCCL symmetric windows
(``comm.zeros``: their all-reduces and all-gathers against torch's, eager and in a replayed
graph, the BorrowError in flight, the refusal inside a capture). Skipped without two GPUs and
torch with NCCL.

One command:  python -m pytest -m gpu -v tests/gpu/test_distributed_nccl.py
Each case prints ``rank R: ok CASE``; a failing one prints its traceback on that rank and the
run stops there (the cases after it are not run: the ranks must stay in step)."""

# The worker touches a tensor during its all-reduce on purpose, to see the runtime refuse it.
# tilecheck: ignore-file[TC102, TC105]

from __future__ import annotations

import sys
from functools import reduce
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
CASES = (
    "transport",
    "against_torch",
    "dtypes",
    "chain",
    "stream_order",
    "graph",
    "borrow",
    "torch_transport",
    "symm",
    "graph_first_use",
    "windows",
    "windows_graph",
    "windows_borrow",
)


@pytest.fixture(scope="module")
def ranks_output() -> str:
    return run_two_ranks(HERE, CASES, TILERT_DISTRIBUTED_TRANSPORT="nccl")


@pytest.mark.parametrize("case", CASES)
def test_case_passes_on_both_ranks(ranks_output: str, case: str) -> None:
    for rank in (0, 1):
        assert f"rank {rank}: ok {case}" in ranks_output


# -- the worker: each rank runs the cases named on its command line -----------------------------
def _worker(cases: list[str]) -> int:
    import torch
    import torch.distributed as td

    from tilert.distributed import Communicator
    from tilert.distributed.nccl_transport import NcclTransport
    from tilert.distributed.symmetric import SmallAllReduce
    from tilert.distributed.torch_transport import TorchTransport

    comm = dist.init()
    rank, size = comm.rank, comm.size
    device = torch.device("cuda", comm.local_rank)
    torch_dtypes = {
        tr.f32: torch.float32,
        tr.bf16: torch.bfloat16,
        tr.f16: torch.float16,
        tr.f64: torch.float64,
        tr.i32: torch.int32,
        tr.i64: torch.int64,
        tr.i8: torch.int8,
        tr.u8: torch.uint8,
    }

    def values(n: int, dtype: Any = np.float32, r: int = rank) -> Any:
        """Small integers: every sum and product of two is exact, in every dtype used."""
        return ((np.arange(n) % 7) + 1 + 3 * r).astype(dtype)

    def both(n: int, dt: Any = tr.f32) -> tuple[Any, Any]:
        """tilert's tensor and torch's on the GPU, the same values."""
        array = values(n, dt.np_dtype)
        theirs = torch.from_numpy(array.astype(np.float64)).to(device).to(torch_dtypes[dt])
        return tr.from_numpy(array), theirs

    def same(ours: Any, theirs: Any, what: str) -> None:
        got = ours.to_numpy().astype(np.float64)
        want = theirs.double().cpu().numpy().reshape(got.shape)
        if not np.array_equal(got, want):
            bad = np.flatnonzero(got != want)
            raise AssertionError(
                f"rank {rank}: {what}: {bad.size} of {got.size} elements differ from torch's; "
                f"first at {bad[0]}: ours {got.flat[bad[0]]}, torch {want.flat[bad[0]]}"
            )

    def transport() -> None:
        found = type(comm.transport).__name__
        assert isinstance(comm.transport, NcclTransport), (
            f"TILERT_DISTRIBUTED_TRANSPORT=nccl gave a {found}, not the NcclTransport"
        )
        lib = comm.transport.lib
        version = ".".join(map(str, torch.cuda.nccl.version()))
        print(f"rank {rank}: NCCL {lib.version} from {lib.path}; torch's NCCL {version}")

    def against_torch() -> None:
        ops = {"sum": td.ReduceOp.SUM, "max": td.ReduceOp.MAX, "min": td.ReduceOp.MIN}
        ops |= {"prod": td.ReduceOp.PRODUCT, "avg": td.ReduceOp.AVG}
        for dt in (tr.f32, tr.bf16, tr.f16, tr.i32):
            for n in (1, 4096, (1 << 20) + 3):  # past NCCL's small-message protocols
                for op in ("sum", "max", "min", "prod", "avg"):
                    if op == "avg" and dt is tr.i32:
                        continue  # (an integer average: not compared here)
                    x, xt = both(n, dt)
                    dist.all_reduce(x, op).sync()
                    td.all_reduce(xt, op=ops[op])
                    same(x, xt, f"all_reduce({op}) of {n} {dt}")
        for dt in (tr.f32, tr.bf16, tr.i64):
            for n in (8, 65536):
                x, xt = both(n, dt)
                out = tr.zeros((size * n,), dtype=dt)
                outt = torch.zeros(size * n, device=device, dtype=torch_dtypes[dt])
                dist.all_gather(out, x).sync()
                td.all_gather_into_tensor(outt, xt)
                same(out, outt, f"all_gather of {n} {dt}")
                part = tr.zeros((n // size,), dtype=dt)
                partt = torch.zeros(n // size, device=device, dtype=torch_dtypes[dt])
                dist.reduce_scatter(part, x, "max").sync()
                td.reduce_scatter_tensor(partt, xt, op=td.ReduceOp.MAX)
                same(part, partt, f"reduce_scatter(max) of {n} {dt}")
                for src in range(size):
                    x, xt = both(n, dt)
                    dist.broadcast(x, src).sync()
                    td.broadcast(xt, src=src)
                    same(x, xt, f"broadcast(src={src}) of {n} {dt}")
        got, mine = tr.zeros((777,)), tr.from_numpy(values(777))
        theirs = torch.zeros(777, device=device)
        mine_t = torch.from_numpy(values(777)).to(device)
        if rank == 0:
            dist.send(mine, 1).sync()
            dist.recv(got, 1).sync()
            td.send(mine_t, 1)
            td.recv(theirs, 1)
        else:
            dist.recv(got, 0).sync()
            dist.send(mine, 0).sync()
            td.recv(theirs, 0)
            td.send(mine_t, 0)
        same(got, theirs, "send/recv of 777 f32")

    def dtypes() -> None:
        """What NCCL has no type for moves as bytes; booleans reduce as bytes."""
        ints = tr.from_numpy(values(1001, np.int16))
        dist.broadcast(ints, 1).sync()
        np.testing.assert_array_equal(ints.to_numpy(), values(1001, np.int16, r=1))
        gathered = tr.zeros((size * 9,), dtype=tr.u16)
        dist.all_gather(gathered, tr.from_numpy(values(9, np.uint16))).sync()
        want = np.concatenate([values(9, np.uint16, r=r) for r in range(size)])
        np.testing.assert_array_equal(gathered.to_numpy(), want)
        flags = tr.from_numpy(np.arange(64) % (rank + 2) == 0)
        dist.all_reduce(flags, "sum").sync()  # an "or"
        want_any = np.any([np.arange(64) % (r + 2) == 0 for r in range(size)], axis=0)
        np.testing.assert_array_equal(flags.to_numpy(), want_any)
        try:
            dist.all_reduce(tr.zeros((4,), dtype=tr.i16)).sync()
        except TypeError as error:
            assert "NCCL cannot reduce i16" in str(error), error
        else:
            raise AssertionError("an i16 all-reduce was not refused")

    def chain() -> None:
        x = tr.ones((1 << 18,))
        k = 20
        op = reduce(lambda op, _: op.then(dist.all_reduce), range(k - 1), dist.all_reduce(x))
        op.sync()
        np.testing.assert_array_equal(x.to_numpy(), np.full(1 << 18, float(size) ** k))

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
        gathered = tr.zeros((size << 20,))
        with tr.graph() as g:
            g.record(scale(x.partition((1024,)), 2.0))
            g.record(dist.all_reduce(x))
            g.record(dist.all_gather(gathered, x))
        for _ in range(3):
            g.launch().wait()
        g.close()
        # each replay doubles every rank's x and sums them: 2s, then 2*2*2s, then 2*2*8s
        total = sum(values(1 << 20, r=r) for r in range(size)) * 2 * (2 * size) ** 2
        np.testing.assert_array_equal(x.to_numpy(), total)
        np.testing.assert_array_equal(gathered.to_numpy(), np.tile(total, size))

    def borrow() -> None:
        x = tr.from_numpy(values(1 << 24), name="x")
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
        np.testing.assert_array_equal(x.to_numpy(), sum(values(1 << 24, r=r) for r in range(size)))

    def torch_transport() -> None:
        """The process group's transport over the same group: the same results."""
        other = Communicator(TorchTransport.over(torch, td, True, comm.local_rank))
        for c in (comm, other):
            x = tr.from_numpy(values(4099))
            c.all_reduce(x, "max").sync()
            np.testing.assert_array_equal(
                x.to_numpy(), np.max([values(4099, r=r) for r in range(size)], axis=0)
            )

    def symm() -> None:
        """A second NCCL transport (its own communicator), small sums through symmetric memory."""
        t = NcclTransport.over(torch, td, comm.local_rank, SmallAllReduce("symm"))
        assert t.small is not None, "symmetric memory is unavailable here (the log says why)"
        sc = Communicator(t, comm.local_rank)
        try:
            for dt, n in [(tr.bf16, 4096), (tr.f32, 1 << 18), (tr.bf16, 7), (tr.f16, 4096)]:
                x, xt = both(n, dt)
                for _ in range(2):
                    sc.all_reduce(x).sync()
                    td.all_reduce(xt)
                same(x, xt, f"all_reduce of {n} {dt} (symm beside NCCL)")
        finally:
            t.close()

    def graph_first_use() -> None:
        """A new communicator whose first collectives are captured (NCCL connects its peers
        while the graph captures)."""
        t = NcclTransport.over(torch, td, comm.local_rank)
        fresh = Communicator(t, comm.local_rank)
        try:
            x = tr.from_numpy(values(4096))
            with tr.graph() as g:
                g.record(fresh.all_reduce(x))
            g.launch().wait()
            g.close()
            want = sum(values(4096, r=r) for r in range(size))
            np.testing.assert_array_equal(x.to_numpy(), want)
        finally:
            t.close()

    def windowed(n: int, dt: Any) -> tuple[Any, Any]:
        """A tensor in an NCCL window and torch's, the same values."""
        t = comm.transport
        why = t.lib.windows_missing if isinstance(t, NcclTransport) else type(t).__name__
        assert isinstance(t, NcclTransport) and t.windows is not None, (
            f"rank {rank}: no NCCL windows: {why} (windows need NCCL 2.27+: "
            "TILERT_NCCL_LIBRARY can point at a newer libnccl.so.2)"
        )
        x = comm.zeros((n,), dt)
        array = values(n, dt.np_dtype)
        x.copy_from(array)
        theirs = torch.from_numpy(array.astype(np.float64)).to(device).to(torch_dtypes[dt])
        return x, theirs

    def windows() -> None:
        """Sums and gathers of window tensors equal torch's (a decode step's 8 KiB bf16, the
        split head's gathers, sizes past the symmetric kernels' small-message range)."""
        for dt, n in [(tr.bf16, 4096), (tr.f32, 4096), (tr.bf16, 75968), (tr.f32, 1 << 20)]:
            x, xt = windowed(n, dt)
            dist.all_reduce(x).sync()
            td.all_reduce(xt)
            same(x, xt, f"window all_reduce of {n} {dt} (ptr {x._device_pointer():#x})")
            out, _ = windowed(size * n, dt)
            outt = torch.zeros(size * n, device=device, dtype=torch_dtypes[dt])
            dist.all_gather(out, x).sync()
            td.all_gather_into_tensor(outt, xt)
            same(out, outt, f"window all_gather of {n} {dt} into a window")
            plain = tr.zeros((size * n,), dtype=dt)
            dist.all_gather(plain, x).sync()  # (a window's input, an ordinary output)
            same(plain, outt, f"window all_gather of {n} {dt} into an ordinary tensor")

    def windows_graph() -> None:
        """A step-like graph: a kernel, an all-reduce and an all-gather of window tensors,
        replayed three times (each replay doubles every rank's x and sums them)."""
        n = 4096
        x, _ = windowed(n, tr.f32)
        gathered, _ = windowed(size * n, tr.f32)
        with tr.graph() as g:
            g.record(scale(x.partition((1024,)), 2.0))
            g.record(dist.all_reduce(x))
            g.record(dist.all_gather(gathered, x))
        for _ in range(3):
            g.launch().wait()
        g.close()
        total = sum(values(n, r=r) for r in range(size)) * 2 * (2 * size) ** 2
        got = x.to_numpy()
        if not np.array_equal(got, total):
            bad = np.flatnonzero(got != total)
            raise AssertionError(
                f"rank {rank}: window all_reduce replayed from a graph: {bad.size} of {n} wrong, "
                f"first at {bad[0]}: {got[bad[0]]} against {total[bad[0]]} (3 replays of "
                "scale x2 then sum: a wrong count of replays gives a power of 4 off)"
            )
        np.testing.assert_array_equal(gathered.to_numpy(), np.tile(total, size))

    def windows_borrow() -> None:
        """A window tensor is borrowed as any: reading it during its all-reduce is refused;
        making one inside a capture is refused before NCCL is called."""
        x, _ = windowed(1 << 24, tr.f32)
        pending = dist.all_reduce(x).submit()
        try:
            x.to_numpy()
        except tr.BorrowError as error:
            assert "written by op `all_reduce`" in str(error), error
        else:
            raise AssertionError("reading a window tensor during its all_reduce was not refused")
        pending.wait()
        want = sum(values(1 << 24, r=r) for r in range(size))
        np.testing.assert_array_equal(x.to_numpy(), want)
        with tr.graph() as g:
            try:
                comm.empty(16)
            except RuntimeError as error:
                assert "while capturing" in str(error), error
            else:
                raise AssertionError("comm.empty inside a capture was not refused")
        g.close()

    cases_by_name = {
        "transport": transport,
        "against_torch": against_torch,
        "dtypes": dtypes,
        "chain": chain,
        "stream_order": stream_order,
        "graph": graph,
        "borrow": borrow,
        "torch_transport": torch_transport,
        "symm": symm,
        "graph_first_use": graph_first_use,
        "windows": windows,
        "windows_graph": windows_graph,
        "windows_borrow": windows_borrow,
    }
    for name in cases:
        cases_by_name[name]()
        torch.cuda.synchronize()
        print(f"rank {rank}: ok {name}", flush=True)
    dist.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(_worker(sys.argv[1:]))
