"""A bounded window of in-flight ops kept in a deque."""

from __future__ import annotations

from collections import deque

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
    bufs = [tr.full((N,), float(i)) for i in range(6)]
    window: deque[tr.Pending] = deque()
    for t in bufs:
        window.append(scale(t.partition((T,)), 2.0).submit())
        if len(window) > 2:
            window.popleft().wait()
    while window:
        window.popleft().wait()
    print([float(b.to_numpy()[0]) for b in bufs])


if __name__ == "__main__":
    main()
