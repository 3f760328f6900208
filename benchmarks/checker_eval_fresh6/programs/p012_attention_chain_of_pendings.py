"""Two gated layers whose forward returns a Pending: the second layer's launch reads the first
layer's output while the first is still in flight (stream order makes that safe), and both are
waited before the host reads."""

from __future__ import annotations

import numpy as np
from llmforge import kernels as k

import tilert as tr

D = 64


class GatedLayer:
    def __init__(self, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.g = rng.standard_normal(D).astype(np.float32)
        self.gate = tr.from_numpy(self.g)
        self.out = tr.zeros((D,))

    def forward(self, x: tr.Tensor) -> tr.Pending:
        return k.mul(self.out.partition((16,)), x, self.gate).submit()


layers = [GatedLayer(s) for s in range(2)]
x0 = np.linspace(-1, 1, D, dtype=np.float32)
x = tr.from_numpy(x0)
p0 = layers[0].forward(x)
p1 = layers[1].forward(layers[0].out)
p1.wait()
p0.wait()
ref = layers[1].g * (layers[0].g * x0)
assert np.allclose(layers[1].out.to_numpy(), ref, atol=1e-5)
print("ok", float(layers[1].out.to_numpy()[0]))
