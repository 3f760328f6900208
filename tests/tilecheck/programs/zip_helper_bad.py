"""Two helper ops zipped; an output read before the sync."""

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


def make(out: Tensor[f32], x: Tensor[f32]) -> tr.Op:
    return copy(out.partition((T,)), x)


def main() -> None:
    x = tr.ones((N,))
    a, b = tr.zeros((N,)), tr.zeros((N,))
    both = tr.zip(make(a, x), make(b, x))
    print(b.to_numpy()[0])  # expect: TC102
    both.sync()


if __name__ == "__main__":
    main()
