"""Correct tilert code, typed precisely: no errors with the plugin."""

import asyncio

import numpy as np
import numpy.typing as npt

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f16, f32


@tr.kernel
def axpy(y: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], a: float) -> None:
    y.store(y.load() + a * tl.load_tile_like(x, y))


@tr.kernel(unsafe=True, occupancy=2)
def scatter(z: Mutable[Tensor[f32]], n: Const[int]) -> None:
    for k in range(n):
        tl.unsafe.store(z, (k,), tl.full(z.tile_shape, k, tl.f32))


@tr.kernel
def persistent(z: Mutable[Tensor[f16]], x: Shared[Tensor[f16]]) -> None:
    for idx in z.tiles():
        z.store(tl.load_tile_like(x, z, at=idx) * 2, at=idx)


@tr.function
def halve(t: tl.Tile[f32]) -> tl.Tile[f32]:
    return t * 0.5


async def pipeline(x: Tensor[f32], y: Tensor[f32]) -> npt.NDArray[np.float32]:
    with tr.Stream():
        outputs = await axpy(y.partition((256,)), x, 2.0).then(lambda yp, *_: axpy(yp, x, 1.0))
    part, tensor, factor = outputs
    assert factor == 1.0 and tensor is x and part.tensor is y
    return y.to_numpy()


def main() -> None:
    x, y = tr.ones((1024,)), tr.zeros((1024,))
    axpy(y.partition((256,)), x, 2.0).sync()
    scatter(y.partition((256,)), 2, grid=(1,)).submit().wait()
    h = tr.zeros((1024,), dtype=f16)
    persistent(
        h.partition((128,)).mapped(blocks=2, order=tr.grouped(2)), tr.ones((1024,), dtype=f16)
    ).sync()
    with tr.graph() as g:
        g.record(axpy(y.partition((256,)), x, 1.0))
    g.launch().wait()
    g.close()
    tr.zip(axpy(y.partition((256,)), x, 1.0)).sync()
    asyncio.run(pipeline(x, y))
