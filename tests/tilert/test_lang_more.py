"""The newer rows of the language table on the interpreter, against numpy: unsigned and 8-bit
float dtypes, divmod, bitcast, insert, num_tiles, static_assert, gather, reduce and scan with a
function, scatter and the atomics (tests/gpu/test_gpu_lang_more.py runs the same kernels on
the GPU against the interpreter)."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

import tilert as tr
import tilert.lang as tl
from tests.support import lang_kernels as K
from tilert import Mutable, Shared, Tensor, f32, i32

RNG = np.random.default_rng(3)
X = RNG.standard_normal((8, 64)).astype(np.float32)


def test_unsigned_arithmetic_wraps_and_shifts_logically() -> None:
    x = RNG.integers(0, 2**32, size=300, dtype=np.uint32)
    z = tr.zeros((300,), dtype=tr.u32)
    K.hash_u32(z.partition((128,)), tr.from_numpy(x)).sync()
    with np.errstate(over="ignore"):
        h = x * np.uint32(2654435761) + np.uint32(12345)
        h = h ^ (h >> np.uint32(15))
        h = h * np.uint32(2246822519) + (x << np.uint32(7))
        want = h ^ (h >> np.uint32(13)) | (x % np.uint32(7))
    np.testing.assert_array_equal(z.to_numpy(), want)


def test_floats_to_unsigned_saturate_toward_zero() -> None:
    x = np.array([-3.5, 0.9, 70000.0, 12.7, np.nan, np.inf, -np.inf, 65535.4], np.float32)
    a, b = tr.zeros((8,), dtype=tr.u16), tr.zeros((8,), dtype=tr.u64)
    K.unsigned_convert(a.partition((8,)), b.partition((8,)), tr.from_numpy(x)).sync()
    np.testing.assert_array_equal(a.to_numpy(), [0, 0, 65535, 12, 0, 65535, 0, 65535])
    assert b.to_numpy()[3] == 12700 and b.to_numpy()[0] == 0 and b.to_numpy()[5] == 2**64 - 1


def test_8_bit_floats_round_to_nearest_and_store_converts() -> None:
    x = np.array([0.3, -1.7, 100.0, 1e-3, 240.0, -0.0, 3.14159, 448.0], np.float32)
    x = np.concatenate([x, np.array([1e4, -1e5, np.inf, 500.0, 0, 0, 0, 0], np.float32)])
    z, w = tr.zeros((16,), dtype=f32), tr.zeros((16,), dtype=f32)
    q = tr.zeros((16,), dtype=tr.f8e4m3fn)
    K.fp8_round_trip(
        z.partition((16,)), w.partition((16,)), q.partition((16,)), tr.from_numpy(x)
    ).sync()
    # out of range saturates at the largest finite value, as the GPU converts (satfinite)
    e4m3 = np.clip(x, -448.0, 448.0).astype(ml_dtypes.float8_e4m3fn)
    e5m2 = np.clip(x, -57344.0, 57344.0).astype(ml_dtypes.float8_e5m2)
    np.testing.assert_array_equal(z.to_numpy(), e4m3.astype(np.float32))
    np.testing.assert_array_equal(w.to_numpy(), e5m2.astype(np.float32))
    assert q.dtype is tr.f8e4m3fn
    np.testing.assert_array_equal(q.to_numpy().astype(np.float32), e4m3.astype(np.float32))


def test_8_bit_float_matmul_accumulates_in_f32() -> None:
    a = RNG.standard_normal((32, 64)).astype(ml_dtypes.float8_e4m3fn)
    b = RNG.standard_normal((64, 32)).astype(ml_dtypes.float8_e4m3fn)
    c = tr.zeros((32, 32), dtype=f32)
    K.fp8_matmul(c.partition((16, 16)), tr.from_numpy(a), tr.from_numpy(b), 64).sync()
    want = a.astype(np.float64) @ b.astype(np.float64)
    np.testing.assert_allclose(c.to_numpy(), want, rtol=1e-5, atol=1e-5)


def test_8_bit_float_tiles_have_no_arithmetic() -> None:
    @tr.kernel
    def k(z: Mutable[Tensor[f32]], x: Shared[Tensor[tr.f8e4m3fn]]) -> None:
        z.store(tl.load_tile_like(x, z) * 2.0)

    x = tr.from_numpy(np.ones(8, dtype=ml_dtypes.float8_e4m3fn))
    with pytest.raises(
        tr.KernelError,
        match=r"f8e4m3fn tiles have no arithmetic|non-arithmetic dtype float8_e4m3fn",
    ):
        k(tr.zeros((8,), dtype=f32).partition((8,)), x).sync()


def test_divmod_mod_floordiv_floor_as_python() -> None:
    x = RNG.integers(-50, 50, size=64, dtype=np.int32)
    q, r = tr.zeros((64,), dtype=i32), tr.zeros((64,), dtype=i32)
    K.int_division(q.partition((32,)), r.partition((32,)), tr.from_numpy(x)).sync()
    np.testing.assert_array_equal(q.to_numpy(), x // 7 + x // -3)
    np.testing.assert_array_equal(r.to_numpy(), (x % 7) * 100 + x % -5)


def test_divmod_of_floats_is_refused() -> None:
    @tr.kernel
    def k(z: Mutable[Tensor[f32]]) -> None:
        d, _ = tl.divmod(z.load(), 2.0)
        z.store(d)

    with pytest.raises(
        tr.KernelError,
        match=r"tl\.divmod needs integer tiles|divmod\(\) is not implemented for floating",
    ):
        k(tr.zeros((8,), dtype=f32).partition((8,))).sync()


def test_bitcast_reads_the_same_bits() -> None:
    x = X[0, :32].copy()
    z, w = tr.zeros((32,), dtype=tr.u32), tr.zeros((32,), dtype=f32)
    K.bits(z.partition((32,)), w.partition((32,)), tr.from_numpy(x)).sync()
    u = x.view(np.uint32)
    np.testing.assert_array_equal(z.to_numpy(), u)
    np.testing.assert_array_equal(w.to_numpy(), ((u & 0x807FFFFF) | 0x3F800000).view(np.float32))


def test_bitcast_between_widths_is_refused() -> None:
    @tr.kernel
    def k(z: Mutable[Tensor[f32]]) -> None:
        z.store(tl.astype(tl.bitcast(z.load(), tl.u16), tl.f32))

    with pytest.raises(
        tr.KernelError, match=r"reinterprets bits of one width|bit width is different"
    ):
        k(tr.zeros((8,), dtype=f32).partition((8,))).sync()


def test_insert_num_tiles_and_static_assert() -> None:
    z = tr.zeros((8, 64), dtype=f32)
    K.insert_and_count(z.partition((2, 32)), tr.from_numpy(X)).sync()
    want = X.copy()
    for r in range(0, 8, 2):
        for c in range(0, 64, 32):
            want[r, c + 8 : c + 16] = 2.5  # num_tiles: 64 columns in tiles of 32
    np.testing.assert_array_equal(z.to_numpy(), want)
    with pytest.raises(tr.KernelError, match="the tile must split in four"):
        K.insert_and_count(tr.zeros((8, 2), dtype=f32).partition((2, 2)), tr.from_numpy(X)).sync()


def test_gather_loads_at_any_offset_with_zeros_past_the_edge() -> None:
    z = tr.zeros((8, 32), dtype=f32)
    K.window(z.partition((4, 16)), tr.from_numpy(X), 3, 37).sync()
    padded = np.zeros((8 + 3, 32 + 37), np.float32)
    padded[:8, :64] = X[:, : 32 + 37] if 32 + 37 <= 64 else X
    np.testing.assert_array_equal(z.to_numpy(), padded[3 : 3 + 8, 37 : 37 + 32])


def test_gather_with_a_mask_and_padding() -> None:
    x = np.arange(16, dtype=np.float32)
    table = np.array([3, -1, 15, 0, 7, -1, 2, 20], np.int32)
    z = tr.zeros((8,), dtype=f32)
    K.masked_gather(z.partition((8,)), tr.from_numpy(x), tr.from_numpy(table)).sync()
    np.testing.assert_array_equal(z.to_numpy(), [3, -2, 15, 0, 7, -2, 2, -2])  # 20: outside


def test_reduce_and_scan_with_a_function() -> None:
    m, s = tr.zeros((8, 1), dtype=f32), tr.zeros((8, 64), dtype=f32)
    am = tr.zeros((8, 1), dtype=i32)
    x = X.copy()
    x[2, 5] = x[2, 40] = 50.0  # a tie: the first index wins
    K.custom_reductions(
        m.partition((4, 1)), am.partition((4, 1)), s.partition((4, 64)), tr.from_numpy(x)
    ).sync()
    np.testing.assert_array_equal(m.to_numpy()[:, 0], x.max(axis=1))
    np.testing.assert_array_equal(am.to_numpy()[:, 0], x.argmax(axis=1))
    np.testing.assert_allclose(s.to_numpy(), np.cumsum(x, axis=1), rtol=1e-5, atol=1e-5)


def test_atomics_from_many_blocks() -> None:
    x = RNG.standard_normal(1000).astype(np.float32)
    counts, peaks = tr.zeros((16,), dtype=i32), tr.full((16,), -10000, dtype=i32)
    # four blocks (the grid of the partitions), each adding into any bin
    K.histogram(counts.partition((4,)), peaks.partition((4,)), tr.from_numpy(x)).sync()
    bins = np.clip(x * 4.0 + 8.0, 0.0, 15.0).astype(np.int32)
    np.testing.assert_array_equal(counts.to_numpy(), np.bincount(bins, minlength=16))
    want = np.full(16, -10000, np.int32)
    np.maximum.at(want, bins, (x * np.float32(100.0)).astype(np.int32))
    np.testing.assert_array_equal(peaks.to_numpy(), want)


def test_scatter_and_compare_and_swap() -> None:
    x = RNG.standard_normal((32, 16)).astype(np.float32)
    order = RNG.permutation(32).astype(np.int32)
    z = tr.zeros((32, 16), dtype=f32)
    K.permute_rows(z.partition((8, 16)), tr.from_numpy(x), tr.from_numpy(order)).sync()
    want = np.zeros_like(x)
    want[order] = x
    np.testing.assert_array_equal(z.to_numpy(), want)
    slots, winners = tr.full((6,), -1, dtype=i32), tr.zeros((6,), dtype=i32)
    K.claim(slots.partition((1,)), winners.partition((1,))).sync()  # six blocks
    assert winners.to_numpy()[0] == 1  # one block claimed slot 0
    assert 0 <= slots.to_numpy()[0] < 6 and 0 <= slots.to_numpy()[1] < 6


def test_scatter_from_two_blocks_to_one_element_is_a_race() -> None:
    z = tr.zeros((32, 16), dtype=f32)
    order = np.zeros(32, np.int32)  # every row to row 0
    with pytest.raises(tr.RaceError, match="both write element"):
        K.permute_rows(
            z.partition((8, 16)), tr.from_numpy(X[:, :16].repeat(4, 0)), tr.from_numpy(order)
        ).sync()


def test_mma_takes_the_accumulators_the_gpu_takes() -> None:
    @tr.kernel
    def k(z: Mutable[Tensor[tr.f16]], a: Shared[Tensor[tr.bf16]]) -> None:
        t = a.load_tile((16, 16), (0, 0))
        z.store(tl.mma(t, t, tl.zeros((16, 16), tl.f16)))  # tilecheck: ignore[TC208]

    a = tr.from_numpy(np.ones((16, 16), dtype=ml_dtypes.bfloat16))
    refused = r"mma of bf16 inputs into a f16 accumulator|Unsupported acc dtype float16"
    with pytest.raises(tr.KernelError, match=refused):
        k(tr.zeros((16, 16), dtype=tr.f16).partition((16, 16)), a).sync()


def test_scalar_parameters_are_typed_as_on_the_gpu() -> None:
    z = tr.full((8,), 1.5, dtype=f32)
    w = tr.full((8,), 3, dtype=tr.u32)
    K.typed_scalars(
        z.partition((8,)), w.partition((8,)), -4, 0.1, 2**31 + 5, 7 * 10**12, 0.25
    ).sync()
    want = np.float32(np.float16(1.5)) * np.float32(0.1) + np.float32(-4 + 7 + 0.25)
    np.testing.assert_array_equal(z.to_numpy(), np.full(8, want, np.float32))
    with np.errstate(over="ignore"):
        wrapped = np.uint32(3) * np.uint32(2**31 + 5) + np.uint32(7)
    np.testing.assert_array_equal(w.to_numpy(), np.full(8, wrapped, np.uint32))


def test_an_int_parameter_past_32_bits_is_refused_as_on_the_gpu() -> None:
    z, w = tr.zeros((8,), dtype=f32), tr.zeros((8,), dtype=tr.u32)
    with pytest.raises(ValueError, match=r"does not fit.*tl\.i64"):
        K.typed_scalars(z.partition((8,)), w.partition((8,)), 2**32, 0.1, 1, 1, 0.0).sync()


def test_invert_of_ints_bools_and_a_constant_bool() -> None:
    x = np.arange(-4, 4, dtype=np.int32)
    z = tr.zeros((8,), dtype=i32)
    K.inverted(z.partition((8,)), tr.from_numpy(x)).sync()
    np.testing.assert_array_equal(z.to_numpy(), np.where(x <= 2, ~x, x))


def test_f8e8m0fnu_is_for_tensors_only() -> None:
    scales = tr.from_numpy(np.array([0.5, 1, 2, 4], dtype=ml_dtypes.float8_e8m0fnu))
    assert scales.dtype is tr.f8e8m0fnu  # a tensor of it: storage and exchange

    @tr.kernel
    def k(z: Mutable[Tensor[f32]], s: Shared[Tensor[tr.f8e8m0fnu]]) -> None:
        z.store(tl.astype(tl.load_tile_like(s, z), tl.f32))

    with pytest.raises((TypeError, tr.KernelError), match=r"f8e8m0fnu|float8_e8m0fnu"):
        k(tr.zeros((4,), dtype=f32).partition((4,)), scales).sync()
