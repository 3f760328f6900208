import numpy as np
from llmpress.kernels import relu

import tilert as tr
import tilert.kernels as tk

T, D = 4, 128


class Block:
    def __init__(self) -> None:
        self.normed = tr.empty((T, D), name="normed")
        self.act = tr.empty((T, D), name="act")
        self.w = tr.from_numpy(np.ones(D, dtype=np.float32))
        self.act_plan = self.act.partition((1, 64))

    def forward(self, x: tr.Tensor) -> tr.Tensor:
        tk.rmsnorm(self.normed, x, self.w).sync()
        relu(self.act_plan, self.normed).sync()
        return self.act


block = Block()
xs = np.random.default_rng(2).standard_normal((T, D)).astype(np.float32)
out = block.forward(tr.from_numpy(xs)).to_numpy()
ref = np.maximum(xs / np.sqrt((xs * xs).mean(1, keepdims=True) + 1e-6), 0)
np.testing.assert_allclose(out, ref, rtol=1e-4, atol=1e-5)
