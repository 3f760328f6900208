"""A LayerNorm module with a forward() that builds the norm op as a bare statement, the way one
calls F.layer_norm(..., out=...) in torch, and never runs it."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


class LayerNorm:
    def __init__(self, dim: int, eps: float = 1e-5) -> None:
        self.weight = tr.ones((dim,), name="ln.weight")
        self.bias = tr.zeros((dim,), name="ln.bias")
        self.eps = eps

    def forward(self, x: tr.Tensor, out: tr.Tensor) -> tr.Tensor:
        tk.layernorm(out, x, self.weight, self.bias, eps=self.eps)  # expect: TC105
        return out


ln = LayerNorm(128)
x = tr.from_numpy(np.random.default_rng(18).standard_normal((4, 128)).astype(np.float32))
y = ln.forward(x, tr.empty((4, 128)))  # expect-also: TC105
print(y.to_numpy().mean(axis=1))
