"""Base classes the programs subclass: a layer owning its weights and output buffer, and a
registry mapping config names to layer classes."""

from __future__ import annotations

from typing import ClassVar

import tilert as tr
from llmroute import kernels as K
from tilert import Tensor, f32

TILE = 16


class Layer:
    """A layer owns its output buffer; ``launch`` returns the op, ``forward`` submits it."""

    registry: ClassVar[dict[str, type[Layer]]] = {}

    def __init__(self, dim: int, name: str = "layer") -> None:
        self.dim = dim
        self.name = name
        self.out = tr.zeros((dim,), name=f"{name}.out")

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__()
        Layer.registry[cls.__name__.lower()] = cls

    def launch(self, x: Tensor[f32]) -> tr.Op:
        return K.copy(self.out.partition((TILE,)), x)

    def forward(self, x: Tensor[f32]) -> tr.Pending:
        return self.launch(x).submit()


class Scaled(Layer):
    def __init__(self, dim: int, name: str = "scaled", factor: float = 2.0) -> None:
        super().__init__(dim, name)
        self.factor = factor

    def launch(self, x: Tensor[f32]) -> tr.Op:
        return K.scale(self.out.partition((TILE,)), x, self.factor)


class Gated(Layer):
    def __init__(self, dim: int, name: str = "gated") -> None:
        super().__init__(dim, name)
        self.gate = tr.full((dim,), 0.5, name=f"{name}.gate")

    def launch(self, x: Tensor[f32]) -> tr.Op:
        return K.mul(self.out.partition((TILE,)), x, self.gate)
