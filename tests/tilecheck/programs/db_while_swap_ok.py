"""Ping-pong in a while loop, pendings swapped by tuple assignment."""

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
    x = tr.full((N,), 3.0)
    front, back = tr.zeros((N,)), tr.zeros((N,))
    pf = copy(front.partition((T,)), x).submit()
    pb = copy(back.partition((T,)), x).submit()
    steps = 0
    while steps < 4:
        pf.wait()
        print(front.to_numpy()[:2])
        pf = scale(front.partition((T,)), 0.5).submit()
        front, back = back, front
        pf, pb = pb, pf
        steps += 1
    pf.wait()
    pb.wait()
    print(front.to_numpy()[:2], back.to_numpy()[:2])


if __name__ == "__main__":
    main()
