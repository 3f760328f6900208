"""A transformer block as a module-like class with a forward method: attention output is
projected, then added to the residual stream in place."""

import numpy as np
from infercore import add

import tilert as tr
import tilert.kernels as tk


class Block:
    def __init__(self, hidden: int, tokens: int, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.norm_w = tr.ones((hidden,))
        self.wo = tr.from_numpy((rng.standard_normal((hidden, hidden)) * 0.1).astype(np.float32))
        self.normed = tr.empty((tokens, hidden), name="normed")
        self.proj = tr.empty((tokens, hidden), name="proj")

    def forward(self, h: tr.Tensor) -> tr.Tensor:
        tk.rmsnorm(self.normed, h, self.norm_w).sync()
        tk.linear(self.proj, self.normed, self.wo).sync()
        add(h.partition((1, h.shape[1])), h, self.proj).sync()  # expect: TC101
        return h


blocks = [Block(64, 4, seed) for seed in range(2)]
h = tr.from_numpy(np.random.default_rng(43).standard_normal((4, 64)).astype(np.float32))
for block in blocks:
    h = block.forward(h)  # expect-also: TC101
print("residual stream", h.to_numpy()[0, :4])
