"""An async step reads its output before awaiting the pending."""

from __future__ import annotations

import asyncio

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32

N = 1024
T = 256


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


async def one(x: Tensor[f32]) -> float:
    y = tr.zeros(x.shape)
    pending = add(y.partition((T,)), x, x).submit()
    early = float(y.to_numpy().sum())  # expect: TC102
    await pending
    return early


def main() -> None:
    print(asyncio.run(one(tr.ones((N,)))))


if __name__ == "__main__":
    main()
