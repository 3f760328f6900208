"""Two independent projections zipped into one op."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


def main() -> None:
    rng = np.random.default_rng(1)
    x = tr.from_numpy(rng.standard_normal((16, 64)).astype(np.float32))
    w_q = tr.from_numpy(rng.standard_normal((64, 64)).astype(np.float32))
    w_k = tr.from_numpy(rng.standard_normal((64, 64)).astype(np.float32))
    q = tr.empty((16, 64))
    k = tr.empty((16, 64))
    tr.zip(tk.gemm(q, x, w_q), tk.gemm(k, q, w_k)).sync()  # expect: TC102
    print("q.k trace", float(np.trace(q.to_numpy() @ k.to_numpy().T)))


main()
