"""The interpreter behind the public API: @tr.kernel launches, .sync(), errors and races."""

from __future__ import annotations

import re

import numpy as np
import pytest

import tilert as tr
import tilert.lang as tl
from tests.support import lines_in
from tilert import Mutable, Shared, Tensor, f16, f32, i32

pytestmark = pytest.mark.usefixtures("interpreter")  # the interpreter, even on a GPU machine


line_of = lines_in(__file__)


@tr.kernel
def axpy(y: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], a: float) -> None:
    y.store(a * tl.load_tile_like(x, y) + y.load())


@tr.kernel
def row_softmax(out: Mutable[Tensor[f32]], x: Shared[Tensor[f16]]) -> None:
    row = tl.astype(tl.load_tile_like(x, out), tl.f32)
    cols = tl.expand_dims(tl.arange(out.tile_shape[1], dtype=tl.i32), 0)
    row = tl.where(cols < x.shape[1], row, float("-inf"))
    e = tl.exp(row - tl.max(row, axis=1, keepdims=True))
    out.store(e / tl.sum(e, axis=1, keepdims=True))


@tr.kernel
def wrong_tile(z: Mutable[Tensor[f32]]) -> None:
    z.store(tl.zeros((64,), tl.f32))  # marker: wrong-tile  # tilecheck: ignore[TC207]


@tr.function
def widen(t: tl.Tile[f32]) -> tl.Tile[f32]:
    return t + tl.zeros((256,), tl.f32)  # marker: helper-line


@tr.kernel
def uses_helper(z: Mutable[Tensor[f32]]) -> None:
    z.store(widen(z.load()))


@tr.kernel(unsafe=True)
def everyone_writes_tile_zero(z: Mutable[Tensor[i32]]) -> None:
    tl.unsafe.store(z, (0,), tl.full(z.tile_shape, tl.bid(0), tl.i32))


@tr.kernel
def owner_of_each_tile(z: Mutable[Tensor[i32]]) -> None:
    for idx in z.tiles():
        z.store(z.load(at=idx) + tl.full(z.tile_shape, tl.bid(0) + 1, tl.i32), at=idx)


def test_axpy_through_sync() -> None:
    xs = np.arange(1000, dtype=np.float32)
    x, y = tr.from_numpy(xs), tr.ones((1000,), dtype=f32)
    axpy(y.partition((128,)), x, 2.0).sync()
    np.testing.assert_array_equal(y.to_numpy(), 2 * xs + 1)


def test_masked_row_softmax_with_f16_input() -> None:
    xs = np.random.default_rng(0).standard_normal((16, 300)).astype(np.float16)
    out = tr.empty((16, 300), dtype=f32)
    row_softmax(out.partition((1, 512)), tr.from_numpy(xs)).sync()
    e = np.exp(xs.astype(np.float32) - xs.astype(np.float32).max(axis=1, keepdims=True))
    np.testing.assert_allclose(out.to_numpy(), e / e.sum(axis=1, keepdims=True), rtol=1e-5)


def test_wrong_tile_shape_is_a_kernel_error_at_the_store() -> None:
    z = tr.zeros((256,), dtype=f32)
    with pytest.raises(tr.KernelError) as info:
        wrong_tile(z.partition((128,))).sync()
    message = str(info.value)
    assert re.match(rf"{re.escape(__file__)}:{line_of('marker: wrong-tile')}: ", message)
    assert (
        "z.store: the tile has shape (64,) but the partition `z` has tile shape (128,)" in message
    )


def test_error_inside_a_helper_points_at_the_helper() -> None:
    z = tr.zeros((64,), dtype=f32)
    with pytest.raises(tr.KernelError) as info:
        uses_helper(z.partition((32,))).sync()
    assert f"{__file__}:{line_of('marker: helper-line')}: kernel `uses_helper`" in str(info.value)
    assert "`+`: tile shapes (32,) and (256,) do not broadcast" in str(info.value)


def test_race_in_an_unsafe_kernel_raises_race_error() -> None:
    z = tr.zeros((64,), dtype=i32)
    with pytest.raises(
        tr.RaceError, match=r"block \(0,\) and block \(1,\) both write element \(0,\)"
    ):
        everyone_writes_tile_zero(z.partition((16,))).sync()


def test_mapped_partition_through_the_api() -> None:
    z = tr.zeros((24, 40), dtype=i32)
    owner_of_each_tile(z.partition((8, 8)).mapped(blocks=4, order=tr.grouped(2))).sync()
    result = z.to_numpy()
    owners = result[::8, ::8]
    assert owners.shape == (3, 5) and set(np.unique(owners)) == {1, 2, 3, 4}
    # every tile written exactly once, by one block, over the whole tile
    np.testing.assert_array_equal(result, np.repeat(np.repeat(owners, 8, 0), 8, 1))
    assert sorted(np.bincount(owners.ravel())[1:]) == [3, 4, 4, 4]


def test_f16_scalar_weak_typing_through_the_api() -> None:
    @tr.kernel
    def halve(z: Mutable[Tensor[f16]]) -> None:
        z.store(z.load() * 0.5)

    z = tr.full((64,), 3.0, dtype=f16)
    halve(z.partition((16,))).sync()
    assert z.to_numpy().dtype == np.float16
    np.testing.assert_array_equal(z.to_numpy(), np.full(64, 1.5, np.float16))
