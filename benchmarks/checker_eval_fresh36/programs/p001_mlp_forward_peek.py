"""A gated MLP module: forward() submits the down projection, and the caller looks at the
activations for a debug print before the step is waited."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


class GatedMLP:
    def __init__(self, hidden: int, inter: int, tokens: int) -> None:
        rng = np.random.default_rng(0)
        self.w_gate_up = tr.from_numpy(
            (rng.standard_normal((2 * inter, hidden)) * 0.02).astype(np.float32)
        )
        self.w_down = tr.from_numpy(
            (rng.standard_normal((hidden, inter)) * 0.02).astype(np.float32)
        )
        self.gate_up = tr.zeros((tokens, 2 * inter), name="gate_up")
        self.act = tr.zeros((tokens, inter), name="act")
        self.out = tr.zeros((tokens, hidden), name="mlp_out")

    def forward(self, x: tr.Tensor) -> tr.Pending:
        tk.linear(self.gate_up, x, self.w_gate_up).sync()
        tk.silu_and_mul(self.act, self.gate_up).sync()
        return tk.linear(self.out, self.act, self.w_down).submit()


mlp = GatedMLP(hidden=64, inter=128, tokens=8)
x = tr.from_numpy(np.ones((8, 64), dtype=np.float32))
pending = mlp.forward(x)
print("out[0, :4] =", mlp.out.to_numpy()[0, :4])  # expect: TC102
pending.wait()
