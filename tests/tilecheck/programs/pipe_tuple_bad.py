"""A pipeline over a literal tuple that reads the first buffer too early."""

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
    a, b, c = tr.ones((N,)), tr.ones((N,)), tr.ones((N,))
    prev = None
    for t in (a, b, c):
        pend = scale(t.partition((T,)), 2.0).submit()
        if prev is not None:
            prev.wait()
        prev = pend
    print(c.to_numpy()[0])  # expect: TC102
    if prev is not None:
        prev.wait()


if __name__ == "__main__":
    main()
