"""Training-ish loop: forward matmul submitted, then the SGD update applied to the weights."""

import numpy as np
from llmbasin import axpy

import tilert as tr
import tilert.kernels as tk

M, K, N = 32, 64, 64


def main() -> None:
    rng = np.random.default_rng(10)
    x = tr.from_numpy(rng.standard_normal((M, K)).astype(np.float32))
    w = tr.from_numpy((rng.standard_normal((K, N)) * 0.1).astype(np.float32))
    grad = tr.from_numpy((rng.standard_normal((K, N)) * 0.01).astype(np.float32))
    y = tr.empty((M, N))
    for _ in range(3):
        fwd = tk.gemm(y, x, w).submit()
        axpy(w.partition((16, 64)), grad, -0.1).sync()  # expect: TC103
        fwd.wait()
    print(float(y.to_numpy().mean()))


if __name__ == "__main__":
    main()
