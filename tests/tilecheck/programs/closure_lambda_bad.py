"""A lambda that reads a tensor is called while the tensor is in flight."""

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
    z = tr.zeros((N,))
    peek = lambda: float(z.to_numpy()[0])  # noqa: E731  # expect: TC102
    op = scale(z.partition((T,)), 2.0)
    print(peek())  # the read in the lambda is refused
    op.sync()


if __name__ == "__main__":
    main()
