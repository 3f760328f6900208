"""A .then callback defined locally that only launches."""

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
    z = tr.ones((N,))

    def again(zp: tr.Partition, *rest: object) -> tr.Op:
        return scale(zp, 2.0)

    scale(z.partition((T,)), 2.0).then(again).sync()
    print(z.to_numpy()[0])


if __name__ == "__main__":
    main()
