"""Buffers unpacked with a starred target; the head is read while written."""

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
    head, *rest = [tr.zeros((N,)), tr.ones((N,)), tr.ones((N,))]
    pending = add(head.partition((T,)), rest[0], rest[1]).submit()
    print(head.to_numpy()[0])  # expect: TC102
    pending.wait()


if __name__ == "__main__":
    main()
