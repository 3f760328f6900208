"""Double buffering through a dict whose entries swap."""

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
    x = tr.ones((N,))
    bufs = {"front": tr.zeros((N,)), "back": tr.zeros((N,))}
    pending = copy(bufs["front"].partition((T,)), x).submit()
    for _ in range(3):
        nxt = copy(bufs["back"].partition((T,)), x).submit()
        pending.wait()
        print(bufs["front"].to_numpy()[0])
        bufs["front"], bufs["back"] = bufs["back"], bufs["front"]
        pending = nxt
    pending.wait()


if __name__ == "__main__":
    main()
