"""An async pipeline: independent batches submitted on their own streams and awaited together;
each batch's tensors stay borrowed until its await completes."""

from __future__ import annotations

import asyncio

import numpy as np
import numpy.typing as npt

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def scale_shift(y: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], a: float, b: float) -> None:
    y.store(tl.load_tile_like(x, y) * a + b)


@tr.kernel
def square(y: Mutable[Tensor[f32]]) -> None:
    t = y.load()
    y.store(t * t)


async def process(batch: int, x: tr.Tensor[f32], stream: tr.Stream) -> npt.NDArray[np.float32]:
    y = tr.empty(x.shape, dtype=f32)
    with stream:
        # scale_shift then square, chained on one stream: square takes the partition on
        await scale_shift(y.partition((256,)), x, 2.0, float(batch)).then(lambda yp, *_: square(yp))
    return y.to_numpy()


async def run(batches: int = 4, n: int = 4096) -> list[npt.NDArray[np.float32]]:
    inputs = [tr.full((n,), float(i), dtype=f32) for i in range(batches)]
    streams = [tr.Stream() for _ in range(batches)]
    return await asyncio.gather(
        *(process(i, x, s) for i, (x, s) in enumerate(zip(inputs, streams, strict=True)))
    )


def main() -> None:
    results = asyncio.run(run())
    for i, r in enumerate(results):
        np.testing.assert_allclose(r, np.full(r.shape, (2.0 * i + i) ** 2, np.float32))
    print(
        f"async_pipeline: {len(results)} batches awaited concurrently, chained "
        f"scale_shift.then(square) on each stream: all match"
    )


if __name__ == "__main__":
    main()
