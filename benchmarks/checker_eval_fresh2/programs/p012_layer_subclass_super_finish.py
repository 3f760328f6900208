"""Layers with a start/finish protocol; the subclass extends both and calls super()."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import copy, silu

import tilert as tr

N = 256


class Layer:
    def __init__(self) -> None:
        self.out = tr.zeros((N,))
        self.pending: list[tr.Pending] = []

    def start(self, x: tr.Tensor) -> None:
        self.pending.append(copy(self.out.partition((64,)), x).submit())

    def finish(self) -> np.ndarray:
        for p in self.pending:
            p.wait()
        self.pending.clear()
        return self.out.to_numpy()


class GatedLayer(Layer):
    def __init__(self) -> None:
        super().__init__()
        self.gate = tr.zeros((N,))

    def start(self, x: tr.Tensor) -> None:
        super().start(x)
        self.pending.append(silu(self.gate.partition((64,)), x).submit())

    def finish(self) -> np.ndarray:
        out = super().finish()
        return out * self.gate.to_numpy()


def main() -> None:
    x = tr.ones((N,))
    layers: list[Layer] = [Layer(), GatedLayer(), Layer()]
    for layer in layers:
        layer.start(x)
    results = [layer.finish() for layer in layers]
    np.testing.assert_allclose(results[1], np.full(N, 1 / (1 + np.exp(-1.0)), np.float32), 1e-5)
    print([float(r[0]) for r in results])


if __name__ == "__main__":
    main()
