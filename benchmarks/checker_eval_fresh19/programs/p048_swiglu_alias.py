"""An MLP writes the SwiGLU output into the first half of its own `gate_up` buffer."""

from __future__ import annotations

import numpy as np
from llmfern.host import upload

import tilert as tr
import tilert.kernels as tk


class MLP:
    def __init__(self, rows: int, hidden: int) -> None:
        self.gate_up = tr.zeros((rows, 2 * hidden))
        self.hidden = hidden

    def act(self) -> tr.Tensor:
        out = self.gate_up[:, : self.hidden]
        tk.silu_and_mul(out, self.gate_up).sync()  # expect: TC101
        return out


mlp = MLP(4, 64)
mlp.gate_up.copy_from(upload(np.ones((4, 128))))
print(mlp.act().to_numpy()[0, 0])  # expect-also
