"""Host inputs to tensors are checked where they are given: 0-d tensors stay 0-d, shapes and
counts are ints (a clear TypeError otherwise), a fill value must fit an integer dtype (numpy would
wrap, saturate or truncate it silently), and ``copy_from`` takes a tensor or numbers."""

from __future__ import annotations

import gc
from typing import Any

import numpy as np
import pytest

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32, i32

pytestmark = pytest.mark.usefixtures("interpreter")


@tr.kernel
def add1(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + 1.0)


@tr.kernel
def owner_of_each_tile(z: Mutable[Tensor[i32]]) -> None:
    for idx in z.tiles():
        z.store(z.load(at=idx) + tl.full(z.tile_shape, tl.bid(0) + 1, tl.i32), at=idx)


def _free(t: tr.Tensor[Any]) -> None:
    """``t`` is borrowed by nothing: it can be written on the host."""
    t.copy_from(t.to_numpy())


# -- 0-d tensors ------------------------------------------------------------------------------
def test_zero_d_tensors_keep_their_shape() -> None:
    for t in (tr.zeros(()), tr.ones(()), tr.empty(()), tr.full((), 2.0)):
        assert t.shape == () and t.ndim == 0 and t.strides == () and t.size == 1
        assert t.nbytes == 4 and t.to_numpy().shape == ()
    assert tr.full((), 2.0).to_numpy() == np.float32(2.0)
    n = tr.from_numpy(np.array(5, np.int32))
    assert n.shape == () and n.dtype is i32 and n.to_numpy() == 5
    assert np.asarray(n).shape == ()


def test_zero_d_copy_from() -> None:
    z = tr.zeros(())
    z.copy_from(3.5)  # type: ignore[arg-type]
    assert z.to_numpy() == np.float32(3.5)
    z.copy_from(np.array(4, np.int64))
    assert z.to_numpy() == np.float32(4.0)
    z.copy_from(tr.full((), 6.0))
    assert z.to_numpy() == np.float32(6.0)
    with pytest.raises(ValueError, match=r"shape \(1,\) does not match \(\)"):
        z.copy_from(np.zeros(1, np.float32))
    with pytest.raises(ValueError, match=r"shape \(\) does not match \(1,\)"):
        tr.zeros(1).copy_from(np.float32(1.0))


def test_zero_d_through_dlpack() -> None:
    source = np.array(3.0, np.float32)
    t = tr.from_dlpack(source)
    assert t.shape == () and t.to_numpy() == np.float32(3.0)
    t.copy_from(7.0)  # type: ignore[arg-type]
    assert source == np.float32(7.0)  # shared, as any writable host producer
    out = np.from_dlpack(tr.from_numpy(np.array(3.0, np.float32)))
    assert out.shape == () and out == np.float32(3.0)
    exported = tr.full((), 9, dtype=i32)
    from tilert._dlpack import abi as dlpack

    for version in (None, (1, 0)):
        view = dlpack.host_array(dlpack.parse_capsule(exported.__dlpack__(max_version=version)))
        assert view.shape == () and view == 9


def test_zero_d_partition_is_refused() -> None:
    z = tr.zeros(())
    with pytest.raises(ValueError, match=r"partitions have rank 1 to 3, got rank 0"):
        z.partition(())  # tilecheck: ignore[TC107]
    with pytest.raises(ValueError, match=r"tile shape \(1,\) has rank 1 but the tensor has rank 0"):
        z.partition((1,))  # tilecheck: ignore[TC107]
    _free(z)


# -- shapes -----------------------------------------------------------------------------------
def stable_id(value: object) -> str:
    """A test id that is the same in every process (a bare object's repr has its address)."""
    return "object()" if type(value) is object else repr(value)


@pytest.mark.parametrize("shape", [4.0, None, "ab", (2, 2.0), [None], object()], ids=stable_id)
def test_a_shape_that_is_not_ints_is_a_type_error(shape: Any) -> None:
    with pytest.raises(
        TypeError, match=r"a shape is made of ints \(an int or a sequence of ints\)"
    ):
        tr.zeros(shape)
    with pytest.raises(TypeError, match=type(shape).__name__):
        tr.full(shape, 1.0)


@pytest.mark.parametrize("tile", [4.0, None, "4", (4.5,), object()], ids=stable_id)
def test_a_tile_shape_that_is_not_ints_is_a_type_error(tile: Any) -> None:
    z = tr.zeros(8)
    with pytest.raises(TypeError, match=r"bad tile shape: a shape is made of ints"):
        z.partition(tile)
    _free(z)  # nothing was borrowed


@pytest.mark.parametrize("tile", [4.0, (4.0,)], ids=repr)
def test_a_float_tile_shape_is_refused_after_its_int_was_used(tile: Any) -> None:
    z = tr.zeros(8)
    assert z.partition((4,)).grid == (2,)  # dropped; its tiling is now cached
    assert z.partition(4).grid == (2,)
    with pytest.raises(TypeError, match=r"bad tile shape: a shape is made of ints"):
        z.partition(tile)  # equal to 4 and (4,) as a dict key, yet not an int
    _free(z)


def test_int_shapes_are_accepted() -> None:
    assert tr.zeros(np.int64(3)).shape == (3,)
    assert tr.zeros([2, np.int32(3)]).shape == (2, 3)
    z = tr.zeros(8)
    assert z.partition(np.int64(4)).tile_shape == (4,)
    assert z.partition([4]).grid == (2,)
    with pytest.raises(ValueError, match="negative dimension"):
        tr.zeros((2, -1))


# -- mapped partitions ------------------------------------------------------------------------
def test_mapped_with_int_counts_runs() -> None:
    z = tr.zeros((24, 40), dtype=i32)
    part = z.partition((8, 8)).mapped(blocks=np.int64(4), order=tr.grouped(np.int32(2)))
    assert part.mapping is not None and part.mapping.blocks == 4
    assert part.mapping.order == tr.grouped(2)
    owner_of_each_tile(part).sync()
    owners = z.to_numpy()[::8, ::8]
    assert set(np.unique(owners)) == {1, 2, 3, 4}
    w = tr.zeros((8, 8), dtype=i32)
    owner_of_each_tile(w.partition((8, 8)).mapped(blocks=2, order=tr.row_major)).sync()
    assert w.to_numpy()[0, 0] == 1


@pytest.mark.parametrize("order", ["grouped", 2, None, "row-major"], ids=repr)
def test_mapped_order_must_be_an_order(order: Any) -> None:
    z = tr.zeros((8, 8), dtype=i32)
    part = z.partition((4, 4))
    with pytest.raises(TypeError, match=r"order must be tr.row_major or tr.grouped\(n\)"):
        part.mapped(blocks=2, order=order)
    assert part.mapping is None
    del part
    gc.collect()
    _free(z)


@pytest.mark.parametrize("blocks", ["2", 2.5, 2.0, None, True], ids=repr)
def test_mapped_blocks_must_be_an_int(blocks: Any) -> None:
    part = tr.zeros(8).partition((4,))
    with pytest.raises(TypeError, match=r"mapped\(blocks=...\): the number of blocks must be"):
        part.mapped(blocks=blocks)
    assert part.mapping is None
    with pytest.raises(ValueError, match="at least one block"):
        part.mapped(blocks=0)


@pytest.mark.parametrize("group", ["a", 2.5, 2.0, None, True], ids=repr)
def test_grouped_size_must_be_an_int(group: Any) -> None:
    with pytest.raises(TypeError, match=r"tr.grouped\(group\): the group size must be an int"):
        tr.grouped(group)


def test_grouped_size_must_be_positive() -> None:
    with pytest.raises(ValueError, match="group size >= 1"):
        tr.grouped(0)
    assert tr.grouped(8).group == 8


# -- values that must fit the dtype ------------------------------------------------------------
@pytest.mark.parametrize(
    ("value", "dtype", "error", "match"),
    [
        (1e10, tr.i32, OverflowError, r"value 10000000000.0 does not fit i32 \(its range is"),
        (float("nan"), tr.i32, ValueError, r"value nan does not fit i32: it is not an integer"),
        (float("inf"), tr.i64, OverflowError, r"value inf does not fit i64"),
        (float("-inf"), tr.u8, OverflowError, r"value -inf does not fit u8"),
        (300, tr.u8, OverflowError, r"value 300 does not fit u8 \(its range is 0 to 255\)"),
        (-1, tr.u8, OverflowError, r"value -1 does not fit u8"),
        (128, tr.i8, OverflowError, r"value 128 does not fit i8 \(its range is -128 to 127\)"),
        (np.int64(1 << 40), tr.i32, OverflowError, r"does not fit i32"),
        (2**64, tr.i64, OverflowError, r"does not fit i64"),
        (2.5, tr.i16, ValueError, r"value 2.5 does not fit i16: it is not an integer"),
        (np.float32(0.5), tr.i32, ValueError, r"does not fit i32: it is not an integer"),
    ],
)
def test_full_refuses_a_value_that_does_not_fit(
    value: Any, dtype: type[tr.DType], error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        tr.full(4, value, dtype=dtype)


def test_full_values_that_fit() -> None:
    assert tr.full(4, 255, dtype=tr.u8).to_numpy().tolist() == [255] * 4
    assert tr.full(4, -128, dtype=tr.i8).to_numpy().tolist() == [-128] * 4
    assert tr.full(2, 2.0, dtype=tr.i32).to_numpy().tolist() == [2, 2]  # an integral float
    assert tr.full(2, np.int64(7), dtype=tr.i16).to_numpy().tolist() == [7, 7]
    assert tr.full(2, True, dtype=tr.bool_).to_numpy().tolist() == [True, True]
    assert tr.full(2, 2**63 - 1, dtype=tr.i64).to_numpy()[0] == 2**63 - 1
    # floats to float dtypes are IEEE's: NaN and inf are values, large ones round
    assert np.isnan(tr.full(2, float("nan"), dtype=f32).to_numpy()).all()
    assert np.isinf(tr.full(2, float("inf"), dtype=tr.f16).to_numpy()).all()
    assert tr.full(2, 1e10, dtype=f32).to_numpy()[0] == np.float32(1e10)


def test_arange_values_must_fit() -> None:
    with pytest.raises(OverflowError, match=r"arange\(300\): value 299 does not fit i8"):
        tr.arange(300, dtype=tr.i8)
    with pytest.raises(OverflowError, match=r"arange\(257\): value 256 does not fit u8"):
        tr.arange(257, dtype=tr.u8)
    with pytest.raises(OverflowError, match=r"arange\(70000\): value 69999 does not fit f16"):
        tr.arange(70000, dtype=tr.f16)
    assert tr.arange(128, dtype=tr.i8).to_numpy()[-1] == 127
    assert tr.arange(256, dtype=tr.u8).to_numpy()[-1] == 255
    assert tr.arange(np.int64(3), dtype=i32).to_numpy().tolist() == [0, 1, 2]
    assert tr.arange(0, dtype=tr.i8).shape == (0,)


@pytest.mark.parametrize("n", [2.5, 3.0, "3", None, True], ids=repr)
def test_arange_n_must_be_an_int(n: Any) -> None:
    with pytest.raises(TypeError, match=r"arange\(n\): n must be an int"):
        tr.arange(n)


# -- copy_from --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "source", ["abc", None, object(), {"a": 1}, [1.0, "x"], [[1.0], [1.0, 2.0]], b"12345678"]
)
def test_copy_from_needs_numbers(source: Any) -> None:
    z = tr.full(8, 3.0, name="z")
    with pytest.raises(
        TypeError, match=r"copy_from into tensor `z`.*needs a tensor or an array-like of numbers"
    ):
        z.copy_from(source)
    assert z.to_numpy().tolist() == [3.0] * 8  # untouched, and not borrowed
    _free(z)


def test_copy_from_numbers() -> None:
    z = tr.zeros(4)
    z.copy_from([1, 2, 3, 4])  # type: ignore[arg-type]
    assert z.to_numpy().tolist() == [1.0, 2.0, 3.0, 4.0]
    z.copy_from((True, False, True, False))  # type: ignore[arg-type]
    assert z.to_numpy().tolist() == [1.0, 0.0, 1.0, 0.0]
    z.copy_from(np.arange(4, dtype=np.int16))
    assert z.to_numpy().tolist() == [0.0, 1.0, 2.0, 3.0]
    z.copy_from(tr.full(4, 5.0, dtype=tr.f16))
    assert z.to_numpy().tolist() == [5.0] * 4
    b = tr.zeros(4, dtype=tr.bf16)
    b.copy_from(np.ones(4, dtype=tr.bf16.np_dtype))
    assert b.to_numpy().astype(np.float32).tolist() == [1.0] * 4
    with pytest.raises(ValueError, match=r"shape \(3,\) does not match \(4,\)"):
        z.copy_from([1.0, 2.0, 3.0])  # type: ignore[arg-type]


def test_copy_from_still_checks_borrows_after_the_type() -> None:
    z = tr.zeros(8)
    part = z.partition((4,))
    with pytest.raises(TypeError, match="array-like of numbers"):
        z.copy_from("abc")  # type: ignore[arg-type]  # tilecheck: ignore[TC104]
    with pytest.raises(tr.BorrowError, match="copy into"):
        z.copy_from(np.ones(8))
    add1(part, tr.ones(8)).sync()
    assert z.to_numpy().tolist() == [2.0] * 8


def test_copy_from_refuses_floats_into_integers() -> None:
    t = tr.zeros((4,), dtype=tr.i32)
    with pytest.raises(TypeError, match="would truncate"):
        t.copy_from(np.array([1.5, 2.5, 3.0, 4.0]))
    with pytest.raises(TypeError, match="would truncate"):
        t.copy_from(tr.full((4,), 1.5))
    t.copy_from(np.arange(4, dtype=np.int64))  # integers of another width: fine
    np.testing.assert_array_equal(t.to_numpy(), np.arange(4))
