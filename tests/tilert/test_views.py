"""Views of tensors (t[i], reshape, transpose, view(dtype)) and astype: their values against
numpy's under the interpreter, and the ownership rules between a view, its base and its
siblings (docs/decisions.md, "Views")."""

# These tests commit each violation on purpose to see the runtime refuse it.
# tilecheck: ignore-file[TC102, TC103, TC105]

from __future__ import annotations

import gc
from typing import Any

import numpy as np
import pytest

import tilert as tr
from tests.support.kernels import add, copy, fill2, scale

BASE = np.arange(2 * 4 * 8, dtype=np.float32).reshape(2, 4, 8)


def cache(name: str = "kv") -> tr.Tensor[tr.f32]:
    return tr.from_numpy(BASE, name=name)


# -- values ----------------------------------------------------------------------------------
KEYS: list[Any] = [
    0,
    (1, 2),
    (slice(None), 1),
    (Ellipsis, slice(1, None, 3)),
    (None, 0, Ellipsis),
    (slice(0, 2), slice(None, None, 2), slice(1, 7, 2)),
    (-1, -1, -1),
]


@pytest.mark.parametrize("key", KEYS, ids=[repr(k) for k in KEYS])
def test_indexing_reads_numpys_values(key: Any) -> None:
    view = cache()[key]
    np.testing.assert_array_equal(view.to_numpy(), BASE[key])
    expect = BASE[key]
    assert view.shape == expect.shape
    for size, stride, numpys in zip(view.shape, view.strides, expect.strides, strict=True):
        assert size == 1 or stride * 4 == numpys  # (strides in elements, numpy's in bytes)


def test_view_metadata() -> None:
    kv = cache()
    row = kv[1]
    assert row.base is kv and kv.base is None and row[0].base is kv  # a view of a view
    assert row.strides == (8, 1) and row.is_contiguous()
    every_other = kv[:, :, ::2]
    assert every_other.strides == (32, 8, 2) and not every_other.is_contiguous()
    assert kv.T.strides == (1, 8, 32) and kv.T.shape == (8, 4, 2)
    assert row.describe() == "tensor `kv[1]` (f32[4,8])"
    assert kv[1][:, 2:].describe() == "tensor `kv[1][:, 2:]` (f32[4,6])"
    plain = tr.from_numpy(BASE)[0]
    assert plain.describe().startswith("view [0] (f32[4,8]) of tensor f32[2,4,8] (created at ")
    assert plain.device == "cpu" and plain.dtype is tr.f32 and plain.nbytes == 4 * 8 * 4


def test_reshape_transpose_permute() -> None:
    kv = cache()
    np.testing.assert_array_equal(kv.reshape(8, 8).to_numpy(), BASE.reshape(8, 8))
    np.testing.assert_array_equal(kv.reshape((4, -1)).to_numpy(), BASE.reshape(4, -1))
    np.testing.assert_array_equal(kv.transpose(0, 2).to_numpy(), BASE.transpose(2, 1, 0))
    np.testing.assert_array_equal(kv.transpose().to_numpy(), BASE.swapaxes(-1, -2))
    np.testing.assert_array_equal(kv.T.to_numpy(), BASE.T)
    np.testing.assert_array_equal(kv.permute(1, 2, 0).to_numpy(), BASE.transpose(1, 2, 0))
    np.testing.assert_array_equal(kv.permute((2, 0, 1)).to_numpy(), BASE.transpose(2, 0, 1))
    np.testing.assert_array_equal(
        kv[:, :, ::2].reshape(8, 4).to_numpy(), BASE[:, :, ::2].reshape(8, 4)
    )
    with pytest.raises(
        ValueError, match=r"cannot reshape tensor `kv.T`.*call .contiguous\(\) first"
    ):
        kv.T.reshape(64)
    np.testing.assert_array_equal(kv.T.contiguous().reshape(64).to_numpy(), BASE.T.reshape(64))
    with pytest.raises(ValueError, match="has 3 axes"):
        kv.transpose(0, 5)


def test_view_as_another_dtype() -> None:
    kv = cache()
    np.testing.assert_array_equal(kv.view(tr.i32).to_numpy(), BASE.view(np.int32))
    np.testing.assert_array_equal(kv.view(tr.f16).to_numpy(), BASE.view(np.float16))
    np.testing.assert_array_equal(kv[1].view(tr.u8).to_numpy(), BASE[1].view(np.uint8))
    np.testing.assert_array_equal(kv.view(tr.f64).to_numpy(), BASE.view(np.float64))
    with pytest.raises(ValueError, match=r"cannot view .* as f64: its last axis is not contiguous"):
        kv.T.view(tr.f64)


def test_advanced_indexing_names_what_to_do() -> None:
    with pytest.raises(TypeError, match=r"basic indexing .* got list index \[0, 1\].*to_numpy"):
        cache()[[0, 1]]
    with pytest.raises(TypeError, match="advanced indexing"):
        cache()[tr.zeros((2,))]
    with pytest.raises(ValueError, match="non-negative strides"):
        cache()[::-1]


@pytest.mark.parametrize(
    ("dtype", "expect"),
    [(tr.i32, BASE.astype(np.int32)), (tr.f16, BASE.astype(np.float16)), (tr.f32, BASE)],
)
def test_astype_converts_with_a_kernel(dtype: Any, expect: np.ndarray[Any, Any]) -> None:
    kv = cache()
    out = kv.astype(dtype, name="out")
    assert out.dtype is dtype and out.name == "out" and out.base is None
    np.testing.assert_array_equal(out.to_numpy(), expect)
    strided = kv[:, 1:, ::3].astype(dtype)
    np.testing.assert_array_equal(strided.to_numpy(), expect[:, 1:, ::3])


def test_astype_converts_as_a_store_does() -> None:
    x = tr.from_numpy(np.array([1.7, -2.7, 3e10, -3e10, np.nan], np.float32))
    np.testing.assert_array_equal(x.astype(tr.i32).to_numpy(), [1, -2, 2**31 - 1, -(2**31), 0])


def test_astype_of_any_rank() -> None:
    many = np.arange(2 * 3 * 2 * 5 * 4, dtype=np.float64).reshape(2, 3, 2, 5, 4)
    t = tr.from_numpy(many)
    np.testing.assert_array_equal(t.astype(tr.f32).to_numpy(), many.astype(np.float32))
    swapped = t.transpose(0, 4)  # no axes merge: one launch per leading index
    np.testing.assert_array_equal(swapped.astype(tr.i64).to_numpy(), many.transpose(4, 1, 2, 3, 0))
    scalar = tr.full((), 2.5, tr.f64)
    assert scalar.astype(tr.f16).to_numpy() == np.float16(2.5)
    assert tr.zeros((0, 3)).astype(tr.i8).shape == (0, 3)


def test_contiguous() -> None:
    kv = cache()
    assert kv.contiguous() is kv and kv[1].contiguous().base is kv
    dense = kv[:, ::2].contiguous()
    assert dense.base is None and dense.is_contiguous()
    np.testing.assert_array_equal(dense.to_numpy(), BASE[:, ::2])


def test_copy_into_and_from_views() -> None:
    kv = cache()
    kv[:, :, ::2].copy_from(np.zeros((2, 4, 4), np.float32))
    expect = BASE.copy()
    expect[:, :, ::2] = 0
    np.testing.assert_array_equal(kv.to_numpy(), expect)  # only the view's elements changed
    out = tr.zeros((4, 2))
    out.copy_from(kv[1, :, 1::4])
    np.testing.assert_array_equal(out.to_numpy(), expect[1, :, 1::4])
    kv[0].copy_from(kv[1])
    np.testing.assert_array_equal(kv.to_numpy()[0], expect[1])


def test_dlpack_export_of_a_view_shares_its_memory() -> None:
    kv = cache()
    view = kv[1, :, ::2]
    shared = np.from_dlpack(view)
    np.testing.assert_array_equal(shared, BASE[1, :, ::2])
    shared[0, 0] = -1.0
    assert kv.to_numpy()[1, 0, 0] == -1.0
    copied = np.from_dlpack(view, copy=True)
    copied[0, 1] = -2.0
    assert kv.to_numpy()[1, 0, 2] == BASE[1, 0, 2]


def test_an_exported_view_comes_back_as_itself() -> None:
    kv = cache()
    layer = kv[1]
    shared, whole = np.from_dlpack(layer), np.from_dlpack(kv)
    assert tr.from_dlpack(shared) is layer and tr.from_dlpack(whole) is kv
    with pytest.raises(ValueError, match=r"overlaps the memory of tensor `kv\[1\]`.*a view of it"):
        tr.from_dlpack(shared[1:])


# -- ownership -------------------------------------------------------------------------------
def test_two_layers_of_a_kv_cache_are_written_at_once() -> None:
    kv = cache()
    ones = tr.ones((4, 8))
    a = scale(kv[0].partition((2, 8)), 2.0).submit()
    b = add(kv[1].partition((4, 8)), ones, ones).submit()
    a.wait()
    b.wait()
    np.testing.assert_array_equal(kv.to_numpy()[0], BASE[0] * 2)
    np.testing.assert_array_equal(kv.to_numpy()[1], np.full((4, 8), 2.0, np.float32))


def test_disjoint_columns_and_interleaves_in_flight_at_once() -> None:
    x = tr.from_numpy(BASE.reshape(8, 8), name="x")
    ops = [scale(x[:, :4].partition((8, 4)), 2.0), scale(x[:, 4:].partition((8, 4)), 3.0)]
    for op in ops:
        op.sync()
    expect = BASE.reshape(8, 8).copy()
    expect[:, :4] *= 2
    expect[:, 4:] *= 3
    np.testing.assert_array_equal(x.to_numpy(), expect)
    even, odd = x[:, ::2], x[:, 1::2]
    pe, po = scale(even.partition((8, 4)), 0.5).submit(), scale(odd.partition((8, 4)), 0.0).submit()
    pe.wait()
    po.wait()
    expect[:, ::2] *= 0.5
    expect[:, 1::2] = 0
    np.testing.assert_array_equal(x.to_numpy(), expect)


def test_overlapping_views_are_refused() -> None:
    x = tr.from_numpy(BASE.reshape(8, 8), name="x")
    op = scale(x[:, :4].partition((8, 4)), 2.0)
    with pytest.raises(
        tr.BorrowError,
        match=r"cannot write tensor `x\[:, 2:6\]` .*: it overlaps tensor `x\[:, :4\]` "
        r"\(f32\[8,4\]\), which is exclusively borrowed \(written by op `scale`\)",
    ):
        x[:, 2:6].partition((8, 4))
    with pytest.raises(
        tr.BorrowError,
        match=r"op `copy` \(launched at .*\) cannot read tensor `x\[0\]` .*: it overlaps",
    ):
        copy(tr.zeros((8,)).partition((8,)), x[0])
    with pytest.raises(
        tr.BorrowError,
        match=r"cannot read tensor `x\[::2\]` \(f32\[4,8\]\): it overlaps tensor `x\[:, :4\]`",
    ):
        x[::2].to_numpy()
    x[:, 4:].to_numpy()  # disjoint: readable while the op is pending
    op.sync()
    x[:, 2:6].partition((8, 4))


def test_base_and_views_see_each_others_borrows() -> None:
    kv = cache()
    op = scale(kv.partition((2, 4, 8)), 2.0)  # the base written: every view overlaps it
    with pytest.raises(
        tr.BorrowError,
        match=r"cannot read tensor `kv\[1\]` \(f32\[4,8\]\): it overlaps tensor `kv` ",
    ):
        kv[1].to_numpy()
    with pytest.raises(tr.BorrowError, match=r"cannot write tensor `kv\[0\]`"):
        kv[0].partition((4, 8))
    op.sync()
    reader = copy(tr.zeros((4, 8)).partition((4, 8)), kv[1])  # a view read: the base may be read
    kv.to_numpy()
    with pytest.raises(
        tr.BorrowError,
        match=r"cannot copy into tensor `kv` .*: it overlaps tensor `kv\[1\]`.*read by op `copy`",
    ):
        kv.copy_from(BASE)
    with pytest.raises(
        tr.BorrowError, match=r"cannot write tensor `kv`.*overlaps.*read by op `copy`"
    ):
        kv.partition((2, 4, 8))
    kv[0].copy_from(np.zeros((4, 8), np.float32))  # disjoint from the one read
    reader.sync()


def test_one_launch_reading_what_it_writes_through_a_view() -> None:
    x = tr.from_numpy(BASE.reshape(8, 8), name="x")
    with pytest.raises(
        tr.BorrowError,
        match=r"tensor `x\[0:4\]` .*, passed to kernel `copy` as `x`, overlaps tensor `x\[2:6\]`",
    ):
        copy(x[2:6].partition((4, 8)), x[0:4])  # tilecheck: ignore[TC101]
    copy(x[4:].partition((4, 8)), x[:4]).sync()  # disjoint: fine
    np.testing.assert_array_equal(x.to_numpy()[4:], BASE.reshape(8, 8)[:4])
    fill2(x[:, ::2].partition((8, 4)), x[:, 1::2].partition((8, 4)), 5.0).sync()
    np.testing.assert_array_equal(x.to_numpy(), np.full((8, 8), 5.0, np.float32))


def test_strided_view_written_by_a_kernel() -> None:
    x = tr.zeros((4, 16), name="x")
    src = tr.from_numpy(np.arange(32, dtype=np.float32).reshape(4, 8))
    copy(x[:, 1::2].partition((2, 4)), src).sync()
    expect = np.zeros((4, 16), np.float32)
    expect[:, 1::2] = np.arange(32).reshape(4, 8)
    np.testing.assert_array_equal(x.to_numpy(), expect)


def test_transposed_view_read_by_a_kernel() -> None:
    x = tr.from_numpy(BASE[0])
    out = tr.zeros((8, 4))
    copy(out.partition((4, 4)), x.T).sync()
    np.testing.assert_array_equal(out.to_numpy(), BASE[0].T)
    out3 = tr.zeros((8, 4, 2))
    src = cache()
    copy(out3.partition((8, 4, 2)), src.permute(2, 1, 0)).sync()
    np.testing.assert_array_equal(out3.to_numpy(), BASE.transpose(2, 1, 0))


def test_astype_reads_its_source_under_the_rules() -> None:
    kv = cache()
    op = scale(kv[0].partition((4, 8)), 2.0)
    with pytest.raises(
        tr.BorrowError,
        match=r"cannot convert tensor `kv` .*: it overlaps tensor `kv\[0\]` .*written by op",
    ):
        kv.astype(tr.i32)
    np.testing.assert_array_equal(kv[1].astype(tr.i32).to_numpy(), BASE[1].astype(np.int32))
    op.sync()
    kv.astype(tr.i32)


def test_a_reader_on_another_stream_waits_for_the_bases_last_writer() -> None:
    kv = cache()
    out = tr.zeros((4, 8))
    with tr.Stream():
        pending = scale(kv.partition((2, 4, 8)), 10.0).submit()
    tr.unsafe.force_release(kv)  # (what makes the last-writer order matter)
    copy(out.partition((4, 8)), kv[1]).sync()  # runs the writer's queue first
    np.testing.assert_array_equal(out.to_numpy(), BASE[1] * 10)
    pending.wait()


def test_the_base_leaves_its_family_with_its_last_view() -> None:
    kv = cache()
    view = kv[0]
    assert kv._family is not None and view._family is kv._family
    other = kv[1]
    del view
    gc.collect()
    assert kv._family is not None  # kv[1] lives
    del other
    gc.collect()
    assert kv._family is None
    scale(kv.partition((2, 4, 8)), 1.0).sync()  # back to a tensor alone


def test_an_extension_built_before_views_is_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    from tilert import _accel

    fast = vars(_accel)["_fast"]
    if fast is None:
        pytest.skip("tilert._fast is not built")
    objects = _accel._objects(fast.RLock(), fast.RLock())
    assert ("Tensor", "_family") in fast.SLOTS and _accel._mismatch(objects) is None
    older = [slot for slot in fast.SLOTS if slot != ("Tensor", "_family")]
    monkeypatch.setattr(_accel, "_fast", type("Older", (), {"KEYS": fast.KEYS, "SLOTS": older}))
    assert "built before views" in (_accel._mismatch(objects) or "")
