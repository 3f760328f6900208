"""Warm the GEMM tuner up, then capture the projection in a graph."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

M, K, N = 16, 64, 32


def main() -> None:
    rng = np.random.default_rng(14)
    a = tr.from_numpy(rng.standard_normal((M, K)).astype(np.float32))
    b = tr.from_numpy(rng.standard_normal((K, N)).astype(np.float32))
    c = tr.empty((M, N))
    tk.gemm(c, a, b)  # expect: TC105
    with tr.graph() as g:
        g.record(tk.gemm(c, a, b))
    g.launch().wait()
    g.close()
    print("c[0, :3] =", c.to_numpy()[0, :3])


main()
