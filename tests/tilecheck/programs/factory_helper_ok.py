"""Buffers made by a helper in a loop, each pipelined and waited."""

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


def make_buffer(n: int) -> Tensor[f32]:
    return tr.zeros((n,))


def main() -> None:
    x = tr.ones((N,))
    prev = None
    outs = []
    for _ in range(3):
        out = make_buffer(N)
        pend = copy(out.partition((T,)), x).submit()
        if prev is not None:
            prev.wait()
        prev = pend
        outs.append(out)
    if prev is not None:
        prev.wait()
    print([float(o.to_numpy()[0]) for o in outs])


if __name__ == "__main__":
    main()
