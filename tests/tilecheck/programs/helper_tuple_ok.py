"""A helper returns the tensor with its Pending; the caller waits first."""

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


def start(x: Tensor[f32]) -> tuple[Tensor[f32], tr.Pending]:
    out = tr.zeros(x.shape)
    return out, copy(out.partition((T,)), x).submit()


def main() -> None:
    out, pending = start(tr.ones((N,)))
    pending.wait()
    print(out.to_numpy()[0])


if __name__ == "__main__":
    main()
