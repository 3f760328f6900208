"""Base classes users of the package subclass: a module owning its output buffer."""

from __future__ import annotations

import abc

import tilert as tr
from llmforge import kernels as k
from llmforge.ops import tiles
from tilert import Tensor, f32


class Module(abc.ABC):
    """Owns `self.out` (n floats); subclasses say which op fills it."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.out = tr.zeros((n,), dtype=f32)
        self.pending: tr.Pending | None = None

    @abc.abstractmethod
    def build(self, x: Tensor[f32]) -> tr.Op: ...

    def launch(self, x: Tensor[f32]) -> None:
        self.pending = self.build(x).submit()

    def finish(self) -> Tensor[f32]:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None
        return self.out


class Scale(Module):
    def __init__(self, n: int, s: float) -> None:
        super().__init__(n)
        self.s = s

    def build(self, x: Tensor[f32]) -> tr.Op:
        return k.scale(tiles(self.out), x, self.s)


class Buffer:
    """A named device buffer with a pending writer."""

    def __init__(self, name: str, n: int) -> None:
        self.name = name
        self.data = tr.zeros((n,), dtype=f32, name=name)
        self.writer: tr.Pending | None = None

    def settle(self) -> None:
        if self.writer is not None:
            self.writer.wait()
            self.writer = None
