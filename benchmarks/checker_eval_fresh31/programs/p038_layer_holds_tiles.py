"""A projection layer that partitions its output when it is built, to launch quickly later."""

import numpy as np
from llmforge import scale

import tilert as tr
import tilert.kernels as tk


class ScaledProjection:
    def __init__(self, n: int, factor: float) -> None:
        self.n = n
        self.factor = factor
        self.out = tr.empty((n,), name="proj.out")
        self.tiles = self.out.partition((n // 4,))

    def launch(self, x: tr.Tensor) -> tr.Op:
        return scale(self.tiles, x, self.factor)

    def norm(self) -> float:
        return float(np.linalg.norm(self.out.to_numpy()))  # expect: TC104


def main() -> None:
    layer = ScaledProjection(512, 0.5)
    x = tr.from_numpy(np.ones(512, dtype=np.float32))
    print("projection norm:", layer.norm())  # expect-also: TC104
    layer.launch(x).sync()
    w = tr.ones((512,))
    y = tr.empty((1, 512))
    tk.rmsnorm(y, layer.out.reshape(1, 512), w).sync()
    print("normed:", float(y.to_numpy().mean()))


main()
