"""A dict of named buffers, read after the wait."""

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
    bufs = {"x": tr.ones((N,)), "y": tr.zeros((N,))}
    pending = copy(bufs["y"].partition((T,)), bufs["x"]).submit()
    print(bufs["x"].shape)
    pending.wait()
    print(bufs["y"].to_numpy()[:4])


if __name__ == "__main__":
    main()
