"""Two-stage pipeline: stage 2 of batch i overlaps stage 1 of batch i+1."""

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
    outs = [tr.zeros((N,)) for _ in range(3)]
    inflight = None
    for out in outs:
        stage1 = copy(out.partition((T,)), x).then(lambda op, *_: scale(op, 3.0)).submit()
        if inflight is not None:
            inflight.wait()
        inflight = stage1
    if inflight is not None:
        inflight.wait()
    print([float(o.to_numpy()[0]) for o in outs])


if __name__ == "__main__":
    main()
