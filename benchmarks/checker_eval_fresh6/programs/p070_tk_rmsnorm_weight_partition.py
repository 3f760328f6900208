"""A Llama-style block calls the library's rmsnorm with the norm weight's partition (the
author thought every tensor argument needed one)."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk

TOKENS, D = 4, 64


class Block:
    def __init__(self) -> None:
        self.norm_w = tr.ones((D,), name="norm_w")
        self.normed = tr.empty((TOKENS, D))

    def forward(self, x: tr.Tensor) -> tr.Tensor:
        tk.rmsnorm(self.normed, x, self.norm_w.partition((D,))).sync()  # expect: TC106
        return self.normed


x = tr.from_numpy(np.random.default_rng(1).standard_normal((TOKENS, D)).astype(np.float32))
print(Block().forward(x).to_numpy()[0, :3])  # expect-also
