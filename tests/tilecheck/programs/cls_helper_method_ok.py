"""A class whose helper method returns an op that the caller syncs."""

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


class Pipeline:
    def __init__(self, n: int) -> None:
        self.x = tr.ones((n,))
        self.y = tr.zeros((n,))

    def _copy_op(self) -> tr.Op:
        return copy(self.y.partition((T,)), self.x)

    def run(self) -> float:
        self._copy_op().sync()
        return float(self.y.to_numpy().sum())


def main() -> None:
    print(Pipeline(N).run())


if __name__ == "__main__":
    main()
