"""Run-time ownership: every BorrowError case of the rules, with its message."""

# These tests commit each violation on purpose to see the runtime refuse it.
# tilecheck: ignore-file[TC101, TC102, TC103, TC104, TC105, TC106, TC109, TC110, TC111]

from __future__ import annotations

import gc

import numpy as np
import pytest

import tilert as tr
from tests.support.kernels import add, copy, fill2, scale

HERE = r"\S*test_borrow\.py:"


def vec(n: int = 256, value: float = 1.0, name: str | None = None) -> tr.Tensor[tr.f32]:
    return tr.full((n,), value, dtype=tr.f32, name=name)


def test_sync_runs_and_releases() -> None:
    x, y, z = vec(), vec(value=2.0), tr.zeros((256,), name="z")
    out = add(z.partition((64,)), x, y).sync()
    assert isinstance(out[0], tr.Partition) and out[1] is x
    np.testing.assert_array_equal(z.to_numpy(), np.full(256, 3.0, np.float32))
    z.partition((64,))  # free again


def test_host_read_of_partitioned_tensor() -> None:
    z = tr.zeros((256,), name="z")
    p = z.partition((64,))
    with pytest.raises(tr.BorrowError, match=rf"cannot read tensor `z`.*partitioned.*{HERE}\d+"):
        z.to_numpy()
    assert z.shape == (256,) and z.dtype is tr.f32  # metadata stays readable
    scale(p, 2.0).sync()
    z.to_numpy()


def test_host_read_while_op_writes() -> None:
    z = tr.zeros((256,), name="z")
    op = scale(z.partition((64,)), 2.0)
    with pytest.raises(tr.BorrowError, match=rf"written by op `scale`.*{HERE}\d+"):
        z.to_numpy()
    op.sync()


def test_host_read_while_op_reads_is_fine() -> None:
    x, z = vec(), tr.zeros((256,))
    pending = copy(z.partition((64,)), x).submit()
    x.to_numpy()
    pending.wait()


def test_partition_of_shared_tensor() -> None:
    x, z = vec(name="x"), tr.zeros((256,))
    op = copy(z.partition((64,)), x)
    with pytest.raises(tr.BorrowError, match=r"tensor `x`.*read by op `copy`"):
        x.partition((64,))
    op.sync()
    x.partition((64,))


def test_partition_of_exclusive_tensor() -> None:
    z = tr.zeros((256,), name="z")
    p = z.partition((64,))
    with pytest.raises(tr.BorrowError, match=r"tensor `z`.*partitioned"):
        z.partition((64,))
    del p


def test_copy_into_shared_and_exclusive() -> None:
    x, z = vec(name="x"), tr.zeros((256,), name="z")
    p = copy(z.partition((64,)), x).submit()
    with pytest.raises(tr.BorrowError, match=r"cannot copy into tensor `x`"):
        x.copy_from(np.zeros(256, np.float32))
    with pytest.raises(tr.BorrowError, match=r"cannot copy into tensor `z`"):
        z.copy_from(np.zeros(256, np.float32))
    p.wait()
    z.copy_from(x)
    np.testing.assert_array_equal(z.to_numpy(), x.to_numpy())


def test_same_tensor_mutable_and_shared_in_one_launch() -> None:
    z = tr.zeros((256,), name="z")
    with pytest.raises(tr.BorrowError, match=r"tensor `z`.*Mutable `z` and again as `x`"):
        copy(z.partition((64,)), z)


def test_same_tensor_twice_mutable() -> None:
    z = tr.zeros((256,), name="z")
    p = z.partition((64,))
    with pytest.raises(tr.BorrowError, match=r"Mutable `a` and again as `b`"):
        fill2(p, p, 1.0)


def test_plain_tensor_to_mutable_parameter() -> None:
    z = tr.zeros((256,), name="z")
    with pytest.raises(tr.BorrowError, match=r"parameter `z` of kernel `scale` is Mutable"):
        scale(z, 2.0)  # type: ignore[arg-type]


def test_partition_to_shared_parameter() -> None:
    x, z = vec(name="x"), tr.zeros((256,))
    with pytest.raises(tr.BorrowError, match=r"parameter `x` of kernel `copy` is Shared"):
        copy(z.partition((64,)), x.partition((64,)))  # type: ignore[arg-type]


def test_reused_partition_is_consumed() -> None:
    z = tr.zeros((256,), name="z")
    p = z.partition((64,))
    scale(p, 2.0).sync()
    with pytest.raises(tr.BorrowError, match=rf"already consumed by the launch at {HERE}\d+"):
        scale(p, 2.0)


def test_failed_launch_takes_no_borrow() -> None:
    x, y, z = vec(name="x"), vec(name="y"), tr.zeros((256,), name="z")
    xp = x.partition((64,))
    zp = z.partition((64,))
    with pytest.raises(tr.BorrowError, match=r"op `add`.*cannot read tensor `x`"):
        add(zp, y, x)
    assert zp.consumed_at is None  # not consumed: it can still be launched
    y.partition((64,))  # the refused op took no borrow of y
    del xp


def test_dropped_partition_releases() -> None:
    z = tr.zeros((256,), name="z")
    z.partition((64,))
    gc.collect()
    z.partition((64,))


def test_dtype_mismatch_names_parameter() -> None:
    z = tr.zeros((256,), dtype=tr.f16)
    with pytest.raises(TypeError, match=r"`z` of kernel `scale` expects f32"):
        scale(z.partition((64,)), 2.0)


def test_mismatched_grids_are_refused() -> None:
    a, b = tr.zeros((256,)), tr.zeros((128,))
    with pytest.raises(ValueError, match=r"different grids"):
        fill2(a.partition((64,)), b.partition((64,)), 1.0)


def test_dropped_op_releases_and_warns() -> None:
    z = tr.zeros((256,), name="z")
    with pytest.warns(tr.UnrunOpWarning, match=r"op `scale` created at .*never run"):
        scale(z.partition((64,)), 2.0)
        gc.collect()
    z.partition((64,))  # released


def test_submit_holds_until_wait_and_done_does_not_release() -> None:
    z = tr.zeros((256,), name="z")
    pending = scale(z.partition((64,)), 2.0).submit()
    pending.done()
    with pytest.raises(tr.BorrowError):
        z.to_numpy()
    pending.wait()
    assert pending.done()
    z.to_numpy()


def test_op_runs_once() -> None:
    z = tr.zeros((256,))
    op = scale(z.partition((64,)), 2.0)
    op.sync()
    with pytest.raises(RuntimeError, match=r"cannot sync .* already ran \(synced at"):
        op.sync()


async def test_await_releases() -> None:
    x, y, z = vec(), vec(), tr.zeros((256,))
    await add(z.partition((64,)), x, y)
    np.testing.assert_array_equal(z.to_numpy(), np.full(256, 2.0, np.float32))


def test_then_chain_passes_partition_on() -> None:
    x, y, z = vec(), vec(value=2.0), tr.zeros((256,), name="z")
    op = add(z.partition((64,)), x, y).then(lambda zp, x_, y_: scale(zp, 10.0))
    with pytest.raises(tr.BorrowError):
        z.to_numpy()
    op.sync()
    np.testing.assert_array_equal(z.to_numpy(), np.full(256, 30.0, np.float32))


def test_then_chain_may_read_what_it_wrote() -> None:
    x, y, z, w = vec(), vec(), tr.zeros((256,)), tr.zeros((256,))
    op = add(z.partition((64,)), x, y).then(lambda zp, *_: copy(w.partition((64,)), zp.tensor))
    op.sync()
    np.testing.assert_array_equal(w.to_numpy(), np.full(256, 2.0, np.float32))


def test_zip_runs_both_in_order() -> None:
    a, b = tr.zeros((256,)), tr.zeros((256,))
    out_a, out_b = tr.zip(scale(a.partition((64,)), 1.0), copy(b.partition((64,)), vec())).sync()
    assert isinstance(out_a[0], tr.Partition) and isinstance(out_b[1], tr.Tensor)
    np.testing.assert_array_equal(b.to_numpy(), np.ones(256, np.float32))


def test_graph_replay_holds_until_close() -> None:
    x, z = vec(), tr.zeros((256,), name="z")
    with tr.graph() as g:
        g.record(copy(z.partition((64,)), x))
        g.record(scale(z.partition((64,)), 2.0))
    assert len(g) == 2
    with pytest.raises(tr.BorrowError):
        z.to_numpy()
    g.launch().wait()
    g.launch().wait()
    with pytest.raises(tr.BorrowError):  # still held between launches
        z.to_numpy()
    g.close()
    np.testing.assert_array_equal(z.to_numpy(), np.full(256, 2.0, np.float32))
    with pytest.raises(RuntimeError, match="closed"):
        g.launch()


def test_graph_capture_refuses_allocation_and_sync() -> None:
    z = tr.zeros((256,))
    with tr.graph() as g:
        with pytest.raises(RuntimeError, match="cannot allocate a tensor while capturing"):
            tr.zeros((4,))
        op = scale(z.partition((64,)), 2.0)
        with pytest.raises(RuntimeError, match="while capturing a graph"):
            op.sync()
        g.record(op)
    g.close()


def test_streams_are_ordered_queues(interpreter: None) -> None:
    # on the CPU a submitted op runs when waited for (on the GPU it is launched at once)
    s = tr.Stream()
    z = tr.zeros((256,))
    p1 = scale(z.partition((64,)), 2.0).submit(s)
    assert not p1.done()
    p1.wait()
    with s:
        assert tr.current_stream() is s
    assert tr.current_stream() is not s
