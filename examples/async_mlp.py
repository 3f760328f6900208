"""A two-layer MLP forward pass, ``y = relu(x @ w0) @ w1``, for several batches at once. Each
batch's forward is one op, three launches chained with ``.then``: the GEMM writes the hidden
activations ``h``, the ReLU rewrites them in place (the partition moves along the chain) and
the matrix-vector product reads them (``hp.tensor``, held by the chain). Each batch runs on a
stream of its own and the batches are awaited together with ``asyncio.gather``; the weights
are Shared, read by every batch at once. A batch's tensors stay borrowed until its await
completes."""

from __future__ import annotations

import asyncio
from typing import Any

import numpy as np
import numpy.typing as npt

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f16, f32


@tr.kernel
def gemm(
    c: Mutable[Tensor[f16]], a: Shared[Tensor[f16]], b: Shared[Tensor[f16]], bk: Const[int]
) -> None:
    i, j = c.index
    bm, bn = c.tile_shape
    acc = tl.zeros((bm, bn), tl.f32)
    for k in range(tl.cdiv(a.shape[1], bk)):
        acc = tl.mma(a.load_tile((bm, bk), (i, k)), b.load_tile((bk, bn), (k, j)), acc)
    c.store(acc)  # rounded to f16


@tr.kernel
def relu(h: Mutable[Tensor[f16]]) -> None:
    h.store(tl.maximum(h.load(), 0.0))


@tr.kernel
def matvec(
    y: Mutable[Tensor[f32]], h: Shared[Tensor[f16]], w: Shared[Tensor[f16]], bk: Const[int]
) -> None:
    (i,) = y.index
    (bm,) = y.tile_shape
    acc = tl.zeros((bm, bk), tl.f32)
    for k in range(tl.cdiv(h.shape[1], bk)):
        row = tl.astype(tl.reshape(w.load_tile((bk,), (k,)), (1, bk)), tl.f32)
        acc = acc + tl.astype(h.load_tile((bm, bk), (i, k)), tl.f32) * row
    y.store(tl.sum(acc, axis=1))


async def forward(
    x: Tensor[f16], w0: Tensor[f16], w1: Tensor[f16], stream: tr.Stream
) -> npt.NDArray[Any]:
    batch, hidden = x.shape[0], w0.shape[1]
    h = tr.empty((batch, hidden), dtype=f16)
    y = tr.empty((batch,), dtype=f32)
    with stream:  # the chain's launches go to this batch's stream, in order
        await (
            gemm(h.partition((32, 32)), x, w0, 32)
            .then(lambda hp, *_: relu(hp))
            .then(lambda hp, *_: matvec(y.partition((32,)), hp.tensor, w1, 32))
        )
    return y.to_numpy()


async def run(xs: list[Tensor[f16]], w0: Tensor[f16], w1: Tensor[f16]) -> list[npt.NDArray[Any]]:
    streams = [tr.Stream() for _ in xs]
    return await asyncio.gather(*(forward(x, w0, w1, s) for x, s in zip(xs, streams, strict=True)))


def main() -> None:
    gpu = tr.Device().kind == "cuda"
    batches, batch, d_in, hidden = (8, 256, 1024, 4096) if gpu else (4, 40, 64, 96)
    rng = np.random.default_rng(11)
    w0 = (rng.standard_normal((d_in, hidden)) / np.sqrt(d_in)).astype(np.float16)
    w1 = (rng.standard_normal(hidden) / np.sqrt(hidden)).astype(np.float16)
    xs = [rng.standard_normal((batch, d_in)).astype(np.float16) for _ in range(batches)]
    ys = asyncio.run(run([tr.from_numpy(x) for x in xs], tr.from_numpy(w0), tr.from_numpy(w1)))
    error = 0.0
    for x, y in zip(xs, ys, strict=True):
        h = (x.astype(np.float64) @ w0).astype(np.float16)  # stored as f16, as the kernel does
        expect = np.maximum(h, 0).astype(np.float64) @ w1
        error = max(error, float(np.max(np.abs(y - expect))))
    tol = 1e-2  # h's f16 rounding may differ by an ulp where the sums' order does
    ok = error <= tol
    print(
        f"async_mlp: {batches} batches of {batch} on {batches} streams, gemm.then(relu)"
        f".then(matvec) each, {d_in} -> {hidden} -> 1: max error {error:.1e} against numpy "
        f"(tolerance {tol:.0e}): {'ok' if ok else 'MISMATCH'}"
    )
    if not ok:
        raise AssertionError(f"async_mlp: max error {error:.1e} > {tol:.0e}")


if __name__ == "__main__":
    main()
