"""Two layers subclassing the package's base Module, launched together and finished apart."""

import numpy as np
from llmforge import kernels as k
from llmforge.base import Module, Scale
from llmforge.ops import tiles

import tilert as tr
from tilert import Tensor, f32


class Relu(Module):
    def build(self, x: Tensor[f32]) -> tr.Op:
        return k.relu(tiles(self.out), x)


x = tr.from_numpy(np.array([-2, -1, 0, 1, 2, 3, 4, 5], dtype=np.float32))
layers: list[Module] = [Scale(8, 2.0), Relu(8)]
for layer in layers:
    layer.launch(x)
results = [layer.finish().to_numpy() for layer in layers]
np.testing.assert_allclose(results[0], 2 * x.to_numpy())
np.testing.assert_allclose(results[1], np.maximum(x.to_numpy(), 0))
