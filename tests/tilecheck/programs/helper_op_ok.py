"""A helper builds and returns an op; the caller syncs, then reads."""

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


def make_copy(dst, src):  # type: ignore[no-untyped-def]
    return copy(dst.partition((T,)), src)


def main() -> None:
    x, y = tr.ones((N,)), tr.zeros((N,))
    make_copy(y, x).sync()
    print(y.to_numpy()[0], x.to_numpy()[0])


if __name__ == "__main__":
    main()
