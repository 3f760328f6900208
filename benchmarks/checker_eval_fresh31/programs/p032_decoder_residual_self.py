"""A decoder layer holding its hidden state and scratch; the residual add in forward()."""

import numpy as np
from llmforge import add

import tilert as tr
import tilert.kernels as tk


class DecoderLayer:
    def __init__(self, tokens: int, dim: int) -> None:
        rng = np.random.default_rng(6)
        self.norm_w = tr.ones((dim,))
        self.w = tr.from_numpy((rng.standard_normal((dim, dim)) / dim).astype(np.float32))
        self.normed = tr.empty((tokens, dim))
        self.proj = tr.empty((tokens, dim))
        self.out = tr.empty((tokens, dim))

    def forward(self, h: tr.Tensor) -> tr.Tensor:
        tk.rmsnorm(self.normed, h, self.norm_w).sync()
        tk.gemm(self.proj, self.normed, self.w).sync()
        add(self.proj.partition((1, h.shape[1])), h, self.proj).sync()  # expect: TC101
        return self.proj


def main() -> None:
    h = tr.from_numpy(np.ones((4, 64), dtype=np.float32))
    layer = DecoderLayer(4, 64)
    out = layer.forward(h)  # expect-also: TC101
    print("out mean:", float(out.to_numpy().mean()))


main()
