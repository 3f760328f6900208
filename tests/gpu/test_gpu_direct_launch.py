"""Direct launches (tilert/cutile/direct.py): the C launch path calls the driver itself for a
compiled signature whose views cuTile verified, and ct.launch for everything else. Each case
checks the result against numpy and whether the launches went direct. Skipped (by conftest)
without a GPU; needs the C launch path."""

from __future__ import annotations

import numpy as np
import pytest

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, _accel, f16, f32

pytestmark = [pytest.mark.gpu, pytest.mark.usefixtures("cutile")]


def direct_launches() -> int:
    from tilert import _fast

    return int(_fast.direct_launches())


@pytest.fixture(autouse=True)
def _c_path() -> None:
    if not _accel.active():
        pytest.skip("the C launch path is off (TILERT_PURE_PYTHON or no compiler)")


@tr.kernel
def axpy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]], a: float) -> None:
    z.store(tl.load_tile_like(x, z) * a + tl.load_tile_like(y, z))


@tr.kernel
def shift(z: Mutable[Tensor[f16]], x: Shared[Tensor[f16]], k: int) -> None:
    z.store(tl.astype(tl.astype(tl.load_tile_like(x, z), tl.f32) + k, tl.f16))


def test_a_sync_loop_launches_directly_with_the_same_results() -> None:
    x = tr.from_numpy(np.arange(4096, dtype=np.float32))
    y = tr.ones((4096,), dtype=f32)
    z = tr.zeros((4096,), dtype=f32)
    axpy(z.partition((256,)), x, y, 2.0).sync()  # compiles (the Python path)
    before = direct_launches()
    for i in range(20):
        axpy(z.partition((256,)), x, y, float(i)).sync()
        np.testing.assert_array_equal(z.to_numpy(), np.arange(4096) * float(i) + 1)
    assert direct_launches() - before == 20


def test_submitted_launches_on_many_outputs_go_direct() -> None:
    x = tr.from_numpy(np.linspace(-1, 1, 1024).astype(np.float16))
    outs = [tr.zeros((1024,), dtype=f16) for _ in range(30)]
    # a tensor's first launch is the Python's (it makes the tensor's launch view), so twice
    for _ in range(2):
        before = direct_launches()
        pending = [shift(o.partition((128,)), x, i).submit() for i, o in enumerate(outs)]
        for p in pending:
            p.wait()
    assert direct_launches() - before == 30
    for i, o in enumerate(outs):
        want = np.linspace(-1, 1, 1024).astype(np.float16).astype(np.float32) + i
        np.testing.assert_array_equal(o.to_numpy(), want.astype(np.float16))


def test_arguments_the_signature_does_not_cover_go_through_ct_launch() -> None:
    # compiled for shapes divisible by 16; a tensor of 1000 is another signature for cuTile
    x = tr.from_numpy(np.arange(1024, dtype=np.float32))
    y = tr.ones((1024,), dtype=f32)
    z = tr.zeros((1024,), dtype=f32)
    axpy(z.partition((256,)), x, y, 1.0).sync()
    x2 = tr.from_numpy(np.arange(1000, dtype=np.float32))
    y2 = tr.ones((1000,), dtype=f32)
    z2 = tr.zeros((1000,), dtype=f32)
    before = direct_launches()
    for _ in range(3):
        axpy(z2.partition((256,)), x2, y2, 3.0).sync()
    np.testing.assert_array_equal(z2.to_numpy(), np.arange(1000) * 3.0 + 1)
    # the same tensor twice (aliased arguments): ct.launch compiles for that
    axpy(z.partition((256,)), x, x, 1.0).sync()
    np.testing.assert_array_equal(z.to_numpy(), np.arange(1024) * 2.0)
    # an int where the signature has a float: ct.launch
    axpy(z.partition((256,)), x, y, 2).sync()
    np.testing.assert_array_equal(z.to_numpy(), np.arange(1024) * 2.0 + 1)
    # another tile shape (a constant of the signature): ct.launch
    axpy(z.partition((128,)), x, y, 1.0).sync()
    np.testing.assert_array_equal(z.to_numpy(), np.arange(1024) + 1.0)
    assert direct_launches() == before
    # and the first signature's arguments still launch directly
    axpy(z.partition((256,)), x, y, 4.0).sync()
    np.testing.assert_array_equal(z.to_numpy(), np.arange(1024) * 4.0 + 1)
    assert direct_launches() == before + 1
