"""Hot-swapping a projection's weights while the previous request's gemv is in flight."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk

N, K = 32, 64


def main() -> None:
    w = tr.ones((N, K), name="w_proj")
    x = tr.ones((K,))
    out = tr.empty((N,))
    pending = tk.gemv(out, w, x).submit()
    w.copy_from(np.full((N, K), 0.5, np.float32))  # expect: TC103
    pending.wait()
    print(out.to_numpy()[:2])


if __name__ == "__main__":
    main()
