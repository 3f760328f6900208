"""A decoder block written module-style: the block owns its weights and activation buffers and
launches tilert.kernels in forward(); the caller inspects the block's output buffer."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


class DecoderBlock:
    def __init__(self, hidden: int, ffn: int, tokens: int, seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        scale = 1.0 / np.sqrt(hidden)
        self.norm_w = tr.ones((hidden,), name="norm_w")
        self.w_up = tr.from_numpy(
            (rng.standard_normal((2 * ffn, hidden)) * scale).astype(np.float32)
        )
        self.w_down = tr.from_numpy((rng.standard_normal((hidden, ffn)) * scale).astype(np.float32))
        self.normed = tr.empty((tokens, hidden), name="normed")
        self.gate_up = tr.empty((tokens, 2 * ffn), name="gate_up")
        self.act = tr.empty((tokens, ffn), name="act")
        self.out = tr.empty((tokens, hidden), name="out")

    def forward(self, x: tr.Tensor) -> tr.Pending:
        tk.rmsnorm(self.normed, x, self.norm_w).sync()
        tk.linear(self.gate_up, self.normed, self.w_up).sync()
        tk.silu_and_mul(self.act, self.gate_up).sync()
        return tk.linear(self.out, self.act, self.w_down).submit()


block = DecoderBlock(hidden=64, ffn=128, tokens=8)
x = tr.from_numpy(np.random.default_rng(1).standard_normal((8, 64)).astype(np.float32))
pending = block.forward(x)
pending.wait()
print("out norm", float(np.linalg.norm(block.out.to_numpy())))
