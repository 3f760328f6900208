"""GEMMs as asynchronous operations: ``matmul(a, b)`` allocates its output and returns the lazy
``Op`` of the GEMM kernel, the way a library function would. Several are submitted at once, each
on a stream of its own, and awaited together with ``asyncio.gather``; awaiting an op gives back
its arguments, the output partition first (``part.tensor`` is the product). ``a`` is read by
every GEMM at once, which Shared allows; each output is written by one."""

from __future__ import annotations

import asyncio

import numpy as np
import numpy.typing as npt

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f16, f32


@tr.kernel
def gemm(
    c: Mutable[Tensor[f32]], a: Shared[Tensor[f16]], b: Shared[Tensor[f16]], bk: Const[int]
) -> None:
    i, j = c.index
    bm, bn = c.tile_shape
    acc = tl.zeros((bm, bn), tl.f32)
    for k in range(tl.cdiv(a.shape[1], bk)):
        acc = tl.mma(a.load_tile((bm, bk), (i, k)), b.load_tile((bk, bn), (k, j)), acc)
    c.store(acc)


def matmul(a: Tensor[f16], b: Tensor[f16], tile: int = 64, bk: int = 32) -> tr.Op:
    """The op computing ``a @ b`` into a new f32 tensor; nothing runs until it is awaited."""
    c = tr.empty((a.shape[0], b.shape[1]), dtype=f32)
    return gemm(c.partition((tile, tile)), a, b, bk)


async def run(a: Tensor[f16], bs: list[Tensor[f16]]) -> list[npt.NDArray[np.float32]]:
    streams = [tr.Stream() for _ in bs]
    pending = [
        matmul(a, b).submit(s) for b, s in zip(bs, streams, strict=True)
    ]  # all in flight at once
    results = await asyncio.gather(*pending)
    return [part.tensor.to_numpy() for part, *_ in results]


def main() -> None:
    gpu = tr.Device().kind == "cuda"
    m, n, k, count = (1024, 1024, 1024, 4) if gpu else (128, 96, 160, 3)
    rng = np.random.default_rng(10)
    a_np = rng.standard_normal((m, k)).astype(np.float16)
    b_nps = [rng.standard_normal((k, n)).astype(np.float16) for _ in range(count)]
    products = asyncio.run(run(tr.from_numpy(a_np), [tr.from_numpy(b) for b in b_nps]))
    a64 = a_np.astype(np.float64)
    error = max(float(np.max(np.abs(c - a64 @ b))) for c, b in zip(products, b_nps, strict=True))
    tol = 1e-5 * k  # f32 accumulation of k exact f16 products
    ok = error <= tol
    print(
        f"async_gemm: {count} GEMMs ({m}x{k} @ {k}x{n}, f16 -> f32) on {count} streams, awaited "
        f"together: max error {error:.1e} against numpy (tolerance {tol:.0e}): "
        f"{'ok' if ok else 'MISMATCH'}"
    )
    if not ok:
        raise AssertionError(f"async_gemm: max error {error:.1e} > {tol:.0e}")


if __name__ == "__main__":
    main()
