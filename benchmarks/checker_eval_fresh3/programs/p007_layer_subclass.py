from __future__ import annotations

import numpy as np
from llmhost.kernels import add, relu

import tilert as tr


class Layer:
    def __init__(self, d: int) -> None:
        self.out = tr.zeros((d,))
        self._pending: tr.Pending | None = None

    def start(self, x: tr.Tensor) -> None:
        raise NotImplementedError

    def finish(self) -> tr.Tensor:
        assert self._pending is not None
        self._pending.wait()
        self._pending = None
        return self.out


class Residual(Layer):
    def __init__(self, d: int) -> None:
        super().__init__(d)
        self.bias = tr.ones((d,))

    def start(self, x: tr.Tensor) -> None:
        self._pending = add(self.out.partition((16,)), x, self.bias).submit()


class Relu(Layer):
    def start(self, x: tr.Tensor) -> None:
        self._pending = relu(self.out.partition((16,)), x).submit()


x = tr.from_numpy(np.linspace(-2, 2, 64, dtype=np.float32))
h = x
for layer in [Residual(64), Relu(64), Residual(64)]:
    layer.start(h)
    h = layer.finish()
expect = np.maximum(np.linspace(-2, 2, 64, dtype=np.float32) + 1, 0) + 1
assert np.allclose(h.to_numpy(), expect)
print("layers ok")
