"""Base layer with start()/finish(); a subclass adds a bias and calls super() in both."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import accumulate, scale

import tilert as tr

N = 64


class Layer:
    def __init__(self, gain: float) -> None:
        self.gain = gain
        self.out = tr.zeros((N,))
        self._pending: tr.Pending | None = None

    def start(self, x: tr.Tensor) -> None:
        self._pending = scale(self.out.partition((16,)), x, self.gain).submit()

    def finish(self) -> tr.Tensor:
        if self._pending is not None:
            self._pending.wait()
            self._pending = None
        return self.out


class BiasLayer(Layer):
    def __init__(self, gain: float, bias: tr.Tensor) -> None:
        super().__init__(gain)
        self.bias = bias

    def finish(self) -> tr.Tensor:
        out = super().finish()
        accumulate(out.partition((16,)), self.bias).sync()
        return out


x = tr.arange(N)
layers = [Layer(2.0), BiasLayer(3.0, tr.ones((N,)))]
for layer in layers:
    layer.start(x)
results = [layer.finish().to_numpy() for layer in layers]
assert np.allclose(results[0], 2 * np.arange(N))
assert np.allclose(results[1], 3 * np.arange(N) + 1)
