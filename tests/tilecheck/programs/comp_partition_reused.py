"""Partitions made in a comprehension, then used by two launches."""

from __future__ import annotations

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


def main() -> None:
    ts = [tr.ones((N,)) for _ in range(2)]
    parts = [t.partition((T,)) for t in ts]
    for p in parts:
        scale(p, 2.0).sync()
    for p in parts:
        scale(p, 3.0).sync()  # expect: TC109


if __name__ == "__main__":
    main()
