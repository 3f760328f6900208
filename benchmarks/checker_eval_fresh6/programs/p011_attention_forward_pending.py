"""An attention-like layer whose forward submits its projection and returns the Pending; the
caller logs the output before waiting."""

from __future__ import annotations

import numpy as np
from llmforge import kernels as k

import tilert as tr

D = 64


class Attention:
    def __init__(self, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.wq = tr.from_numpy(rng.standard_normal((D, D)).astype(np.float32) / 8)
        self.out = tr.zeros((D,), name="attn_out")

    def forward(self, x: tr.Tensor) -> tr.Pending:
        return k.matvec(self.out.partition((16,)), self.wq, x.reshape(1, D), 16).submit()


attn = Attention(0)
h = tr.ones((D,))
pending = attn.forward(h)
print("attn norm", float(np.linalg.norm(attn.out.to_numpy())))  # expect: TC102
pending.wait()
