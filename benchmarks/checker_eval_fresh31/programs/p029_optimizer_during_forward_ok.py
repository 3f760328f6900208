"""A toy training step: the forward GEMM is submitted, then the weights are updated."""

import numpy as np
from llmforge import axpy

import tilert as tr
import tilert.kernels as tk

B, D = 8, 32


def main() -> None:
    rng = np.random.default_rng(9)
    x = tr.from_numpy(rng.standard_normal((B, D)).astype(np.float32))
    w = tr.from_numpy(rng.standard_normal((D, D)).astype(np.float32))
    grad = tr.from_numpy(rng.standard_normal((D, D)).astype(np.float32))
    y = tr.empty((B, D))
    fwd = tk.gemm(y, x, w).submit()
    fwd.wait()
    axpy(w.partition((8, D)), grad, -0.01).sync()
    print("loss proxy:", float((y.to_numpy() ** 2).mean()))


main()
