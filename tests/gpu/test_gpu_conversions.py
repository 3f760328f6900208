"""Float-to-integer conversions out of the target's range on the GPU against the interpreter's
``convert`` (the reference): f16, bf16, f32 and f64 sources to every integer type (what
benchmarks/gpu_probe_conversions.py first measured, f32 to u8, i8 and i32, and the rest). f16
and bf16 values are made in the kernel from f32."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import tilert as tr
import tilert.lang as tl
from tilert import (
    Mutable,
    Shared,
    Tensor,
    bf16,
    f16,
    f32,
    f64,
    i8,
    i16,
    i32,
    i64,
    u8,
    u16,
    u32,
    u64,
)
from tilert.interpret.elementwise import convert

pytestmark = [pytest.mark.gpu, pytest.mark.usefixtures("cutile")]

F32 = np.array([-1.5, 300.7, np.nan, np.inf, -np.inf, 3e9, -3e9, 254.9], np.float32)
F64 = np.array(
    [
        *(-1.5, 300.7, np.nan, np.inf, -np.inf, 3e9, -3e9, 1e19),
        *(-1e19, 40000.5, -40000.5, 254.9, 65535.9, -129.9, 9.3e18, -9.3e18),
    ]
)


@tr.kernel
def f32_to_u8(z: Mutable[Tensor[u8]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.astype(tl.load_tile_like(x, z), tl.u8))


@tr.kernel
def f32_to_i8(z: Mutable[Tensor[i8]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.astype(tl.load_tile_like(x, z), tl.i8))


@tr.kernel
def f32_to_i16(z: Mutable[Tensor[i16]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.astype(tl.load_tile_like(x, z), tl.i16))


@tr.kernel
def f32_to_i32(z: Mutable[Tensor[i32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.astype(tl.load_tile_like(x, z), tl.i32))


@tr.kernel
def f32_to_i64(z: Mutable[Tensor[i64]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.astype(tl.load_tile_like(x, z), tl.i64))


@tr.kernel
def f16_to_u8(z: Mutable[Tensor[u8]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.astype(tl.astype(tl.load_tile_like(x, z), tl.f16), tl.u8))


@tr.kernel
def f16_to_i8(z: Mutable[Tensor[i8]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.astype(tl.astype(tl.load_tile_like(x, z), tl.f16), tl.i8))


@tr.kernel
def f16_to_i32(z: Mutable[Tensor[i32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.astype(tl.astype(tl.load_tile_like(x, z), tl.f16), tl.i32))


@tr.kernel
def bf16_to_u8(z: Mutable[Tensor[u8]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.astype(tl.astype(tl.load_tile_like(x, z), tl.bf16), tl.u8))


@tr.kernel
def bf16_to_i32(z: Mutable[Tensor[i32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.astype(tl.astype(tl.load_tile_like(x, z), tl.bf16), tl.i32))


@tr.kernel
def f64_to_u8(z: Mutable[Tensor[u8]], x: Shared[Tensor[f64]]) -> None:
    z.store(tl.astype(tl.load_tile_like(x, z), tl.u8))


@tr.kernel
def f64_to_i8(z: Mutable[Tensor[i8]], x: Shared[Tensor[f64]]) -> None:
    z.store(tl.astype(tl.load_tile_like(x, z), tl.i8))


@tr.kernel
def f64_to_i16(z: Mutable[Tensor[i16]], x: Shared[Tensor[f64]]) -> None:
    z.store(tl.astype(tl.load_tile_like(x, z), tl.i16))


@tr.kernel
def f64_to_i32(z: Mutable[Tensor[i32]], x: Shared[Tensor[f64]]) -> None:
    z.store(tl.astype(tl.load_tile_like(x, z), tl.i32))


@tr.kernel
def f64_to_i64(z: Mutable[Tensor[i64]], x: Shared[Tensor[f64]]) -> None:
    z.store(tl.astype(tl.load_tile_like(x, z), tl.i64))


@tr.kernel
def f32_to_u16(z: Mutable[Tensor[u16]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.astype(tl.load_tile_like(x, z), tl.u16))


@tr.kernel
def f32_to_u32(z: Mutable[Tensor[u32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.astype(tl.load_tile_like(x, z), tl.u32))


@tr.kernel
def f32_to_u64(z: Mutable[Tensor[u64]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.astype(tl.load_tile_like(x, z), tl.u64))


@tr.kernel
def f16_to_u32(z: Mutable[Tensor[u32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.astype(tl.astype(tl.load_tile_like(x, z), tl.f16), tl.u32))


@tr.kernel
def f64_to_u16(z: Mutable[Tensor[u16]], x: Shared[Tensor[f64]]) -> None:
    z.store(tl.astype(tl.load_tile_like(x, z), tl.u16))


@tr.kernel
def f64_to_u32(z: Mutable[Tensor[u32]], x: Shared[Tensor[f64]]) -> None:
    z.store(tl.astype(tl.load_tile_like(x, z), tl.u32))


@tr.kernel
def f64_to_u64(z: Mutable[Tensor[u64]], x: Shared[Tensor[f64]]) -> None:
    z.store(tl.astype(tl.load_tile_like(x, z), tl.u64))


# kernel, input values, the float type converted from, the integer target
CASES: list[tuple[Any, np.ndarray[Any, Any], Any, Any]] = [
    (f32_to_u8, F32, f32, u8),
    (f32_to_i8, F32, f32, i8),
    (f32_to_i16, F32, f32, i16),
    (f32_to_i32, F32, f32, i32),
    (f32_to_i64, F32, f32, i64),
    (f16_to_u8, F32, f16, u8),
    (f16_to_i8, F32, f16, i8),
    (f16_to_i32, F32, f16, i32),
    (bf16_to_u8, F32, bf16, u8),
    (bf16_to_i32, F32, bf16, i32),
    (f64_to_u8, F64, f64, u8),
    (f64_to_i8, F64, f64, i8),
    (f64_to_i16, F64, f64, i16),
    (f64_to_i32, F64, f64, i32),
    (f64_to_i64, F64, f64, i64),
    (f32_to_u16, F32, f32, u16),
    (f32_to_u32, F32, f32, u32),
    (f32_to_u64, F32, f32, u64),
    (f16_to_u32, F32, f16, u32),
    (f64_to_u16, F64, f64, u16),
    (f64_to_u32, F64, f64, u32),
    (f64_to_u64, F64, f64, u64),
]


def reference(values: np.ndarray[Any, Any], source: Any, target: Any) -> np.ndarray[Any, Any]:
    """The interpreter's answer: f32 inputs rounded to ``source`` first, as the kernel does."""
    given = f64 if values.dtype == np.float64 else f32
    return convert(convert(values, given, source), source, target)


@pytest.mark.parametrize(
    ("kernel", "values", "source", "target"), CASES, ids=[c[0].name for c in CASES]
)
def test_out_of_range_conversions_match_the_interpreter(
    kernel: Any, values: np.ndarray[Any, Any], source: Any, target: Any
) -> None:
    x = tr.from_numpy(values)
    z = tr.zeros(values.shape, dtype=target)
    kernel(z.partition(values.shape), x).sync()
    expected = reference(values, source, target)
    got = z.to_numpy()
    assert got.tolist() == expected.tolist(), f"inputs {values.tolist()}"
