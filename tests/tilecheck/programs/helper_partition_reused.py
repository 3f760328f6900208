"""A helper consumes the partition it is given; the caller passes it twice."""

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


def run_on(part: tr.Partition, a: float) -> None:
    scale(part, a).sync()  # expect: TC109


def main() -> None:
    z = tr.ones((N,))
    p = z.partition((T,))
    run_on(p, 2.0)
    run_on(p, 3.0)  # the runtime raises inside


if __name__ == "__main__":
    main()
