"""Pre-norm of a block's input with the library RMSNorm."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


def main() -> None:
    rng = np.random.default_rng(11)
    x = tr.from_numpy(rng.standard_normal((4, 128)).astype(np.float32))
    w = tr.from_numpy((1 + 0.1 * rng.standard_normal(128)).astype(np.float32))
    out = tr.empty((4, 128))
    tk.rmsnorm(out, x, w, eps=1e-5)  # expect: TC105
    print("input norms:", np.linalg.norm(x.to_numpy(), axis=1))


main()
