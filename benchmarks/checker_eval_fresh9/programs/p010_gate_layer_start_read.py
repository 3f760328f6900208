"""A ReLU gate built on the package's Layer base class: started, then its output inspected."""

from __future__ import annotations

from typing import Any

from llmcraft import kernels as k
from llmcraft.base import Layer

import tilert as tr


class Gate(Layer):
    def op(self, x: tr.Tensor[tr.f32]) -> tr.Op[Any]:
        return k.relu(self.part(), x)


gate = Gate(8)
pending = gate.start(tr.full((8,), -1.0))
alive = (gate.out.to_numpy() > 0).sum()  # expect: TC102
pending.wait()
print(alive)
