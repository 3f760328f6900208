"""A submitted chain's host half runs at the submit on the CPU as on a GPU (``_core/host_half``):
its ``.then`` callbacks make their ops and take their borrows then, so a host read of what a
callback's op writes, before the chain is waited for, is refused at the read on both backends
(it once read the old contents on the CPU); only the device work waits for the wait."""

# The refusals are committed on purpose.
# tilecheck: ignore-file[TC102]

from __future__ import annotations

import asyncio

import numpy as np
import pytest

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Op, Shared, Tensor, f32


@tr.kernel
def scale(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], a: float) -> None:
    out.store(tl.load_tile_like(x, out) * a)


def _three() -> tuple[Tensor[f32], Tensor[f32], Tensor[f32]]:
    return tr.ones((128,), dtype=f32), tr.zeros((128,), dtype=f32), tr.zeros((128,), dtype=f32)


@pytest.mark.usefixtures("interpreter")
def test_a_read_of_what_a_callback_writes_before_the_wait_is_refused_at_the_read() -> None:
    x, y, z = _three()
    chain = scale(y.partition((64,)), x, 2.0).then(lambda *_: scale(z.partition((64,)), y, 3.0))
    pending = chain.submit(tr.Stream())
    with pytest.raises(tr.BorrowError, match="exclusively borrowed"):
        z.to_numpy()
    pending.wait()
    np.testing.assert_array_equal(z.to_numpy(), np.full(128, 6.0, np.float32))


@pytest.mark.usefixtures("interpreter")
def test_the_device_work_still_waits_for_the_wait() -> None:
    x, y, z = _three()
    ran: list[str] = []

    def then(*_: object) -> Op:
        ran.append("callback")
        return scale(z.partition((64,)), y, 3.0)

    pending = scale(y.partition((64,)), x, 2.0).then(then).submit()
    assert ran == ["callback"]  # the host half ran at the submit
    assert not pending.done()  # the first poll says "not yet", as a GPU's would
    pending.wait()
    np.testing.assert_array_equal(z.to_numpy(), np.full(128, 6.0, np.float32))


@pytest.mark.usefixtures("interpreter")
def test_a_callback_that_syncs_an_op_runs_it_after_the_launches_before_it() -> None:
    x, y, z = _three()
    w = tr.zeros((128,), dtype=f32)

    def then(*_: object) -> Op:
        scale(w.partition((64,)), y, 1.0).sync()  # reads y: the first launch runs first
        return scale(z.partition((64,)), y, 3.0)

    scale(y.partition((64,)), x, 2.0).then(then).submit().wait()
    np.testing.assert_array_equal(w.to_numpy(), np.full(128, 2.0, np.float32))
    np.testing.assert_array_equal(z.to_numpy(), np.full(128, 6.0, np.float32))


@pytest.mark.usefixtures("interpreter")
def test_a_callback_error_is_raised_by_the_wait_after_the_launches_before_it() -> None:
    x, y, _ = _three()

    def then(*_: object) -> Op:
        raise ValueError("no second step")

    pending = scale(y.partition((64,)), x, 2.0).then(then).submit()
    with pytest.raises(ValueError, match="no second step"):
        pending.wait()
    np.testing.assert_array_equal(y.to_numpy(), np.full(128, 2.0, np.float32))


@pytest.mark.usefixtures("interpreter")
def test_a_zip_of_chains_and_an_awaited_chain_run_their_callbacks_at_the_submit() -> None:
    x, y, z = _three()
    u, v = tr.zeros((128,), dtype=f32), tr.zeros((128,), dtype=f32)
    first = scale(y.partition((64,)), x, 2.0).then(lambda *_: scale(z.partition((64,)), y, 3.0))
    second = scale(u.partition((64,)), x, 4.0).then(lambda *_: scale(v.partition((64,)), u, 0.5))
    pending = tr.zip(first, second).submit()
    for t in (z, v):
        with pytest.raises(tr.BorrowError):
            t.to_numpy()
    pending.wait()
    np.testing.assert_array_equal(v.to_numpy(), np.full(128, 2.0, np.float32))

    async def main() -> float:
        await scale(y.partition((64,)), x, 1.0).then(lambda *_: scale(z.partition((64,)), y, 5.0))
        return float(z.to_numpy()[0])

    assert asyncio.run(main()) == 5.0
