"""Pipeline: wait for the previous op first, then submit the next one."""

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
    xs = [tr.ones((N,)) for _ in range(3)]
    ys = [tr.zeros((N,)) for _ in range(3)]
    pending = None
    for x, y in zip(xs, ys, strict=True):
        if pending is not None:
            pending.wait()
        pending = copy(y.partition((T,)), x).submit()
    if pending is not None:
        pending.wait()
    print([float(y.to_numpy().sum()) for y in ys])


if __name__ == "__main__":
    main()
