"""The GEMM kernels the tests and the benchmarks share: the persistent grouped GEMM over a mapped
partition (f16 and bf16, with and without load latency hints), the kernel behind every GEMM
figure in the README, and the plain one-block-per-tile GEMM."""

from __future__ import annotations

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, bf16, f16


@tr.kernel
def gemm_f16(
    c: Mutable[Tensor[f16]], a: Shared[Tensor[f16]], b: Shared[Tensor[f16]], bk: Const[int]
) -> None:
    bm, bn = c.tile_shape
    for idx in c.tiles():
        i, j = idx
        acc = tl.zeros((bm, bn), tl.f32)
        for k in range(tl.cdiv(a.shape[1], bk)):
            acc = tl.mma(a.load_tile((bm, bk), (i, k)), b.load_tile((bk, bn), (k, j)), acc)
        c.store(acc, at=idx)


@tr.kernel
def gemm_f16_hinted(
    c: Mutable[Tensor[f16]],
    a: Shared[Tensor[f16]],
    b: Shared[Tensor[f16]],
    bk: Const[int],
    latency: Const[int],
) -> None:
    bm, bn = c.tile_shape
    for idx in c.tiles():
        i, j = idx
        acc = tl.zeros((bm, bn), tl.f32)
        for k in range(tl.cdiv(a.shape[1], bk)):
            ta = a.load_tile((bm, bk), (i, k), latency=latency)
            tb = b.load_tile((bk, bn), (k, j), latency=latency)
            acc = tl.mma(ta, tb, acc)
        c.store(acc, at=idx)


@tr.kernel
def gemm_bf16(
    c: Mutable[Tensor[bf16]], a: Shared[Tensor[bf16]], b: Shared[Tensor[bf16]], bk: Const[int]
) -> None:
    bm, bn = c.tile_shape
    for idx in c.tiles():
        i, j = idx
        acc = tl.zeros((bm, bn), tl.f32)
        for k in range(tl.cdiv(a.shape[1], bk)):
            acc = tl.mma(a.load_tile((bm, bk), (i, k)), b.load_tile((bk, bn), (k, j)), acc)
        c.store(acc, at=idx)


@tr.kernel
def gemm_bf16_hinted(
    c: Mutable[Tensor[bf16]],
    a: Shared[Tensor[bf16]],
    b: Shared[Tensor[bf16]],
    bk: Const[int],
    latency: Const[int],
) -> None:
    bm, bn = c.tile_shape
    for idx in c.tiles():
        i, j = idx
        acc = tl.zeros((bm, bn), tl.f32)
        for k in range(tl.cdiv(a.shape[1], bk)):
            ta = a.load_tile((bm, bk), (i, k), latency=latency)
            tb = b.load_tile((bk, bn), (k, j), latency=latency)
            acc = tl.mma(ta, tb, acc)
        c.store(acc, at=idx)


# -- one block per output tile (a plain grid), for comparison and for the lowering tests --------
@tr.kernel
def gemm_tiles(
    c: Mutable[Tensor[f16]], a: Shared[Tensor[f16]], b: Shared[Tensor[f16]], bk: Const[int]
) -> None:
    i, j = c.index
    bm, bn = c.tile_shape
    acc = tl.zeros((bm, bn), tl.f32)
    for k in range(tl.cdiv(a.shape[1], bk)):
        acc = tl.mma(a.load_tile((bm, bk), (i, k)), b.load_tile((bk, bn), (k, j)), acc)
    c.store(acc)
