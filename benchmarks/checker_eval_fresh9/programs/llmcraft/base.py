"""Base classes for layers and workers: a layer owns its output buffer and launches into it."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

import tilert as tr
from llmcraft.host import tiles
from tilert import Tensor, f32


class Layer(ABC):
    """A layer owning `out`; subclasses say which op computes it."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.out = tr.zeros((width,), dtype=f32)

    @abstractmethod
    def op(self, x: Tensor[f32]) -> tr.Op[Any]: ...

    def forward(self, x: Tensor[f32]) -> Tensor[f32]:
        self.op(x).sync()
        return self.out

    def start(self, x: Tensor[f32]) -> tr.Pending[Any]:
        return self.op(x).submit()

    def part(self) -> tr.Partition[f32]:
        return tiles(self.out)


class Worker:
    """Owns a staging buffer and the Pending of its last job."""

    def __init__(self, width: int) -> None:
        self.buf = tr.zeros((width,), dtype=f32)
        self.pending: tr.Pending[Any] | None = None

    def finish(self) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None
