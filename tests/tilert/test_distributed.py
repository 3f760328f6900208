"""tilert.distributed on the in-process stand-in: each collective's results against numpy with
2 and 4 ranks (one thread each, as each would be a process), and the borrow rules of a launch:
what a collective writes is exclusively borrowed until its op completes, what it reads is
shared; chains and graphs run collectives as they run kernels."""

# These tests commit violations on purpose to see the runtime refuse them.
# tilecheck: ignore-file[TC102, TC103, TC105]

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import tilert as tr
import tilert.distributed as dist
from tests.support.kernels import copy, scale
from tilert.distributed import Communicator
from tilert.distributed.testing import run_ranks

HERE = r"\S*test_distributed\.py:\d+"
WORLDS = [2, 4]


def rank_data(rank: int, n: int = 16, dtype: Any = np.float32) -> np.ndarray[Any, Any]:
    """Each rank's own values: distinct per rank, exact in every dtype used here."""
    return (np.arange(n) % 7 + 1 + 3 * rank).astype(dtype)


@pytest.mark.parametrize("size", WORLDS)
@pytest.mark.parametrize(
    ("op", "reduce"),
    [("sum", np.sum), ("prod", np.prod), ("max", np.max), ("min", np.min), ("avg", np.mean)],
)
def test_all_reduce_equals_numpy(size: int, op: str, reduce: Any) -> None:
    def rank(comm: Communicator) -> np.ndarray[Any, Any]:
        x = tr.from_numpy(rank_data(comm.rank))
        (out,) = dist.all_reduce(x, op).sync()
        assert out is x
        return x.to_numpy()

    expected = reduce(np.stack([rank_data(r) for r in range(size)]), axis=0).astype(np.float32)
    for got in run_ranks(size, rank):
        np.testing.assert_allclose(got, expected, rtol=1e-6)


@pytest.mark.parametrize("size", WORLDS)
@pytest.mark.parametrize("dtype", [tr.f16, tr.bf16, tr.i32, tr.f64])
def test_all_reduce_keeps_the_dtype(size: int, dtype: Any) -> None:
    def rank(comm: Communicator) -> np.ndarray[Any, Any]:
        x = tr.from_numpy(rank_data(comm.rank, dtype=dtype.np_dtype))
        dist.all_reduce(x).sync()
        assert x.dtype is dtype
        return x.to_numpy().astype(np.float64)

    expected = sum(rank_data(r, dtype=np.float64) for r in range(size))
    for got in run_ranks(size, rank):
        np.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize("size", WORLDS)
def test_all_gather_reduce_scatter_and_broadcast_equal_numpy(size: int) -> None:
    def rank(comm: Communicator) -> tuple[np.ndarray[Any, Any], ...]:
        x = tr.from_numpy(rank_data(comm.rank))
        gathered = tr.zeros((size, 16))  # any shape of size x 16 elements
        dist.all_gather(gathered, x).sync()
        part = tr.zeros((16 // size,))
        dist.reduce_scatter(part, x).sync()
        root = tr.from_numpy(rank_data(comm.rank, n=5))
        dist.broadcast(root, size - 1).sync()
        return gathered.to_numpy(), part.to_numpy(), root.to_numpy()

    everyone = np.stack([rank_data(r) for r in range(size)])
    for r, (gathered, part, root) in enumerate(run_ranks(size, rank)):
        np.testing.assert_array_equal(gathered, everyone)
        np.testing.assert_array_equal(part, everyone.sum(0)[r * 16 // size : (r + 1) * 16 // size])
        np.testing.assert_array_equal(root, rank_data(size - 1, n=5))


@pytest.mark.parametrize("size", WORLDS)
def test_send_and_recv_around_a_ring(size: int) -> None:
    def rank(comm: Communicator) -> np.ndarray[Any, Any]:
        mine, got = tr.from_numpy(rank_data(comm.rank)), tr.zeros((16,))
        right, left = (comm.rank + 1) % size, (comm.rank - 1) % size
        if comm.rank % 2 == 0:  # even ranks send first, odd ones receive first: no cycle
            dist.send(mine, right).sync()
            dist.recv(got, left).sync()
        else:
            dist.recv(got, left).sync()
            dist.send(mine, right).sync()
        return got.to_numpy()

    for r, got in enumerate(run_ranks(size, rank)):
        np.testing.assert_array_equal(got, rank_data((r - 1) % size))


def test_a_world_of_one_needs_no_launcher() -> None:
    comm = dist.init({})
    try:
        assert (comm.rank, comm.size, dist.rank(), dist.world_size()) == (0, 1, 0, 1)
        x = tr.from_numpy(rank_data(0))
        dist.all_reduce(x).sync()
        np.testing.assert_array_equal(x.to_numpy(), rank_data(0))
        with pytest.raises(RuntimeError, match=r"init\(\) was called already"):
            dist.init({})
    finally:
        dist.shutdown()
    assert not dist.is_initialized()
    with pytest.raises(RuntimeError, match=r"call tr.distributed.init\(\) first"):
        dist.all_reduce(tr.zeros((4,)))


# -- ownership ---------------------------------------------------------------------------------
def test_host_read_during_an_in_flight_all_reduce_names_the_collective_and_line() -> None:
    def rank(comm: Communicator) -> None:
        x = tr.from_numpy(rank_data(comm.rank), name="x")
        pending = dist.all_reduce(x).submit()
        with pytest.raises(
            tr.BorrowError,
            match=rf"cannot read tensor `x`.*written by op `all_reduce`\) at {HERE}",
        ):
            x.to_numpy()
        with pytest.raises(tr.BorrowError, match=r"cannot copy into tensor `x`"):
            x.copy_from(np.zeros(16, np.float32))
        with pytest.raises(tr.BorrowError, match=r"cannot write tensor `x`"):
            scale(x.partition((16,)), 2.0)
        pending.wait()
        x.to_numpy()  # free again

    run_ranks(2, rank)


def test_an_unrun_collective_holds_its_borrows_from_creation() -> None:
    def rank(comm: Communicator) -> None:
        x = tr.from_numpy(rank_data(comm.rank), name="x")
        op = dist.all_reduce(x)
        with pytest.raises(
            tr.BorrowError,
            match=rf"op `broadcast` \(launched at {HERE}\) cannot write tensor `x`.*"
            rf"written by op `all_reduce`\) at {HERE}",
        ):
            dist.broadcast(x, 0)
        with pytest.raises(tr.BorrowError, match=r"cannot read tensor `x`"):
            x.to_numpy()
        op.sync()
        dist.broadcast(x, 0).sync()

    run_ranks(2, rank)


def test_what_a_collective_only_reads_is_shared() -> None:
    def rank(comm: Communicator) -> np.ndarray[Any, Any]:
        x = tr.from_numpy(rank_data(comm.rank), name="x")
        out = tr.zeros((32,))
        pending = dist.all_gather(out, x).submit()
        seen = x.to_numpy()  # a reader beside a reader
        with pytest.raises(tr.BorrowError, match=r"read by op `all_gather`"):
            x.copy_from(np.zeros(16, np.float32))
        with pytest.raises(tr.BorrowError, match=r"cannot read tensor f32\[32\]"):
            out.to_numpy()
        pending.wait()
        return seen

    run_ranks(2, rank)


def test_a_collective_reads_what_a_submitted_launch_writes_after_it() -> None:
    def rank(comm: Communicator) -> np.ndarray[Any, Any]:
        src, x = tr.from_numpy(rank_data(comm.rank)), tr.zeros((16,))
        written = copy(x.partition((8,)), src).submit()
        out = tr.zeros((32,))
        dist.all_gather(out, x).sync()  # runs after the copy, in stream order
        written.wait()
        return out.to_numpy()

    for got in run_ranks(2, rank):
        np.testing.assert_array_equal(got, np.concatenate([rank_data(0), rank_data(1)]))


def test_chained_collectives_hand_the_tensor_on() -> None:
    def rank(comm: Communicator) -> np.ndarray[Any, Any]:
        x = tr.from_numpy(rank_data(comm.rank))
        chain = dist.all_reduce(x).then(lambda t: scale(t.partition((16,)), 0.5))
        chain = chain.then(lambda part, _a: dist.all_reduce(part.tensor))
        chain.sync()
        return x.to_numpy()

    expected = (rank_data(0) + rank_data(1)) * 0.5 * 2
    for got in run_ranks(2, rank):
        np.testing.assert_array_equal(got, expected)


def test_a_graph_records_collectives_and_replays_them() -> None:
    def rank(comm: Communicator) -> np.ndarray[Any, Any]:
        x = tr.from_numpy(rank_data(comm.rank))
        with tr.graph() as g:
            g.record(scale(x.partition((16,)), 2.0))
            g.record(dist.all_reduce(x))
        with pytest.raises(tr.BorrowError, match="close it first"):
            x.to_numpy()
        for _ in range(2):
            g.launch().wait()
        g.close()
        return x.to_numpy()

    # each replay doubles every rank's x, then sums the two ranks'
    expected = (((rank_data(0) + rank_data(1)) * 2) * 2 * 2).astype(np.float32)
    for got in run_ranks(2, rank):
        np.testing.assert_array_equal(got, expected)


def test_a_dropped_collective_releases_its_borrows() -> None:
    def rank(comm: Communicator) -> None:
        x = tr.zeros((16,))
        dist.all_reduce(x)  # dropped unrun: it warns, and x is free again
        x.to_numpy()

    with pytest.warns(tr.UnrunOpWarning):  # (warnings' filters are the process's, not a thread's)
        run_ranks(2, rank)


# -- argument errors, before any borrow ---------------------------------------------------------
@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda x, o: dist.all_reduce(x.to_numpy()), TypeError, "must be a tilert Tensor"),
        (lambda x, o: dist.all_reduce(x.partition((8,))), TypeError, "not a partition"),
        (lambda x, o: dist.all_reduce(x[::2]), ValueError, "is not contiguous"),
        (lambda x, o: dist.all_reduce(x, "mean"), ValueError, r"op='mean'; expected one of"),
        (lambda x, o: dist.all_gather(o[:16], x), ValueError, "needs 2 x 16"),
        (lambda x, o: dist.reduce_scatter(o, x), ValueError, "needs 2 x 32"),
        (lambda x, o: dist.all_gather(o, x), tr.BorrowError, "overlaps"),
        (lambda x, o: dist.send(x, 0), ValueError, "dst=0 is this rank itself"),
        (lambda x, o: dist.recv(x, 2), ValueError, "src=2 is not a rank of a world of 2"),
        (lambda x, o: dist.broadcast(x, "0"), TypeError, "src must be a rank"),  # type: ignore[arg-type]
    ],
)
def test_argument_errors(call: Any, error: type[Exception], message: str) -> None:
    def rank(comm: Communicator) -> None:
        if comm.rank == 0:
            base = tr.zeros((32,))
            x = base[:16] if error is tr.BorrowError else tr.zeros((16,))
            o = base if error is tr.BorrowError else tr.zeros((32,))
            with pytest.raises(error, match=message):
                call(x, o)
            x.to_numpy()  # nothing was borrowed

    run_ranks(2, rank)


# -- what only the ranks together see -----------------------------------------------------------
def test_ranks_issuing_different_collectives_fail_naming_both() -> None:
    def rank(comm: Communicator) -> None:
        x = tr.zeros((4,))
        (dist.all_reduce(x) if comm.rank == 0 else dist.all_reduce(x, "max")).sync()

    with pytest.raises(RuntimeError, match=r"collective #0 differs between ranks: rank \d issued"):
        run_ranks(2, rank)


def test_two_ranks_sending_first_is_a_deadlock_not_a_hang() -> None:
    def rank(comm: Communicator) -> None:
        x = tr.zeros((4,))
        dist.send(x, 1 - comm.rank).sync()
        dist.recv(x, 1 - comm.rank).sync()

    with pytest.raises(RuntimeError, match=r"deadlock: rank 0 waits in send\(dst=1\)"):
        run_ranks(2, rank)


def test_a_rank_that_fails_fails_the_world() -> None:
    def rank(comm: Communicator) -> None:
        if comm.rank == 1:
            raise KeyError("rank 1's own bug")
        dist.all_reduce(tr.zeros((4,))).sync()  # waits for rank 1, which will never come

    with pytest.raises(KeyError, match="rank 1's own bug"):
        run_ranks(2, rank)
