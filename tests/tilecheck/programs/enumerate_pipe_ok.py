"""Pipeline with enumerate and a first-iteration test."""

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
    bufs = [tr.full((N,), float(i)) for i in range(4)]
    prev = None
    for i, t in enumerate(bufs):
        pend = scale(t.partition((T,)), 2.0).submit()
        if i > 0 and prev is not None:
            prev.wait()
        prev = pend
    if prev is not None:
        prev.wait()
    print(float(bufs[0].to_numpy()[0]))


if __name__ == "__main__":
    main()
