"""The writer is a `.then` chain on one path: its holders hand y on among themselves, so a
launch that reads y must wait for it."""

from __future__ import annotations

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32

N = 1024
T = 256


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main(twice: bool = True) -> None:
    x = tr.ones((N,))
    y, z = tr.zeros((N,)), tr.zeros((N,))
    op = add(y.partition((T,)), x, x)
    if twice:
        op = op.then(lambda yp, *_: scale(yp, 2.0))
    pending = op.submit()
    add(z.partition((T,)), y, x).sync()  # expect: TC102
    pending.wait()


if __name__ == "__main__":
    main()
