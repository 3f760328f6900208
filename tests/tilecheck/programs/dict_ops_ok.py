"""Ops kept by name in a dict and synced in a loop."""

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
    outs = {"a": tr.zeros((N,)), "b": tr.zeros((N,))}
    ops = {name: copy(out.partition((T,)), x) for name, out in outs.items()}
    for op in ops.values():
        op.sync()
    print({k: float(v.to_numpy().sum()) for k, v in outs.items()})


if __name__ == "__main__":
    main()
