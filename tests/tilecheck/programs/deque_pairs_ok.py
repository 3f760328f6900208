"""A queue of (tensor, pending) pairs drained one behind."""

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
    bufs = [tr.full((N,), float(i)) for i in range(4)]
    queue: deque[tuple[Tensor[f32], tr.Pending]] = deque()
    for t in bufs:
        queue.append((t, scale(t.partition((T,)), 2.0).submit()))
        if len(queue) > 1:
            done_t, done_p = queue.popleft()
            done_p.wait()
            print(done_t.to_numpy()[0])
    while queue:
        done_t, done_p = queue.popleft()
        done_p.wait()
        print(done_t.to_numpy()[0])


if __name__ == "__main__":
    main()
