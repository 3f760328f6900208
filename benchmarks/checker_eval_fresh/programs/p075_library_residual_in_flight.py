"""The fused residual rmsnorm writes the residual in place; the residual is read for a skip
connection before the op is waited."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk


def main() -> None:
    x = tr.ones((4, 128))
    residual = tr.from_numpy(np.ones((4, 128), dtype=np.float32))
    weight = tr.ones((128,))
    out = tr.empty((4, 128))
    pending = tk.rmsnorm(out, x, weight, residual=residual).submit()
    skip = residual.to_numpy()  # expect: TC102
    pending.wait()
    print(skip.shape)


if __name__ == "__main__":
    main()
