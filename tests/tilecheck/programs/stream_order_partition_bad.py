"""A reader follows its in-flight writer; once the writer is waited on, the tensor is
partitioned again while the reader may still run: TC103 (the reader must be waited on first)."""

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
    y, z = tr.zeros((N,)), tr.zeros((N,))
    first = add(y.partition((T,)), x, x).submit()
    second = add(z.partition((T,)), y, x).submit()
    first.wait()
    scale(y.partition((T,)), 2.0).sync()  # expect: TC103
    second.wait()


if __name__ == "__main__":
    main()
