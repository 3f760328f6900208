"""A subclass of the base Module, launched, and its output logged before finish()."""

import logging

from llmforge import kernels as k
from llmforge.base import Module
from llmforge.ops import tiles

import tilert as tr
from tilert import Tensor, f32

log = logging.getLogger("gate")


class Gate(Module):
    def __init__(self, n: int, bias: Tensor[f32]) -> None:
        super().__init__(n)
        self.bias = bias

    def build(self, x: Tensor[f32]) -> tr.Op:
        return k.add(tiles(self.out), x, self.bias)


gate = Gate(8, tr.ones((8,), dtype=f32))
gate.launch(tr.arange(8, dtype=f32))
log.warning("gate out %s", gate.out.to_numpy()[:2])  # expect: TC102
gate.finish()
