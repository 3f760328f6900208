"""A tiny base engine: owns a state vector, steps it with ops built by ``buffers``."""

from __future__ import annotations

import tilert as tr
from llmforge import buffers
from tilert import Tensor, f32


class Engine:
    """Keeps ``state`` and the Pending of the last step; ``drain`` waits it."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.state = tr.zeros((n,), dtype=f32)
        self.scratch = tr.zeros((n,), dtype=f32)
        self.pending: tr.Pending | None = None

    def launch_step(self, delta: Tensor[f32]) -> tr.Pending:
        return buffers.add_into(self.scratch, self.state, delta).submit()

    def step(self, delta: Tensor[f32]) -> None:
        self.pending = self.launch_step(delta)

    def drain(self) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None
        buffers.copy_into(self.state, self.scratch).sync()

    def read(self) -> list[float]:
        return [float(v) for v in self.state.to_numpy()]
