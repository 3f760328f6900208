"""A layer object builds a warm-up op in __init__ (to compile the kernel early, its author
thought) but never runs it."""

from __future__ import annotations

from llmforge import kernels as k

import tilert as tr


class Mlp:
    def __init__(self, width: int) -> None:
        self.hidden = tr.zeros((width,), name="hidden")
        self.bias = tr.full((width,), 0.1)
        self.warm = k.relu(self.hidden.partition((16,)), self.bias)  # expect: TC105

    def forward(self, x: tr.Tensor) -> float:
        k.add(self.hidden.partition((16,)), x, self.bias).sync()
        return float(self.hidden.to_numpy().sum())


def main() -> None:
    mlp = Mlp(64)  # expect-also
    del mlp.warm
    print(mlp.forward(tr.ones((64,))))


main()
