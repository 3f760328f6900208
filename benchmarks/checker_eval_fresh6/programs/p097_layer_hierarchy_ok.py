"""A base layer with an abstract `launch` returning an op, two subclasses, and a model that
runs each layer's op; the activations are ping-ponged between two buffers after each sync."""

from __future__ import annotations

from abc import ABC, abstractmethod

import numpy as np
from llmforge import kernels as k

import tilert as tr


class Layer(ABC):
    @abstractmethod
    def launch(self, out: tr.Tensor, x: tr.Tensor) -> tr.Op: ...


class ScaleLayer(Layer):
    def __init__(self, s: float) -> None:
        self.s = s

    def launch(self, out: tr.Tensor, x: tr.Tensor) -> tr.Op:
        return k.scale(out.partition((16,)), x, self.s)


class BiasReluLayer(Layer):
    def __init__(self, bias: float) -> None:
        self.bias = tr.full((64,), bias)
        self.tmp = tr.zeros((64,))

    def launch(self, out: tr.Tensor, x: tr.Tensor) -> tr.Op:
        return k.add(self.tmp.partition((16,)), x, self.bias).then(
            lambda *_: k.relu(out.partition((16,)), self.tmp)
        )


class Model:
    def __init__(self, layers: list[Layer]) -> None:
        self.layers = layers
        self.bufs = (tr.zeros((64,)), tr.zeros((64,)))

    def __call__(self, x: tr.Tensor) -> np.ndarray:
        src, dst = x, self.bufs[0]
        for i, layer in enumerate(self.layers):
            layer.launch(dst, src).sync()
            src, dst = dst, self.bufs[(i + 1) % 2]
        return src.to_numpy()


model = Model([ScaleLayer(2.0), BiasReluLayer(-1.0), ScaleLayer(3.0)])
out = model(tr.ones((64,)))
assert np.all(out == 3.0), out[:2]
print(out[0])
