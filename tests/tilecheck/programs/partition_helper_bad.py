"""A helper returns a partition; the caller reads the tensor before the launch."""

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


def tiles(t: Tensor[f32]) -> tr.Partition:
    return t.partition((T,))


def main() -> None:
    z = tr.ones((N,))
    p = tiles(z)
    print(z.to_numpy()[0])  # expect: TC104
    scale(p, 2.0).sync()


if __name__ == "__main__":
    main()
