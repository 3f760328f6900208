"""A model registry keyed by names, filled by a decorator, building layers from a config."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from llmcraft import kernels as k
from llmcraft.base import Layer

import tilert as tr

REGISTRY: dict[str, type[Layer]] = {}


def register(name: str) -> Callable[[type[Layer]], type[Layer]]:
    def deco(cls: type[Layer]) -> type[Layer]:
        REGISTRY[name] = cls
        return cls

    return deco


@register("relu")
class Relu(Layer):
    def op(self, x: tr.Tensor[tr.f32]) -> tr.Op[Any]:
        return k.relu(self.part(), x)


@register("square")
class Square(Layer):
    def op(self, x: tr.Tensor[tr.f32]) -> tr.Op[Any]:
        return k.square(self.part(), x)


config = ["relu", "square", "relu"]
layers = [REGISTRY[name](8) for name in config]
h = tr.from_numpy(np.linspace(-3, 3, 8, dtype=np.float32))
for layer in layers:
    h = layer.forward(h)
np.testing.assert_allclose(h.to_numpy(), np.maximum(np.linspace(-3, 3, 8), 0) ** 2, rtol=1e-6)
print("ok")
