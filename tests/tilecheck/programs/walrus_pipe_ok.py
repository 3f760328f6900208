"""A pipeline holding the previous Pending in an Optional, waited with a walrus."""

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
    bufs = [tr.ones((N,)) for _ in range(3)]
    prev: tr.Pending | None = None
    for t in bufs:
        nxt = scale(t.partition((T,)), 2.0).submit()
        if (p := prev) is not None:
            p.wait()
        prev = nxt
    if prev is not None:
        prev.wait()
    print(float(bufs[-1].to_numpy()[0]))


if __name__ == "__main__":
    main()
