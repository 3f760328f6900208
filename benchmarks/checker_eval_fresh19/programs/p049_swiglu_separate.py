"""An MLP writes the SwiGLU output into a buffer of its own, checked against numpy."""

from __future__ import annotations

import numpy as np
from llmfern.host import upload

import tilert as tr
import tilert.kernels as tk


class MLP:
    def __init__(self, rows: int, hidden: int) -> None:
        self.gate_up = tr.zeros((rows, 2 * hidden))
        self.out = tr.zeros((rows, hidden))
        self.hidden = hidden

    def act(self) -> tr.Tensor:
        tk.silu_and_mul(self.out, self.gate_up).sync()
        return self.out


rng = np.random.default_rng(1)
gu = rng.standard_normal((4, 128)).astype(np.float32)
mlp = MLP(4, 64)
mlp.gate_up.copy_from(upload(gu))
got = mlp.act().to_numpy()
g, u = gu[:, :64], gu[:, 64:]
np.testing.assert_allclose(got, g / (1 + np.exp(-g)) * u, rtol=1e-4, atol=1e-5)
print("ok")
