"""Differential seed 3585: tileiras exited -11 compiling it on the H100. Variants to tell what
triggers it: each kernel launched alone."""

import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, bf16, f32, i64


@tr.kernel
def as_generated(
    z: Mutable[Tensor[f32]], x0: Shared[Tensor[i64]], x1: Shared[Tensor[bf16]]
) -> None:
    i = z.index[0]  # noqa: F841 (as generated)
    t1 = tl.astype(tl.full((16, 16), 3, tl.i32), tl.f32)
    t2 = tl.min(t1, axis=0)
    t3 = tl.astype(tl.load_tile_like(x1, z), tl.f32)
    t4 = t2
    for k4 in range(3):
        t4 = t4 + tl.softplus(t3 - z.load()) * k4
    z.store(t4)


@tr.kernel
def no_softplus(z: Mutable[Tensor[f32]], x0: Shared[Tensor[i64]], x1: Shared[Tensor[bf16]]) -> None:
    t1 = tl.astype(tl.full((16, 16), 3, tl.i32), tl.f32)
    t2 = tl.min(t1, axis=0)
    t3 = tl.astype(tl.load_tile_like(x1, z), tl.f32)
    t4 = t2
    for k4 in range(3):
        t4 = t4 + (t3 - z.load()) * k4
    z.store(t4)


@tr.kernel
def no_loop(z: Mutable[Tensor[f32]], x0: Shared[Tensor[i64]], x1: Shared[Tensor[bf16]]) -> None:
    t1 = tl.astype(tl.full((16, 16), 3, tl.i32), tl.f32)
    t2 = tl.min(t1, axis=0)
    t3 = tl.astype(tl.load_tile_like(x1, z), tl.f32)
    z.store(t2 + tl.softplus(t3 - z.load()) * 2)


@tr.kernel
def loaded_start(
    z: Mutable[Tensor[f32]], x0: Shared[Tensor[i64]], x1: Shared[Tensor[bf16]]
) -> None:
    t3 = tl.astype(tl.load_tile_like(x1, z), tl.f32)
    t4 = t3
    for k4 in range(3):
        t4 = t4 + tl.softplus(t3 - z.load()) * k4
    z.store(t4)


@tr.kernel
def constant_start(
    z: Mutable[Tensor[f32]], x0: Shared[Tensor[i64]], x1: Shared[Tensor[bf16]]
) -> None:
    t3 = tl.astype(tl.load_tile_like(x1, z), tl.f32)
    t4 = tl.full((16,), 3.0, tl.f32)
    for k4 in range(3):
        t4 = t4 + tl.softplus(t3 - z.load()) * k4
    z.store(t4)


@tr.kernel
def reduce_f32_full(
    z: Mutable[Tensor[f32]], x0: Shared[Tensor[i64]], x1: Shared[Tensor[bf16]]
) -> None:
    t2 = tl.min(tl.full((16, 16), 3.0, tl.f32), axis=0)
    t3 = tl.astype(tl.load_tile_like(x1, z), tl.f32)
    t4 = t2
    for k4 in range(3):
        t4 = t4 + tl.softplus(t3 - z.load()) * k4
    z.store(t4)


@tr.kernel
def reduce_sum_full(
    z: Mutable[Tensor[f32]], x0: Shared[Tensor[i64]], x1: Shared[Tensor[bf16]]
) -> None:
    t2 = tl.sum(tl.full((16, 16), 3.0, tl.f32), axis=0)
    t3 = tl.astype(tl.load_tile_like(x1, z), tl.f32)
    t4 = t2
    for k4 in range(3):
        t4 = t4 + (t3 - z.load()) * k4
    z.store(t4)


@tr.kernel
def reduce_then_loaded_zero(
    z: Mutable[Tensor[f32]], x0: Shared[Tensor[i64]], x1: Shared[Tensor[bf16]]
) -> None:
    t2 = tl.min(tl.full((16, 16), 3.0, tl.f32), axis=0)
    t3 = tl.astype(tl.load_tile_like(x1, z), tl.f32)
    t4 = t2 + t3 * 0.0
    for k4 in range(3):
        t4 = t4 + tl.softplus(t3 - z.load()) * k4
    z.store(t4)


KERNELS = (
    as_generated,
    no_softplus,
    no_loop,
    loaded_start,
    constant_start,
    reduce_f32_full,
    reduce_sum_full,
    reduce_then_loaded_zero,
)

for k in KERNELS:
    z = tr.zeros((32,), dtype=f32)
    x0 = tr.from_numpy(np.arange(32, dtype=np.int64))
    x1 = tr.from_numpy(np.linspace(-2, 2, 32).astype(np.float32)).astype(bf16)
    try:
        k(z.partition((16,)), x0, x1).sync()
        print("PROBE", k.name, "ok")
    except Exception as e:
        print("PROBE", k.name, "FAIL", str(e)[:200].replace("\n", " "))
