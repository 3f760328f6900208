"""Two layers on the package's Layer base class, chained eagerly with forward()."""

from __future__ import annotations

from typing import Any

import numpy as np
from llmcraft import kernels as k
from llmcraft.base import Layer

import tilert as tr


class Gate(Layer):
    def op(self, x: tr.Tensor[tr.f32]) -> tr.Op[Any]:
        return k.relu(self.part(), x)


class Double(Layer):
    def op(self, x: tr.Tensor[tr.f32]) -> tr.Op[Any]:
        return k.scale(self.part(), x, 2.0)


x = tr.from_numpy(np.array([-2, -1, 0, 1, 2, 3, 4, 5], dtype=np.float32))
h = Gate(8).forward(x)
y = Double(8).forward(h)
np.testing.assert_allclose(y.to_numpy(), [0, 0, 0, 2, 4, 6, 8, 10])
print("ok")
