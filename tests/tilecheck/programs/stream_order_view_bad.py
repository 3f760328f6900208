"""A launch may not read a view after its in-flight writer: views and their bases are
borrowed by region, and stream order does not apply to them."""

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


def main() -> None:
    x = tr.ones((N,))
    y, head = tr.zeros((N,)), tr.zeros((N // 2,))
    front = y[: N // 2]
    first = add(front.partition((T,)), x, x).submit()
    add(head.partition((T,)), front, x).sync()  # expect: TC102
    first.wait()


if __name__ == "__main__":
    main()
