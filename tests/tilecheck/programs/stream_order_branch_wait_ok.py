"""The writer is waited on early on one path only; on both, the launch that reads its output
comes after it (waited, or in stream order), so it needs no wait of its own."""

from __future__ import annotations

import sys

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32

N = 1024
T = 256


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


def main(early: bool) -> None:
    x = tr.ones((N,))
    y, z = tr.zeros((N,)), tr.zeros((N,))
    first = add(y.partition((T,)), x, x).submit()
    if early:
        first.wait()
    add(z.partition((T,)), y, x).sync()
    if not early:
        first.wait()
    print(z.to_numpy()[0])


if __name__ == "__main__":
    main(len(sys.argv) > 1)
    main(len(sys.argv) <= 1)
