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
        self.norm_plan = self.normed.partition((1, 64))  # for a fused kernel, later

    def forward(self, x: tr.Tensor) -> tr.Tensor:
        tk.rmsnorm(self.normed, x, self.w).sync()  # expect: TC104
        relu(self.act_plan, self.normed).sync()
        return self.act


block = Block()
x = tr.from_numpy(np.random.default_rng(2).standard_normal((T, D)).astype(np.float32))
block.forward(x)  # expect-also
