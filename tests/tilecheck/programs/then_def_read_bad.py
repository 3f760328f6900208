"""A .then callback (a local def) reads on the host the tensor its chain writes."""

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

    def next_step(zp: tr.Partition, *rest: object) -> tr.Op:
        print("partial:", z.to_numpy()[0])  # expect: TC102
        return scale(zp, 3.0)

    op = scale(z.partition((T,)), 2.0).then(next_step)
    op.sync()


if __name__ == "__main__":
    main()
