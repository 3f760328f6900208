"""Nested unpacking of (buffer, pending) pairs; a buffer read before its wait."""

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
    x, y = tr.zeros((N,)), tr.zeros((N,))
    jobs = [
        (x, scale(x.partition((T,)), 2.0).submit()),
        (y, scale(y.partition((T,)), 2.0).submit()),
    ]
    (first, first_p), (second, second_p) = jobs
    first_p.wait()
    print(first.to_numpy()[0])
    print(second.to_numpy()[0])  # expect: TC102
    second_p.wait()


if __name__ == "__main__":
    main()
